"""The learned bots' Q-network in plain numpy, and what it reads.

A small Q-network: Q(observation, action) by a 2-hidden-layer ReLU MLP.

Why numpy and not torch: the network is small (about 300k weights), a decision evaluates a
handful of legal actions, and playing must need nothing beyond numpy (the weights ship as an
``.npz`` inside the package). Training it with hand-written backprop and Adam keeps the CI test
of a tiny training run free of a 900 MB dependency.

The first layer is split: ``h1 = relu(obs @ W_obs + act_features @ W_act + b1)``. The observation
part is computed once per decision and shared by every legal action; for a one-hot action the
action part is a row lookup ``W_act[a]`` (an embedding), for dense action features (打天九's sets:
tile counts, size, category) a small matmul over the legal actions only.

What it reads:

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


def _glorot(rng: np.random.Generator, fan_in: int, fan_out: int) -> np.ndarray:
    lim = np.sqrt(6.0 / (fan_in + fan_out))
    return rng.uniform(-lim, lim, size=(fan_in, fan_out)).astype(np.float32)


PARAMS = ("W_obs", "W_act", "b1", "W2", "b2", "W3", "b3")


class QNet:
    """Weights in a dict of float32 arrays (names `PARAMS`); `act_dim` is the action feature size
    (the action space size for one-hot actions: `onehot` True)."""

    def __init__(self, params: dict[str, np.ndarray], onehot: bool):
        self.p = params
        self.onehot = onehot

    @classmethod
    def init(cls, obs_dim: int, act_dim: int, hidden: tuple[int, int], rng: np.random.Generator,
             onehot: bool) -> QNet:
        h1, h2 = hidden
        w1 = _glorot(rng, obs_dim + act_dim, h1)
        p = {
            "W_obs": np.ascontiguousarray(w1[:obs_dim]), "W_act": np.ascontiguousarray(w1[obs_dim:]),
            "b1": np.zeros(h1, np.float32),
            "W2": _glorot(rng, h1, h2), "b2": np.zeros(h2, np.float32),
            "W3": _glorot(rng, h2, 1), "b3": np.zeros(1, np.float32),
        }
        return cls(p, onehot)

    # --- inference ----------------------------------------------------------------------------
    def act_part(self, actions: np.ndarray, feats: np.ndarray | None) -> np.ndarray:
        """The first layer's action part for each pair: `actions` codes (one-hot) or `feats` rows."""
        if self.onehot:
            return self.p["W_act"][actions]
        assert feats is not None
        return feats @ self.p["W_act"]

    def q(self, obs: np.ndarray, rows: np.ndarray, actions: np.ndarray, feats: np.ndarray | None = None,
          cache: bool = False) -> Any:
        """Q for pairs (obs[rows[i]], actions[i]); with `cache` also what backprop needs."""
        p = self.p
        ho = obs @ p["W_obs"]
        z1 = ho[rows] + self.act_part(actions, feats) + p["b1"]
        a1 = np.maximum(z1, 0.0)
        z2 = a1 @ p["W2"] + p["b2"]
        a2 = np.maximum(z2, 0.0)
        out = (a2 @ p["W3"])[:, 0] + p["b3"][0]
        if cache:
            return out, (obs, rows, actions, feats, a1, a2)
        return out

    # --- training -----------------------------------------------------------------------------
    def grads(self, obs: np.ndarray, actions: np.ndarray, feats: np.ndarray | None,
              target: np.ndarray) -> tuple[float, dict[str, np.ndarray]]:
        """Mean squared error of Q(obs[i], actions[i]) against target[i] and its gradients."""
        n = len(target)
        rows = np.arange(n)
        out, (x, _r, acts, f, a1, a2) = self.q(obs, rows, actions, feats, cache=True)
        err = out - target
        loss = float(np.mean(err * err))
        p = self.p
        d_out = (2.0 / n) * err.astype(np.float32)
        g: dict[str, np.ndarray] = {}
        g["W3"] = a2.T @ d_out[:, None]
        g["b3"] = np.array([d_out.sum()], np.float32)
        d2 = d_out[:, None] * p["W3"][:, 0][None, :]
        d2 *= a2 > 0
        g["W2"] = a1.T @ d2
        g["b2"] = d2.sum(0)
        d1 = d2 @ p["W2"].T
        d1 *= a1 > 0
        g["W_obs"] = x.T @ d1
        g["b1"] = d1.sum(0)
        if self.onehot:
            ga = np.zeros_like(p["W_act"])
            np.add.at(ga, acts, d1)
            g["W_act"] = ga
        else:
            g["W_act"] = f.T @ d1
        return loss, g


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


__all__ = ["MAX_ONEHOT", "PARAMS", "QNet", "action_dim", "action_table", "observe_view"]
