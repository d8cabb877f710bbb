"""`yezi learn GAME [--lang …] [--lesson ID]`: the interactive tutorial in the terminal."""

from __future__ import annotations

import os
import sys

from yezi.cli.args import Parser
from yezi.i18n import NP_, Words, _c, punct
from yezi.learn import LANGS

#: the refusals of a game or lesson the tutorial does not have, in the learner's --lang
WORDS = Words("learn-cli", {
    "no-game": NP_("learn-cli:no-game", "no lessons for {game}; games: {games}"),
    "no-lesson": NP_("learn-cli:no-lesson", "{game} has no lesson {lesson}; lessons: {lessons}"),
})


def locale_lang(environ: dict[str, str] | None = None) -> str:
    """The learner's language from the terminal's locale (LC_ALL, LC_MESSAGES, LANG, as gettext reads
    them): zh_TW / zh_HK → 繁體, zh_CN / zh_SG → 简体, en_… → English; 繁體, the project's default, when
    the locale names none of the three (C, POSIX, fr_FR)."""
    env = os.environ if environ is None else environ
    loc = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "").split(".")[0].lower()
    loc = loc.replace("-", "_")
    if loc.startswith("en"):
        return "en"
    if loc in ("zh_cn", "zh_sg", "zh_hans", "zh") or loc.startswith("zh_hans"):
        return "zh-hans"
    return "zh-hant"


def _refuse(lang: str, key: str, **params: str) -> int:
    print("yezi learn: " + _c(lang, WORDS.context(key), WORDS.table[key], **params), file=sys.stderr)
    return 2


def main(argv: list[str] | None = None, stdin=None, stdout=None) -> int:
    p = Parser(prog="yezi learn", description="Learn a game: guided lessons on fixed deals against bots, "
               "with the engine explaining every refused move (the same lessons as /learn/GAME on the web).")
    p.add_argument("game", help="game name (see `yezi games`), e.g. lukfu")
    p.add_argument("--lang", default=None, choices=LANGS,
                   help="language of the lessons (default: the terminal's locale, else zh-hant)")
    p.add_argument("--lesson", default=None, help="only this lesson (its id or number)")
    args = p.parse_args(argv)
    args.lang = args.lang or locale_lang()
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
