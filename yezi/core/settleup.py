"""Settling up after a match: who pays whom, in the fewest transfers.

A family that played an evening's match settles the totals in cash. Any set of transfers that
reproduces the totals will do, but the fewest is kindest: with n players it is n − g, where g is
the largest number of groups the players split into whose totals each sum to zero (two players
who are +5 and −5 settle between themselves). Finding g is a search over subsets, exact for the
handful of players at a table (2**n subsets; n is at most a few). Within each group the largest
debtor pays the largest creditor until the group is square: k players, k − 1 transfers, and
nobody both pays and receives.

Amounts are exact (ints and Fractions): a transfer of 7/2 is 3½, never 3.4999.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from yezi.i18n import NP_, Words, punct

#: more players than this and the exact search is not worth it (no table of yezi seats so many)
MAX_EXACT = 16


@dataclass(frozen=True)
class Transfer:
    payer: int
    payee: int
    amount: int | Fraction


def _exact(x: Any) -> int | Fraction:
    f = Fraction(x)
    return int(f) if f.denominator == 1 else f


def settle_up(totals: Sequence[Any]) -> list[Transfer]:
    """The fewest transfers that leave every player at his total (which must sum to zero): payer
    → payee, largest amounts first within each group of players who settle among themselves."""
    t = [Fraction(x) for x in totals]
    if sum(t) != 0:
        raise ValueError(f"totals must sum to zero to be settled: {list(totals)} sum to {sum(t)}")
    live = [i for i, x in enumerate(t) if x]
    if len(live) > MAX_EXACT:
        groups = [live]
    else:
        groups = _zero_groups(tuple(t[i] for i in live))
        groups = [[live[j] for j in g] for g in groups]
    out: list[Transfer] = []
    for g in groups:
        out.extend(_settle_group({i: t[i] for i in g}))
    return out


def _zero_groups(values: tuple[Fraction, ...]) -> list[list[int]]:
    """The players (indices into `values`, none zero, summing to zero) split into the most groups
    that each sum to zero."""
    n = len(values)
    full = (1 << n) - 1
    sums = [Fraction(0)] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + values[low]

    @cache
    def best(mask: int) -> tuple[int, int]:
        """(most zero-sum groups `mask` splits into, the first group of one such split); `mask` sums to zero."""
        if not mask:
            return 0, 0
        low = mask & -mask  # the group holding the lowest player: any zero-sum subset with him
        rest = mask ^ low
        top = (0, mask)
        sub = rest
        while True:
            group = sub | low
            if group != mask and sums[group] == 0:
                k = best(mask ^ group)[0] + 1
                if k > top[0]:
                    top = (k, group)
            if not sub:
                break
            sub = (sub - 1) & rest
        if top[1] == mask:
            return 1, mask
        return top

    groups = []
    mask = full
    while mask:
        g = best(mask)[1]
        groups.append([i for i in range(n) if g >> i & 1])
        mask ^= g
    return groups


def _settle_group(owed: dict[int, Fraction]) -> list[Transfer]:
    """A zero-sum group squared in len − 1 transfers: the largest debtor pays the largest creditor."""
    out = []
    bal = dict(owed)
    while any(bal.values()):
        payer = min(bal, key=lambda i: (bal[i], i))
        payee = max(bal, key=lambda i: (bal[i], -i))
        amount = min(-bal[payer], bal[payee])
        out.append(Transfer(payer, payee, _exact(amount)))
        bal[payer] += amount
        bal[payee] -= amount
    return out


WORDS = Words("settle-up", {
    "title": NP_("settle-up:title", "Settling up"),
    "pays": NP_("settle-up:pays", "{payer} pays {payee} {amount}"),
    "square": NP_("settle-up:square", "Nobody owes anybody anything."),
    "totals": NP_("settle-up:totals", "Totals"),
    "pool": NP_("settle-up:pool", "the pool"),
    "player": NP_("settle-up:player", "Player {n}"),
    "left": NP_("settle-up:left", "The pool keeps {pool} for the next session."),
    "split": NP_("settle-up:split", "What was left in the pool is split: {share} to each player."),
})


def amount_text(x: Any) -> str:
    """An exact amount as a person writes it: 12, 3½, 7⅓ (never 3.4999)."""
    f = Fraction(x)
    whole, part = divmod(abs(f.numerator), f.denominator)
    sign = "-" if f < 0 else ""
    if not part:
        return f"{sign}{whole}"
    frac = {(1, 2): "½", (1, 4): "¼", (3, 4): "¾", (1, 3): "⅓", (2, 3): "⅔"}.get((part, f.denominator),
                                                                             f"{part}/{f.denominator}")
    return f"{sign}{whole or ''}{frac}"


def signed(x: Any) -> str:
    return ("+" if Fraction(x) > 0 else "") + amount_text(x)


def settle_up_lines(names: Sequence[str], totals: Sequence[Any], lang: str,
                    left: dict[str, Any] | None = None, closing: Sequence[Any] = ()) -> list[str]:
    """The end of a match as text: each player's total, then who pays whom. `left`: what the match
    leaves unpaid (`Match.left_over`: Ma Diao's 官堆, where the rules carry it); `closing`: what the
    totals already hold of its close (`Match.closing`: the 官堆 split among the players)."""
    w = WORDS[lang]
    colon = punct(lang, "colon")
    sep = "，" if lang != "en" else ", "
    lines = [w["totals"] + colon + sep.join(f"{nm} {signed(t)}" for nm, t in zip(names, totals, strict=True))]
    parties, owed = list(names), list(totals)
    pool = (left or {}).get("pool")
    if pool:  # the chips carried in the pool are paid into it: it is one more party to the settling
        parties.append(w["pool"])
        owed.append(pool)
    transfers = settle_up(owed)
    lines.append(w["title"] + colon.rstrip())
    if not transfers:
        lines.append("  " + w["square"])
    for tr in transfers:
        lines.append("  " + w["pays"].format(payer=parties[tr.payer], payee=parties[tr.payee],
                                             amount=amount_text(tr.amount)))
    if pool:
        lines.append(w["left"].format(pool=amount_text(pool)))
    shares = {Fraction(x) for x in closing}
    if len(shares) == 1 and shares != {0}:
        lines.insert(1, w["split"].format(share=amount_text(shares.pop())))
    return lines
