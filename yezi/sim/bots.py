"""Bots by name for simulations: the game's own (``random``, ``heuristic``, ...) plus the search bot.

Accepted names: anything `yezi.bots.make_bot` knows, ``search`` (= ``search-normal``),
``search-easy``, ``search-normal``, ``search-strong``, and ``search@N`` (N rollouts per decision,
no time cap, reproducible).
"""

from __future__ import annotations

import random
import time
from typing import Any

from yezi.bots import make_bot
from yezi.core.protocol import Game


def resolve_bot(game_name: str, spec: str, engine: str | None = None) -> Any:
    """`make_bot`, which knows the search names too and lists every name in its error (`UnknownBot`);
    `engine` is where search bots roll out (auto: native where available). A trusted caller's names
    (the command line, scripts): ``module:Class`` and ``learned:PATH`` are accepted."""
    return make_bot(game_name, spec, engine, trusted=True)  # the command line's and scripts' names


class TimedBot:
    """Wraps a bot to count its real decisions (more than one legal action) and their time."""

    def __init__(self, bot: Any, label: str | None = None):
        self.bot = bot
        self.name = label or getattr(bot, "name", type(bot).__name__)
        self.decisions = 0
        self.seconds = 0.0
        self.slowest = 0.0
        self.cpu = 0.0
        self.slowest_cpu = 0.0

    def choose(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        t, c = time.perf_counter(), time.process_time()
        a = self.bot.choose(game, view, legal, rng)
        dt = time.perf_counter() - t
        dc = time.process_time() - c
        self.cpu += dc
        self.slowest_cpu = max(self.slowest_cpu, dc)
        self.decisions += 1
        self.seconds += dt
        self.slowest = max(self.slowest, dt)
        return a

    def reset(self) -> tuple[int, float, float, float, float]:
        """(decisions, wall seconds, slowest wall seconds, CPU seconds, slowest CPU seconds) since
        the last reset. The slowest decision in CPU time is the bot's own cost; in wall time it also
        counts whatever else the machine was doing."""
        out = (self.decisions, self.seconds, self.slowest, self.cpu, self.slowest_cpu)
        self.decisions, self.seconds, self.slowest, self.cpu, self.slowest_cpu = 0, 0.0, 0.0, 0.0, 0.0
        return out
