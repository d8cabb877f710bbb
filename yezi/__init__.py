"""yezi 葉子: traditional Chinese card and domino games.

Every game is a pure, deterministic rules engine behind one protocol (`yezi.core.protocol`);
the CLI, the web server, bots, RL adapters and the record format all use that protocol.
"""

from yezi.core.registry import available_games, load_game

__all__ = ["available_games", "load_game"]
__version__ = "0.1.0"
