"""Text rendering of a Ma Diao table for `yezi play madiao` (one seat's view, or a spectator's)."""

from __future__ import annotations

from typing import Any

from yezi.components.madiao_deck import card_name, suit_of
from yezi.games.madiao import words as W
from yezi.i18n import N_, NP_, Words, _, punct
from yezi.i18n import render as in_lang
from yezi.i18n.terms import name as cjk_name
from yezi.i18n.terms import term

GUARD_D1 = {"zh-hant": "非百老已出，不可鬭也", "zh-hans": "非百老已出，不可斗也",
            "en": "until the Old Hundred is out, do not contest them"}

L = Words("madiao-text", {
    "stake": NP_("madiao-text:stake", "stake"),
    "pool": NP_("madiao-text:pool", "pool"),
    "face": NP_("madiao-text:face", "face card"),
    "tou": NP_("madiao-text:tou", "first receiver"),
    "hand": NP_("madiao-text:hand", "hand"),
    "trick": NP_("madiao-text:trick", "tricks"),
    "won": NP_("madiao-text:won", "won"),
    "none": NP_("madiao-text:none", "(none)"),
    "down": NP_("madiao-text:down", "discard"),
    "turn": NP_("madiao-text:turn", "to act"),
    "over": NP_("madiao-text:over", "hand over"),
    "net": NP_("madiao-text:net", "net"),
    # the hand's two results: what passed between the players, and each one's whole result with the pool (官堆)
    "between": NP_("madiao-text:between", "between the players"),
    "with_pool": NP_("madiao-text:with_pool", "with the pool"),
    "next": NP_("madiao-text:next", "next bank"),
    "count": NP_("madiao-text:count", "count"),
    "chips": NP_("madiao-text:chips", "chips"),
})


def _lang(lang: str) -> str:
    return lang if lang in L else "en"


def _cards(cs, lang) -> str:
    lg = "en" if lang == "ascii" else lang
    return " ".join(card_name(c, lg) for c in cs) if cs else L[_lang(lang)]["none"]


def render(game, view: dict[str, Any], lang: str = "zh-hant") -> str:
    lg = _lang(lang)
    t = L[lg]
    out = []
    colon = punct(lg, "colon")
    seat = view.get("seat")
    title = game.titles.get(lg, game.titles["en"])
    who = game.seat_name(seat, lg) if seat is not None else "—"
    out.append(f"{title} · {who} · {t['stake']} {view.get('stake') or '?'} · {t['pool']} {view.get('pool', 0)}")
    if view.get("tou") is not None:
        face = view.get("face")
        face_txt = card_name(face, lg) if face is not None else "?"
        count = f"({t['count']} {view.get('count') or '?'})" if lg == "en" else f"（{t['count']} {view.get('count') or '?'}）"
        out.append(f"{t['face']}{colon}{face_txt}  {count} · {t['tou']}{colon}{game.seat_name(view['tou'], lg)}")
        if view.get("recut"):
            out.append(_(lg, N_("re-cut: {cards}"), cards=_cards(view["recut"], lang)))
        counts = view.get("trick_counts", [0] * 4)
        for s in range(4):
            mark = "▶" if view.get("to_act") == s else " "
            won = _cards(view["won"][s], lang)
            out.append(f"{mark} {game.seat_name(s, lg):<8} {t['trick']} {counts[s]}  {t['won']}{colon}{won}  "
                       f"[{view['hand_sizes'][s]}]")
        for i, tr in enumerate(view.get("tricks", [])):
            if not tr["plays"]:
                continue
            plays = []
            for s, c, up in tr["plays"]:
                name = card_name(c, lg) if c is not None else "▢"
                plays.append(game.seat_name(s, lg) + colon.rstrip() + (name if up else t["down"] + ("" if lg != "en" else " ") + name))
            win = f" → {game.seat_name(tr['winner'], lg)}" if tr.get("winner") is not None else ""
            out.append(f"  {i + 1}. " + "  ".join(plays) + win)
        if seat is not None and "hand" in view:
            hand = sorted(view["hand"], key=lambda c: (suit_of(c), c))
            out.append(f"{t['hand']}{colon}{_cards(hand, lang)}")
            if view.get("to_act") == seat and view.get("phase") == "play":
                out.extend(_risks(game, view, lg))
        if view.get("phase") == "over" and view.get("settlement", {}).get("status", {}).get("trick_status"):
            ts = view["settlement"]["status"]["trick_status"]
            out.append("  ".join(f"{game.seat_name(s, lg)} {in_lang(W.TRICK_STATUS.get(ts[s], ts[s]), lg)}"
                                 for s in range(4)) + ("  " + W.SIHE[lg] if all(x == "正本" for x in ts) else ""))
    if view.get("to_act") is not None:
        out.append(f"{t['turn']}{punct(lg, 'colon')}{game.seat_name(view['to_act'], lg)}")
    if "settlement" in view:
        reason = in_lang(W.END_REASONS.get(view["end_reason"], view["end_reason"]), lg)
        out.append(t["over"] + (f"（{reason}）" if lg != "en" else f" ({reason})"))
        out.append(explain(game, view, lg))
    return "\n".join(out)


def explain(game, view: dict[str, Any], lang: str = "zh-hant") -> str:
    """Every item paid, with the clause of 《馬弔脚例》 that grants it."""
    lg = _lang(lang)
    st = view["settlement"]
    t = L[lg]
    lines = []
    colon, comma = punct(lg, "colon"), punct(lg, "comma")
    pool = {"en": "pool"}.get(lg, W.POOL[lg])
    for it in st["items"]:
        words = (it.get("i18n") or {}).get(lg) or {"item": it["item"], "detail": it["detail"], "clause": it["clause"]}
        parts = []
        for tr in it["transfers"]:
            a = pool if tr["from"] == "pool" else game.seat_name(tr["from"], lg)
            b = pool if tr["to"] == "pool" else game.seat_name(tr["to"], lg)
            amt = f"{tr['zhu']}{W.ZHU[lg]}" if tr["zhu"] is not None else f"{tr['chips']}{W.CHIPS[lg]}"
            parts.append(f"{a}→{b} {amt}")
        detail = f" [{words['detail']}]" if words["detail"] else ""
        lines.append(f"· {words['item']}{detail}{colon}" + comma.join(parts))
        lines.append(f"    {W.SOURCE[lg]}{words['clause']}")

    def row(xs):
        return comma.join(f"{game.seat_name(s, lg)} {'+' if n > 0 else ''}{n}" for s, n in enumerate(_nums(xs)))

    lines.append(f"{t['between']}{punct(lg, 'open')}{t['chips']}{punct(lg, 'close')}{colon}{row(st['transfers'])}")
    lines.append(f"{t['with_pool']}{colon}{row(st['net'])} · {t['pool']} {st['pool_before']} → {st['pool_after']}")
    kind, seat = st["next_banker"]
    nb = W.NEXT_BANKER[kind][lg]
    lines.append(f"{t['next']}{colon}{nb}"
                 + (punct(lg, "open") + game.seat_name(seat, lg) + punct(lg, "close") if kind == "seize" else ""))
    return "\n".join(lines)


def _risks(game, view, lg) -> list[str]:
    """Warnings for plays that risk a liability ('願認者聽': allowed, settled after the hand)."""
    from yezi.components.madiao_deck import beats
    from yezi.games.madiao.bots import guard_breach

    if game.rules["guard_rules"] != "liability":
        guard = []
    else:
        guard = [c for c in view["hand"] if guard_breach(view, c) or guard_breach(view, 40 + c)]
    out = []
    if guard:
        out.append("⚠ D1 " + _(lg, N_("{cards}: the Thousand-Myriad and Myriad-Myriad guard {bailao} (Feng: "
                                      "{source}); if {bailao} then lives, you bear the payment"),
                                   cards=_cards(guard, lg), bailao=term("百老"), source=GUARD_D1))
    trick = view["tricks"][-1]
    if view["seat"] != 0 and trick["plays"]:
        best_seat = next((s for s, c, up in reversed(trick["plays"]) if up), None)
        if best_seat == 0 and any(beats(c, trick["best"]) for c in view["hand"]):
            out.append("⚠ D2" + punct(lg, "colon") + _(lg, N_("discarding lets the banker's card pass; if his prize card then lives, you "
                                          "bear the payment")))
    return out


def _nums(xs):
    from fractions import Fraction

    return [Fraction(x) if isinstance(x, str) else x for x in xs]


def _why(game, view, arg, lang):
    if "settlement" not in view:
        return _(lang, N_("the hand is not over yet; 'why' explains its settlement afterwards"))
    return explain(game, view, lang)


def _warn(game, view, arg, lang):
    from yezi.games.madiao.bots import guard_breach

    if view.get("phase") != "play" or not arg:
        return _(lang, N_("usage: warn CARD — the liability a play would risk"))
    try:
        a = game.parse_action(arg)
    except Exception as e:
        return str(e)
    b = guard_breach(view, a)
    if b:
        return _(lang, N_("{rule}: allowed for whoever accepts the risk (Feng: {source}), but if {bailao} becomes "
                          "{live} because of it you bear the payment (D1)"), rule=b,
                 source={"zh-hant": "願認者聽", "zh-hans": "愿认者听", "en": "whoever is willing, let him"},
                 bailao=term("百老"), live=cjk_name("大活", "大活", "fully live"))
    return _(lang, N_("no guard rule broken"))


_why.help = N_("why: the hand's settlement, clause by clause (once it is over)")  # type: ignore[attr-defined]
_warn.help = N_("warn CARD: the liability a play would risk under the guard rules")  # type: ignore[attr-defined]
COMMANDS = {"why": _why, "warn": _warn}
