"""What every bot is (a `Bot` decides from its seat's view) and the simplest one, `RandomBot`.

Its own module so that the search bot, which rolls out with `RandomBot`, and `yezi.bots.make_bot`,
which builds search bots, need not import each other.
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from yezi.core.protocol import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int: ...


class RandomBot:
    name = "random"

    def choose(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        return legal[rng.randrange(len(legal))]
