"""Bots: every bot decides from its seat's view (and the legal actions derived from it).

`make_bot(game_name, spec)` builds one by name: ``random``; the search specs (`yezi.bots.search`);
a game's own (``heuristic``, ... from its `Game.bots()`); a level registered in
`yezi.bots.registry` (``register_level``: learned policies, `yezi.bots.policy.PolicyBot`); and for
trusted callers only (``trusted=True``: the command line, scripts) ``module:Class`` and
``<scheme>:PATH`` weight files (``learned:PATH``, read by the loader registered for the scheme).
The default is ``trusted=False`` (registered names only), so a server path that builds a bot from
its input can never import code or read a file by forgetting an argument.
"""

from __future__ import annotations

from yezi.bots.base import Bot, RandomBot
from yezi.bots.registry import UnknownBot, register_level, register_loader

__all__ = ["Bot", "RandomBot", "UnknownBot", "make_bot", "register_level", "register_loader"]


def make_bot(game_name: str, spec: str, engine: str | None = None, *, trusted: bool = False) -> Bot:
    """A bot by name (see the module docstring). `engine` (auto / native / python) is where search
    bots roll out (`yezi.bots.search`); only `trusted` callers may name import and weight-file specs."""
    from yezi.bots import registry

    raw = spec.strip()
    spec = raw.lower()
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
    built = registry.build(game_name, raw, engine, trusted=trusted)
    if built is not None:
        return built
    extra = [lv.name for lv in registry.levels(game_name)]
    raise UnknownBot(f"unknown bot {raw!r} for {game_name}; bots: "
                     + ", ".join(["random", *factories, *extra, "search", "search-easy", "search-normal", "search-strong",
                                  "search@N", "(search…:native, search…:python)"]
                                 + (["module:Class", "learned:PATH"] if trusted else [])))
