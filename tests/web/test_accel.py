"""The server's native 老歲 source (yezi.server.accel) changes no view: every seat's view after
every action is the same with it as with the Python engine alone."""

from __future__ import annotations

import random

import pytest

from yezi.core.registry import load_game
from yezi.native import available
from yezi.server import accel

pytestmark = pytest.mark.skipif(not available(), reason="no compiled native library")


@pytest.mark.parametrize(("preset", "over"), [("hakka-hk", {}), ("hakka-hk-3p", {}), ("huizhou", {"laosui": "deduce"}),
                                           ("hakka-hk", {"must_beat": "strict"})])
def test_views_equal_with_and_without_the_native_deduction(preset, over):
    game = load_game("lukfu", preset, over)
    rng = random.Random(11)
    compared = 0
    for i in range(40):
        fast = game.start(seed=900 + i)
        accel.attach(game, fast)
        assert fast.laosui_oracle is not None
        slow = game.start(seed=900 + i)
        while True:
            for seat in [None, *range(game.num_seats)]:
                assert fast.view(seat) == slow.view(seat), (i, len(slow.history), seat)
                compared += 1
            if slow.current_player is None:
                break
            a = rng.choice(slow.legal_actions())
            assert fast.legal_actions() == slow.legal_actions()
            fast.apply(a)
            slow.apply(a)
        assert fast.payments() == slow.payments()
    assert compared > 2_000


def test_only_deduced_laosui_gets_it():
    for over, wanted in (({"laosui": "deduce"}, True), ({"laosui": "visible"}, False), ({"laosui": "cascade"}, False)):
        game = load_game("lukfu", "hakka-hk", over)
        st = game.start(seed=1)
        accel.attach(game, st)
        assert (st.laosui_oracle is not None) == wanted
    st = load_game("fishing", None, {}).start(seed=1)
    accel.attach(load_game("fishing", None, {}), st)
    assert not hasattr(st, "laosui_oracle")
