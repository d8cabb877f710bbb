"""Games by name, imported lazily so that loading one game never imports the others."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from yezi.core.errors import OptionError

# name -> "module:Class". A game is available when its module imports.
GAMES: dict[str, str] = {
    "lukfu": "yezi.games.lukfu.game:LukFu",
    "fishing": "yezi.games.fishing.game:Fishing",
    "jielong": "yezi.games.dominoes.jielong:JieLong",
    "tseding": "yezi.games.dominoes.tseding:TseDing",
    "dingniu": "yezi.games.dominoes.dingniu:DingNiu",
    "madiao": "yezi.games.madiao.game:MaDiao",
    "tiengow": "yezi.games.tiengow.game:TienGow",
    "shiwuhu": "yezi.games.shiwuhu.game:Shiwuhu",
    "paigow": "yezi.games.paigow.game:PaiGow",
}


def game_class(name: str) -> Any:
    if name not in GAMES:
        raise OptionError(f"unknown game {name!r}; games: " + ", ".join(available_games()))
    module, cls = GAMES[name].split(":")
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name and e.name.startswith(module.rsplit(".", 1)[0]):
            raise OptionError(f"game {name!r} is not implemented yet") from None
        raise
    return getattr(mod, cls)


def available_games() -> list[str]:
    out = []
    for name, target in GAMES.items():
        module = target.split(":")[0]
        if importlib.util.find_spec(module.rsplit(".", 1)[0]) is not None:
            try:
                if importlib.util.find_spec(module) is not None:
                    out.append(name)
            except ModuleNotFoundError:
                pass
    return out


def load_game(name: str, preset: str | None = None, overrides: dict[str, Any] | None = None):
    """Load a game by name with a preset and option overrides (strings are coerced)."""
    cls = game_class(name)
    return cls(cls.option_table().resolve(preset, overrides or {}))


def load_pinned(name: str, preset: str, rules: dict[str, Any], overrides: dict[str, Any] | None = None):
    """Load a game with every option's value given (a record's ``[Rules]``, a stored table's ruleset):
    today's defaults and presets play no part (`yezi.core.options.OptionTable.pinned`)."""
    cls = game_class(name)
    return cls(cls.option_table().pinned(preset, rules, overrides or {}))


def make_game(game: Any, preset: str | None = None, options: dict[str, Any] | None = None) -> Any:
    """A `Game` as given, or loaded by name with a preset and options (the environments take either)."""
    if not isinstance(game, str):  # a Game already (not imported here: the protocol imports the registry's users)
        if preset is not None or options:
            raise ValueError("pass a preset and options with a game name, not with a Game")
        return game
    return load_game(game, preset, options or {})
