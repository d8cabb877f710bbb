"""Bots: every bot decides from its seat's view (and the legal actions derived from it)."""

from __future__ import annotations

from yezi.bots.base import Bot, RandomBot
from yezi.core.errors import OptionError

__all__ = ["Bot", "RandomBot", "UnknownBot", "make_bot"]


class UnknownBot(OptionError, ValueError):
    """A bot name no bot answers to; the message lists the names that work.

    An `OptionError` so that every client answers it like any other bad setting, and a `ValueError`
    for callers that caught it as one before."""


def make_bot(game_name: str, spec: str, engine: str | None = None) -> Bot:
    """A bot by name: ``random``, ``heuristic`` (the game's own), or others a game registers.
    `engine` (auto / native / python) is where search bots roll out (`yezi.bots.search`)."""
    if spec.strip().lower().startswith("learned"):  # before lowering: learned:PATH keeps its path
        from yezi.bots.learned import parse_learned_spec

        learned = parse_learned_spec(spec.strip(), engine)
        if learned is not None:
            return learned
    spec = spec.strip().lower()
    if spec == "random":
        return RandomBot()
    if spec.startswith("search"):
        from yezi.bots.search import parse_search_spec

        bot = parse_search_spec(spec, engine)
        if bot is not None:
            return bot
    from yezi.core.registry import game_class

    cls = game_class(game_name)
    bots = getattr(cls, "bots", None)
    factories = bots() if callable(bots) else {}
    if spec in factories:
        return factories[spec]()
    raise UnknownBot(f"unknown bot {spec!r} for {game_name}; bots: "
                     + ", ".join(["random", *factories, "search", "search-easy", "search-normal", "search-strong",
                                  "search@N", "(search…:native, search…:python)", "learned", "learned-search",
                                  "learned:PATH"]))
