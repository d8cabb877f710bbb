"""Reinforcement-learning environments over any yezi game (numpy and gymnasium: the `yezi[rl]` extra).

`Env` steps one deal gymnasium-style (every seat, or one seat against yezi bots as a
`gymnasium.Env`); `VectorEnv` steps N deals at once with batched numpy observations and masks
and resets finished deals itself. Both draw deals from a seeded stream (`yezi.core.deals`). See
docs/research.md. Importing this package loads neither numpy nor gymnasium: `Env` and
`VectorEnv` are imported on first use (the core install never needs them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.core.registry import make_game

if TYPE_CHECKING:
    from yezi.rl.env import Env
    from yezi.rl.vector import VectorEnv


def __getattr__(name: str) -> Any:
    if name == "Env":
        from yezi.rl.env import Env

        return Env
    if name == "VectorEnv":
        from yezi.rl.vector import VectorEnv

        return VectorEnv
    raise AttributeError(f"module 'yezi.rl' has no attribute {name!r}")


__all__ = ["Env", "VectorEnv", "make_game"]
