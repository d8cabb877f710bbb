"""`yezi learn GAME`: the lessons in the terminal, through prompts (reading input lines).

The same lessons, texts and engine answers as the web page ``/learn/<game>``: each step's text,
the position as `yezi play` draws it, the legal moves numbered, the moves to try, and the
engine's reason when a move is refused. At the end of a deal, the settlement and its explanation.
"""

from __future__ import annotations

import importlib
import textwrap
from typing import IO

from yezi.guides.engine import _settlement_lines
from yezi.guides.markup import parse_inline
from yezi.guides.page import Guide
from yezi.guides.text import _inline
from yezi.i18n import punct
from yezi.learn.answers import answer
from yezi.learn.labels import label
from yezi.learn.lessons import Lesson, load
from yezi.learn.tutor import Tutor

WIDTH = 88


def step_text(game: str, markup: str, lang: str) -> str:
    """A step's text as plain words (terms glossed in English as the guides do)."""
    return _inline(Guide(game, lang, []), parse_inline(markup), set())


def _wrap(s: str, lang: str) -> str:
    return textwrap.fill(s, WIDTH) if lang == "en" else s


def screen(t: Tutor, lang: str) -> str:
    """The position as the game's terminal renderer draws it for the learner's seat."""
    pkg = type(t.game).__module__.rsplit(".", 1)[0]
    try:
        mod = importlib.import_module(pkg + ".text")
    except ModuleNotFoundError:
        mod = None
    view = t.view()
    if mod is not None and hasattr(mod, "render"):
        return mod.render(t.game, view, lang)
    return "\n".join(f"{k}: {v}" for k, v in view.items() if k != "history")


def settlement(t: Tutor, lang: str) -> list[str]:
    """The engine's explanation of the payments, once the deal is over."""
    if not t.state.is_terminal():
        return []
    g = t.game
    lines = _settlement_lines(g.name, t.state, lang)
    pays = "  ".join(f"{g.seat_name(s, lang)} {p:+d}" for s, p in enumerate(t.state.payments()))
    return [*lines, f"{label('payments', lang)}{': ' if lang == 'en' else '：'}{pays}"]


class _Quit(Exception):
    pass


def _commands(game) -> dict:
    """The game's own terminal commands (`why 九綫` in Luk Fu), the ones `yezi play` offers; `hint` is the
    tutorial's own."""
    pkg = type(game).__module__.rsplit(".", 1)[0]
    try:
        mod = importlib.import_module(pkg + ".text")
    except ModuleNotFoundError:
        return {}
    return {k: v for k, v in getattr(mod, "COMMANDS", {}).items() if k != "hint"}


def play_words(lang: str) -> dict[str, str]:
    from yezi.render.terminal import MESSAGES

    return MESSAGES[lang]


def hint(t: Tutor, lang: str) -> str:
    """What the lesson asks for now (the ★ moves), or that any legal move will do."""
    moves = t.expected()
    st = t.step
    if st is None or not moves:
        return label("waiting", lang)
    if st.do == "any":
        return label("hint_any", lang)
    sep = ", " if lang == "en" else "、"
    return label("hint", lang).format(sep.join(t.game.format_action(a, lang) for a in moves))


def run_lesson(le: Lesson, n: int, lang: str, stdin: IO[str], stdout: IO[str]) -> bool:
    """One lesson; False if the learner quit."""
    def say(s: str = "") -> None:
        print(s, file=stdout, flush=True)

    t = Tutor(le)
    g = t.game
    commands = _commands(g)
    say(f"\n==== {label('lesson', lang).format(n)} · {le.title[lang]} ====")
    say(label("you_are", lang).format(g.seat_name(t.seat, lang)))
    shown = 0

    def read() -> str:
        line = stdin.readline()
        if not line:
            raise _Quit
        line = line.strip()
        if line.lower() in ("q", "quit", "exit"):
            raise _Quit
        return line

    last_step = -1
    drawn_at = -1
    while not t.done:
        st = t.step
        assert st is not None
        log = t.log(lang)
        for line in log[shown:]:
            say(f"  · {line}")
        shown = len(log)
        if t.step_i != last_step:
            if len(t.state.history) != drawn_at:  # the position changed since it was last drawn
                say("")
                say(screen(t, lang))
                for line in settlement(t, lang) if t.state.is_terminal() else []:
                    say(f"  {line}")
                drawn_at = len(t.state.history)
            say("")
            say(f"[{label('step', lang).format(t.step_i + 1, len(le.steps))}] "
                + _wrap(step_text(le.game, st.text[lang], lang), lang))
            last_step = t.step_i
        try:
            if not st.is_move:
                say(label("prompt_next", lang))
                read()
                t.next()
                continue
            legal = t.legal()
            expected = set(t.expected())
            tries = t.tries()
            say(label('legal', lang) + punct(lang, 'colon') + "   ".join(
                f"{i + 1}) {g.format_action(a, lang)}{' ★' if a in expected else ''}" for i, a in enumerate(legal)))
            if tries:
                say(label('try', lang) + punct(lang, 'colon') + "   ".join(g.format_action(a, lang) for a in tries))
            say(label("prompt_move", lang) + (" · " + label("prompt_more", lang)))
            while True:
                print("> ", end="", flush=True, file=stdout)
                line = read()
                if not line:
                    continue
                word, _, arg = line.partition(" ")
                if word.lower() == "moves":
                    say("   ".join(f"{i + 1}) {g.format_action(a, lang)}" for i, a in enumerate(legal)))
                    continue
                if word.lower() == "hint":  # the lesson's own move: the ★ of the list, in words
                    say(hint(t, lang))
                    continue
                if word.lower() in ("help", "?"):
                    from yezi.render.terminal import help_text

                    say(help_text(commands, lang))
                    continue
                if word.lower() in commands:  # the game's terminal commands, as `yezi play` has them (why …)
                    say(commands[word.lower()](g, t.view(), arg.strip(), lang))
                    continue
                if line.isdigit() and not 1 <= int(line) <= len(legal):
                    say("? " + play_words(lang)["range"].format(n=int(line), last=len(legal)))
                    continue
                move: int | str = legal[int(line) - 1] if line.isdigit() else line
                out = t.attempt(move)
                say(answer(t, out, lang))
                if out.kind == "ok":
                    break
        except _Quit:
            return False
    log = t.log(lang)
    for line in log[shown:]:
        say(f"  · {line}")
    if t.state.is_terminal() and len(t.state.history) != drawn_at:
        say("")
        say(screen(t, lang))
        for line in settlement(t, lang):
            say(f"  {line}")
    say(f"\n{label('done', lang)}")
    return True


def run(game: str, lang: str, stdin: IO[str], stdout: IO[str], only: str | None = None) -> int:
    """Every lesson of a game in order (or the one named), through prompts."""
    def say(s: str = "") -> None:
        print(s, file=stdout, flush=True)

    lessons = load(game)
    say(label("learn_game", lang).format(_title(game, lang)))
    say(_wrap(label("intro", lang), lang))
    for n, le in enumerate(lessons, 1):
        if only is not None and le.id != only and str(n) != only:
            continue
        if not run_lesson(le, n, lang, stdin, stdout):
            say(label("bye", lang))
            return 0
    if only is None:
        say(label("all_done", lang))
    return 0


def _title(game: str, lang: str) -> str:
    from yezi.core.registry import game_class

    return game_class(game).titles[lang]
