"""What every `yezi` command shares about its arguments: one-line errors and checked numbers.

A user who mistypes an argument gets one line naming the problem and the accepted values, and exit
status 2 — never argparse's usage block (which buries the problem) and never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

from yezi.core.errors import YeziError

LANGS = ("zh-hant", "zh-hans", "en")
NOTATIONS = (*LANGS, "ascii")


class UsageError(YeziError):
    """An argument that parses but cannot be used (a seat the table lacks, a file that is not there).

    Built from a `yezi.i18n.Msg`, it is read in the command's --lang (`text`); ``str(e)`` stays English."""

    def text(self, lang: str | None) -> str:
        from yezi.i18n import Msg

        msg = self.args[0] if self.args else ""
        return msg.render(lang) if isinstance(msg, Msg) and lang else str(self)


#: the commands that print for people in the language of --lang (the others print in English)
LANG_COMMANDS = ("play", "replay", "rules", "simulate", "learn", "settle", "advise", "madiao")


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error: ``yezi play: argument --seat: ... (see `yezi play --help`)``."""

    def error(self, message: str) -> NoReturn:
        if message.startswith("unrecognized arguments") and any(w == "--lang" or w.startswith("--lang=") for w in message.split()):
            # a reader who asks for a language should learn where one can be had, not that --lang is unknown
            message = (f"{message}: {self.prog} prints in English and takes no --lang; the commands that do: "
                       + ", ".join(f"yezi {c}" for c in LANG_COMMANDS))
        self.exit(2, f"{self.prog}: {message} (see `{self.prog} --help`)\n")


def _int_at_least(low: int, what: str):
    def parse(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number; give {what}") from None
        if n < low:
            raise argparse.ArgumentTypeError(f"{n} is too small; give {what}")
        return n

    parse.__name__ = what  # argparse names the type in some messages
    return parse


positive_int = _int_at_least(1, "a whole number of at least 1")
non_negative_int = _int_at_least(0, "a whole number of at least 0")


def port(text: str) -> int:
    """A TCP port: 0 (any free port) to 65535."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number; give 0 to 65535") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{n} is not a port number; give 0 to 65535")
    return n


def check_seat(seat: int | None, seats: int, game_title: str) -> None:
    """A seat number must name a seat of this table."""
    if seat is not None and not 0 <= seat < seats:
        raise UsageError(f"--seat {seat}: {game_title} has seats 0 to {seats - 1}")


def fail(prog: str, message: str) -> int:
    """Print the one-line error of a command and give its exit status."""
    print(f"{prog}: {message}", file=sys.stderr)
    return 2
