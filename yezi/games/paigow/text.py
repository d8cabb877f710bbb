"""The 牌九 table as text, for `yezi play paigow` and `yezi replay`."""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.i18n import NP_, Words, punct

L = Words("paigow-text", {
    "you": NP_("paigow-text:you", "you"),
    "stake": NP_("paigow-text:stake", "stake"),
    "dice": NP_("paigow-text:dice", "Dice"),
    "first": NP_("paigow-text:first", "first stack to"),
    "hand": NP_("paigow-text:hand", "Hand"),
    "set": NP_("paigow-text:set", "set"),
    "waiting": NP_("paigow-text:waiting", "not set"),
    "front": NP_("paigow-text:front", "front"),
    "back": NP_("paigow-text:back", "back"),
    "win": NP_("paigow-text:win", "wins"),
    "lose": NP_("paigow-text:lose", "loses"),
    "pays": NP_("paigow-text:pays", "pays"),
    "no_dice": NP_("paigow-text:no_dice", "dice not thrown yet (stakes first)"),
    "to_act": NP_("paigow-text:to_act", "To act"),
    "hand1": NP_("paigow-text:hand1", "hand"),
    # the settlement: how a player's hands against the banker's make his payment, and how ties are decided
    "rule_big": NP_("paigow-text:rule_big", "Each player's front and back hands meet the banker's: win both and "
                    "the banker pays the stake, lose both and the player pays it, one each is a push (0)."),
    "rule_small": NP_("paigow-text:rule_small", "Each player's hand meets the banker's: a win is paid the stake, "
                      "a loss pays it."),
    "higher_tile": NP_("paigow-text:higher_tile", "equal points, so the higher single tile wins: {who}'s {tile}"),
    "copy": NP_("paigow-text:copy", "the same hand: the banker wins ties"),
    "zero": NP_("paigow-text:zero", "0-0 ties go to the banker"),
})


def tiles_text(kinds, lang: str) -> str:
    return " ".join(f"{tg.name(k, lang)}[{tg.KINDS[k].dice}]" for k in kinds)


def render(game: Any, view: dict[str, Any], lang: str = "zh-hant") -> str:
    t = L.get(lang, L["en"])
    colon = punct(lang, "colon")
    seat = view["seat"]
    n = view["seats"]
    lines = [f"== {game.titles.get(lang, game.titles['en'])} · {game.option_table().preset_title(view.get('preset', ''), lang)} =="]
    if view["dice"] is None:
        lines.append(t["no_dice"])
    else:
        lines.append(f"{t['dice']} {' '.join(str(d) for d in view['dice'])} = {sum(view['dice'])} → "
                     f"{t['first']} {game.seat_name(view['first'], lang)}")
    res = view.get("result")
    for s in range(n):
        mark = (f"({t['you']})" if lang == "en" else f"（{t['you']}）") if s == seat else ""
        stake = view["stakes"][s]
        head = f"{game.seat_name(s, lang)}{mark}" + (f" {t['stake']} {stake}" if stake is not None else "")
        if res is not None:
            front, back = view["fronts"][s], view["backs"][s]
            names = res["names"][s].get(lang, res["names"][s]["en"])
            parts = [f"{tiles_text(front, lang)} {names[0]}"]
            if back is not None:
                parts.append(f"{tiles_text(back, lang)} {names[1]}")
            label = (t["front"] + " ", t["back"] + " ") if back is not None else ("", "")
            body = " | ".join(f"{label[i]}{p}" for i, p in enumerate(parts))
            if s != 0:
                marks = "".join("○" if w else "×" for w in res["outcomes"][s])
                body += f"  {marks}"
            body += f"  {t['pays']} {res['payments'][s]:+}"
            lines.append(f"{head}{colon}{body}")
        elif s == seat and view["hand"] is not None:
            mine = f"{t['hand']} {tiles_text(view['hand'], lang)}"
            if view["fronts"][s] is not None and view["backs"][s] is not None:
                split = f"{t['front']} {tiles_text(view['fronts'][s], lang)} | {t['back']} {tiles_text(view['backs'][s], lang)}"
                mine += f"  ({split})" if lang == "en" else f"（{split}）"
            lines.append(f"{head}{colon}{mine}")
        else:
            lines.append(f"{head}{colon}{t['set'] if view['set_done'][s] else t['waiting']}")
    if view["to_act"] is not None:
        lines.append(f"{t['to_act']}{colon}{game.seat_name(view['to_act'], lang)}")
        if view["to_act"] == seat and view["phase"] == "set" and view["hand"] is not None and game.big:
            for i, (front, back) in enumerate(game.splits(view["hand"])):
                lines.append(f"  {i + 1}) {t['front']} {tiles_text(front, lang)} {game.hand_name(front, lang)} | "
                             f"{t['back']} {tiles_text(back, lang)} {game.hand_name(back, lang)}")
    return "\n".join(lines)


def settlement_lines(game: Any, view: dict[str, Any], lang: str = "zh-hant") -> list[str]:
    """Each player against the banker, hand by hand: why each payment is what it is."""
    res = view.get("result")
    if res is None:
        return []
    t = L.get(lang, L["en"])
    big = len(res["outcomes"][1]) == 2 if view["seats"] > 1 else True
    out = [t["rule_big"] if big else t["rule_small"]]
    banker_names = res["names"][0].get(lang, res["names"][0]["en"])
    for s in range(1, view["seats"]):
        names = res["names"][s].get(lang, res["names"][s]["en"])
        cmp = []
        for i, w in enumerate(res["outcomes"][s]):
            label = (t["front"], t["back"])[i] if len(res["outcomes"][s]) == 2 else t["hand1"]
            mine, banker = _hands(view, s, i), _hands(view, 0, i)
            line = f"{label} {names[i]} {'>' if w else '≤'} {banker_names[i]}"
            if mine is not None and banker is not None and names[i] == banker_names[i]:
                who = game.seat_name(s if w else 0, lang)
                line += punct(lang, "open") + _tie(game, mine, banker, w, who, t, lang) + punct(lang, "close")
            cmp.append(line)
        out.append(f"{game.seat_name(s, lang)}{punct(lang, 'colon')}" + punct(lang, "semicolon").join(cmp) + f" → {res['payments'][s]:+}")
    return out


def _hands(view: dict[str, Any], seat: int, i: int) -> list[int] | None:
    """The seat's front (i = 0) or back (i = 1) hand, shown once the deal is over."""
    hands = view["fronts"] if i == 0 else view["backs"]
    return hands[seat] if hands and hands[seat] is not None else None


def _tie(game: Any, mine: list[int], banker: list[int], won: bool, who: str, t: dict[str, str], lang: str) -> str:
    """Why two hands of the same name went the way they did: the higher single tile, or a tie the banker takes."""
    from yezi.games.paigow.hands import single_order

    hr = game.hand_rules
    if game.key(mine) == game.key(banker):
        return t["zero"] if hr.zero_to_banker and not hr.tie_break else t["copy"]
    order = single_order(hr.supreme_lowest)
    best = min(mine if won else banker, key=lambda k: order[k])
    return t["higher_tile"].format(who=who, tile=f"{tg.name(best, lang)}[{tg.KINDS[best].dice}]")
