"""Payments of a 打天九 deal (docs/tiengow.md §6), as data with their reasons.

Everything is between the last trick's winner and each other player (V-TG4…V-TG6), plus the
尊錢 of the special plays (V-TG7, V-TG8), which are paid to whoever made them. Pure functions of
the deal's public facts, so the engine, `yezi play`'s settlement text and the tests share them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from yezi.core import branches
from yezi.i18n import LANGS, NP_, _c, ngettext, punct

#: what a special play is called, for the settlement lines
SPECIAL_NAMES = {
    "wu-zun": {"zh-hant": "賀武尊", "zh-hans": "贺武尊", "en": "Supreme led (賀武尊)"},
    "wen-zun": {"zh-hant": "賀文尊", "zh-hans": "贺文尊", "en": "civil Supreme led (賀文尊)"},
    "qin": {"zh-hant": "擒尊", "zh-hans": "擒尊", "en": "Supreme captured (擒尊)"},
    "si-da-he": {"zh-hant": "四大賀", "zh-hans": "四大贺", "en": "four-tile lead unbeaten (四大賀)"},
}


@dataclass
class Settlement:
    payments: list[int]
    lines: list[dict[str, Any]] = field(default_factory=list)  # {payer, payee, amount, why}


def settle(tricks: list[int], winner: int, banker: int, rules: Mapping[str, Any],
           specials: list[dict[str, Any]] | None = None) -> Settlement:
    """Payments per seat from each seat's tricks (tiles won / 4), the last trick's winner and the
    banker, under `rules`; `specials` are the 尊錢 events ``{"kind", "seat"}``."""
    n = len(tricks)
    pay = [0] * n
    lines: list[dict[str, Any]] = []
    others = [s for s in range(n) if s != winner]
    all_shut = all(tricks[s] == 0 for s in others)
    for s in others:
        if rules["scoring"] == "tricks":
            base = 4 - tricks[s]
            why = "tricks"
            if tricks[s] == 0 and rules["shutout"] == "five":
                base, why = 5, "shutout"
            branches.hit("tiengow.settle." + ("paid-back" if base < 0 else "even" if base == 0 else why))
        else:
            base, why = 1, "flat"
            if tricks[s] == 0 and rules["shutout"] == "five":
                base, why = 2, "shutout"
            branches.hit(f"tiengow.settle.{why}")
        mult = 1
        # V-TG11: under `banker_refund=plain` a losing banker who took more than four tricks is paid back plainly
        refund = s == banker and base < 0 and rules["banker_refund"] == "plain"
        if refund:
            branches.hit("tiengow.settle.banker-refund-plain")
        if rules["banker"] == "double" and banker in (s, winner) and not refund:
            branches.hit("tiengow.settle.banker-double")
            mult *= 2
        if all_shut and rules["shutout"] == "double-all":
            branches.hit("tiengow.settle.double-all")
            mult *= 2
        amount = base * mult
        pay[s] -= amount
        pay[winner] += amount
        lines.append({"payer": s, "payee": winner, "amount": amount, "why": why, "tricks": tricks[s], "mult": mult})
    for ev in specials or []:
        z = int(rules["zun_money"])
        branches.hit("tiengow.settle.zun-money")
        for s in range(n):
            if s != ev["seat"]:
                pay[s] -= z
                pay[ev["seat"]] += z
                lines.append({"payer": s, "payee": ev["seat"], "amount": z, "why": ev["kind"]})
    return Settlement(pay, lines)


#: why a player pays (the reason after a payment's dash): key -> English msgid, worded in each language by
#: the catalogs under the context ``tiengow-settle:KEY`` (a count of tricks is a plural form: `explain`)
WHY: dict[str, str] = {
    "shutout": NP_("tiengow-settle:shutout", "no trick (shut out)"),
    "flat": NP_("tiengow-settle:flat", "one stake"),
}
PAYS = NP_("tiengow-settle:pays", "{a} pays {b} {x}")
#: the rule that decided the deal, said before the payments (issue 21: the settlement never said why that seat
#: was paid): the last trick's winner collects from everyone; then each rule that applied, in turn
RULE = {
    "tricks": NP_("tiengow-settle:rule-tricks", "{w} won the last trick (結牌), so {w} alone collects: each other "
                  "player pays 4 − the tricks he took (4 tiles won are a trick; one who took more than 4 is paid the "
                  "difference)"),
    "flat": NP_("tiengow-settle:rule-flat", "{w} won the last trick (結牌), so {w} alone collects: each other player "
                "pays one stake"),
    "five-tricks": NP_("tiengow-settle:rule-five-tricks", "a player who took no trick pays 5"),
    "five-flat": NP_("tiengow-settle:rule-five-flat", "a player who took no trick pays 2 stakes"),
    "double-all": NP_("tiengow-settle:rule-double-all", "doubled when none of the three others took a trick"),
    "banker": NP_("tiengow-settle:rule-banker", "every payment to or from the banker is doubled"),
    "banker-plain": NP_("tiengow-settle:rule-banker-plain", "every payment to or from the banker is doubled, except "
                        "what a losing banker who took more than 4 tricks is paid back"),
}


def rule_line(winner: str, rules: Mapping[str, Any], lang: str = "zh-hant") -> str:
    """The rule that decided who is paid and how much, in the reader's language."""
    lg = lang if lang in LANGS else "en"
    parts = [_c(lg, "tiengow-settle:rule-" + rules["scoring"], RULE[rules["scoring"]], w=winner)]
    if rules["shutout"] in ("five", "double-all"):
        key = "five-" + rules["scoring"] if rules["shutout"] == "five" else "double-all"
        parts.append(_c(lg, "tiengow-settle:rule-" + key, RULE[key]))
    if rules["banker"] == "double":
        key = "banker-plain" if rules["banker_refund"] == "plain" else "banker"
        parts.append(_c(lg, "tiengow-settle:rule-" + key, RULE[key]))
    return punct(lg, "semicolon").join(parts) + ("." if lg == "en" else "。")
MULT = NP_("tiengow-settle:mult", " (×{m})")  # after the reason, when the banker's or a shut-out's ×2 applied


def explain(settlement: Settlement, seat_names: list[str], lang: str = "zh-hant") -> list[str]:
    """One line per payment, with its reason, in the reader's language."""
    lg = lang if lang in LANGS else "en"
    out = []
    for ln in settlement.lines:
        amount, payer, payee = ln["amount"], ln["payer"], ln["payee"]
        if amount == 0:  # four tricks: nothing changes hands
            continue
        if amount < 0:  # the winner pays a player who took more than four tricks
            amount, payer, payee = -amount, payee, payer
        why = ln["why"]
        if why in SPECIAL_NAMES:
            reason = SPECIAL_NAMES[why][lg]
        elif why == "tricks":
            t = ln.get("tricks", 0)
            reason = ngettext(lg, "{n} trick: 4 − {n}", "{n} tricks: 4 − {n}", t)
            if ln.get("mult", 1) > 1:
                reason += _c(lg, "tiengow-settle:mult", MULT, m=ln["mult"])
        else:
            reason = _c(lg, "tiengow-settle:" + why, WHY[why], t=ln.get("tricks", 0))
            if ln.get("mult", 1) > 1:
                reason += _c(lg, "tiengow-settle:mult", MULT, m=ln["mult"])
        out.append(_c(lg, "tiengow-settle:pays", PAYS, a=seat_names[payer], b=seat_names[payee], x=amount)
                   + f" — {reason}")
    return out
