"""Options and presets of tseding."""
