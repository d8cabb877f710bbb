"""Benchmarks: scripts that print figures (not timed tests); see each module's docstring."""
