"""A small Q-network in plain numpy: Q(observation, action) by a 2-hidden-layer ReLU MLP.

Why numpy and not torch: the network is small (about 300k weights), a decision evaluates a
handful of legal actions, and playing must need nothing beyond numpy (the weights ship as an
``.npz`` inside the package). Training it with hand-written backprop and Adam keeps the CI test
of a tiny training run free of a 900 MB dependency.

The first layer is split: ``h1 = relu(obs @ W_obs + act_features @ W_act + b1)``. The observation
part is computed once per decision and shared by every legal action; for a one-hot action the
action part is a row lookup ``W_act[a]`` (an embedding), for dense action features (打天九's sets:
tile counts, size, category) a small matmul over the legal actions only.
"""

from __future__ import annotations

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


class Adam:
    """Adam (Kingma & Ba) over a QNet's parameters; its moments are part of a checkpoint."""

    def __init__(self, params: dict[str, np.ndarray], lr: float = 1e-3, b1: float = 0.9, b2: float = 0.999,
                 eps: float = 1e-8):
        self.lr, self.b1, self.b2, self.eps = lr, b1, b2, eps
        self.t = 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray], clip: float = 10.0) -> None:
        norm = float(np.sqrt(sum(float(np.sum(g * g)) for g in grads.values())))
        scale = clip / norm if norm > clip else 1.0
        self.t += 1
        c1 = 1.0 - self.b1 ** self.t
        c2 = 1.0 - self.b2 ** self.t
        for k, g in grads.items():
            if scale != 1.0:
                g = g * scale
            m, v = self.m[k], self.v[k]
            m *= self.b1
            m += (1.0 - self.b1) * g
            v *= self.b2
            v += (1.0 - self.b2) * (g * g)
            params[k] -= (self.lr * (m / c1) / (np.sqrt(v / c2) + self.eps)).astype(np.float32)

    def state(self) -> dict[str, Any]:
        out: dict[str, Any] = {"adam_t": np.array(self.t)}
        for k in self.m:
            out["adam_m_" + k] = self.m[k]
            out["adam_v_" + k] = self.v[k]
        return out

    def load(self, data: Any) -> None:
        self.t = int(data["adam_t"])
        for k in self.m:
            self.m[k] = np.array(data["adam_m_" + k], np.float32)
            self.v[k] = np.array(data["adam_v_" + k], np.float32)


__all__ = ["PARAMS", "Adam", "QNet"]
