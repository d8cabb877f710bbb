"""Seeded streams of deals: a seed starts a reproducible sequence of deal seeds (no OS entropy)."""

from __future__ import annotations

import random


class DealStream:
    """Deal seeds drawn from `random.Random(f"{seed}:{index}")`: stream `index` of a vector env
    plays the same deals as a single `Env` reset with the same seed does for index 0."""

    def __init__(self, seed: int, index: int = 0):
        self.seed = seed
        self.index = index
        self._rng = random.Random(f"{seed}:{index}")

    def next_seed(self) -> int:
        return self._rng.getrandbits(63)


__all__ = ["DealStream"]
