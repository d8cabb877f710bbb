"""Adam for the Q-network of `yezi.bots.qnet` (the training side; playing needs only the forward pass)."""

from __future__ import annotations

from typing import Any

import numpy as np

from yezi.bots.qnet import PARAMS, QNet


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
