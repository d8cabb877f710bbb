"""``yezi settle GAME``: settle a deal played with physical cards or tiles.

One calculator per game, each in its own module; each reads the deal's facts, checks them and
settles them with the engine's own settlement function, then prints every payment with its
reason in the chosen language.
"""

from __future__ import annotations

import importlib
import sys
from typing import TextIO

from yezi.cli.settle.common import LANGS, InputError, say
from yezi.cli.settle.fishing import parse_catch
from yezi.i18n import NP_, Words

CALCULATORS = {  # game name -> module (each has main(argv, stdin, stdout) and, where shared, a game arg)
    "fishing": "yezi.cli.settle.fishing",
    "lukfu": "yezi.cli.settle.lukfu",
    "jielong": "yezi.cli.settle.dominoes",
    "tseding": "yezi.cli.settle.dominoes",
    "dingniu": "yezi.cli.settle.dominoes",
    "madiao": "yezi.cli.settle.madiao",
}

USAGE = ("usage: yezi settle {" + ",".join(CALCULATORS) + "} [options] [FILE]\n"
         "  yezi settle GAME --help   describes the input of that game's calculator, with an example")

#: the refusal of a game with no calculator (the usage above is English, as the CLI's --help)
WORDS = Words("settle", {"no-game": NP_("settle:no-game", "no calculator for {game}; games: {games}")})

__all__ = ["CALCULATORS", "InputError", "main", "parse_catch"]


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(USAGE, file=stdout or sys.stdout)
        return 0 if argv else 2
    game = argv[0]
    if game.startswith("-"):  # the old form, `yezi settle --scores …`, meant Fishing
        game, argv = "fishing", ["fishing", *argv]
    if game not in CALCULATORS:
        lang = next((argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--lang" and argv[i + 1] in LANGS),
                    "zh-hant")  # the calculators' own default
        print(f"yezi settle: {say(WORDS, 'no-game', lang, game=repr(game), games=', '.join(CALCULATORS))}",
              file=sys.stderr)
        return 2
    mod = importlib.import_module(CALCULATORS[game])
    if CALCULATORS[game].endswith(".dominoes"):
        return int(mod.main(argv, stdin, stdout))
    return int(mod.main(argv[1:], stdin, stdout))
