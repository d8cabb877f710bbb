"""Questions asked of every seat at once (`State.together`): Luk Fu's 五虎下山 check and Pai Gow's
hand setting. Each seat's answers are its legal actions when its turn comes, whatever the seats
before it answered (short of an answer that ends the question), and they follow from its own hand
(the leak check, `yezi.core.leakcheck`, resamples everything else and compares them)."""

from __future__ import annotations

import copy
import random

import pytest

from yezi.core.leakcheck import check_seat
from yezi.core.registry import game_class, load_game
from yezi.games.lukfu.actions import TIGERS

GAMES = ["lukfu", "paigow"]
ENDS = {"lukfu": {TIGERS}}  # answers that end the question (five tigers declared: the deal is won)


def _presets(name: str) -> list[str]:
    return list(game_class(name).option_table().presets)


@pytest.mark.parametrize("name", GAMES)
def test_each_seat_answers_now_what_it_may_answer_at_its_turn(name):
    seen = 0
    for preset in _presets(name):
        game = load_game(name, preset, {"five_tigers": "on"} if name == "lukfu" else None)
        rng = random.Random(preset)
        for d in range(60):
            st = game.new_state(game.deal_from_seed(rng.randrange(2**32)))
            while st.current_player is not None:
                ask = st.together()
                if ask:
                    seen += 1
                    seats = list(ask)
                    assert seats[0] == st.current_player and ask[seats[0]] == st.legal_actions()
                    for i, s in enumerate(seats[1:], 1):
                        other = copy.deepcopy(st)
                        for q in seats[:i]:  # the seats before answer, none ending the question
                            other.apply(rng.choice([a for a in ask[q] if a not in ENDS.get(name, ())]))
                        if other.current_player != s:  # the question ended (never with these answers)
                            raise AssertionError(f"{name} {preset}: seat {s} was not asked after {seats[:i]}")
                        assert other.legal_actions() == ask[s]
                        if d < 3:
                            check_seat(st, s, rng, samples=2)
                st.apply(rng.choice(st.legal_actions()))
    assert seen > 0, "no question was asked of every seat at once"


def test_other_games_ask_one_seat_at_a_time():
    game = load_game("tiengow")
    st = game.new_state(game.deal_from_seed(1))
    assert st.together() == {}
