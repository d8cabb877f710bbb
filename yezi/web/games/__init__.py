"""Per-game browser renderers: <game>.js exporting render(root, frame, ctx)."""
