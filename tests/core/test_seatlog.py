"""A seat's log is built in one place (`State.log_line`, kept by `yezi.core.seatlog.SeatLog`) and
incrementally: asked after every action, a deal of n actions formats each line once (and once more
when the deal's end reveals face-down actions), not n²/2 lines (issue 25: the server's frames, a
replay's steps and a record's lines each wrote the whole log again)."""

from __future__ import annotations

import json
import random

import pytest

from yezi.core.protocol import LANGS, State
from yezi.core.registry import available_games, load_game
from yezi.core.seatlog import SeatLog


def _played(name: str, seed: int) -> tuple[object, list[int], object]:
    g = load_game(name)
    deal = g.deal_from_seed(seed)
    st = g.new_state(deal)
    rng = random.Random(seed)
    while st.current_player is not None:
        st.apply(rng.choice(st.legal_actions()))
    return deal, list(st.history), g


@pytest.mark.parametrize("name", available_games())
def test_the_kept_log_is_log_for_at_every_step(name):
    g = load_game(name)
    st = g.new_state(g.deal_from_seed(3))
    seats = [None, *range(g.num_seats)]
    logs = {(s, lang): SeatLog(st, s, lang) for s in seats for lang in (*LANGS, "ascii")}
    rng = random.Random(3)
    while True:
        for (s, lang), log in logs.items():
            want = st.log_for(s, lang)
            assert log.update() == want, (name, s, lang, len(st.history))
            assert json.loads(log.json()) == want
        if st.current_player is None:
            break
        st.apply(rng.choice(st.legal_actions()))


def _count_lines(monkeypatch) -> list[int]:
    calls = [0]
    real = State.action_text_for

    def counted(self, index, seat, lang="zh-hant"):
        calls[0] += 1
        return real(self, index, seat, lang)

    monkeypatch.setattr(State, "action_text_for", counted)
    return calls


def test_a_replay_formats_each_line_about_once(monkeypatch):
    """The replay page's frames (one per step, `yezi.server.replays.replay_frames`)."""
    from yezi.server.replays import replay_frames

    deal, actions, g = _played("madiao", 8)
    n = len(actions)
    assert n >= 30
    calls = _count_lines(monkeypatch)
    frames = replay_frames(g.new_state, deal, actions, g, "1")
    assert calls[0] <= 2 * n * len(LANGS), calls[0]  # rebuilt every step: n²/2 per language
    assert len(frames) == n + 1
    st = g.replay(deal, actions)
    assert frames[-1]["log"] == {lang: st.log_for(1, lang) for lang in LANGS}
    mid = g.replay(deal, actions[: n // 2])
    assert frames[n // 2]["log"] == {lang: mid.log_for(1, lang) for lang in LANGS}


def test_live_frames_format_each_line_about_once(monkeypatch):
    """A table's frames for every seat after every action (`LiveTable.seat_log`)."""
    from yezi.server.config import Settings
    from yezi.server.db import PlayerRow, TableRow
    from yezi.server.tables import LiveTable

    g = load_game("madiao")
    row = TableRow("t1", "madiao", g.rules.preset, {}, 2, 7, "", False, "playing", 0.0)
    t = LiveTable(row, [PlayerRow(i, "human", None, f"P{i}", None, True) for i in range(g.num_seats)], g,
                  store=None, settings=Settings())  # type: ignore[arg-type]
    t.start_deal(0, 0, 4, g.deal_from_seed(4))
    st = t.current.state
    calls = _count_lines(monkeypatch)
    rng = random.Random(4)
    audiences = [None, *range(t.n)]
    while True:
        t.frames.invalidate()
        for pos in audiences:
            t.frame_text(pos, "en")
        if st.current_player is None:
            break
        st.apply(rng.choice(st.legal_actions()))
    n, formatted = len(st.history), calls[0]
    assert n >= 30
    assert formatted <= 2 * n * len(audiences), formatted
    assert json.loads(t.frame_text(0, "en"))["log"]["en"] == st.log_for(t.seat_of(0), "en")
