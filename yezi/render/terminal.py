"""The terminal's own words, shared by `yezi play` (`yezi.cli.play`) and the terminal tutor
(`yezi.learn.text`): the help line and the messages around the moves."""

from __future__ import annotations

from typing import Any

from yezi.i18n import NP_, Words, _, _c

#: the terminal's help line: the commands are typed as they are (help, moves, ...) in every language
HELP = NP_("play:help", "Type a move's number or its notation. Commands: help, moves, hint, rules, quit")


MESSAGES = Words("play", {
    "you": NP_("play:you", "you"),
    "bye": NP_("play:bye", "bye"),
    "match_over": NP_("play:match_over", "match over"),
    "again": NP_("play:again", "Enter to deal again, q to stop"),
    "not_now": NP_("play:not_now", "the deal is over: '{word}' is not a command here"),
    "dummy": NP_("play:dummy", "This deal you are {seat}, who plays no cards: the deal plays itself."),
    "range": NP_("play:range", "there is no move {n}: choose 1 to {last}, or type the move"),
})


def help_text(commands: dict[str, Any], lang: str) -> str:
    """The generic help plus the game's own commands, each with its translated line (``fn.help``, a msgid)."""
    extra = [_(lang, fn.help) if hasattr(fn, "help") else name for name, fn in commands.items()]
    head = _c(lang, "play:help", HELP)
    if lang == "en":
        return head + ("; " + "; ".join(extra) if extra else "") + "."
    return head + ("；" + "；".join(extra) if extra else "") + "。"


__all__ = ["HELP", "MESSAGES", "help_text"]
