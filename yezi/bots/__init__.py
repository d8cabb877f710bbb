"""Bots: every bot decides from its seat's view (and the legal actions derived from it)."""

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


def make_bot(game_name: str, spec: str) -> Bot:
    """A bot by name: ``random``, ``heuristic`` (the game's own), or others a game registers."""
    spec = spec.strip().lower()
    if spec == "random":
        return RandomBot()
    if spec.startswith("search"):
        from yezi.bots.search import parse_search_spec

        bot = parse_search_spec(spec)
        if bot is not None:
            return bot
    from yezi.core.registry import game_class

    cls = game_class(game_name)
    bots = getattr(cls, "bots", None)
    factories = bots() if callable(bots) else {}
    if spec in factories:
        return factories[spec]()
    raise ValueError(f"unknown bot {spec!r} for {game_name}; bots: "
                     + ", ".join(["random", *factories, "search", "search-easy|normal|strong", "search@N"]))
