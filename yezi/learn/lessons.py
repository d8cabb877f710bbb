"""Lessons as data: ``yezi/learn/<game>.toml`` read into plain dataclasses (pure; no engine here).

The file holds named deals and a list of lessons::

    [deals.first]                 # a fixed deal: preset, options, deal notation (or seed), the
    preset = "hakka-hk"           # learner's seat and the whole line of the deal in notation
    deal = "頭:… | …"
    seat = 0
    line = ["不報", "不報", …]

    [[lesson]]
    id = "cards"                  # stable: progress in the browser is kept by it
    deal = "first"
    start = 0                     # the lesson begins after line[:start]
    title = { en = "…", zh-hant = "…", zh-hans = "…" }
    [[lesson.step]]
    text = { en = "…", zh-hant = "…", zh-hans = "…" }   # guide markup: [[老歲]], {card:九貫}, **bold**
    do = ["不報"]                 # the learner's move(s); "any" for any legal move; absent: read and go on
    legal = ["…"]                 # claims: these moves are legal here
    refuse = { "一貫" = "lead-order" }   # claims: the engine refuses these, naming this rule
    times = 3                     # the step takes this many moves (a face-down discard of three cards)
    finish = true                 # (a step only read) then the rest of the deal is played out from the line
    view = { key = 6 }            # claims on the learner's view of the position (engine keys)
    payments = [2, -1, 0, -1]     # claim: the deal is over and these are its payments

A step's `refuse` moves are also offered to the learner to try.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from yezi.learn import LANGS

ANY = "any"


class LessonError(ValueError):
    """A lesson file that does not follow the format (names the file and the lesson)."""


@dataclass(frozen=True)
class Deal:
    name: str
    preset: str | None
    options: dict[str, Any]
    deal: str | None
    seed: int | None
    seat: int
    line: tuple[str, ...]


@dataclass(frozen=True)
class Step:
    text: dict[str, str]
    do: tuple[str, ...] | str | None  # moves, ANY, or None for a step that is only read
    legal: tuple[str, ...] = ()
    refuse: dict[str, str] = field(default_factory=dict)
    claims: dict[str, Any] = field(default_factory=dict)  # other claims on the position, by name
    times: int = 1  # how many of the learner's moves the step takes (a discard of several cards)
    finish: bool = False  # a step only read, after which the rest of the line is played out, the learner's seat too

    @property
    def is_move(self) -> bool:
        return self.do is not None


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    title: dict[str, str]
    deal: Deal
    start: int
    steps: tuple[Step, ...]
    bot_seed: int = 0


def _texts(x: Any, where: str) -> dict[str, str]:
    if not isinstance(x, dict) or any(not isinstance(x.get(lg), str) or not x[lg].strip() for lg in LANGS):
        raise LessonError(f"{where}: a text needs en, zh-hant and zh-hans")
    return {lg: x[lg] for lg in LANGS}


_STEP_KEYS = {"text", "do", "legal", "refuse", "times", "finish"}


def _step(row: dict[str, Any], where: str) -> Step:
    do = row.get("do")
    if do is not None and do != ANY and not (isinstance(do, list) and do and all(isinstance(m, str) for m in do)):
        raise LessonError(f"{where}: `do` is a list of moves or \"any\"")
    claims = {k: v for k, v in row.items() if k not in _STEP_KEYS}
    return Step(_texts(row.get("text"), where), tuple(do) if isinstance(do, list) else do,
                tuple(row.get("legal", ())), dict(row.get("refuse", {})), claims, int(row.get("times", 1)),
                bool(row.get("finish", False)))


@cache
def load(game: str) -> tuple[Lesson, ...]:
    """The lessons of a game, in order."""
    where = f"yezi/learn/{game}.toml"
    try:
        src = (resources.files("yezi.learn") / f"{game}.toml").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LessonError(f"{game} has no lessons yet") from None
    data = tomllib.loads(src)
    deals = {}
    for name, d in data.get("deals", {}).items():
        if ("deal" in d) == ("seed" in d):
            raise LessonError(f"{where}: deal {name} needs one of `deal` or `seed`")
        deals[name] = Deal(name, d.get("preset"), dict(d.get("options", {})), d.get("deal"), d.get("seed"),
                           int(d["seat"]), tuple(d["line"]))
    out: list[Lesson] = []
    for row in data.get("lesson", []):
        lw = f"{where}: lesson {row.get('id', '?')}"
        if row.get("deal") not in deals:
            raise LessonError(f"{lw}: no deal {row.get('deal')!r}")
        steps = tuple(_step(s, f"{lw} step {i + 1}") for i, s in enumerate(row.get("step", [])))
        if not steps:
            raise LessonError(f"{lw}: no steps")
        out.append(Lesson(game, row["id"], _texts(row.get("title"), lw), deals[row["deal"]], int(row.get("start", 0)),
                          steps, int(row.get("bot_seed", 0))))
    if len({le.id for le in out}) != len(out):
        raise LessonError(f"{where}: two lessons share an id")
    return tuple(out)


def lesson(game: str, lesson_id: str) -> Lesson:
    for le in load(game):
        if le.id == lesson_id:
            return le
    raise LessonError(f"{game} has no lesson {lesson_id!r}; lessons: {', '.join(le.id for le in load(game))}")
