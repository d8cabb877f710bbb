"""Interactive tutorials: a guided first deal per game, in short lessons, on the web at
``/learn/<game>`` and in the terminal with ``yezi learn GAME``.

A lesson is data (``yezi/learn/<game>.toml``): a fixed deal, the learner's seat, the line of the
deal (every move in the game's notation, the bots' moves made once by the game's heuristic bot
with a fixed seed, see ``tools/learn_line.py``) and the steps, each with its text in three
languages, the moves the learner is asked for and the claims the text makes (moves that are
legal, moves the engine refuses and the rule it names). `yezi.learn.tutor.Tutor` walks a lesson
against the engine: positions, legal moves, refusals and payments all come from the engine, and
nothing in this package decides a rule.
"""

from __future__ import annotations

from importlib import resources

LANGS = ("zh-hant", "zh-hans", "en")


def has_lessons(game: str) -> bool:
    try:
        return (resources.files("yezi.learn") / f"{game}.toml").is_file()
    except (ModuleNotFoundError, FileNotFoundError):
        return False
