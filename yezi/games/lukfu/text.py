"""The Luk Fu table as text, for `yezi play lukfu` and `yezi replay`."""

from __future__ import annotations

from yezi.components.lukfu_deck import NUMERALS, SUIT_NAMES, WAN_TSIN, name, parse_card, suit
from yezi.core.errors import NotationError
from yezi.games.lukfu.plays import PLAYS, format_play
from yezi.i18n import N_, NP_, Words, _, punct

L = Words("lukfu-text", {
    "hand": NP_("lukfu-text:hand", "Hand"),
    "trick": NP_("lukfu-text:trick", "Trick"),
    "won": NP_("lukfu-text:won", "Won"),
    "hu": NP_("lukfu-text:hu", "hu"),
    "bid": NP_("lukfu-text:bid", "Bidder"),
    "priv": NP_("lukfu-text:priv", "privileged"),
    "discard": NP_("lukfu-text:discard", "discard"),
    "to_act": NP_("lukfu-text:to_act", "To act"),
    "old": NP_("lukfu-text:old", "boss (老歲)"),
    "nobid": NP_("lukfu-text:nobid", "nobody has bid"),
    "dummy": NP_("lukfu-text:dummy", "Dummy's card"),
    "result": NP_("lukfu-text:result", "Settlement"),
    "draw": NP_("lukfu-text:draw", "Draw: nobody pays"),
    "void": NP_("lukfu-text:void", "Nobody bid: void deal"),
    "if_declare": NP_("lukfu-text:if_declare", "If you declare now"),
    "you": NP_("lukfu-text:you", "you"),
})


_NAMED = (0, 27, WAN_TSIN)


def _suit_line(cards: list[int], laosui: set[int], lang: str) -> str:
    groups: dict[int, list[str]] = {}
    for c in cards:
        s = suit(c) if c != WAN_TSIN else 4
        # 百子 (一拾), 毛公 (一綫) and 雲綫 go by their own names, as on the cards
        label = name(c, lang) if c in _NAMED or lang == "en" else NUMERALS[c % 9]
        groups.setdefault(s, []).append(label + ("*" if c in laosui else ""))
    out = []
    for s in sorted(groups):
        head = SUIT_NAMES[lang][s] if s < 4 else ""
        out.append((head + punct(lang, "colon") if head else "") + " ".join(groups[s]))
    return "  |  ".join(out)


def render(game, view: dict, lang: str = "zh-hant") -> str:
    t = L[lang]
    seat_name = lambda s: game.seat_name(s, lang)  # noqa: E731
    lines = [f"== {game.titles[lang]} · {game.option_table().preset_title(view.get('preset', ''), lang)} =="]
    colon, open_, close = punct(lang, "colon"), punct(lang, "open"), punct(lang, "close")
    me, you = view.get("seat"), (f"({t['you']})" if lang == "en" else f"（{t['you']}）")
    sizes = "  ".join(f"{seat_name(s)}{you if s == me else ''} {n}" for s, n in enumerate(view["hand_sizes"]))
    lines.append(sizes)
    if view["bidder"] is not None:
        pr = f"{open_}{t['priv']}{close}" if view["privileged"] is not None else ""
        lines.append(f"{t['bid']}{colon}{seat_name(view['bidder'])}{pr}")
    elif view["phase"] in ("play", "over"):
        pass
    won = []
    for s, plays in enumerate(view["won"]):
        if plays:
            won.append(f"{seat_name(s)} {view['hu_won'][s]} {t['hu']} [" + " ".join(
                format_play(PLAYS[p], lang) for p in plays) + "]")
    if won:
        lines.append(f"{t['won']}{colon}" + punct(lang, "semicolon").join(won))
    if view["tricks"]:
        tr = view["tricks"][-1]
        if tr["winner"] is None or view["phase"] == "over":
            shown = []
            for e in tr["plays"]:
                if "play" in e:
                    shown.append(f"{seat_name(e['seat'])} {format_play(PLAYS[e['play']], lang)}")
                else:
                    shown.append(f"{seat_name(e['seat'])} {t['discard']}×{e['discard']}")
            lines.append(f"{t['trick']} {len(view['tricks'])}{colon}" + " · ".join(shown))
    if view.get("seat") is not None and "hand" in view:
        old = set(view.get("laosui", []))
        key = (f"   (* = {t['old']})" if lang == "en" else f"（* = {t['old']}）") if old else ""
        lines.append(f"{t['hand']}{colon}" + _suit_line(view["hand"], old, lang) + key)
        if view.get("pending_discard"):
            lines.append(f"{t['discard']}{colon}" + " ".join(name(c, lang) for c in view["pending_discard"]))
        if "hu" in view and view["phase"] == "play":
            lines.append(f"{t['if_declare']}{colon}{view['hu']} {t['hu']}")
    if view["phase"] == "over":
        lines.append(f"-- {t['result']} --")
        if view["outcome"] == "draw":
            lines.append(t["draw"])
        elif view["outcome"] == "void":
            lines.append(t["void"])
        for line in view.get("settlement_i18n", {}).get(lang, view.get("settlement", [])):
            lines.append("  " + line)
        if "dummy" in view.get("revealed", {}):
            lines.append(f"{t['dummy']}{colon}{name(view['revealed']['dummy'], lang)}")
        lines.append("  " + "  ".join(f"{seat_name(s)} {p:+d}" for s, p in enumerate(view["payments"])))
    elif view["to_act"] is not None:
        lines.append(f"{t['to_act']}{colon}{seat_name(view['to_act'])}")
    return "\n".join(lines)


def why(game, view: dict, arg: str, lang: str) -> str:
    """`why CARD`: the reason a card in your hand is (or is not) 老歲."""
    if not arg:
        return _(lang, N_("usage: why CARD   (for example: why {example}, why 7C)"),
                 example={"zh-hant": "七綫", "zh-hans": "七线", "en": "9T"})
    try:
        c = parse_card(arg)
    except NotationError as e:
        return str(e)
    if c not in view.get("hand", []):
        return _(lang, N_("{card} is not in your hand"), card=name(c, lang))
    return game.explain_laosui(view, c, lang)


def hint(game, view: dict, arg: str, lang: str) -> str:
    """Bid advice (win chance and expected payment of 做 and 唔做) while bidding, else the search bot's move."""
    return game.hint_text(view, arg, lang)


why.help = N_("why CARD: why a card in your hand is, or is not, a boss card")  # type: ignore[attr-defined]
hint.help = N_("hint: while bidding, the win chance and expected payment of bidding or passing; "  # type: ignore[attr-defined]
               "otherwise the search bot's move")
COMMANDS = {"why": why, "hint": hint}
