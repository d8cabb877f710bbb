"""The Luk Fu bid advisor gives sensible numbers for obvious hands."""

from __future__ import annotations

from yezi.cli.advise import main
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.advisor import advise, format_advice, parse_hand, seat_of

from .conftest import load_or_skip

STRONG = "9T 9M 9S 9C 8T 8M 8S 7T 7M 7S 5C 4C"  # three 各 and a 各九: wins on the spot
WEAK = "六拾 四拾 二拾 八貫 六貫 五貫 三貫 一貫 一索 七綫 六綫 三綫"


def test_strong_hand_should_bid():
    game = load_or_skip("lukfu")
    adv = advise(game, STRONG, "頭家", samples=40, seed=1)
    assert adv.recommended == A.BID
    assert adv.bid.win > 0.9 and adv.bid.mean > 0
    assert adv.diff > adv.diff_half > 0
    text = format_advice(game, adv, "en")
    assert "bid" in text and "advice" in text


def test_weak_hand_should_pass():
    game = load_or_skip("lukfu")
    adv = advise(game, WEAK, "二家", samples=40, seed=2)
    assert adv.recommended == A.PASS
    assert adv.bid.mean < adv.pass_.mean
    assert 0 < adv.reach_rate <= 1


def test_third_seat_pass_is_a_void_deal():
    # When 三家 passes, everyone has passed: the deal is void and nobody pays.
    game = load_or_skip("lukfu")
    adv = advise(game, WEAK, "三家", samples=20, seed=3)
    assert adv.pass_.mean == 0 and adv.pass_.win == 0


def test_positions_and_parsing():
    game = load_or_skip("lukfu")
    assert [seat_of(game, p) for p in ("頭家", "二家", "三家")] == [0, 1, 3]
    assert len(parse_hand(STRONG)) == 12
    assert main([*STRONG.split(), "--deals", "10", "--lang", "en"]) == 0
    assert main(["9T", "--deals", "1"]) == 2


def test_json_forms_are_plain_data():
    import json

    game = load_or_skip("lukfu")
    from yezi.games.lukfu.advisor import advice_json

    data = advice_json(game, advise(game, STRONG, "頭家", samples=10, seed=4))
    json.dumps(data)
    assert data["recommended"] == A.BID and data["bid"]["p_win"] > 0.5


def test_yezi_advise_command(capsys):
    from yezi.cli.main import main

    hand = "九拾 六拾 五拾 三拾 九貫 六貫 三貫 九索 五索 三索 五綫 三綫"
    assert main(["advise", *hand.split(), "--seat", "二家", "-n", "40", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Second:") and "bid (做)" in out and "advice:" in out
    assert main(["advise", "九拾", "六拾"]) == 2
    assert "12 cards" in capsys.readouterr().err


def test_a_five_tigers_hand_that_kept_quiet_is_advised_a_legal_bid():
    """The advice comes in the bid phase, after the 五虎下山 check: a hand holding the five tigers that kept
    quiet there can only 做 or 唔做 now, and the advice must be one of those (it said 五虎下山, not legal any
    more; found as an intermittent failure of tests/web/test_api.py's hint test, whose seat plays at random)."""
    import random

    from yezi.core.registry import load_game
    from yezi.games.lukfu.advisor import FIVE_TIGERS_CARDS, _random_deal

    game = load_game("lukfu", None, {"five_tigers": "on"})
    rest = [c for c in range(40) if c not in FIVE_TIGERS_CARDS][:7]
    state = game.new_state(_random_deal(game, 0, [*FIVE_TIGERS_CARDS, *rest], random.Random(4)))
    assert state.legal_actions() == [A.TIGERS, A.NO_TIGERS]
    state.apply(A.NO_TIGERS)
    while not (state.phase == "bid" and state.to_act == 0):
        state.apply(A.PASS if A.PASS in state.legal_actions() else state.legal_actions()[0])
    advice = game.advice(state.view(0), "en", seed=1, samples=20)
    assert advice["recommended"] in state.legal_actions() == [A.PASS, A.BID], advice["summary"]
    assert not advice["five_tigers"]
