"""Which rule branches of the reference engines a run reached.

A differential run (`yezi.native.base.differential`) proves that the native engine agrees with
the Python one on the deals it played, and says nothing of a rule no deal reached: random play
never reached the two rules broken on purpose in issue 25's round (Luk Fu's strict must-beat
deduction, 十五胡's 21 胡), so both breaks passed every test. The Python engines name their rule
branches with `hit`; a test opens `counting()` around a run and states which branches it
reached (tests/native: every listed branch, by random play or by hand-built deals), so a rule
that no test reaches is a failing test, not a silent gap.

Off (no `counting` block open), `hit` is one global read: the engines call it freely.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

_counts: Counter[str] | None = None


def hit(name: str) -> None:
    """The rule branch `name` ran (recorded only inside a `counting` block)."""
    if _counts is not None:
        _counts[name] += 1


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """Count the branches hit inside the block; an enclosing block counts them too."""
    global _counts
    outer, mine = _counts, Counter[str]()
    _counts = mine
    try:
        yield mine
    finally:
        _counts = outer
        if outer is not None:
            outer.update(mine)
