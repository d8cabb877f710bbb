"""The settle-up at the end of a match: who pays whom, in the fewest transfers, exactly."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from yezi.core.settleup import amount_text, settle_up, settle_up_lines

amounts = st.one_of(st.integers(-500, 500), st.fractions(min_value=-200, max_value=200, max_denominator=4))


@st.composite
def zero_sum_totals(draw, max_players: int = 6):
    """Totals of a match (2..max_players players) that sum to zero, with ties and zero-sum pairs
    drawn often (where the fewest transfers is fewer than n − 1)."""
    n = draw(st.integers(2, max_players))
    xs = draw(st.lists(st.one_of(amounts, st.sampled_from([0, 5, -5, 3, -3])), min_size=n - 1, max_size=n - 1))
    return [*xs, -sum(Fraction(x) for x in xs)]


def _fewest(totals) -> int:
    """Brute force: n' − (most disjoint zero-sum groups of the n' non-zero players)."""
    live = [Fraction(x) for x in totals if x]

    def most(items: tuple) -> int:
        if not items:
            return 0
        first, rest = items[0], items[1:]
        best = 1
        for k in range(1, len(rest)):
            for combo in combinations(range(len(rest)), k):
                if first + sum(rest[i] for i in combo) == 0:
                    left = tuple(x for i, x in enumerate(rest) if i not in combo)
                    best = max(best, 1 + most(left))
        return best

    return len(live) - most(tuple(live))


@settings(max_examples=300, deadline=None)
@given(zero_sum_totals())
def test_transfers_reproduce_the_totals_fewest_and_one_way(totals):
    transfers = settle_up(totals)
    net = [Fraction(0)] * len(totals)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    assert net == [Fraction(x) for x in totals]  # exact: every total reproduced to the last fraction
    assert len(transfers) <= max(0, len(totals) - 1)
    payers = {t.payer for t in transfers}
    payees = {t.payee for t in transfers}
    assert not payers & payees  # nobody both pays and receives
    assert len(transfers) == _fewest(totals)


def test_pairs_settle_between_themselves():
    # +5/−5 and +3/−3: two transfers, where "everybody pays the top winner" takes three
    assert [(t.payer, t.payee, t.amount) for t in settle_up([5, -3, 3, -5])] in (
        [(3, 0, 5), (1, 2, 3)], [(1, 2, 3), (3, 0, 5)])


def test_totals_that_do_not_sum_to_zero_are_refused():
    with pytest.raises(ValueError, match="sum to zero"):
        settle_up([3, -2])


def test_exact_amounts_and_the_texts():
    assert amount_text(Fraction(7, 2)) == "3½" and amount_text(Fraction(-1, 4)) == "-¼" and amount_text(12) == "12"
    en = settle_up_lines(["Ann", "Bo", "Cy", "Di"], [10, -4, -3, -3], "en")
    assert en == ["Totals: Ann +10, Bo -4, Cy -3, Di -3", "Settling up:", "  Bo pays Ann 4", "  Cy pays Ann 3",
                  "  Di pays Ann 3"]
    hant = settle_up_lines(["甲", "乙", "丙", "丁"], [0, 0, 0, 0], "zh-hant")
    assert hant[0].startswith("總分：") and "，" in hant[0] and hant[-1] == "  大家兩清，唔使俾錢。"


def test_a_carried_pool_is_paid_into():
    lines = settle_up_lines(["P1", "P2", "P3", "P4"], [10, -4, -3, -11], "en", {"pool": 8})
    assert sum(1 for x in lines if "pays the pool" in x) >= 1  # the carried 官堆 is paid into, as a party
    assert lines[-1] == "The pool keeps 8 for the next session."


def test_a_pool_split_at_the_close_is_said():
    lines = settle_up_lines(["P1", "P2", "P3", "P4"], [12, -4, -3, -5], "en", {}, [Fraction(3, 2)] * 4)
    assert lines[1] == "What was left in the pool is split: 1½ to each player."
