"""`yezi learn GAME [--lang …] [--lesson ID]`: the interactive tutorial in the terminal."""

from __future__ import annotations

import sys

from yezi.cli.args import Parser
from yezi.i18n import NP_, Words, _c, punct
from yezi.learn import LANGS

#: the refusals of a game or lesson the tutorial does not have, in the learner's --lang
WORDS = Words("learn-cli", {
    "no-game": NP_("learn-cli:no-game", "no lessons for {game}; games: {games}"),
    "no-lesson": NP_("learn-cli:no-lesson", "{game} has no lesson {lesson}; lessons: {lessons}"),
})


def _refuse(lang: str, key: str, **params: str) -> int:
    print("yezi learn: " + _c(lang, WORDS.context(key), WORDS.table[key], **params), file=sys.stderr)
    return 2


def main(argv: list[str] | None = None, stdin=None, stdout=None) -> int:
    p = Parser(prog="yezi learn", description="Learn a game: guided lessons on fixed deals against bots, "
               "with the engine explaining every refused move (the same lessons as /learn/GAME on the web).")
    p.add_argument("game", help="game name (see `yezi games`), e.g. lukfu")
    p.add_argument("--lang", default="zh-hant", choices=LANGS, help="language of the lessons")
    p.add_argument("--lesson", default=None, help="only this lesson (its id or number)")
    args = p.parse_args(argv)
    from yezi.core.registry import GAMES
    from yezi.learn import has_lessons
    from yezi.learn.lessons import load
    from yezi.learn.text import run

    if args.game not in GAMES or not has_lessons(args.game):
        games = punct(args.lang, "comma").join(g for g in sorted(GAMES) if has_lessons(g))
        return _refuse(args.lang, "no-game", game=repr(args.game), games=games)
    if args.lesson is not None:
        ids = [le.id for le in load(args.game)]
        if args.lesson not in ids and not (args.lesson.isdigit() and 1 <= int(args.lesson) <= len(ids)):
            lessons = punct(args.lang, "comma").join(ids)
            return _refuse(args.lang, "no-lesson", game=args.game, lesson=repr(args.lesson), lessons=lessons)
    return run(args.game, args.lang, stdin or sys.stdin, stdout or sys.stdout, args.lesson)


if __name__ == "__main__":
    raise SystemExit(main())
