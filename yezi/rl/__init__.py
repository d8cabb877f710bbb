"""Reinforcement-learning environments over any yezi game (numpy: the `yezi[rl]` extra).

`Env` steps one deal gymnasium-style; `VectorEnv` steps N deals at once with batched numpy
observations and masks and resets finished deals itself. Both draw deals from a seeded stream
(`yezi.core.deals`). See docs/research.md.
"""

from yezi.rl.env import Env, make_game
from yezi.rl.vector import VectorEnv

__all__ = ["Env", "VectorEnv", "make_game"]
