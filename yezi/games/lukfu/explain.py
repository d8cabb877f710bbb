"""Explanations of 老歲 status that a player or a referee can check card by card, in the reader's
language (English names each card in English with its characters beside it: ``9 Tens 九拾``)."""

from __future__ import annotations

from yezi.components.lukfu_deck import WAN_TSIN, cards_of, name
from yezi.games.lukfu.knowledge import Knowledge
from yezi.i18n import N_, _
from yezi.i18n.terms import term


def _card(c: int, lang: str) -> str:
    return f"{name(c, 'en')} {name(c)}" if lang == "en" else name(c, lang)


def explain(game, k: Knowledge, seat: int, c: int, faceup: int, is_old: bool, lang: str = "en") -> str:
    table = game.table
    mode = game.rules["laosui"]
    names = game.seat_names_by_lang()
    boss = term("老歲")
    cn = _card(c, lang)
    sep = ", " if lang == "en" else "、"
    if c in (0, 27, WAN_TSIN):
        return _(lang, N_("{card} is a {boss}: {specials} always are."), card=cn, boss=boss,
                 specials=sep.join(_card(x, lang) for x in (0, 27, WAN_TSIN)))
    if c % 9 == 8:
        return _(lang, N_("{card} is a {boss}: it is the highest card of its suit, and the four Nines are boss cards "
                          "from the start (Chinese Wikipedia, 六虎牌)."), card=cn, boss=boss)
    if mode == "cascade":
        higher = [x for x in range(c + 1, (c // 9 + 1) * 9)]
        missing = [x for x in higher if not faceup >> x & 1]
        if not missing:
            return _(lang, N_("{card} is a {boss} (public rule): every higher card of its suit has been "
                              "played face up."), card=cn, boss=boss)
        return _(lang, N_("{card} is not a {boss} (public rule): not yet played face up: {cards}"),
                 card=cn, boss=boss, cards=sep.join(_card(x, lang) for x in missing))
    if table.unbeatable >> c & 1:
        return _(lang, N_("{card} is a {boss}: no card can beat it."), card=cn, boss=boss)
    higher = cards_of(table.higher[c])
    parts = []
    for x in higher:
        where = k.located.get(x)
        xn = _card(x, lang)
        if where is not None and (mode == "deduce" or where.msgid != N_("discarded by you in trick {n}")):
            parts.append(_(lang, N_("{card}: {where}"), card=xn, where=where))
        elif mode == "visible":
            parts.append(_(lang, N_("{card}: not seen (laosui=visible counts only your hand and face-up plays)"),
                           card=xn))
        else:
            places = k.where(x, names)
            hands = [p for p in places if getattr(p, "kind", "") == "hand"]
            orr = _(lang, N_(" or "))
            if hands:
                parts.append(_(lang, N_("{card}: may be in {places}"), card=xn,
                               places=orr.join(p.render(lang) for p in hands)))
            else:
                why = sorted({c_.why.render(lang) if hasattr(c_.why, "render") else c_.why for c_ in k.constraints})
                parts.append(_(lang, N_("{card}: cannot be in an opponent's hand; it can only be {places}"), card=xn,
                               places=_(lang, N_(", or ")).join(p.render(lang) for p in places))
                             + (_(lang, N_(" ({reasons})"), reasons="; ".join(why)) if why else ""))
    head = (N_("{card} is a {boss} for {seat}:") if is_old else N_("{card} is not a {boss} for {seat}:"))
    return _(lang, head, card=cn, boss=boss, seat=names[seat]) + "\n  " + "\n  ".join(parts)
