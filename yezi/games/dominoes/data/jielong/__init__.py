"""Options and presets of jielong."""
