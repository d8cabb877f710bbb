"""The heuristic bot bids where the bid advisor says 做 pays, so that fewer deals end before a card is played.

A third of the deals against three heuristic bots were void (流局: nobody bid), a web match of one
click; the bot bid on a count of the cards likely to win tricks (6 for 頭家, 8 after), which the
advisor, playing each hand out after 做 and after 唔做, contradicted at one decision in four. Bidding
as the advisor says leaves nearly as many deals void (30.7% of deals 0–1999, from 32.2%; the
advisor's own choices about the same, bench/lukfu_bidding.py): what was wrong was which hands bid.
"""

from __future__ import annotations

import random

import pytest

from yezi.core.registry import load_game
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.advisor import advise


def bidding(game, seeds: range):
    """Each bid decision of the heuristic bots in the deals of `seeds`: (seed, seat, view, bot's choice),
    then the deal's outcome as (seed, None, outcome, None)."""
    bot = game.bots()["heuristic"]()
    rng = random.Random(0)
    for seed in seeds:
        state = game.new_state(game.deal_from_seed(seed))
        while state.current_player is not None and state.phase in ("tigers", "bid"):
            seat = state.current_player
            view, legal = state.view(seat), state.legal_actions()
            action = bot.choose(game, view, legal, rng)
            if state.phase == "bid" and len(legal) > 1:
                yield seed, seat, view, action
            state.apply(action)
        yield seed, None, state.outcome, None


def agreement(game, seeds: range) -> tuple[int, int]:
    """(decisions where the bot does what the advisor says, decisions where the advisor's 做 − 唔做 is
    clear: beyond twice its 95% half-width) over the bid decisions of the deals of `seeds`."""
    agree = clear = 0
    for seed, seat, view, action in bidding(game, seeds):
        if seat is None:
            continue
        adv = advise(game, view["hand"], seat, samples=150, seed=seed, tigers_open=False)
        if abs(adv.diff) > 2 * adv.diff_half:
            clear += 1
            agree += action == (A.BID if adv.diff > 0 else A.PASS)
    return agree, clear


def test_the_bot_bids_where_the_advisor_says_bidding_pays():
    """Deals 0–7 of hakka-hk: the bot does what the advisor says at 14 of its 14 clear decisions; with
    the old bidding, 7 of 12 (the advisor then rolling out the old bot)."""
    agree, clear = agreement(load_game("lukfu"), range(8))
    assert clear >= 10
    assert agree / clear >= 0.9, f"{agree} of {clear}"


@pytest.mark.slow
def test_the_bot_bids_where_the_advisor_says_bidding_pays_over_thirty_deals():
    """Deals 0–29: 40 of 44 clear decisions now; 29 of 39 with the old bidding."""
    agree, clear = agreement(load_game("lukfu"), range(30))
    assert clear >= 30
    assert agree / clear >= 0.85, f"{agree} of {clear}"
