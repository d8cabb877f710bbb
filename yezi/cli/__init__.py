"""The `yezi` command."""
