"""Game-agnostic machinery: protocol, options and presets, records, leak check, playouts."""
