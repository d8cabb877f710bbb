"""Luk Fu `match_rounds` sets the length of a match wherever a match is played to the game's own
length: every front end plays `yezi.core.match.Match`, whose length `Game.match_length` reads."""

from __future__ import annotations

from yezi.bots import make_bot
from yezi.core.match import MatchLength
from yezi.core.playout import play_match
from yezi.core.registry import load_game


def _leads(game, result) -> int:
    return sum(1 for s in result.deals if game.dealer_shift(s))


def test_match_rounds_sets_the_length_of_play_match():
    bots = [make_bot("lukfu", "random")] * 4
    lengths = {}
    for rounds in (1, 4):
        game = load_game("lukfu", "hakka-hk", {"match_rounds": str(rounds)})
        assert game.match_length() == MatchLength("rounds", rounds, of="lead")
        m = play_match(game, bots, None, seed=3, keep_states=True)
        assert _leads(game, m) == 4 * rounds  # every player leads `rounds` times
        assert game.dealer_shift(m.deals[-1])  # the match ends on the deal that completes a round
        lengths[rounds] = len(m.deals)
    assert lengths[4] > lengths[1]
    # the guangdong preset (S1 共打四圈) plays four rounds
    assert load_game("lukfu", "guangdong").match_length() == MatchLength("rounds", 4, of="lead")


def test_games_without_rounds_play_one_round():
    assert load_game("dingniu").match_length() == MatchLength("rounds", 1)
