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

LANGS = ("zh-hant", "zh-hans", "en")


class InputError(ValueError):
    """Bad input to a calculator: the message names the line and what was expected."""


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


def input_lines(path: str | None, stdin: TextIO, ask: Callable[[], list[str]] | None = None) -> list[tuple[int, str]]:
    """Numbered non-blank lines without ``#`` comments: from `path`, from piped standard input, or
    (standard input is a terminal and `ask` is given) from `ask`'s questions."""
    if path:
        try:
            with open(path, encoding="utf-8") as f:
                raw = f.read().splitlines()
        except OSError as e:
            raise InputError(f"cannot read {path}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise InputError(f"{path} is not UTF-8 text") from None
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
                    raise InputError("input ended before every question was answered") from None
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
    """Parse, run, and turn every input or rule error into one line on standard error, status 2."""
    args = parser.parse_args(argv)
    try:
        return run(args, stdin or sys.stdin, stdout or sys.stdout)
    except (InputError, OptionError, NotationError, YeziError) as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{prog}: {e}", file=sys.stderr)
        return 2
