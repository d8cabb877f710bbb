"""The domino table as text, for `yezi play jielong|tseding|dingniu` and `yezi replay`."""

from __future__ import annotations

from yezi.components import tiengow as tg
from yezi.games.dominoes.chain import NK, note_text
from yezi.games.dominoes.settle import RANK_NAMES, redeal_count
from yezi.i18n import N_, NP_, Words, _c, punct

L = Words("dominoes-text", {
    "hand": NP_("dominoes-text:hand", "Hand"),
    "down": NP_("dominoes-text:down", "Face down"),
    "line": NP_("dominoes-text:line", "Line {n}"),
    "open": NP_("dominoes-text:open", "open"),
    "closed": NP_("dominoes-text:closed", "closed"),
    "to_act": NP_("dominoes-text:to_act", "To act"),
    "result": NP_("dominoes-text:result", "Settlement"),
    "score": NP_("dominoes-text:score", "score"),
    "pay": NP_("dominoes-text:pay", "pays"),
    "tiles": NP_("dominoes-text:tiles", " tiles"),
    "row_down": NP_("dominoes-text:row_down", "face down "),
    "you": NP_("dominoes-text:you", "you"),
    "unseen": NP_("dominoes-text:unseen", "Unseen tiles"),
    "none": NP_("dominoes-text:none", "(none)"),
    "left": NP_("dominoes-text:left", "left in hand"),
    "pass": NP_("dominoes-text:pass", "all placed 通牌"),
    "penalty": NP_("dominoes-text:penalty", "head-seven 頭七 or tail-eight 尾八"),
    "bajue": NP_("dominoes-text:bajue", "eight doubles 八掘"),
    "redeal": NP_("dominoes-text:redeal", "{n} or more doubles: redeal"),
    "blocked": NP_("dominoes-text:blocked", "nobody else can connect: the hand ends"),
    "all-out": NP_("dominoes-text:all-out", "all tiles are out"),
    "winner": NP_("dominoes-text:winner", "winner"),
    "suanzhang-success": NP_("dominoes-text:suanzhang-success", "settling 算帳 succeeded: all doubled"),
    "baozhuang": NP_("dominoes-text:baozhuang", "paying alone 包庄: {payer} pays 12"),
    "plain": "",
    "no_notes": NP_("dominoes-text:no_notes", "No settling 算帳 or forced block 死砸 so far."),
})


def _tile(k: int, a: int, b: int) -> str:
    return f"[{a}|{b}]"


def _names(game, kinds, lang: str) -> str:
    return " ".join(f"{game.tile_name(k, lang)}[{tg.KINDS[k].dice}]" for k in kinds) or L[lang]["none"]


def render(game, view: dict, lang: str = "zh-hant") -> str:
    t = L.get(lang, L["en"])
    sn = lambda s: game.seat_name(s, lang)  # noqa: E731
    colon = punct(lang, "colon")
    seat = view["seat"]
    lines = [f"== {game.titles.get(lang, game.titles['en'])} · {game.option_table().preset_title(view.get('preset', ''), lang)} =="]
    row = []
    for s in range(view["seats"]):
        mark = (f"({t['you']})" if lang == "en" else f"（{t['you']}）") if s == seat else ""
        n = view["hand_counts"][s]
        tiles = t["tiles"][:-1] if lang == "en" and n == 1 else t["tiles"]  # 1 tile, 2 tiles; 1 張, 2 張
        row.append(f"{sn(s)}{mark} {n}{tiles} {t['row_down']}{view['down_counts'][s]}")
    lines.append("  ".join(row))
    for i, line in enumerate(view["lines"]):
        chain = "".join(_tile(x[2], x[0], x[1]) for x in line)
        if view["two_ends"]:
            lines.append(f"{t['line'].format(n=i + 1)}{colon}{chain}")
        else:
            lines.append(f"{t['line'].format(n=i + 1)}{colon}{t['closed']} {chain} → ")
    if view["ends"]:
        lines.append(f"{t['open']}{colon}" + " / ".join(str(e) for e in view["ends"]))
    if seat is not None:
        lines.append(f"{t['hand']}{colon}" + _names(game, view["hand"], lang))
        if view["down"][seat]:
            pips = sum(tg.PIPS[k] for k in view["down"][seat])
            lines.append(f"{t['down']}{colon}" + _names(game, view["down"][seat], lang)
                         + (f"  (= {pips})" if lang == "en" else f"（= {pips}）"))
    for nt in view.get("notes", {}).values():
        if nt.get("seat") == seat or view["result"] is not None:
            lines.append("! " + note_text(nt, lang))
    if view["to_act"] is not None:
        lines.append(f"{t['to_act']}{colon}{sn(view['to_act'])}")
    res = view["result"]
    if res is not None:
        reason = t.get(res.get("reason", ""), res.get("reason", ""))
        if res.get("reason") == "redeal":  # the threshold is the option [V-S2], not always 七
            reason = reason.format(n=redeal_count(res.get("redeal_doubles", int(game.rules["redeal_doubles"])), lang))
        lines.append(f"--- {t['result']}{colon}{reason}")
        for s in range(view["seats"]):
            extra = ""
            tags = res.get("tags")
            if tags and tags[s] in ("pass", "penalty"):
                extra += f" {t[tags[s]]}"
            ranks = res.get("ranks")
            if ranks is not None:
                extra += f" {RANK_NAMES.get(lang, RANK_NAMES['en'])[ranks[s]]}"
            if s in res.get("suanzhang", []):
                extra += {"zh-hans": " 算帐", "zh-hant": " 算帳"}.get(lang, ", blocked on purpose 算帳")  # glossed in English
            down = view["down"][s] or []
            left = view.get("hands_left", [[]] * view["seats"])[s]
            shown = f"{t['down']} {_names(game, down, lang)}"
            if left:
                shown += f"{punct(lang, 'semicolon')}{t['left']} {_names(game, left, lang)}"
            lines.append(f"  {sn(s)}{colon}{t['score']} {res['scores'][s]}{extra}  {shown}  → {res['payments'][s]:+}")
        rule = res.get("rule")
        if rule and rule != "plain":
            payer = res.get("payer")
            lines.append("  " + t[rule].format(payer=sn(payer) if payer is not None else ""))
    return "\n".join(lines)


def settlement_lines(game, view: dict, lang: str = "zh-hant") -> list[str]:
    """Every payment of a finished deal with its reason (the engine's `settle.explain`)."""
    res = view.get("result")
    return game.settlement_lines(res, lang) if res is not None else []


def why(game, view: dict, arg: str, lang: str) -> str:
    """``why``: the 算帳 / 死砸 judgements this seat may see, or the settlement tags once it is over.
    ``why MOVE`` (頂牛): whether that move would be 算帳 or 死砸 now, and why."""
    t = L.get(lang, L["en"])
    if arg and game.name == "dingniu" and view.get("hand") is not None:
        from yezi.core.errors import NotationError
        from yezi.games.dominoes.dingniu import judge_from_view

        try:
            action = game.parse_action(arg)
        except NotationError as e:
            return str(e)
        kind, free = judge_from_view(game, view, action)
        move = game.format_action(action, lang)
        if kind is None:
            return _c(lang, "dominoes-text:why-free", "{move}: does not block the others.", move=move)
        ends = view["ends"]
        from yezi.games.dominoes.dingniu import baozhuang_risk

        risk = baozhuang_risk(game, lang)
        if kind == "sizha":
            return _c(lang, "dominoes-text:why-sizha", "{move} would be 死砸: every move you have blocks.", move=move)
        # the Chinese sentence does not repeat the open numbers ({ends}); English starts the risk as a sentence
        return _c(lang, "dominoes-text:why-suanzhang",
                  "{move} would be 算帳: afterwards every tile showing an open number ({ends}) is on the table or "
                  "in your hand. {risk}; moves that do not block: ", move=move, ends=ends,
                  risk=risk[0].upper() + risk[1:] if lang == "en" else risk) + (
            "、" if lang != "en" else ", ").join(game.format_action(a, lang) for a in free)
    out = [note_text(nt, lang) for nt in view.get("notes", {}).values()]
    out += settlement_lines(game, view, lang)
    return "\n".join(out) if out else t["no_notes"]


def unseen(game, view: dict, arg: str, lang: str) -> str:
    """Tiles this seat has not seen (other hands, others' face-down tiles, tiles set aside), by kind."""
    t = L.get(lang, L["en"])
    c = list(game.set_counts)
    for line in view["lines"]:
        for x in line:
            c[x[2]] -= 1
    if view["seat"] is not None:
        for k in view["hand"]:
            c[k] -= 1
        for k in view["down"][view["seat"]] or []:
            c[k] -= 1
    parts = [f"{game.tile_name(k, lang)}[{tg.KINDS[k].dice}]×{c[k]}" for k in range(NK) if c[k] > 0]
    return f"{t['unseen']}: " + (" ".join(parts) or t["none"])


why.help = N_("why [MOVE]: the judgements on settling and dead tiles you may see, or what a move would be; "  # type: ignore[attr-defined]
              "after the deal, its settlement")
unseen.help = N_("unseen: the tiles you have not seen, by kind")  # type: ignore[attr-defined]
COMMANDS = {"why": why, "unseen": unseen}
