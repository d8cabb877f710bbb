"""Hints compare each alternative with the suggestion on the same deals (issue 12: a runner-up
dropped early, with a higher mean over four other deals, was shown as if it were better)."""

from __future__ import annotations

import math
import random

from tests.bots.test_search import _play_point
from yezi.bots.search import ActionEstimate, Analysis, SearchBot, format_hint, hint_json, paired
from yezi.core.registry import load_game


def test_paired_difference_uses_shared_worlds_only():
    a = {1: 10.0, 2: 0.0, 3: 5.0, 9: 1000.0}
    b = {1: 12.0, 2: 1.0, 3: 8.0, 7: -1000.0}
    m, hw, n = paired(a, b)
    assert n == 3 and math.isclose(m, -2.0)
    assert math.isclose(hw, 4.302652729749 * math.sqrt(1.0 / 3))  # Student t, 2 degrees of freedom
    assert paired({1: 1.0}, {2: 1.0}) == (None, math.inf, 0)


def _issue_example(game, choice, alt):
    # the issue's numbers: the suggestion +433.33 ± 911.86 over 32 deals; the alternative +825 ± 676
    # over 4 other... deals where, paired with the suggestion, it did worse
    return Analysis(seat=0, choice=choice, prior=choice, estimates=[
        ActionEstimate(choice, 433.33, 911.86, 32),
        ActionEstimate(alt, 825.0, 676.01, 4, diff=-150.0, diff_half_width=90.0, diff_n=4),
    ], worlds=32, rollouts=36, seconds=0.5)


def test_a_runner_up_with_a_higher_plain_mean_reads_as_worse_when_it_is():
    game = load_game("lukfu")
    state = _play_point(game)
    choice, alt = state.legal_actions()[:2]
    an = _issue_example(game, choice, alt)
    text = {lang: format_hint(game, an, lang) for lang in ("en", "zh-hant", "zh-hans")}
    assert "worse by 150.00 ± 90.00, 4 deals" in text["en"] and "825" not in text["en"]
    assert "better than the next choice" in text["en"]
    assert "差 150.00 ± 90.00" in text["zh-hant"] and "差 150.00 ± 90.00" in text["zh-hans"]
    data = hint_json(game, an, "en")
    assert data["alternatives"][1]["diff"] == -150.0 and data["alternatives"][1]["diff_n"] == 4


def test_search_estimates_carry_paired_differences_from_the_choice():
    game = load_game("lukfu")
    state = _play_point(game)
    seat = state.current_player
    bot = SearchBot("normal", iterations=24, time_limit=None)
    an = bot.analyse(game, state.view(seat), state.legal_actions(), random.Random(4))
    assert an.estimates[0].action == an.choice and an.estimates[0].diff is None
    others = an.estimates[1:]
    assert others and all(e.diff_n <= e.n for e in others)
    diffs = [e.diff for e in others if e.diff is not None]
    assert diffs == sorted(diffs, reverse=True)  # the closest rival first
    # no alternative is ever described as better unless it did better on the same deals
    text = format_hint(game, an, "en")
    for e in others:
        if e.diff is not None and e.diff <= 0:
            assert f"{game.format_action(e.action, 'en')}: better" not in text
