"""The 打天九 table as text, for `yezi play tiengow` and `yezi replay` (from a seat's view only)."""

from __future__ import annotations

from typing import Any

from yezi.components import tiengow as tg
from yezi.games.tiengow.scoring import SPECIAL_NAMES, Settlement, explain, rule_line
from yezi.i18n import NP_, Words, ngettext, punct

L = Words("tiengow-text", {
    "hand": NP_("tiengow-text:hand", "Hand"),
    "won": NP_("tiengow-text:won", "won"),
    "trick": NP_("tiengow-text:trick", "This trick"),
    "lead": NP_("tiengow-text:lead", "lead"),
    "last": NP_("tiengow-text:last", "last trick (結牌)"),
    "high": NP_("tiengow-text:high", "highest"),
    "past": NP_("tiengow-text:past", "Last trick"),
    "winner": NP_("tiengow-text:winner", "winner"),
    "you": NP_("tiengow-text:you", "you"),
    "down": NP_("tiengow-text:down", "{n} down"),
    "result": NP_("tiengow-text:result", "Settlement"),
    "to_act": NP_("tiengow-text:to_act", "To act"),
    "none": NP_("tiengow-text:none", "(none)"),
    "wenzun": NP_("tiengow-text:wenzun", "文尊: only a pair of Long-leg Sevens can take it (擒)"),
})


def _lang(lang: str) -> str:
    return lang if lang in L else "en"


def _tiles(kinds: list[int], lang: str) -> str:
    sep = ", " if lang == "en" else " "
    return sep.join(f"{tg.name(k, lang)}[{tg.KINDS[k].dice}]" for k in kinds)


def _play(game: Any, p: dict[str, Any], lang: str, seat: int | None) -> str:
    t = L[lang]
    who = game.seat_name(p["seat"], lang)
    if p["tiles"] is None:
        return f"{who} {t['down'].format(n=p['count'])}"
    body = _tiles(p["tiles"], lang)
    if p["down"]:
        return f"{who} {t['down'].format(n=p['count'])}{punct(lang, 'colon')}{body}"
    return f"{who} {body}"


def render(game: Any, view: dict[str, Any], lang: str = "zh-hant") -> str:
    lang = _lang(lang)
    t = L[lang]
    colon = punct(lang, "colon")
    seat = view["seat"]
    lines = [f"== {game.titles.get(lang, game.titles['en'])} · {game.option_table().preset_title(view.get('preset', ''), lang)} =="]
    row = []
    for s in range(4):
        mark = (f"({t['you']})" if lang == "en" else f"（{t['you']}）") if s == seat else ""
        n = view["tricks_won"][s]
        tricks = ngettext(lang, "{n} trick", "{n} tricks", n)
        row.append(f"{game.seat_name(s, lang)}{mark} {t['hand']} {view['hand_sizes'][s]} {t['won']} {view['won'][s]}"
                   + (f" ({tricks})" if lang == "en" else f"（{tricks}）"))
    lines.append("  ".join(row))
    if view["past"]:
        last = view["past"][-1]
        lines.append(f"{t['past']}{colon}" + " · ".join(_play(game, p, lang, seat) for p in last["plays"])
                     + f" → {game.seat_name(last['winner'], lang)}")
    tr = view["trick"]
    if tr["plays"]:
        head = t["last"] if tr["last"] else t["trick"]
        high = f"{t['high']}{colon}{game.seat_name(tr['high_seat'], lang)}"
        lines.append(f"{head}{colon}" + " · ".join(_play(game, p, lang, seat) for p in tr["plays"])
                     + (f"  ({high})" if lang == "en" else f"（{high}）"))
        if tr["wenzun"]:
            lines.append("  " + t["wenzun"])
    for e in view["specials"]:
        lines.append(f"  {SPECIAL_NAMES[e['kind']][lang]}{colon}{game.seat_name(e['seat'], lang)}")
    if view["hand"] is not None:
        lines.append(f"{t['hand']}{colon}{_tiles(view['hand'], lang) or t['none']}")
    if view["to_act"] is not None:
        lines.append(f"{t['to_act']}{colon}{game.seat_name(view['to_act'], lang)}")
    elif view.get("result"):
        r = view["result"]
        lines.append(f"{t['result']}{colon}{t['winner']} {game.seat_name(r['winner'], lang)}  "
                     + "  ".join(f"{game.seat_name(s, lang)} {p:+}" for s, p in enumerate(r["payments"])))
    return "\n".join(lines)


def settlement_lines(game: Any, view: dict[str, Any], lang: str = "zh-hant") -> list[str]:
    """Every payment of a finished deal with its reason (tricks, shut-out, banker ×2, 尊錢)."""
    r = view.get("result")
    if view.get("to_act") is not None or not r:
        return []
    lang = _lang(lang)
    names = [game.seat_name(s, lang) for s in range(4)]
    return [rule_line(names[r["winner"]], game.rules, lang),
            *explain(Settlement(list(r["payments"]), list(r["lines"])), names, lang)]
