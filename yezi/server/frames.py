"""State frames encoded once per table version and audience (seat and language).

Profiling `bench/web_tables.py` at 1,000 tables showed most of the event loop's time in building
and encoding state frames: every action rebuilt, for every connection, the table's public info,
the seat names in three languages, the whole log, and encoded all of it again. Here a frame is
split into the part every audience shares (encoded once per change of the table) and the part
that depends on the seat (its view, its log, its legal actions, its extras; encoded once per
seat and language), and the encoded text is kept until the table changes, so that any number of
connections, `sync` and `lang` requests reuse it. This is the server's one frame builder
(`LiveTable.frame_for` decodes its text); the per-seat part is `FrameCache._build_seat`. Encoding
uses orjson where it is installed.
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

from yezi.core.protocol import LANGS
from yezi.server import catalog, together
from yezi.server.errors import json_num

if TYPE_CHECKING:
    from yezi.server.tables import LiveTable


try:  # orjson encodes a view about 7 times faster than the json module (35 -> 5 us for Luk Fu's)
    import orjson
except ModuleNotFoundError:  # pragma: no cover - orjson is a dependency; the server works without it
    orjson = None


def dumps(x: Any) -> str:
    """Compact JSON text, as `json.dumps(x, ensure_ascii=False, separators=(",", ":"))` gives."""
    if orjson is not None:
        try:
            return orjson.dumps(x, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:  # what orjson does not take (an int over 64 bits): the json module does
            pass
    return json.dumps(x, ensure_ascii=False, separators=(",", ":"))


class FrameCache:
    """The encoded state frames of one table. `invalidate` on every change (the table calls it
    in `broadcast`, which follows every change); `text(position, lang)` builds what is missing."""

    def __init__(self, table: LiveTable):
        self.t = table
        g = table.game
        n = table.n
        self.mod = catalog.render_module(table.row.game)
        self.has_extras = self.mod is not None and hasattr(self.mod, "frame_extras")
        self.server_svg = (self.mod is not None and hasattr(self.mod, "table_svg")
                           and not catalog.has_client_renderer(table.row.game))
        self.seat_names = {lang: [g.seat_name(s, lang) for s in range(n)] for lang in LANGS}
        self._const = dumps({"seat_names": self.seat_names, "active_seats": g.active_seats()})[1:-1]
        self._texts: dict[tuple[int | None, str], str] = {}
        self._common: str | None = None
        self._built = 0.0  # when the common part was built (a running clock's time left ages)
        self._labels: dict[int, str] = {}  # action code -> its '"code":{lang: text}' member

    def invalidate(self) -> None:
        self._texts.clear()
        self._common = None

    def text(self, position: int | None, lang: str) -> str:
        clock = self.t.clock
        if clock is not None and clock.running and self._common is not None and time.monotonic() - self._built > 0.5:
            self.invalidate()  # the time left it says is out of date (a sync, a language switch)
        key = (position, lang)
        s = self._texts.get(key)
        if s is None:
            if self._common is None:
                self._common = self._build_common()
                self._built = time.monotonic()
            s = self._texts[key] = '{"type":"state",' + self._common + "," + self._build_seat(position, lang) + "}"
        return s

    def _build_common(self) -> str:
        t = self.t
        d = t.current
        st = d.state
        over = st.current_player is None
        common: dict[str, Any] = {
            "table": t.public_info(),
            "dealer": d.dealer,
            "deal_no": d.no,
            "seq": len(st.history),
            "seat_players": [t.position_of(s) for s in range(t.n)],
            "to_act_position": t.position_of(st.current_player) if not over else None,
            "totals": [json_num(x) for x in t.totals],
            "deal_over": over,
            "match_over": t.match_over,
            "finished_deals": [x.no for x in t.deals if x.state.current_player is None],
        }
        if over:
            common["payments"] = [json_num(p) for p in t.game.match_result(st)]  # what the deal books (Ma Diao: the 官堆 too)
        return dumps(common)[1:-1] + "," + self._const

    def _build_seat(self, position: int | None, lang: str) -> str:
        t = self.t
        st = t.current.state
        seat = t.seat_of(position) if position is not None else None
        view = st.view(seat)
        parts = ['"position":' + dumps(position), '"seat":' + dumps(seat), '"view":' + dumps(view)]
        langs = (lang,) if lang in LANGS else LANGS
        parts.append('"log":{' + ",".join(dumps(lg) + ":" + self._log(st, seat, lg) for lg in langs) + "}")
        asked = together.frame_part(t, position)
        legal = None
        if asked is not None:  # a question put to several seats at once: this seat's answers, or its answer
            parts.append('"together":true,"answered":' + dumps(asked["answered"]))
            legal = asked["legal"]
        elif seat is not None and t.may_act(seat):
            legal = st.legal_actions()
        if legal is not None:
            g = t.game
            parts.append('"legal":' + dumps(legal))
            parts.append('"labels":{' + ",".join(self._label(g, a) for a in legal) + "}")
        if self.has_extras:
            parts.append('"extras":' + dumps(self.mod.frame_extras(st, seat)))
        if self.server_svg:
            parts.append('"svg":' + dumps({lg: self.mod.table_svg(view, lg, self.seat_names[lg]) for lg in LANGS}))
        return ",".join(parts)

    def _label(self, g: Any, a: int) -> str:
        """An action's names in every language, encoded once per table (`format_action` depends
        only on the game and the code)."""
        s = self._labels.get(a)
        if s is None:
            s = self._labels[a] = dumps(str(a)) + ":" + dumps({lg: g.format_action(a, lg) for lg in LANGS})
        return s

    def _log(self, st: Any, seat: int | None, lang: str) -> str:
        """The seat's log as a JSON array, each line encoded once (`LiveTable.seat_log`)."""
        return self.t.seat_log(st, seat, lang).json()
