"""The session layer: seat draw, banker rotation, stakes and the 官堆 carried between hands."""

import random
from fractions import Fraction

import pytest

from yezi.bots import RandomBot, make_bot
from yezi.core.playout import play_match
from yezi.games.madiao.bots import HeuristicBot
from yezi.games.madiao.game import MaDiao
from yezi.games.madiao.session import Session, play_session, simulate


@pytest.mark.parametrize("preset", ["feng-1620", "feng-strict", "qing"])
def test_session_money_is_conserved(preset):
    g = MaDiao.from_preset(preset)
    bots = [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()]
    for seed in range(5):
        res = play_session(g, bots, seed)
        assert sum(Fraction(t) for t in res.totals) + Fraction(res.pool_left) == 0
        pool = 0
        for h in res.hands:
            assert h.pool_before == pool  # the pool is carried from hand to hand
            assert sum(Fraction(p) for p in h.payments) + Fraction(h.pool_after) - h.pool_before == 0
            pool = h.pool_after
        assert sorted(res.table) == [0, 1, 2, 3]


def test_pool_carry_option():
    g = MaDiao.from_preset(pool_leftover="carry")
    res = play_session(g, [RandomBot()] * 4, 3)
    assert sum(Fraction(t) for t in res.totals) + Fraction(res.pool_left) == 0


def test_bank_rotation_rules():
    g = MaDiao.from_preset(session_end="hands", session_length=8)
    sess = Session(g, 7)
    rng = random.Random(7)
    from yezi.core.playout import play_deal

    for _ in range(32):
        before = sess.banker_pos
        state = play_deal(g, [RandomBot()] * 4, sess.next_deal(), rng)
        kind, seat = state.next_banker()
        sess.finish_hand(state)
        if kind == "keep":
            assert sess.banker_pos == before  # 大活留樁
        elif kind == "rotate":
            assert sess.banker_pos == (before + 1) % 4  # 四人輪樁
        elif kind == "seize":
            assert sess.banker_pos == (before + seat) % 4  # 異賞奪樁
    assert sess.over()


def test_session_ends():
    for end in ("rotations", "hands", "chip-target"):
        g = MaDiao.from_preset(session_end=end, session_length=1)
        res = play_session(g, [RandomBot()] * 4, 1)
        assert res.hands
        if end == "hands":
            assert len(res.hands) == 4


def test_generic_match_and_simulate():
    g = MaDiao.from_preset()
    m = play_match(g, [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], 20, seed=2)
    assert len(m.dealers) == 20
    out = simulate(g, [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()], sessions=20, seed=1)
    assert out["hands"] > 0 and len(out["per_player"]) == 4


def test_bots_registry_and_strength():
    assert isinstance(make_bot("madiao", "heuristic"), HeuristicBot)
    g = MaDiao.from_preset()
    out = simulate(g, [HeuristicBot(), RandomBot(), HeuristicBot(), RandomBot()], sessions=60, seed=5)
    (h1, _), (r1, _), (h2, _), (r2, _) = out["per_player"]
    assert h1 + h2 > r1 + r2  # the heuristic beats random play


def test_bots_see_only_the_view():
    """A bot given the view of a sampled world the seat cannot tell apart chooses the same."""
    g = MaDiao.from_preset()
    rng = random.Random(4)
    for seed in range(20):
        s = g.start(seed=seed)
        while s.current_player is not None:
            seat = s.current_player
            view = s.view(seat)
            other = s.sample_state(seat, rng)
            a = HeuristicBot().choose(g, view, s.legal_actions(), random.Random(0))
            b = HeuristicBot().choose(g, other.view(seat), other.legal_actions(), random.Random(0))
            assert a == b
            s.apply(a)
