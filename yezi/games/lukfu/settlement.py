"""Luk Fu settlement: points for a 糊 count, the dummy's share, 包賠.

Kept apart from the play rules so that every scoring variant is one small function and the
worked examples of the sources test it directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from yezi.components.lukfu_deck import RED_CARDS, cards_of, name, number
from yezi.core import branches
from yezi.i18n import NP_, _c


def points(hu: int, scoring: str, double_12: bool = False, reds: int = 0) -> int:
    """What each loser pays for `hu` 糊 under a scoring table."""
    top = hu >= 12
    branches.hit(f"lukfu.points.{scoring}" + ("-12" if top else ""))
    if scoring == "hakka":  # S0 SW and S1: 2^(n-6), 12 doubles again
        return 128 if top else 2 ** (hu - 6)
    if scoring == "five_base":  # S0 SW: 以 5 糊起糊
        p = 2 ** (hu - 5)
        if top and double_12:
            branches.hit("lukfu.points.five_base-12-doubled")
            return p * 2
        return p
    if scoring == "huizhou":  # S0 Huizhou comment
        return {6: 1, 7: 1, 8: 2, 9: 2, 10: 3, 11: 3}.get(hu, 4)
    if scoring == "linear":  # DS hakscore
        score = (hu - 5) + reds
        if top and reds == 8:
            branches.hit("lukfu.points.linear-12-all-red")
            return score * 2
        return score
    raise ValueError(f"unknown scoring {scoring!r}")


#: the dummy's 糊 before his matches: seed 000, 夢家的糊數，以 5 糊為底，每隻…同數字的食糊用牌，均額外加 1 糊
DUMMY_BASE = 5

#: the settlement's lines: key -> English msgid, worded in each language by the catalogs under the
#: context ``lukfu-settle:KEY``; seats, cards and numbers fill the placeholders.
TEMPLATES: dict[str, str] = {
    "declare": NP_("lukfu-settle:declare", "{w} declares {hu} points 糊: each loser owes {pts}"),
    "dummy_match": NP_("lukfu-settle:dummy_match", "{d} holds {card}; matching: {cards} → 5 + {n} = {dhu} points 糊: "
                                                   "each loser owes {pts}"),
    "dummy_none": NP_("lukfu-settle:dummy_none", "{d} holds {card}: no match, the dummy is not paid"),
    "pay": NP_("lukfu-settle:pay", "{a} pays {b} {amount} ({why})"),
    "tigers": NP_("lukfu-settle:tigers", "{w} wins by Five Tigers 五虎下山 ({value}): each loser pays {pts}; the dummy is "
                                         "not paid"),
}
#: why a payment is made (a ``pay`` line's ``{why}``), under the context ``lukfu-settle-why:KEY``
WHY: dict[str, str] = {
    "winner": NP_("lukfu-settle-why:winner", "winner's share"),
    "dummy": NP_("lukfu-settle-why:dummy", "dummy's share"),
    "baopei": NP_("lukfu-settle-why:baopei", "paying for the others 包賠: his share and the other loser's"),
    "baopei_dummy": NP_("lukfu-settle-why:baopei_dummy", "paying for the others 包賠, to the dummy"),
    "double": NP_("lukfu-settle-why:double", "the bidder lost: double"),
    "tigers": NP_("lukfu-settle-why:tigers", "Five Tigers 五虎下山"),
}
SEATS: dict[int, dict[str, tuple[str, ...]]] = {
    4: {"en": ("Dealer", "Second", "Dummy", "Third"), "zh-hant": ("頭家", "二家", "夢家", "三家"),
        "zh-hans": ("头家", "二家", "梦家", "三家")},
    3: {"en": ("Dealer", "Second", "Third"), "zh-hant": ("頭家", "二家", "三家"), "zh-hans": ("头家", "二家", "三家")},
}


@dataclass
class Settlement:
    """Payments and the items that explain them, renderable in each UI language."""

    payments: list[int]
    winner_hu: int = 0
    dummy_hu: int = 0
    matches: list[int] = field(default_factory=list)
    items: list[tuple[str, dict]] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        return self.texts("en")

    def texts(self, lang: str) -> list[str]:
        seats = SEATS[len(self.payments)][lang]
        out = []
        for key, p in self.items:
            q = dict(p)
            for k in ("w", "d", "a", "b"):
                if k in q:
                    q[k] = seats[q[k]]
            for k in ("card",):
                if k in q:
                    q[k] = name(q[k], lang)
            if "cards" in q:
                q["cards"] = " ".join(name(c, lang) for c in q["cards"])
            if "why" in q:
                q["why"] = _c(lang, "lukfu-settle-why:" + q["why"], WHY[q["why"]])
            out.append(_c(lang, "lukfu-settle:" + key, TEMPLATES[key], **q))
        return out


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
    items: list[tuple[str, dict]] = [("declare", {"w": winner, "hu": hu, "pts": w_pts})]
    matches: list[int] = []
    d_hu = 0
    d_pts = 0
    if dummy_seat is not None and dummy_card is not None:
        matches = [c for c in cards_of(match_cards) if number(c) == number(dummy_card)]
        branches.hit("lukfu.dummy-match" if matches else "lukfu.dummy-no-match")
        if matches:
            d_hu = DUMMY_BASE + len(matches)
            d_reds = sum(1 for c in matches if c in RED_CARDS)
            d_pts = points(d_hu, rules["scoring"], rules["five_base_double_12"], d_reds)
            items.append(("dummy_match", {"d": dummy_seat, "card": dummy_card, "cards": matches, "n": len(matches),
                                          "dhu": d_hu, "pts": d_pts}))
        else:
            items.append(("dummy_none", {"d": dummy_seat, "card": dummy_card}))
    losers = [s for s in active if s != winner]

    def transfer(frm: int, to: int, amount: int, why: str) -> None:
        if amount:
            pay[frm] -= amount
            pay[to] += amount
            items.append(("pay", {"a": frm, "b": to, "amount": amount, "why": why}))

    if privileged is not None and privileged in losers:
        branches.hit(f"lukfu.baopei.{rules['baopei']}")
        if rules["baopei"] == "cover_all":
            transfer(privileged, winner, w_pts * len(losers), "baopei")
            if d_pts and dummy_seat is not None:  # d_pts: a dummy matched
                transfer(privileged, dummy_seat, d_pts * len(losers), "baopei_dummy")
        else:
            transfer(privileged, winner, 2 * w_pts, "double")
            for s in losers:
                if d_pts and dummy_seat is not None:
                    transfer(s, dummy_seat, d_pts, "dummy")
    else:
        for s in losers:
            transfer(s, winner, w_pts, "winner")
            if d_pts and dummy_seat is not None:
                transfer(s, dummy_seat, d_pts, "dummy")
    return Settlement(pay, hu, d_hu, matches, items)


def privileged_seat(bidder: int | None) -> int | None:
    """The privileged player (特權玩家) of a deal: whoever bid 做, unless it is 頭家 (seat 0)."""
    return bidder if bidder not in (None, 0) else None


def settle_declare(
    *,
    num_seats: int,
    active: list[int],
    winner: int,
    bidder: int | None,
    used_cards: int,
    hand_cards: int,
    dummy_seat: int | None,
    dummy_card: int | None,
    rules,
    hu: int | None = None,
) -> Settlement:
    """A win by declaring, from the facts the table sees when he shows his cards: who bid, the
    winner's 食糊用牌 (his won tricks and the 老歲 he held, a bit set), his hand when declaring (for
    ``dummy_match = winner_hand``) and the dummy's card. Each 食糊用牌 card is one 糊. The engine
    and `yezi settle lukfu` both settle through here."""
    match = used_cards if rules["dummy_match"] == "winning_cards" else hand_cards
    return settle_win(
        num_seats=num_seats, active=active, winner=winner, hu=bin(used_cards).count("1") if hu is None else hu,
        used_cards=used_cards, match_cards=match, dummy_seat=dummy_seat, dummy_card=dummy_card,
        privileged=privileged_seat(bidder), rules=rules, seat_names=[],
    )


def tigers_points(rules) -> int:
    """What each loser pays for 五虎下山.

    ``8`` is 8 糊 (S0 SW, S1), scored by the scoring table like any 8-糊 win (the linear table has
    no red-card count for it and takes the value as points, as DS scores a flat value). ``6`` is DS
    hakscore's flat 6 points per loser, whatever the table: read as 6 糊 it would pay 1 under the
    default 2^(n-6) table, which no source describes.
    """
    value = rules["five_tigers_value"]
    branches.hit("lukfu.five-tigers")
    if value == 6 or rules["scoring"] == "linear":
        branches.hit("lukfu.five-tigers-flat")
        return value
    return points(value, rules["scoring"], rules["five_base_double_12"])


def settle_tigers(*, num_seats: int, active: list[int], winner: int, rules, seat_names: list[str]) -> Settlement:
    """五虎下山: the winner is paid by each other active player; the dummy gets nothing."""
    value = rules["five_tigers_value"]
    pts = tigers_points(rules)
    pay = [0] * num_seats
    items: list[tuple[str, dict]] = [("tigers", {"w": winner, "value": value, "pts": pts})]
    for s in active:
        if s != winner:
            pay[s] -= pts
            pay[winner] += pts
            items.append(("pay", {"a": s, "b": winner, "amount": pts, "why": "tigers"}))
    return Settlement(pay, value, 0, [], items)
