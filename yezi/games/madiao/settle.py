"""Settlement of a Ma Diao hand (spec §4), itemised with the clause of Feng's text behind each item.

Every item is a list of transfers ``(payer, payee, 注)`` where payer and payee are seats or
``"pool"`` (the 官堆). Amounts are in 注 and become chips at the hand's stake. The direction rule
"以上樁家開散家。散家止開樁家" makes an item the banker earns due from each 散家, and an item a
散家 earns due from the banker only; 敲門, 假逵, 四極 and 賀 name their payers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from yezi.components import madiao_deck as deck
from yezi.components.madiao_deck import (
    BAILAO,
    CI_SHANG,
    CI_TU,
    JI,
    JIUSHI,
    KONGWEN,
    QIANWAN,
    WANWAN,
    ZHENG_SHANG,
    card_name,
    suit_of,
)
from yezi.core import branches
from yezi.games.madiao import words as W
from yezi.i18n import N_, Msg, gettext, render
from yezi.i18n.terms import term

# Clauses of 《馬弔脚例》 (seed 002) quoted by the settlement explanation.
F = {
    "diao": N_("弔法：止一牌上卓，輸一弔；即二牌俱不上卓，亦止輸一弔；有三牌贏一弔；即有五牌亦止贏一弔…若兩人無牌，"
        "兩人四卓，則各贏一弔。若兩人三卓，一人無牌，則分贏一弔"),
    "diao_b": N_("弔法 (Model B, banker-centred: [Q-code] scoringService.ts; option V11)"),
    "bai": N_("名目：百老上卓又正本曰大活百…止正本百老不上卓曰小活百…有百老既不上卓又不正本曰死百，或止上卓不正本"
        "亦曰死百；開注：死百一注…小活二注…大活三注"),
    "baitu": N_("名目：隨配一雌突曰大活百突／小活百突／死百突（凡有公無雌，有雌無公，俱不作突）；開注：死百突二注…小"
        "活百突四注…大活百突六注（凡突隨百開，如妻以夫貴）"),
    "xiaotu": N_("名目：九十隨配一雌突曰小突；開注：小突一注"),
    "qiaomen": N_("開注：大活敲門一注；大活散家不敲樁家，樁家不敲散家，止散家大活敲二散家"),
    "shang": N_("看賞法：四尊曰正賞…正賞在面，次賞代之…凡賞須上卓，須正本；開注：賞一注"),
    "cishang": N_("四副尊曰次賞 (option V12: a live 次賞 pays 1 注)"),
    "sankai": N_("名目：百千萬俱上卓曰三開；開注：三開三注"),
    "sihong": N_("名目：百千萬配空文曰四紅；開注：四紅四注"),
    "quanshou": N_("開注：八卓全收八注（七卓亦謂之全收，以俱打倒也；若他人先得一桌，以後得七桌，不算）"),
    "jiakui": N_("看賞法：看賞用底牌面葉之次，倘次逢正賞，則次賞謂之假逵，罰與三人各一注。若預先滅死，不論"),
    "siji": N_("免鬭：四極開三家各一注，免鬭"),
    "mian": N_("免鬭：十門滿五張者免鬭。餘三門滿六張者免鬭。凡遇免鬭，俱另拈樁"),
    "he": N_("如牌有異賞，三家齊賀（不論當樁與不當樁）…以上俱以全弔論，不許復角，竟奪作樁。止有百老之家免賀"),
    "quantu": N_("名目：百老、九十、五、六、八萬俱全曰全突大活；全突賀五注"),
    "cut": N_("罰例：拍牌見百老者，罰一注，另拈樁"),
    "pool": N_("罰例：以上凡罰，俱入官堆，俟後大活百得之"),
    "ante": N_("罰例：如一牌未有大活，則人加一子入官堆"),
    "liab": N_("罰例：出十門千、萬，致活百老者，及故縱樁牌活賞者，鬭法低矢致活樁家者，俱代人認開數（如已正本者止認一"
        "開，未正本者認二開，活散家止代樁認，若活樁家則兼三家認）…願認者聽"),
    "direction": N_("以上樁家開散家。散家止開樁家。遇重款，即重開"),
}

HE_LINES = {
    "四尊四極": (N_("四尊四極全賀八注"), 8),
    "八紅有百老": (N_("八紅有百老者賀七注"), 7),
    "八紅": (N_("八紅賀六注"), 6),
    "十門渾成有百老": (N_("十門渾成有百老者賀五注"), 5),
    "全突": (N_("全突賀五注"), 5),
    "四尊有百老": (N_("四尊有百老者賀五注"), 5),
    "渾成": (N_("渾成賀四注（八牌一門）"), 4),
    "四尊": (N_("四尊賀四注"), 4),
}

EN = {k: v["en"] for k, v in W.ITEMS.items()}  # English names of the items (views carry them as "en")


def _sn(state, seat: int) -> dict[str, str]:
    """A seat's name in every language (a message parameter)."""
    return {lg: state.game.seat_name(seat, lg) for lg in ("zh-hant", "zh-hans", "en")}


def _cn(c: int):
    """A card's name as a message parameter: English with its characters beside it."""
    return lambda lang: f"{card_name(c, 'en')} {card_name(c)}" if lang == "en" else card_name(c, lang)


def _text(x: Any, lang: str) -> str:
    return str(x.render(lang) if isinstance(x, Msg) else render(x, lang))


def _val(x: Any) -> int | Fraction:
    """A number for the engine: an int when whole, else a Fraction."""
    x = Fraction(x)
    return int(x) if x.denominator == 1 else x


def _num(x: Any) -> Any:
    """A number for JSON views: an int when whole, else a string such as '1/2'."""
    if isinstance(x, int):
        return x
    x = Fraction(x)
    return int(x) if x.denominator == 1 else str(x)


def zheng_of(state, suit: int) -> int:
    """The card acting as 正賞 of a suit: the 次賞 when the 正賞 is the 面葉 ('正賞在面，次賞代之')."""
    z = ZHENG_SHANG[suit]
    return CI_SHANG[suit] if state.face == z else z


def ci_of(state, suit: int) -> int | None:
    """The card acting as 次賞 (None when the 次賞 itself acts as 正賞, under Feng)."""
    z, c = ZHENG_SHANG[suit], CI_SHANG[suit]
    if state.game.rules["substitution"] == "qing":
        if state.face in (z, c):
            return c + 1
        return c
    return None if state.face == z else c


def role_card(state, card: int) -> int:
    """三開/四紅 roles; Qing 升代 lets 九十 stand for an exposed 千萬/萬萬 and 半文 for 空文."""
    if state.game.rules["substitution"] == "qing" and state.face == card:
        if card in (QIANWAN, WANWAN):
            return JIUSHI
        if card == KONGWEN:
            return deck.BANWEN
    return card


def ji_set(state) -> set[int]:
    out = set(JI)
    if state.game.rules["substitution"] == "qing" and state.face in JI:
        out.discard(state.face)
        out.add(state.face - 1)  # the card above it, the 副極
    return out


def he_hands(state) -> list[tuple[int, str, int]]:
    """Seats with 異賞 (賀) hands: (seat, names, 注), in play order from 頭."""
    r = state.game.rules
    out = []
    for k in range(4):
        seat = (state.tou + k) % 4
        h = set(state.dealt[seat])
        found: list[str] = []
        if h == set(ZHENG_SHANG) | set(JI):
            found.append("四尊四極")
        if h <= state.game.red:
            found.append("八紅有百老" if BAILAO in h else "八紅")
        if len({suit_of(c) for c in h}) == 1:
            found.append("十門渾成有百老" if BAILAO in h and suit_of(BAILAO) == suit_of(next(iter(h))) else "渾成")
        if r["quantu_condition"] == "held" and {BAILAO, JIUSHI, *CI_TU} <= h:
            found.append("全突")
        if set(ZHENG_SHANG) <= h:
            found.append("四尊有百老" if BAILAO in h else "四尊")
        if not found:
            continue
        for n in found:
            branches.hit(f"madiao.he.{HE_BRANCH[n]}")
        found.sort(key=lambda n: -HE_LINES[n][1])
        if r["he_multiple"] == "highest":
            found = found[:1]
        out.append((seat, "+".join(found), sum(HE_LINES[n][1] for n in found)))
    return out


def siji_seat(state) -> int | None:
    js = ji_set(state)
    for seat in range(4):
        if js <= set(state.dealt[seat]):
            return seat
    return None


def long_suit_seats(state) -> list[int]:
    if state.game.rules["long_suit"] == "off":
        return []
    out = []
    for k in range(4):
        seat = (state.tou + k) % 4
        n = [0, 0, 0, 0]
        for c in state.dealt[seat]:
            n[suit_of(c)] += 1
        if n[0] >= 5 or max(n[1:]) >= 6:
            branches.hit("madiao.long-suit-tens" if n[0] >= 5 else "madiao.long-suit-six")
            out.append(seat)
    return out


#: the settlement items' branch names (`yezi.core.branches`), romanised
ITEM_BRANCH = {
    "拍牌見百老": "cut-bailao", "四極": "siji", "賀": "he", "官堆": "pool-to-dahuo", "子": "ante", "弔": "diao",
    "大活百": "dahuo-bai", "小活百": "xiaohuo-bai", "死百": "si-bai", "大活百突": "dahuo-bai-tu",
    "小活百突": "xiaohuo-bai-tu", "死百突": "si-bai-tu", "敲門": "qiaomen", "小突": "xiaotu", "全突大活": "quantu-dahuo",
    "賞": "shang", "次賞": "cishang", "三開": "sankai", "四紅": "sihong", "八卓全收": "quanshou", "假逵": "jiakui",
    "代人認開": "liability",
}
#: the 賀 hands' branch names
HE_BRANCH = {
    "四尊四極": "sizun-siji", "八紅有百老": "bahong-bailao", "八紅": "bahong", "十門渾成有百老": "huncheng-bailao",
    "全突": "quantu", "四尊有百老": "sizun-bailao", "渾成": "huncheng", "四尊": "sizun",
}


class _Book:
    def __init__(self):
        self.items: list[dict[str, Any]] = []

    def add(self, key: str, clause: str, pairs: Sequence[tuple[Any, Any, Fraction | int]], detail: Any = "",
            chips: bool = False, parts: tuple[str, ...] | None = None) -> None:
        """`detail` may be a message (shown in each language); `parts`: the catalog entries `clause` joins."""
        pairs = [(a, b, z) for a, b, z in pairs if z and a != b]
        if pairs:
            branches.hit(f"madiao.item.{ITEM_BRANCH[key]}")
            self.items.append({"item": key, "clause": clause, "pairs": pairs, "detail": detail, "chips": chips,
                               "parts": parts or (clause,)})


def _direction(seat: int, zhu) -> list[tuple[int, int, int]]:
    """'樁家開散家。散家止開樁家': the banker collects from each 散家; a 散家 from the banker only."""
    if seat == 0:
        return [(p, 0, zhu) for p in (1, 2, 3)]
    return [(0, seat, zhu)]


def settle(state) -> dict[str, Any]:
    g = state.game
    r = g.rules
    stake = state.stake or r["stake_min"]
    book = _Book()
    reason = state.end_reason
    t = state.counts()
    holder = next((s for s in range(4) if BAILAO in state.dealt[s]), None)
    status: dict[str, Any] = {"tricks": t, "bailao_holder": holder}
    if reason == "played":
        # 名目: 得二牌曰正本，多曰弔，被弔不正本曰死，無卓曰赤脚；四家正本曰四和氣
        status["trick_status"] = ["赤脚" if x == 0 else "死" if x == 1 else "正本" if x == 2 else "弔" for x in t]
    dahuo_seat = None
    he = list(state.he)

    if reason == "cut-bailao":
        book.add("拍牌見百老", F["cut"], [(1, "pool", 1)],
                 Msg(N_("{seat} pays 1 stake into the {pool}"), seat=_sn(state, 1), pool=W.POOL))
    elif reason == "siji":
        s = state.siji
        book.add("四極", F["siji"], [(p, s, 1) for p in range(4) if p != s])
    elif reason == "mian":
        book.items.append({"item": "免鬭", "clause": F["mian"], "pairs": [], "chips": False,
                           "detail": Msg(N_("{seat}: five Tens or six of another suit; no payments"),
                                         seat=_sn(state, state.mian_declarer))})

    if reason == "he" or (reason == "played" and he):
        for seat, names, zhu in he:
            exempt = holder if holder is not None and holder != seat else None
            payers = [p for p in range(4) if p not in (seat, exempt)]
            lines = "；".join(HE_LINES[n][0] for n in names.split("+"))
            book.add("賀", F["he"] + "。" + lines, [(p, seat, zhu) for p in payers], names,
                     parts=(F["he"], *(HE_LINES[n][0] for n in names.split("+"))))

    if reason == "played":
        _played(state, book, t, holder, status)
        dahuo_seat = status.get("dahuo_seat")

    # 官堆: fines in, then the next 大活 takes it, or everyone antes ('人加一子入官堆').
    pool_in = sum(z * stake for it in book.items for (a, b, z) in it["pairs"] if b == "pool")
    if dahuo_seat is not None:
        total = state.pool_before + pool_in
        if total:
            book.add("官堆", F["pool"], [("pool", dahuo_seat, total)],
                     Msg(N_("the fully live Hundred takes the whole pool")), chips=True)
    elif reason == "played" or r["ante_after_void"]:
        unit = stake if r["pool_unit"] == "stake" else 1
        book.add("子", F["ante"], [(s, "pool", unit) for s in range(4)],
                 Msg(N_("no fully live Hundred this hand: each adds one chip")), chips=True)

    net: list[Any] = [0] * 4
    transfers: list[Any] = [0] * 4
    pool: Any = state.pool_before
    for it in book.items:
        mult = 1 if it["chips"] else stake
        for a, b, z in it["pairs"]:
            c = z * mult
            if a == "pool":
                pool -= c
            else:
                net[a] -= c
            if b == "pool":
                pool += c
            else:
                net[b] += c
            if a != "pool" and b != "pool":
                transfers[a] -= c
                transfers[b] += c
    return {
        "items": book.items,
        "stake": stake,
        "net": [_val(x) for x in net],
        "transfers": [_val(x) for x in transfers],
        "pool_before": state.pool_before,
        "pool_after": _val(pool),
        "next_banker": _next_banker(state, he, dahuo_seat),
        "status": status,
        "dahuo_seat": dahuo_seat,
    }


def public(state, res: dict[str, Any]) -> dict[str, Any]:
    """The settlement as plain JSON for views: every item with its transfers and its clause."""
    stake = res["stake"]
    items = []
    for it in res["items"]:
        mult = 1 if it["chips"] else stake
        clause = it.get("parts") or (it["clause"],)
        detail = it["detail"]
        if it["item"] == "賀" and isinstance(detail, str):  # the special hands' names, "四尊+八紅"
            detail = [W.HE.get(n, n) for n in detail.split("+")]
        items.append({
            "item": it["item"],
            "en": EN.get(it["item"], it["item"]),
            "detail": it["detail"] if isinstance(it["detail"], str) else _text(detail, "zh-hant"),
            "clause": it["clause"],
            # the same in each language: the item's name, its detail, and Feng's clause (English: translated)
            "i18n": {lg: {"item": render(W.ITEMS.get(it["item"], it["item"]), lg), "detail": _text(detail, lg),
                          "clause": ("。" if lg != "en" else " ").join(gettext(lg, x) for x in clause)}
                     for lg in ("zh-hant", "zh-hans", "en")},
            "transfers": [
                {"from": a, "to": b, "zhu": None if it["chips"] else _num(z), "chips": _num(z * mult)}
                for a, b, z in it["pairs"]
            ],
        })
    status = res["status"]
    return {
        "stake": stake,
        "end_reason": state.end_reason,
        "items": items,
        "net": [_num(x) for x in res["net"]],
        "transfers": [_num(x) for x in res["transfers"]],
        "pool_before": res["pool_before"],
        "pool_after": _num(res["pool_after"]),
        "pool_change": _num(Fraction(res["pool_after"]) - res["pool_before"]),
        "next_banker": list(res["next_banker"]),
        "status": {k: v for k, v in status.items() if k != "dahuo_seat"} | {"dahuo_seat": res["dahuo_seat"]},
    }


def _next_banker(state, he, dahuo_seat) -> tuple[str, int]:
    kind, seat = _next_banker_of(state, he, dahuo_seat)
    branches.hit(f"madiao.next-banker.{kind}")
    return kind, seat


def _next_banker_of(state, he, dahuo_seat) -> tuple[str, int]:
    r = state.game.rules
    if state.end_reason in ("cut-bailao", "siji", "mian"):
        return ("redraw", -1)
    if he:
        # '竟奪作樁': the highest 賀 takes the bank; ties go to the one nearer 頭 (he is in 頭 order).
        best = max(he, key=lambda x: x[2])
        return ("seize", best[0])
    if r["banker_keep"] == "banker-dahuo" and dahuo_seat == 0:
        return ("keep", 0)
    if r["banker_keep"] == "any-dahuo" and dahuo_seat is not None:
        return ("keep", 0)
    return ("rotate", 1 if r["rotation"] == "xiajia" else 3)


def _played(state, book: _Book, t: list[int], holder: int | None, status: dict[str, Any]) -> None:
    r = state.game.rules
    won = [set(w) for w in state.won]
    dealt = [set(d) for d in state.dealt]
    # 1. 弔
    if r["diao_model"] == "A":
        losers = [s for s in range(4) if t[s] <= 1]
        winners = [s for s in range(4) if t[s] >= 3]
        if winners and losers:
            share = Fraction(1, len(winners)) if len(winners) > 1 else 1
            # 獨贏一家曰獨弔，共贏一家曰合弔，兩家分贏曰各弔
            branches.hit("madiao.diao." + ("du" if len(winners) == 1 else "he" if len(losers) == 1 else "ge"))
            if len(winners) == 1:
                kind: Any = W.DIAO_KINDS["獨弔"]
                if len(losers) > 1:
                    kind = Msg(N_("{kind} ×{n}"), kind=kind, n=len(losers))
            else:
                kind = W.DIAO_KINDS["合弔" if len(losers) == 1 else "各弔"]
            book.add("弔", F["diao"], [(p, w, share) for p in losers for w in winners], kind)
        elif all(x == 2 for x in t):
            branches.hit("madiao.diao.sihe")
            status["sihe"] = True  # 四和氣
    else:
        pairs: list[tuple[int, int | str, int]] = []
        for s in (1, 2, 3):
            if t[s] <= 1:
                pairs.append((s, 0, 1))
            elif t[s] >= 3:
                pairs.append((0, s, 1))
        book.add("弔", F["diao_b"], pairs, Msg(N_("banker-centred")))
    # 2. 百老 and 突
    used_ci: dict[int, int] = {}
    bai_tu = False
    if holder is not None:
        h = holder
        up = BAILAO in won[h]
        zb = t[h] >= 2
        st = "大活百" if up and zb else "小活百" if zb else "死百"
        base = {"大活百": 3, "小活百": 2, "死百": 1}[st]
        ci = _ci_for(state, h, dealt, won, gong=BAILAO)
        amount = base
        name = st
        if ci is not None:
            bai_tu = True
            used_ci[h] = ci
            name = st + "突"
            amount = base * 2 if r["nested_items"] == "highest" else base + base * 2
        status["bailao"] = name
        clause = F["baitu"] if ci is not None else F["bai"]
        book.add(name, clause, _direction(h, amount), Msg(N_("{seat}: {card}, {n} {tricks}"), seat=_sn(state, h),
                                                          card=_cn(BAILAO), n=t[h], tricks=W.TRICK))
        if st == "大活百":
            status["dahuo_seat"] = h
            if h != 0:
                q = 1
                if r["qiaomen_amount"] == "qing":
                    q = 5 if {BAILAO, JIUSHI, *CI_TU} <= dealt[h] else 2 if bai_tu else 1
                book.add("敲門", F["qiaomen"], [(p, h, q) for p in (1, 2, 3) if p != h])
    # 小突
    for s in range(4):
        if JIUSHI not in dealt[s]:
            continue
        if r["tu_multiple"] == "one-per-player" and s in used_ci:
            continue
        ci = _ci_for(state, s, dealt, won, gong=JIUSHI, exclude=used_ci.get(s))
        if ci is None:
            continue
        cond = r["xiaotu_condition"]
        if cond == "jiushi-shangzhuo" and JIUSHI not in won[s]:
            continue
        if cond == "zhengben" and t[s] < 2:
            continue
        book.add("小突", F["xiaotu"], _direction(s, 1), Msg(N_("{card} with {partner}"), card=_cn(JIUSHI),
                                                                 partner=_cn(ci)))
    # 全突大活 (option V17 quantu_condition=dahuo): paid after play as a 賀 by the three others
    if (r["quantu_condition"] == "dahuo" and holder is not None and status.get("dahuo_seat") == holder
            and {BAILAO, JIUSHI, *CI_TU} <= dealt[holder]):
        book.add("全突大活", F["quantu"], [(p, holder, 5) for p in range(4) if p != holder])
    # 3. 賞
    live_shang = []
    for suit in range(4):
        z = zheng_of(state, suit)
        w = next((s for s in range(4) if z in won[s]), None)
        if w is not None and t[w] >= 2:
            live_shang.append((z, w))
            live = (Msg(N_("{card} live"), card=_cn(z)) if z == ZHENG_SHANG[suit] else
                    Msg(N_("{card} live (it stands for {main})"), card=_cn(z), main=_cn(ZHENG_SHANG[suit])))
            book.add("賞", F["shang"], _direction(w, 1), live)
        if r["cishang_pays"]:
            c = ci_of(state, suit)
            if c is not None:
                w = next((s for s in range(4) if c in won[s]), None)
                if w is not None and t[w] >= 2:
                    book.add("次賞", F["cishang"], _direction(w, 1), Msg(N_("{card} live"), card=_cn(c)))
    status["live_shang"] = [[z, w] for z, w in live_shang]
    # 三開 / 四紅
    san = [role_card(state, c) for c in (BAILAO, QIANWAN, WANWAN)]
    si = [*san, role_card(state, KONGWEN)]
    for s in range(4):
        has3 = all(c in won[s] for c in san)
        has4 = all(c in won[s] for c in si)
        if has4:
            if r["nested_items"] == "cumulative":
                book.add("三開", F["sankai"], _direction(s, 3))
            book.add("四紅", F["sihong"], _direction(s, 4))
        elif has3:
            book.add("三開", F["sankai"], _direction(s, 3))
    # 八卓全收
    for s in range(4):
        if t[s] == 8 or (t[s] == 7 and _seven_counts(state, s)):
            book.add("八卓全收", F["quanshou"], _direction(s, 8), Msg(N_("{n} {tricks}"), n=t[s], tricks=W.TRICK))
    # 4. 看賞: 假逵
    sec = state.second
    status["second"] = sec
    if sec in ZHENG_SHANG:
        suits = [suit_of(sec)] if r["jiakui_suit"] == "same-suit" else [0, 1, 2, 3]
        for suit in suits:
            c = ci_of(state, suit)  # a 次賞 standing in for an exposed 正賞 is no impostor
            if c is None:
                continue
            w = next((s for s in range(4) if c in won[s]), None)
            if w is None or (r["jiakui_zhengben"] and t[w] < 2):
                continue
            if r["jiakui_payee"] == "pool" or r["fine_recipient"] == "pool":
                pairs = [(w, "pool", 3)]
            else:
                pairs = [(w, p, 1) for p in range(4) if p != w]
            book.add("假逵", F["jiakui"], pairs,
                     Msg(N_("second bottom card {second}; {card} won by {seat}"), second=_cn(sec), card=_cn(c),
                         seat=_sn(state, w)))
    # 5. liabilities
    _liabilities(state, book, t, holder, status, bai_tu, live_shang)


def _ci_for(state, seat, dealt, won, gong, exclude=None):
    """A 雌突 that pairs with the 公 `gong` for `seat` under option V14, or None."""
    r = state.game.rules
    for ci in CI_TU:
        if ci == exclude or ci not in dealt[seat]:
            continue
        if r["tu_pairing"] in ("ci-shangzhuo", "both-shangzhuo") and ci not in won[seat]:
            continue
        if r["tu_pairing"] == "both-shangzhuo" and gong not in won[seat]:
            continue
        return ci
    return None


def _seven_counts(state, s) -> bool:
    lost = [i for i, w in enumerate(state.trick_winners) if w != s]
    if len(lost) != 1:
        return False
    if state.game.rules["seven_tricks"] == "literal":
        return lost[0] != 0
    return lost[0] == 7


def _liabilities(state, book, t, holder, status, bai_tu, live_shang) -> None:
    """代人認開數 (spec §5.3): D1, D2 and (optionally) D3, from the play log after the hand."""
    r = state.game.rules
    winners = state.trick_winners
    before = [[sum(1 for w in winners[:k] if w == s) for s in range(4)] for k in range(9)]
    liab = []

    def bear(offender: int, beneficiary: int, amount: int, what: Msg, key: str):
        branches.hit(f"madiao.liability.{key}")
        if beneficiary == 0:
            pairs = [(offender, p, amount) for p in (1, 2, 3) if p != offender]
        else:
            pairs = [(offender, 0, amount)] if offender != 0 else []
        book.add("代人認開", F["liab"], pairs, Msg(N_("{rule}: {what}"), rule=key, what=what))
        liab.append({"rule": key, "offender": offender, "beneficiary": beneficiary, "kai": amount})

    snaps = None
    if r["guard_rules"] == "liability" and holder is not None and status.get("dahuo_seat") == holder:
        snaps = state.play_log
        for sn in snaps:
            k, seat, a = sn["k"], sn["seat"], sn["a"]
            if not sn["bailao_held"]:
                break  # 百老 has been played: later plays are free
            if seat == holder:
                continue
            rule = sn["breach"]
            if rule is None:
                continue
            if rule == "L1" and state.tricks[k]["best"] != BAILAO:
                continue  # the low 十 lead counts only when 百老 itself captures it (docs, warning)
            amount = 1 if before[k][holder] >= 2 else 2
            if r["tu_doubling"] and bai_tu:
                amount *= 2
            c = a % 40
            bear(seat, holder, amount, Msg(N_("{card} played before {bailao} appeared; {bailao} became "
                                                 "fully live"), card=_cn(c), bailao=term("百老")), "D1")
            break
    # D2 / D3: a 散家 let the banker's winning card pass while able to capture it.
    if snaps is None:
        snaps = state.play_log
    passes: dict[int, int] = {}  # trick -> first offending seat
    for sn in snaps:
        k, seat, a = sn["k"], sn["seat"], sn["a"]
        if seat == 0 or not sn["led"] or sn["best_seat"] != 0 or a < 40:
            continue
        if winners[k] != 0 or k in passes:
            continue
        if sn["could_capture"]:
            passes[k] = seat
    blamed = set()
    for k, o in sorted(passes.items()):
        window = [k + 1] if r["d2_window"] == "next-trick" else list(range(k + 1, 8))
        for z, w in live_shang:
            if w != 0 or z in blamed:
                continue
            won_at = next(i for i, (wn) in enumerate(winners) if wn == 0 and _won_card(state, i) == z)
            if won_at in window:
                blamed.add(z)
                amount = 1 if before[k][0] >= 2 else 2
                bear(o, 0, amount, Msg(N_("let the banker's card pass in trick {n}; his {card} lived"),
                                                n=k + 1, card=_cn(z)), "D2")
    if r["d3"] and t[0] >= 2:
        second_win = [i for i, w in enumerate(winners) if w == 0][1]
        if second_win in passes:
            bear(passes[second_win], 0, 2, Msg(N_("let pass the banker's trick {n} that made him even"),
                                                         n=second_win + 1), "D3")
    status["liabilities"] = liab


def _beats(a, b):
    return deck.beats(a, b)


def _won_card(state, i):
    return state.tricks[i]["best"]
