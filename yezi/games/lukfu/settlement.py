"""Luk Fu settlement: points for a 糊 count, the dummy's share, 包賠.

Kept apart from the play rules so that every scoring variant is one small function and the
worked examples of the sources test it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yezi.components.lukfu_deck import RED_CARDS, cards_of, name, number


def points(hu: int, scoring: str, double_12: bool = False, reds: int = 0) -> int:
    """What each loser pays for `hu` 糊 under a scoring table."""
    if scoring == "hakka":  # S0 SW and S1: 2^(n-6), 12 doubles again
        return 128 if hu >= 12 else 2 ** (hu - 6)
    if scoring == "five_base":  # S0 SW: 以 5 糊起糊
        p = 2 ** (hu - 5)
        return p * 2 if hu >= 12 and double_12 else p
    if scoring == "huizhou":  # S0 Huizhou comment
        return {6: 1, 7: 1, 8: 2, 9: 2, 10: 3, 11: 3}.get(hu, 4)
    if scoring == "linear":  # DS hakscore
        score = (hu - 5) + reds
        return score * 2 if hu >= 12 and reds == 8 else score
    raise ValueError(f"unknown scoring {scoring!r}")


@dataclass
class Settlement:
    payments: list[int]
    winner_hu: int = 0
    dummy_hu: int = 0
    matches: list[int] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def settle_win(
    *,
    num_seats: int,
    active: list[int],
    winner: int,
    hu: int,
    used_cards: int,
    match_cards: int,
    dummy_seat: int | None,
    dummy_card: int | None,
    privileged: int | None,
    rules,
    seat_names: list[str],
) -> Settlement:
    """Payments for a win by declaring (食糊)."""
    reds = sum(1 for c in cards_of(used_cards) if c in RED_CARDS)
    w_pts = points(hu, rules["scoring"], rules["five_base_double_12"], reds)
    pay = [0] * num_seats
    lines = [f"{seat_names[winner]} declares {hu} 糊: each loser owes {w_pts}"]
    matches: list[int] = []
    d_hu = 0
    d_pts = 0
    if dummy_seat is not None and dummy_card is not None:
        matches = [c for c in cards_of(match_cards) if number(c) == number(dummy_card)]
        if matches:
            d_hu = 5 + len(matches)
            d_reds = sum(1 for c in matches if c in RED_CARDS)
            d_pts = points(d_hu, rules["scoring"], rules["five_base_double_12"], d_reds)
            lines.append(
                f"{seat_names[dummy_seat]} holds {name(dummy_card)}; matching: "
                + " ".join(name(c) for c in matches)
                + f" → 5 + {len(matches)} = {d_hu} 糊: each loser owes {d_pts}"
            )
        else:
            lines.append(f"{seat_names[dummy_seat]} holds {name(dummy_card)}: no match, the dummy is not paid")
    losers = [s for s in active if s != winner]

    def transfer(frm: int, to: int, amount: int, why: str) -> None:
        if amount:
            pay[frm] -= amount
            pay[to] += amount
            lines.append(f"{seat_names[frm]} pays {seat_names[to]} {amount} ({why})")

    if privileged is not None and privileged in losers:
        other = [s for s in losers if s != privileged]
        if rules["baopei"] == "cover_all":
            transfer(privileged, winner, w_pts * len(losers), f"包賠: his share and {seat_names[other[0]]}'s")
            if d_pts:
                transfer(privileged, dummy_seat, d_pts * len(losers), "包賠 to the dummy")
        else:
            transfer(privileged, winner, 2 * w_pts, "包輸: double")
            for s in losers:
                if d_pts:
                    transfer(s, dummy_seat, d_pts, "dummy's share")
    else:
        for s in losers:
            transfer(s, winner, w_pts, "winner's share")
            if d_pts:
                transfer(s, dummy_seat, d_pts, "dummy's share")
    return Settlement(pay, hu, d_hu, matches, lines)


def settle_tigers(*, num_seats: int, active: list[int], winner: int, rules, seat_names: list[str]) -> Settlement:
    """五虎下山: the winner is paid by each other active player; the dummy gets nothing."""
    value = rules["five_tigers_value"]
    pts = value if rules["scoring"] == "linear" else points(value, rules["scoring"], rules["five_base_double_12"])
    pay = [0] * num_seats
    lines = [f"{seat_names[winner]} wins by 五虎下山 ({value}): each loser pays {pts}; the dummy is not paid"]
    for s in active:
        if s != winner:
            pay[s] -= pts
            pay[winner] += pts
    return Settlement(pay, value, 0, [], lines)
