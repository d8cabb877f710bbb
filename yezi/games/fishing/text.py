"""Fishing as text for ``yezi play fishing``: the table as one seat sees it, and a few commands.

`render(game, view, lang)` draws the lake grouped by pip total (the way players tidy it, seed 003
圖五), the stock count (and the 尾牌 for the 尾家 who peeked), each seat's catch with its current
決勝分, the drawn card and the seat's own hand. `COMMANDS["why"]` explains a catch card by card.
"""

from __future__ import annotations

from yezi.components import tiengow as tg
from yezi.games.fishing.scoring import SIZE_NAMES, explain
from yezi.i18n import N_, NP_, Words, _c, punct

L = Words("fishing-text", {
    "lake": NP_("fishing-text:lake", "Lake"),
    "stock": NP_("fishing-text:stock", "Stock"),
    "left": NP_("fishing-text:left", "left"),
    "tail": NP_("fishing-text:tail", "tail card"),
    "peek": NP_("fishing-text:peek", "you peeked"),
    "hand": NP_("fishing-text:hand", "Your hand"),
    "catch": NP_("fishing-text:catch", "catch"),
    "score": NP_("fishing-text:score", "score"),
    "cards": NP_("fishing-text:cards", "cards"),
    "turn": NP_("fishing-text:turn", "To play"),
    "drawn": NP_("fishing-text:drawn", "Drawn"),
    "phase_hand": NP_("fishing-text:phase_hand", "capture or release a hand card"),
    "phase_draw": NP_("fishing-text:phase_draw", "capture with the drawn card or release it"),
    "over": NP_("fishing-text:over", "Deal over"),
    "pays": NP_("fishing-text:pays", "payments"),
    "you": NP_("fishing-text:you", "you"),
    "stacked": NP_("fishing-text:stacked", "stacked"),
    "empty": NP_("fishing-text:empty", "(empty)"),
    "events": NP_("fishing-text:events", "At the deal"),
    "unknown-seat": NP_("fishing-text:unknown-seat", "unknown seat {arg}; seats: {seats}"),
})


def _lang(lang: str) -> str:
    return lang if lang in L else "en"


def _count(n: int, noun: str, lang: str) -> str:
    """``1 card``, ``2 cards``; Chinese counts have no plural (``1 隻牌``)."""
    if lang == "en" and n == 1 and noun.endswith("s"):
        noun = noun[:-1]
    return f"{n} {noun}"


def _cards(counts, lang: str) -> str:
    parts = []
    for k in range(tg.NUM_KINDS):
        if counts[k]:
            nm = tg.name(k, lang)
            parts.append(nm if counts[k] == 1 else f"{nm}×{counts[k]}")
    return (", " if lang == "en" else " ").join(parts)


def _lake(view, lang: str) -> str:
    lake = view["lake"]
    by_pips: dict[int, list[str]] = {}
    for k in range(tg.NUM_KINDS):
        if lake[k]:
            nm = tg.name(k, lang) + (f"×{lake[k]}" if lake[k] > 1 else "")
            if k in view["stacked"]:
                nm += punct(lang, "open").lstrip() + L[lang]["stacked"] + punct(lang, "close")
            by_pips.setdefault(tg.PIPS[k], []).append(nm)
    if not by_pips:
        return L[lang]["empty"]
    sep = ", " if lang == "en" else " "
    return "  ".join(f"{p}{punct(lang, 'colon')}" + sep.join(v) for p, v in sorted(by_pips.items(), reverse=True))


def render(game, view, lang: str = "zh-hant") -> str:
    lang = _lang(lang)
    t = L[lang]
    colon, open_, close = punct(lang, "colon"), punct(lang, "open"), punct(lang, "close")
    seat = view["seat"]
    out = [game.titles.get(lang, game.titles["en"])]
    out.append(f"{t['lake']}{colon}{_lake(view, lang)}")
    stock = f"{t['stock']}{colon}{view['stock_left']} {t['left']}"
    if "tail" in view["deal"] and view["stock_left"] > 0:
        stock += f"   {t['tail']}{colon}{tg.name(view['deal']['tail'], lang)}{open_}{t['peek']}{close}"
    out.append(stock)
    for s in range(view["players"]):
        name = game.seat_name(s, lang) + (f"{open_}{t['you']}{close}" if s == seat else "")
        catch = view["catches"][s]
        score = game.catch_score(catch)
        out.append(f"{name}{colon}{_count(view['hand_sizes'][s], t['cards'], lang)}{punct(lang, 'semicolon')}"
                   f"{t['catch']} {sum(catch)}{colon}"
                   f"{_cards(catch, lang) or t['empty']}  [{t['score']} {score}]")
    if view["turn"] is None:
        res = view.get("result", {})
        pays = punct(lang, "comma").join(f"{game.seat_name(s, lang)} {p:+d}"
                                         for s, p in enumerate(res.get("payments", [])))
        out.append(t["over"] + (". " if lang == "en" else "。") + t["pays"] + colon + pays)
    else:
        who = game.seat_name(view["turn"], lang)
        phase = t["phase_hand"] if view["phase"] == "hand" else t["phase_draw"]
        line = f"{t['turn']}{colon}{who} — {phase}"
        if view["drawn"] is not None:
            line += f"   {t['drawn']}{colon}{tg.name(view['drawn'], lang)}"
        out.append(line)
    if seat is not None and view["hand"] is not None:
        out.append(f"{t['hand']}{colon}{_cards(view['hand'], lang) or t['empty']}")
    return "\n".join(out)


def why(game, view, arg: str, lang: str = "zh-hant") -> str:
    """Explain a seat's catch card by card (default: your own): ``why``, ``why 2``, ``why 尾家``."""
    lang = _lang(lang)
    seat = view["seat"] if view["seat"] is not None else 0
    arg = (arg or "").strip()
    if arg:
        names = {game.seat_name(s, lg).lower(): s for s in range(view["players"]) for lg in ("zh-hant", "zh-hans", "en")}
        if arg.isdigit() and int(arg) < view["players"]:
            seat = int(arg)
        elif arg.lower() in names:
            seat = names[arg.lower()]
        else:
            seats = punct(lang, "comma").join(game.seat_name(s, lang) for s in range(view["players"]))
            return _c(lang, L.context("unknown-seat"), L.table["unknown-seat"], arg=repr(arg), seats=seats)
    catch = game.classify(view["catches"][seat])
    standing = game.method.standing(catch)
    lines = [f"{game.seat_name(seat, lang)}{punct(lang, 'colon')}{L[lang]['score']} {standing.score}"]
    lines += ["  " + x for x in explain(catch, lang)]
    lines += ["  " + x for x in game.method.bonus_text(catch, lang)]
    return "\n".join(lines)


def settlement_lines(game, view, lang: str = "zh-hant") -> list[str]:
    """Every payment of a finished deal explained, for `yezi play` and `yezi replay`: each catch card
    by card with its 決勝分 (and the method's bonuses), then each pair's payment with its arithmetic,
    as the engine settles it, in the reader's language."""
    if view.get("turn") is not None or view.get("result") is None:
        return []
    lang = _lang(lang)
    catches = [game.classify(c) for c in view["catches"]]
    settlement = game.settle_catches(catches)
    out = []
    for s, (catch, standing) in enumerate(zip(catches, settlement.standings)):
        out.append(f"{game.seat_name(s, lang)}{punct(lang, 'colon')}{L[lang]['score']} {standing.score}")
        out += ["  " + x for x in explain(catch, lang)]
        out += ["  " + x for x in game.method.bonus_text(catch, lang)]
    names = [game.seat_name(s, lang) for s in range(view["players"])]
    pairs = game.method.settle(settlement.standings, names, lang=lang).pairs
    return out + [p.arithmetic for p in pairs]


def sizes_legend(lang: str = "en") -> str:
    s = SIZE_NAMES[_lang(lang)]
    comma = punct(_lang(lang), "comma")
    return f"{s['big']} 30{comma}{s['medium']} 20{comma}{s['small']} 10"


why.help = N_("why [SEAT]: a seat's catch explained card by card (your own by default)")  # type: ignore[attr-defined]
COMMANDS = {"why": why}
