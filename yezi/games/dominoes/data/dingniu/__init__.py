"""Options and presets of dingniu."""
