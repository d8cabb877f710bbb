"""Why each 老歲 card is one (sent on request by the table): from the seat's own knowledge only."""

from __future__ import annotations

import random

from yezi.core.registry import load_game
from yezi.render.lukfu import seat_explanations


def test_explanations_do_not_depend_on_hidden_cards():
    rng = random.Random(5)
    checked = 0
    for laosui in ("deduce", "visible", "cascade"):
        game = load_game("lukfu", None, {"laosui": laosui})
        for seed in range(12):
            st = game.start(seed=seed)
            while st.current_player is not None:
                legal = st.legal_actions()
                st.apply(legal[rng.randrange(len(legal))])
                if rng.random() < 0.15:
                    for seat in game.active_seats():
                        base = seat_explanations(st, seat)
                        assert set(base["laosui_why"]) == {str(c) for c in st.view(seat).get("laosui", [])}
                        for _ in range(2):
                            assert seat_explanations(st.sample_state(seat, rng), seat) == base
                        checked += 1
    assert checked > 100


def test_nothing_to_explain_to_spectators_or_the_dummy():
    game = load_game("lukfu", "hakka-hk")
    st = game.start(seed=3)
    assert seat_explanations(st, None) == {}
    if getattr(st, "dummy", None) is not None:
        assert seat_explanations(st, st.dummy) == {}
