"""十五胡 as text for ``yezi play shiwuhu`` and ``yezi replay``: the table as one seat sees it.

`render(game, view, lang)` prints the reconstruction notice, each seat's cards left, 胡 and
threshold, the trick on the table (every play and pass, the best play marked) and the seat's own
hand grouped by suit. `settlement_lines` explains the end: who declared with how many 胡 and what
each seat pays, or why the deal is void.
"""

from __future__ import annotations

from yezi.components import tiengow as tg
from yezi.games.shiwuhu.game import NOTICE
from yezi.games.shiwuhu.plays import PASS
from yezi.i18n import NP_, Words, ngettext, npgettext, punct
from yezi.i18n.terms import register

register("胡")  # English shows it beside "points"

L = Words("shiwuhu-text", {
    "cards": NP_("shiwuhu-text:cards", "cards"),
    "hu": NP_("shiwuhu-text:hu", "points 胡"),
    "need": NP_("shiwuhu-text:need", "declares at"),
    "trick": NP_("shiwuhu-text:trick", "Trick"),
    "last": NP_("shiwuhu-text:last", "Last trick"),
    "hand": NP_("shiwuhu-text:hand", "Your hand"),
    "civil": NP_("shiwuhu-text:civil", "civil"),
    "military": NP_("shiwuhu-text:military", "military"),
    "turn": NP_("shiwuhu-text:turn", "To play"),
    "lead": NP_("shiwuhu-text:lead", "lead"),
    "follow": NP_("shiwuhu-text:follow", "beat or pass"),
    "declare": NP_("shiwuhu-text:declare", "declare or play on"),
    "over": NP_("shiwuhu-text:over", "Deal over"),
    "void": NP_("shiwuhu-text:void", "void: nobody declared"),
    "pays": NP_("shiwuhu-text:pays", "payments"),
    "you": NP_("shiwuhu-text:you", "you"),
    "best": NP_("shiwuhu-text:best", "best"),
    "empty": NP_("shiwuhu-text:empty", "(none)"),
    "paid": NP_("shiwuhu-text:paid", "{who} pays {units}"),
    "gets": NP_("shiwuhu-text:gets", "{who} receives {n} × {units} = {total}"),
})


def _lang(lang: str) -> str:
    return lang if lang in L else "en"


def _cards(counts, kinds, lang: str) -> str:
    parts = []
    for k in kinds:
        if counts[k]:
            nm = tg.name(k, lang)
            parts.append(nm if counts[k] == 1 else f"{nm}×{counts[k]}")
    return (", " if lang == "en" else " ").join(parts)


def render(game, view, lang: str = "zh-hant") -> str:
    lang = _lang(lang)
    t = L[lang]
    colon, open_, close = punct(lang, "colon"), punct(lang, "open"), punct(lang, "close")
    seat = view["seat"]
    out = [f"{game.titles.get(lang, game.titles['en'])} — {NOTICE[lang]}"]
    for s in range(view["players"]):
        mark = " ▶" if view["to_act"] == s else ""
        you = f"{open_}{t['you']}{close}" if s == seat else ""
        cards = npgettext(lang, "board:hk", "{n} card", "{n} cards", view["hand_sizes"][s])  # 隻, as on its table
        out.append(f"{game.seat_name(s, lang)}{you}{colon}{cards} · "
                   f"{view['hu'][s]} {t['hu']}{open_}{t['need']} {view['need'][s]}{close}{mark}")
    if view["trick"]:
        done = view["best"] < 0
        plays = []
        for s, a in view["trick"]:
            txt = game.format_action(a, lang)
            if not done and a == view["best"] and s == view["best_seat"] and a != PASS:
                txt += f"{open_}{t['best']}{close}"
            plays.append(f"{game.seat_name(s, lang)} {txt}")
        out.append(f"{t['last'] if done else t['trick']}{colon}" + punct(lang, "semicolon").join(plays))
    if view["to_act"] is None:
        res = view.get("result", {})
        out.append(t["over"] + (". " if lang == "en" else "。") + "  ".join(f"{game.seat_name(s, lang)} {p:+d}"
                                                  for s, p in enumerate(res.get("payments", []))))
    else:
        phase = {"lead": t["lead"], "follow": t["follow"], "declare": t["declare"]}.get(view["phase"], "")
        out.append(f"{t['turn']}{colon}{game.seat_name(view['to_act'], lang)} — {phase}")
    if seat is not None and view["hand"] is not None:
        civ = _cards(view["hand"], tg.CIVIL, lang)
        mil = _cards(view["hand"], tg.MILITARY, lang)
        out.append(f"{t['hand']}{colon}{t['civil']} {civ or t['empty']} | {t['military']} {mil or t['empty']}")
    return "\n".join(out)


def settlement_lines(game, view, lang: str = "zh-hant") -> list[str]:
    """The end of a deal in words: who declared with how many 胡 and for how many units, and the
    payment of each seat (every other seat pays the declarer the units); or that the deal is void."""
    if view.get("to_act") is not None or view.get("result") is None:
        return []
    lang = _lang(lang)
    t = L[lang]
    res = view["result"]
    if res["winner"] is None:
        return [t["void"]]
    w, u = res["winner"], res["units"]
    who = game.seat_name(w, lang)
    lines = [ngettext(lang, "{who} declared with {hu} points 胡: {n} unit", "{who} declared with {hu} points 胡: {n} units",
                      u, who=who, hu=res["hu"][w])]
    others = [s for s in range(view["players"]) if s != w]
    lines += [t["paid"].format(who=game.seat_name(s, lang), units=u) for s in others]
    lines.append(t["gets"].format(who=who, n=len(others), units=u, total=u * len(others)))
    return lines


COMMANDS: dict = {}
