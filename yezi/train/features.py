"""What the Q-network reads: the seat's observation and each legal action's features.

* Observation: the game's own ``observation`` tensor (yezi/games/*/observation.py). During
  training the trainer has the state and calls `Game.observe(state, seat)`; a bot has only the
  seat's view and calls `observe_view`, which uses `Game.observe_view(view, kind)` where the game
  has it, else draws one world the seat cannot tell from the real one (`Game.sample_from_view`)
  and observes the seat there: the observation tests require identical tensors over such worlds
  (the leak check applied to tensors), so both give the same array.
* Actions: a one-hot of the action code (the network's first layer is then an embedding of the
  action) for every game whose action space is small enough; 打天九's 19,844 sets get dense
  features instead: the set's tile counts per kind, face up or down, its size and category and
  its rank within the category. The features are derived from the game's own tables each time
  they are needed (not stored with the weights).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

#: action spaces above this get dense features (a game must provide them)
MAX_ONEHOT = 2048


def action_table(game: Any) -> np.ndarray | None:
    """Dense action features (action_space_size × d) or None for a one-hot of the code."""
    if game.name == "tiengow":
        return _tiengow_table()
    if game.action_space_size > MAX_ONEHOT:
        raise ValueError(f"{game.name}: {game.action_space_size} actions and no action features")
    return None


_TABLES: dict[str, np.ndarray] = {}


def _tiengow_table() -> np.ndarray:
    got = _TABLES.get("tiengow")
    if got is not None:
        return got
    from yezi.games.tiengow import combos as cb

    k = cb.K
    width = k + 1 + 4 + cb.NUM_CATEGORIES + 1 + 1
    t = np.zeros((cb.ACTION_SPACE, width), np.float32)
    for i, tiles in enumerate(cb.MULTISETS):
        combo = cb.COMBOS[i]
        for down in (0, 1):
            row = t[2 * i + down]
            for kind in tiles:
                row[kind] += 0.5
            row[k] = down
            row[k + 1 + len(tiles) - 1] = 1.0
            at = k + 5
            if combo is None:
                row[at + cb.NUM_CATEGORIES] = 1.0
            else:
                row[at + combo.category] = 1.0
                row[at + cb.NUM_CATEGORIES + 1] = combo.rank / 16.0
    _TABLES["tiengow"] = t
    return t


def action_dim(game: Any) -> int:
    table = action_table(game)
    return game.action_space_size if table is None else table.shape[1]


def observe_view(game: Any, view: dict[str, Any], rng: random.Random | None = None,
                 kind: str = "observation") -> np.ndarray:
    """The seat's observation from its view alone (see the module docstring)."""
    fn = getattr(game, "observe_view", None)
    if fn is not None:
        return np.asarray(fn(view, kind), dtype=np.float32)
    deal, actions = game.sample_from_view(view, rng or random.Random(0))
    state = game.replay(deal, actions)
    return np.asarray(game.observe(state, view["seat"], kind), dtype=np.float32)


__all__ = ["MAX_ONEHOT", "action_dim", "action_table", "observe_view"]
