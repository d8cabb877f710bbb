"""Text rendering of a Ma Diao table for `yezi play madiao` (one seat's view, or a spectator's)."""

from __future__ import annotations

from typing import Any

from yezi.components.madiao_deck import card_name, suit_of

L = {
    "zh-hant": dict(stake="衝", pool="官堆", face="面葉", tou="頭", hand="手牌", trick="卓", won="上卓",
                    none="（無）", down="滅", turn="輪到", over="本牌結束", net="輸贏", next="下一樁",
                    count="數", chips="籌"),
    "zh-hans": dict(stake="冲", pool="官堆", face="面叶", tou="头", hand="手牌", trick="桌", won="上桌",
                    none="（无）", down="灭", turn="轮到", over="本牌结束", net="输赢", next="下一桩",
                    count="数", chips="筹"),
    "en": dict(stake="stake", pool="pool (官堆)", face="face card (面葉)", tou="first receiver (頭)", hand="hand",
               trick="trick", won="won (上卓)", none="(none)", down="discard", turn="to act", over="hand over",
               net="net", next="next bank", count="count", chips="chips"),
}


def _lang(lang: str) -> str:
    return lang if lang in L else "en"


def _cards(cs, lang) -> str:
    lg = "en" if lang == "ascii" else lang
    return " ".join(card_name(c, lg) for c in cs) if cs else L[_lang(lang)]["none"]


def render(game, view: dict[str, Any], lang: str = "zh-hant") -> str:
    lg = _lang(lang)
    t = L[lg]
    out = []
    seat = view.get("seat")
    title = game.titles.get(lg, game.titles["en"])
    who = game.seat_name(seat, lg) if seat is not None else "—"
    out.append(f"{title} · {who} · {t['stake']} {view.get('stake') or '?'} · {t['pool']} {view.get('pool', 0)}")
    if view.get("tou") is not None:
        face = view.get("face")
        face_txt = card_name(face, lg) if face is not None else "?"
        out.append(f"{t['face']}: {face_txt}  ({t['count']} {view.get('count') or '?'}) · "
                   f"{t['tou']}: {game.seat_name(view['tou'], lg)}")
        if view.get("recut"):
            out.append("re-cut: " + _cards(view["recut"], lang))
        counts = view.get("trick_counts", [0] * 4)
        for s in range(4):
            mark = "▶" if view.get("to_act") == s else " "
            won = _cards(view["won"][s], lang)
            out.append(f"{mark} {game.seat_name(s, lg):<8} {t['trick']} {counts[s]}  {t['won']}: {won}  "
                       f"[{view['hand_sizes'][s]}]")
        for i, tr in enumerate(view.get("tricks", [])):
            if not tr["plays"]:
                continue
            plays = []
            for s, c, up in tr["plays"]:
                name = card_name(c, lg) if c is not None else "▢"
                plays.append(f"{game.seat_name(s, lg)}:" + (name if up else t["down"] + ("" if lg != "en" else " ") + name))
            win = f" → {game.seat_name(tr['winner'], lg)}" if tr.get("winner") is not None else ""
            out.append(f"  {i + 1}. " + "  ".join(plays) + win)
        if seat is not None and "hand" in view:
            hand = sorted(view["hand"], key=lambda c: (suit_of(c), c))
            out.append(f"{t['hand']}: {_cards(hand, lang)}")
            if view.get("to_act") == seat and view.get("phase") == "play":
                out.extend(_risks(game, view, lg))
        if view.get("phase") == "over" and view.get("settlement", {}).get("status", {}).get("trick_status"):
            ts = view["settlement"]["status"]["trick_status"]
            out.append("  ".join(f"{game.seat_name(s, lg)} {ts[s]}" for s in range(4))
                       + ("  四和氣" if all(x == "正本" for x in ts) else ""))
    if view.get("to_act") is not None:
        out.append(f"{t['turn']}: {game.seat_name(view['to_act'], lg)}")
    if "settlement" in view:
        out.append(t["over"] + f" ({view['end_reason']})")
        out.append(explain(game, view, lg))
    return "\n".join(out)


def explain(game, view: dict[str, Any], lang: str = "zh-hant") -> str:
    """Every item paid, with the clause of 《馬弔脚例》 that grants it."""
    lg = _lang(lang)
    st = view["settlement"]
    t = L[lg]
    lines = []
    for it in st["items"]:
        parts = []
        for tr in it["transfers"]:
            a = "官堆" if tr["from"] == "pool" else game.seat_name(tr["from"], lg)
            b = "官堆" if tr["to"] == "pool" else game.seat_name(tr["to"], lg)
            amt = f"{tr['zhu']}注" if tr["zhu"] is not None else f"{tr['chips']}{t['chips']}"
            parts.append(f"{a}→{b} {amt}")
        head = it["item"] + ("" if lg != "en" else f" ({it['en']})")
        detail = f" [{it['detail']}]" if it["detail"] else ""
        lines.append(f"· {head}{detail}: " + ", ".join(parts))
        lines.append(f"    《馬弔脚例》{it['clause']}")
    def row(xs):
        return ", ".join(f"{game.seat_name(s, lg)} {'+' if n > 0 else ''}{n}" for s, n in enumerate(_nums(xs)))

    lines.append(f"{t['net']} ({t['chips']}): {row(st['transfers'])}")
    lines.append(f"  + {t['pool']}: {row(st['net'])} · {t['pool']} {st['pool_before']} → {st['pool_after']}")
    kind, seat = st["next_banker"]
    nb = {"keep": "大活留樁", "seize": "異賞奪樁", "rotate": "輪樁", "redraw": "另拈樁"}[kind]
    lines.append(f"{t['next']}: {nb}" + (f" ({game.seat_name(seat, lg)})" if kind == "seize" else ""))
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
        out.append("⚠ D1 " + _cards(guard, lg) + ": 千萬/萬萬 guard 百老 ('非百老已出，不可鬭也'); "
                   "if 百老 then lives you bear the 開 (願認者聽)")
    trick = view["tricks"][-1]
    if view["seat"] != 0 and trick["plays"]:
        best_seat = next((s for s, c, up in reversed(trick["plays"]) if up), None)
        if best_seat == 0 and any(beats(c, trick["best"]) for c in view["hand"]):
            out.append("⚠ D2: discarding lets the banker's card pass (故縱); if his 賞 then lives you bear the 開")
    return out


def _nums(xs):
    from fractions import Fraction

    return [Fraction(x) if isinstance(x, str) else x for x in xs]


def _why(game, view, arg, lang):
    if "settlement" not in view:
        return "the hand is not over yet; 'why' explains its settlement afterwards"
    return explain(game, view, lang)


def _warn(game, view, arg, lang):
    from yezi.games.madiao.bots import guard_breach

    if view.get("phase") != "play" or not arg:
        return "usage: warn CARD — the liability a play would risk"
    try:
        a = game.parse_action(arg)
    except Exception as e:
        return str(e)
    b = guard_breach(view, a)
    if b:
        return f"{b}: 願認者聽 — allowed, but if 百老 becomes 大活 because of it you bear the 開 (D1)"
    return "no guard rule broken"


COMMANDS = {"why": _why, "warn": _warn}
