"""A bot that is a policy over tensors: the seat's view is encoded by `Game.observe_view` (no
sampling, no state) and a policy callable scores the legal actions; the bot plays the best.

    bot = PolicyBot(policy, kind="info_state", name="learned-v1")
    bot.choose(game, view, legal, rng)

``policy(x, legal) -> scores``: `x` is the seat's tensor of `kind` (a 1-D numpy array of the
game's `observation_spec(kind)`), `legal` the legal action codes (an int64 numpy array, ascending);
it returns one score per legal action, higher is better (a Q value, a logit, a log-probability).
Nothing here imports a learning library: the policy is any callable over numpy arrays (a trainer
wraps its network in one; `yezi.bots.registry` names the result so every client can use it).

The bot chooses the highest score (ties: the first, so play is reproducible), or with `temperature`
> 0 samples from the softmax of scores / temperature with the `rng` it is handed. A single legal
action is played without asking the policy. `scores` gives the whole table, for hints.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from yezi.core.protocol import Game

#: policy(x, legal) -> one score per legal action
Policy = Callable[[Any, Any], Sequence[float]]


class PolicyBot:
    def __init__(self, policy: Policy, kind: str = "info_state", name: str = "policy", temperature: float = 0.0):
        self.policy = policy
        self.kind = kind
        self.name = name
        self.temperature = temperature

    def scores(self, game: Game, view: dict[str, Any], legal: Sequence[int]) -> list[float]:
        """The policy's score of each legal action (in `legal`'s order), from the view alone."""
        import numpy as np

        x = game.observe_view(view, self.kind)
        out = [float(s) for s in np.asarray(self.policy(x, np.asarray(legal, dtype=np.int64))).reshape(-1)]
        if len(out) != len(legal):
            raise ValueError(f"policy {self.name} gave {len(out)} scores for {len(legal)} legal actions")
        return out

    def choose(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        scores = self.scores(game, view, legal)
        if self.temperature <= 0:
            return legal[max(range(len(legal)), key=scores.__getitem__)]
        top = max(scores)
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        return rng.choices(legal, weights)[0]


__all__ = ["Policy", "PolicyBot"]
