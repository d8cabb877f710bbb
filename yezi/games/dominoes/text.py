"""The domino table as text, for `yezi play jielong|tseding|dingniu` and `yezi replay`."""

from __future__ import annotations

from yezi.components import tiengow as tg
from yezi.games.dominoes.chain import NK, note_text
from yezi.games.dominoes.settle import RANK_NAMES, redeal_count
from yezi.i18n import N_

L = {
    "zh-hant": {"hand": "手牌", "down": "扣牌", "line": "第{}行", "open": "開口", "closed": "封口",
                "to_act": "輪到", "result": "結算", "score": "點數", "pay": "收付", "tiles": "張", "row_down": "扣牌",
                "you": "你", "unseen": "未見的牌", "none": "（無）", "left": "手中剩餘",
                "pass": "通牌", "penalty": "頭/尾", "bajue": "八掘", "redeal": "{}掘以上，重新洗牌",
                "blocked": "別家都接不上，立即結束", "all-out": "牌已出完", "winner": "贏家",
                "suanzhang-success": "算帳成功，加倍", "baozhuang": "包庄：{}獨付12", "plain": "",
                "no_notes": "本局尚無算帳或死砸。"},
    "zh-hans": {"hand": "手牌", "down": "扣牌", "line": "第{}行", "open": "开口", "closed": "封口",
                "to_act": "轮到", "result": "结算", "score": "点数", "pay": "收付", "tiles": "张", "row_down": "扣牌",
                "you": "你", "unseen": "未见的牌", "none": "（无）", "left": "手中剩余",
                "pass": "通牌", "penalty": "头/尾", "bajue": "八掘", "redeal": "{}掘以上，重新洗牌",
                "blocked": "别家都接不上，立即结束", "all-out": "牌已出完", "winner": "赢家",
                "suanzhang-success": "算帐成功，加倍", "baozhuang": "包庄：{}独付12", "plain": "",
                "no_notes": "本局尚无算帐或死砸。"},
    "en": {"hand": "Hand", "down": "Face down", "line": "Line {}", "open": "open", "closed": "closed",
           "to_act": "To act", "result": "Settlement", "score": "score", "pay": "pays", "tiles": " tiles", "row_down": "face down ",
           "you": "you", "unseen": "Unseen tiles", "none": "(none)", "left": "left in hand",
           "pass": "all placed 通牌", "penalty": "head-seven 頭七 or tail-eight 尾八", "bajue": "eight doubles 八掘",
           "redeal": "{} or more doubles: redeal", "blocked": "nobody else can connect: the hand ends",
           "all-out": "all tiles are out", "winner": "winner", "suanzhang-success": "settling 算帳 succeeded: all doubled",
           "baozhuang": "paying alone 包庄: {} pays 12", "plain": "",
           "no_notes": "No settling 算帳 or forced block 死砸 so far."},
}


def _tile(k: int, a: int, b: int) -> str:
    return f"[{a}|{b}]"


def _names(game, kinds, lang: str) -> str:
    return " ".join(f"{game.tile_name(k, lang)}[{tg.KINDS[k].dice}]" for k in kinds) or L[lang]["none"]


def render(game, view: dict, lang: str = "zh-hant") -> str:
    t = L.get(lang, L["en"])
    sn = lambda s: game.seat_name(s, lang)  # noqa: E731
    seat = view["seat"]
    lines = [f"== {game.titles.get(lang, game.titles['en'])} · {game.option_table().preset_title(view.get('preset', ''), lang)} =="]
    row = []
    for s in range(view["seats"]):
        mark = f"({t['you']})" if s == seat else ""
        n = view["hand_counts"][s]
        tiles = t["tiles"][:-1] if lang == "en" and n == 1 else t["tiles"]  # 1 tile, 2 tiles; 1 張, 2 張
        row.append(f"{sn(s)}{mark} {n}{tiles} {t['row_down']}{view['down_counts'][s]}")
    lines.append("  ".join(row))
    for i, line in enumerate(view["lines"]):
        chain = "".join(_tile(x[2], x[0], x[1]) for x in line)
        if view["two_ends"]:
            lines.append(f"{t['line'].format(i + 1)}: {chain}")
        else:
            lines.append(f"{t['line'].format(i + 1)}: {t['closed']} {chain} → ")
    if view["ends"]:
        lines.append(f"{t['open']}: " + " / ".join(str(e) for e in view["ends"]))
    if seat is not None:
        lines.append(f"{t['hand']}: " + _names(game, view["hand"], lang))
        if view["down"][seat]:
            pips = sum(tg.PIPS[k] for k in view["down"][seat])
            lines.append(f"{t['down']}: " + _names(game, view["down"][seat], lang) + f"  (= {pips})")
    for nt in view.get("notes", {}).values():
        if nt.get("seat") == seat or view["result"] is not None:
            lines.append("! " + note_text(nt, lang))
    if view["to_act"] is not None:
        lines.append(f"{t['to_act']}: {sn(view['to_act'])}")
    res = view["result"]
    if res is not None:
        reason = t.get(res.get("reason", ""), res.get("reason", ""))
        if res.get("reason") == "redeal":  # the threshold is the option [V-S2], not always 七
            reason = reason.format(redeal_count(res.get("redeal_doubles", int(game.rules["redeal_doubles"])), lang))
        lines.append(f"--- {t['result']}: {reason}")
        for s in range(view["seats"]):
            extra = ""
            tags = res.get("tags")
            if tags and tags[s] in ("pass", "penalty"):
                extra += f" {t[tags[s]]}"
            ranks = res.get("ranks")
            if ranks is not None:
                extra += f" {RANK_NAMES.get(lang, RANK_NAMES['en'])[ranks[s]]}"
            if s in res.get("suanzhang", []):
                extra += " 算帐" if lang == "zh-hans" else " 算帳"
            down = view["down"][s] or []
            left = view.get("hands_left", [[]] * view["seats"])[s]
            shown = f"{t['down']} {_names(game, down, lang)}"
            if left:
                shown += f"; {t['left']} {_names(game, left, lang)}"
            lines.append(f"  {sn(s)}: {t['score']} {res['scores'][s]}{extra}  {shown}  → {res['payments'][s]:+}")
        rule = res.get("rule")
        if rule and rule != "plain":
            payer = res.get("payer")
            lines.append("  " + t[rule].format(sn(payer) if payer is not None else ""))
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
            return {"zh-hant": f"{move}：不會堵死別家。", "zh-hans": f"{move}：不会堵死别家。",
                    "en": f"{move}: does not block the others."}.get(lang, move)
        ends = view["ends"]
        from yezi.games.dominoes.dingniu import baozhuang_risk

        risk = baozhuang_risk(game, lang)
        return {
            "suanzhang": {
                "zh-hant": f"{move}會是算帳：出後開口的牌全在桌上或你手裡。{risk}；不堵的走法：",
                "zh-hans": f"{move}会是算帐：出后开口的牌全在桌上或你手里。{risk}；不堵的走法：",
                "en": f"{move} would be 算帳: afterwards every tile showing an open number ({ends}) is on the "
                      f"table or in your hand. {risk[0].upper() + risk[1:]}; moves that do not block: ",
            },
            "sizha": {"zh-hant": f"{move}會是死砸：你每一種走法都會堵死。", "zh-hans": f"{move}会是死砸：你每一种走法都会堵死。",
                      "en": f"{move} would be 死砸: every move you have blocks."},
        }[kind].get(lang, "") + ("、" if lang != "en" else ", ").join(game.format_action(a, lang) for a in free) * (
            kind == "suanzhang")
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
