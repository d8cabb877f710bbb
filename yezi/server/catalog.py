"""Which games the app serves, and what the lobby needs to know about each.

A game is served as soon as its engine loads (`yezi.core.registry`): nothing here names a game.
Its look comes from an optional render module `yezi.render.<name>` (pure SVG functions); a game
without one is still playable through the generic client, which shows the view and the legal
actions in the engine's notation.
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import Any

from yezi.bots import registry
from yezi.core.options import Choice
from yezi.core.protocol import LANGS, Game
from yezi.core.registry import GAMES, game_class, load_game
from yezi.i18n import N_, _


@cache
def playable_games() -> tuple[str, ...]:
    out = []
    for name in GAMES:
        try:
            game = load_game(name)
            game.start(seed=1).view(0)
        except Exception:  # an engine still being written: not served
            continue
        out.append(name)
    return tuple(out)


def bot_levels(name: str) -> list[str]:
    levels = ["random"]
    try:
        factories = game_class(name).bots()
    except Exception:
        return levels
    for k, f in factories.items():
        try:
            f()
        except Exception:
            continue
        levels.append(k)
    if "heuristic" in levels:  # the search bot rolls out with the game's heuristic
        from yezi.bots.search import LEVELS

        levels += [f"search-{lv}" for lv in LEVELS]
    # the levels registered for the web (`yezi.bots.registry`): the only other bots a table may seat
    levels += [lv.name for lv in registry.levels(name, web=True) if lv.name not in levels]
    return levels


def lobby_bot_levels(name: str) -> list[str]:
    """The levels the lobby offers: `bot_levels` without a game's second name for a bot it already
    lists (牌九's `house-way` is its heuristic: two entries for one bot would read as two
    strengths). Every name in `bot_levels` is still accepted at a table."""
    try:
        factories = game_class(name).bots()
    except Exception:
        return bot_levels(name)
    seen: set[Any] = set()
    out = []
    for lv in bot_levels(name):
        f = factories.get(lv)
        if f is not None and f in seen:
            continue
        if f is not None:
            seen.add(f)
        out.append(lv)
    return out


def bot_labels(name: str) -> dict[str, dict[str, str]]:
    """The registered levels' names for players, per language (from the catalogs); the built-in
    levels' names are the web client's own (i18n.js botNames)."""
    return {lv.name: {lg: _(lg, lv.label) for lg in LANGS}
            for lv in registry.levels(name, web=True) if lv.label}


def hint_levels(name: str) -> list[str]:
    """The levels a seat may ask a hint at: the search's, then the registered hint levels."""
    from yezi.bots.hints import hint_levels as levels_of

    return levels_of(name)


def render_module(name: str) -> Any | None:
    try:
        return importlib.import_module(f"yezi.render.{name}")
    except ModuleNotFoundError as e:
        if e.name == f"yezi.render.{name}":
            return None
        raise


WEB_GAMES = os.path.join(os.path.dirname(os.path.dirname(__file__)), "web", "games")


def choice_label(choice: Choice, lang: str) -> str:
    """An option's choice as the lobby shows it: its `label` from options.toml in the reader's language,
    yes/no for booleans, numbers as they are. The value itself (what a player types in `-o name=value`)
    stays in the English tooltip."""
    if choice.label:
        return _(lang, choice.label)
    if isinstance(choice.value, bool):  # a menu entry: capitalised, as every label is
        return _(lang, N_("Yes") if choice.value else N_("No"))
    return str(choice.value)


def has_client_renderer(name: str) -> bool:
    """Whether the browser has a renderer of its own for this game (yezi/web/games/<name>.js)."""
    return os.path.exists(os.path.join(WEB_GAMES, f"{name}.js"))


def warm() -> None:
    """Build what `/api/games` serves before the server takes requests: the first lobby visit after a start
    otherwise paid for every engine's presets on the event loop (331 ms seen on a busy CI machine)."""
    for name in playable_games():
        describe(name)


@cache
def describe(name: str) -> dict[str, Any]:
    cls = game_class(name)
    table = cls.option_table()
    game: Game = load_game(name)
    options = {}
    for o in table.options.values():
        options[o.name] = {
            "description": o.description, "default": o.default,
            "choices": [{"value": c.value, "description": c.description,
                         "labels": {lg: choice_label(c, lg) for lg in LANGS},
                         "descriptions": {lg: _(lg, c.description) for lg in LANGS} if c.description else None}
                        for c in o.choices],
            # the lobby's words, from the catalogs (yezi/locale): a short name and the description per language
            "labels": {lg: _(lg, o.label or o.name) for lg in LANGS},
            "descriptions": {lg: _(lg, o.description) for lg in LANGS} if o.description else None,
        }
    presets = {}
    for p in table.presets.values():
        g = load_game(name, p.name)
        presets[p.name] = {"title": p.title, "titles": {lg: _(lg, p.title) for lg in LANGS}, "source": p.source,
                           "values": dict(p.values), "num_seats": g.num_seats,
                           "active": g.active_seats(),
                           "seat_names": {lang: [g.seat_name(s, lang) for s in range(g.num_seats)] for lang in LANGS}}
    return {
        "name": name,
        "titles": dict(cls.titles),
        "default_preset": table.default_preset,
        "presets": presets,
        "options": options,
        "bots": lobby_bot_levels(name),
        "bot_labels": bot_labels(name),
        "hint_levels": hint_levels(name),
        "num_seats": game.num_seats,
        "renderer": has_client_renderer(name),
        "svg": render_module(name) is not None,
        # a caveat the lobby shows under the game (e.g. rules reconstructed from one source), by language
        "notice": dict(getattr(cls, "notice", None) or {}) or None,
    }
