"""A seat's log of one deal, kept and extended as the deal goes on: the one place a log is built.

`State.log_for` writes the whole log from the history; a server frame, a replay's every step and
a record's lines asked for it again after each action, so a deal of n actions formatted n²/2
lines. While a deal is played a line never changes once written (what a seat saw of an action is
fixed when it is taken), so `SeatLog` formats only the lines that are new since it was last
asked, and keeps their JSON text too (a frame carries the log encoded). When the deal ends the
engine may reveal face-down actions to everyone (`State.redact`): the log is then written afresh,
so a finished deal's log is what a record replayed from the start shows. A game that overrides
`State.log_for` may rewrite any line: its log is written whole every time.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from yezi.core.protocol import State


def _dumps(x: object) -> str:
    return json.dumps(x, ensure_ascii=False, separators=(",", ":"))


class SeatLog:
    """`state.log_for(seat, lang)`, extended incrementally (see the module docstring)."""

    __slots__ = ("_enc", "_enc_n", "_encode", "_over", "lang", "lines", "seat", "state")

    def __init__(self, state: State, seat: int | None, lang: str, encode: Callable[[object], str] = _dumps):
        self.state, self.seat, self.lang = state, seat, lang
        self.lines: list[str] = []
        self._over = state.current_player is None
        self._encode = encode
        self._enc, self._enc_n = "", 0  # the first _enc_n lines as JSON texts joined by commas

    def update(self) -> list[str]:
        """The lines now (the kept list itself: read it, copy it to keep it)."""
        st = self.state
        over = st.current_player is None
        if type(st).log_for is not State.log_for:
            self.lines, self._enc, self._enc_n = st.log_for(self.seat, self.lang), "", 0
            return self.lines
        if over != self._over or len(self.lines) > len(st.history):  # revealed at the end (or undone)
            self.lines, self._enc, self._enc_n, self._over = [], "", 0, over
        lines = self.lines
        for i in range(len(lines), len(st.history)):
            lines.append(st.log_line(i, self.seat, self.lang))
        return lines

    def json(self) -> str:
        """The lines as a JSON array, each line encoded once."""
        lines = self.update()
        if self._enc_n < len(lines):
            new = ",".join(self._encode(x) for x in lines[self._enc_n:])
            self._enc = (self._enc + "," + new) if self._enc else new
            self._enc_n = len(lines)
        return "[" + self._enc + "]"


__all__ = ["SeatLog"]
