"""What every `yezi settle GAME` calculator shares: rules from a preset and ``-o`` overrides, input
from a file, standard input or questions, and one-line errors with exit status 2.

A calculator never computes a payment itself: it reads the facts of a deal played with physical
cards or tiles, checks them, and hands them to the same engine function the game settles with.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

from yezi.core.errors import NotationError, OptionError, YeziError
from yezi.core.options import parse_overrides
from yezi.core.registry import load_game
from yezi.i18n import NP_, PerLanguage, Words, _c

LANGS = ("zh-hant", "zh-hans", "en")

#: what every calculator may say: where a bad line is, and why its input could not be read
WORDS = Words("settle-common", {
    "line": NP_("settle-common:line", "line {no}"),
    "ended": NP_("settle-common:ended", "input ended before every question was answered"),
    "unreadable": NP_("settle-common:unreadable", "cannot read {path}: {error}"),
    "not-utf8": NP_("settle-common:not-utf8", "{path} is not UTF-8 text"),
})


def say(words: Words, key: str, lang: str, /, **params: Any) -> str:
    """The message `key` of `words` in `lang`, its placeholders filled with `params` (rendered in `lang`)."""
    return _c(lang, words.context(key), words.table[key], **params)


def later(words: Words, key: str, /, **params: Any) -> PerLanguage:
    """The message `key` of `words` in every language, rendered when read: a parameter of another
    message (``where`` a bad line is), shown in the reader's language with it."""
    return PerLanguage(lambda lang: say(words, key, lang, **params))


def line_at(no: int) -> PerLanguage:
    """``line N`` in every language, for the start of an input error."""
    return later(WORDS, "line", no=no)


class InputError(ValueError):
    """Bad input to a calculator: the message names the line and what was expected.

    It is raised with a message of a module's `Words` table and its parameters, and rendered in the
    reader's language where it is shown (`text`; `run_main` prints it in ``--lang``), so a parser needs
    no language to refuse a line; ``str(e)`` is the English text."""

    def __init__(self, words: Words, key: str, /, **params: Any):
        self.words, self.key, self.params = words, key, params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return say(self.words, self.key, lang, **self.params)


def add_rules_args(p: argparse.ArgumentParser) -> None:
    """``--preset``, ``-o name=value`` and ``--lang``, as `yezi play` has them."""
    p.add_argument("--preset", default=None, help="rule preset (see `yezi rules GAME`)")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help="override one rule option (repeatable, or comma-separated)")
    p.add_argument("--lang", default="zh-hant", choices=LANGS, help="language of the explanation")


def load_rules_game(name: str, args: argparse.Namespace, extra: dict[str, Any] | None = None):
    """The game with the preset and overrides given (an `OptionError` names a bad one)."""
    overrides: dict[str, Any] = dict(parse_overrides(args.option))
    overrides.update(extra or {})
    return load_game(name, args.preset, overrides)


def read_text(path: str) -> str:
    """The UTF-8 text of the file at `path`; an `InputError` names a file that cannot be read."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise InputError(WORDS, "unreadable", path=path, error=e.strerror or e) from None
    except UnicodeDecodeError:
        raise InputError(WORDS, "not-utf8", path=path) from None


def banner(game, lang: str) -> str:
    """The first line of a settlement: the game's title and its rules' preset — the id a player types with
    ``--preset`` in English (as it always printed), the preset's title from the catalogs in Chinese."""
    preset = game.rules.preset
    shown = preset if lang == "en" else game.option_table().preset_title(preset, lang)
    return f"{game.titles.get(lang, game.titles['en'])} · {shown}"


def input_lines(path: str | None, stdin: TextIO, ask: Callable[[], list[str]] | None = None) -> list[tuple[int, str]]:
    """Numbered non-blank lines without ``#`` comments: from `path`, from piped standard input, or
    (standard input is a terminal and `ask` is given) from `ask`'s questions."""
    if path:
        raw = read_text(path).splitlines()
    elif ask is not None and stdin.isatty():
        raw = ask()
    else:
        raw = stdin.read().splitlines()
    out = []
    for n, line in enumerate(raw, 1):
        text = line.split("#", 1)[0].strip()
        if text:
            out.append((n, text))
    return out


def ask_lines(prompts: list[str], optional: set[int] | None = None) -> Callable[[], list[str]]:
    """A question per prompt, read with `input`; a blank answer skips an optional one."""
    def run() -> list[str]:
        out = []
        for i, prompt in enumerate(prompts):
            while True:
                try:
                    line = input(prompt).strip()
                except EOFError:
                    raise InputError(WORDS, "ended") from None
                if line or (optional and i in optional):
                    break
            if line:
                out.append(line)
        return out
    return run


def key_value(line: str) -> tuple[str, str] | None:
    """``key: value`` (ASCII or full-width colon), or None."""
    m = re.match(r"^\s*([^:：]{1,24})[:：](.*)$", line)
    if not m:
        return None
    return m.group(1).strip(), m.group(2).strip()


def split_names(text: str) -> list[str]:
    """Card or tile names separated by spaces, commas or 、 (commas when a name has a space)."""
    sep = r"[,，、;；]+" if re.search(r"[,，、;；]", text) else r"\s+"
    return [t.strip() for t in re.split(sep, text.strip()) if t.strip()]


def run_main(prog: str, parser: argparse.ArgumentParser, run: Callable[..., int], argv: list[str],
             stdin: TextIO | None, stdout: TextIO | None) -> int:
    """Parse, run, and turn every input or rule error into one line on standard error, status 2: an input
    error in ``--lang``; a rule error (an unknown preset or option, from the engine's option table) in English."""
    args = parser.parse_args(argv)
    try:
        return run(args, stdin or sys.stdin, stdout or sys.stdout)
    except InputError as e:
        print(f"{prog}: {e.text(getattr(args, 'lang', 'en'))}", file=sys.stderr)
        return 2
    except (OptionError, NotationError, YeziError) as e:
        text = getattr(e, "text", None)  # an engine error built from a message (a `FactsError`) has it in --lang
        print(f"{prog}: {text(getattr(args, 'lang', 'en')) if callable(text) else e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
