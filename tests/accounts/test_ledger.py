"""The ledger on random evenings (hypothesis): the balance is the sum of the matches since the last
settling, it sums to zero, the transfers settle every debt exactly, and they are the fewest (no more
than the parties − 1, and as few as an independent brute force over the ways to split the parties
finds); a settling note starts the balance again and leaves the all-time points as they were."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from yezi.server.accounts.ledger import MatchResult, Note, Seat, build

MEMBERS = [f"u{i}" for i in range(7)]
amounts = st.integers(-40, 40).map(lambda x: Fraction(x, 2))  # halves: exact, never 3.4999


@st.composite
def match(draw, at: float) -> MatchResult:
    n = draw(st.integers(2, 4))
    users = draw(st.lists(st.sampled_from(MEMBERS), min_size=1, max_size=n, unique=True))
    seats = [Seat(f"P{u}", "human", None, u) for u in users]
    seats += [Seat(f"random bot {i + 1}", "bot", "random") for i in range(len(seats), n)]
    totals = [draw(amounts) for _ in range(n - 1)]
    totals.append(-sum(totals, Fraction(0)))  # a match's totals sum to zero
    return MatchResult(f"t{at}", "paigow", at, tuple(seats), tuple(totals))


@st.composite
def evening(draw) -> tuple[list[MatchResult], list[Note]]:
    k = draw(st.integers(1, 6))
    results = [draw(match(float(i))) for i in range(k)]
    notes = [Note(float(i) + 0.5, "note", "u0", draw(st.booleans())) for i in draw(
        st.lists(st.integers(0, k - 1), max_size=2, unique=True))]
    return results, notes


def _fewest(values: list[Fraction]) -> int:
    """Brute force: n − (the most groups summing to zero the non-zero values split into)."""
    vals = [v for v in values if v]

    @cache
    def most(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        best = 0
        sub = mask
        while sub:
            if sub & low and sum((vals[i] for i in range(len(vals)) if sub >> i & 1), Fraction(0)) == 0:
                best = max(best, 1 + most(mask ^ sub))  # the rest sums to zero too
            sub = (sub - 1) & mask
        return best

    return len(vals) - most((1 << len(vals)) - 1) if vals else 0


@settings(max_examples=60, deadline=None)
@given(evening())
def test_the_ledger_settles_every_debt_in_the_fewest_transfers(ev):
    results, notes = ev
    led = build(results, notes)
    last = max((n.at for n in notes if n.settled), default=None)
    want: dict[str, Fraction] = {}
    for r in results:
        if last is None or r.at > last:
            for i, (s, x) in enumerate(zip(r.seats, r.totals, strict=True)):
                k = "user:" + s.user if s.user else f"bot:random:{i + 1}"
                want[k] = want.get(k, Fraction(0)) + x
    assert led.balance == want
    assert sum(led.balance.values(), Fraction(0)) == 0
    net = dict.fromkeys(led.balance, Fraction(0))
    for payer, payee, x in led.transfers:
        assert x > 0 and payer != payee
        net[payer] -= x
        net[payee] += x
    assert net == led.balance  # each debt settled, to the half point
    live = [v for v in led.balance.values() if v]
    assert len(led.transfers) <= max(0, len(live) - 1)
    members_only = all(k.startswith("user:") for k, v in led.balance.items() if v)
    if members_only:
        assert len(led.transfers) <= max(0, len({k for k, v in led.balance.items() if v}) - 1)
    if len(live) <= 8:
        assert len(led.transfers) == _fewest(live)
    all_time: dict[str, Fraction] = {}
    for r in results:
        for i, (s, x) in enumerate(zip(r.seats, r.totals, strict=True)):
            k = "user:" + s.user if s.user else f"bot:random:{i + 1}"
            all_time[k] = all_time.get(k, Fraction(0)) + x
    assert led.all_time == all_time  # a settling changes what is owed, not what was won
    assert [h["at"] for h in led.history] == sorted(h["at"] for h in led.history)
    assert led.settled_at == last


def test_a_settling_note_squares_the_evening_and_later_matches_count_again():
    seat = [Seat("Ann", "human", None, "a"), Seat("Bob", "human", None, "b")]
    first = MatchResult("t1", "paigow", 1.0, tuple(seat), (Fraction(5), Fraction(-5)))
    second = MatchResult("t2", "paigow", 3.0, tuple(seat), (Fraction(-3, 2), Fraction(3, 2)))
    led = build([first, second], [Note(2.0, "settled 2026-12-06", "a", True)])
    assert led.balance == {"user:a": Fraction(-3, 2), "user:b": Fraction(3, 2)}
    assert led.transfers == [("user:a", "user:b", Fraction(3, 2))]
    assert [h["kind"] for h in led.history] == ["match", "note", "match"]
    assert led.history[2]["running"] == {"user:a": "-3/2", "user:b": "3/2"}
    led = build([first, second], [Note(2.0, "Sunday at grandma's", "a", False)])  # a note that settles nothing
    assert led.balance == {"user:a": Fraction(7, 2), "user:b": Fraction(-7, 2)}
