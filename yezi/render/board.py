"""The words of the table drawings (`table_svg` of each game, the boards of the guides and tutorials),
in the reader's language: counts with their plural ("1 card", "9 cards"; "9張牌" in Chinese), labels
in the reader's script (a 简体 board says 龙, not 龍). The catalogs hold them; nothing here is English
that a Chinese board shows, nor Chinese that an English board shows unglossed."""

from __future__ import annotations

from yezi.i18n import NP_, Words, ngettext, npgettext, punct

WORDS = Words("board", {
    "bidder": NP_("board:bidder", "bidder"),
    "stock": NP_("board:stock", "Stock"),
    "drawn": NP_("board:drawn", "drawn"),
    "stake": NP_("board:stake", "Stake"),
    "pool": NP_("board:pool", "Pool"),
    "face": NP_("board:face", "Face card"),
    "dice": NP_("board:dice", "Dice"),
    "boss": NP_("board:boss", "boss"),  # the mark under a boss card 老歲 in the hand
    "pending": NP_("board:pending", "down"),  # on a card chosen for a face-down discard not yet complete
    "won": NP_("board:won", "won"),  # Luk Fu's 糊 of the cards won, beside those of the boss cards in hand
    "laosui": NP_("board:laosui", "boss cards"),
})


def word(lang: str, key: str) -> str:
    return WORDS[_lang(lang)][key]


def _lang(lang: str) -> str:
    return "en" if lang == "ascii" else lang


def cards(lang: str, n: int) -> str:
    return ngettext(_lang(lang), "{n} card", "{n} cards", n)


def tiles(lang: str, n: int) -> str:
    return ngettext(_lang(lang), "{n} tile", "{n} tiles", n)


# The Tien Gow family's Hong Kong sources and its play tables count 十五湖 cards and 打天九's tiles
# with 隻, where Luk Fu's and Ma Diao's cards and the dominoes' tiles are 張: a drawing says what
# the game's own table says.
def hk_cards(lang: str, n: int) -> str:
    return npgettext(_lang(lang), "board:hk", "{n} card", "{n} cards", n)


def hk_tiles(lang: str, n: int) -> str:
    return npgettext(_lang(lang), "board:hk", "{n} tile", "{n} tiles", n)


def tricks(lang: str, n: int) -> str:
    return ngettext(_lang(lang), "{n} trick", "{n} tricks", n)


def hu(lang: str, n: int) -> str:
    """Luk Fu's 糊."""
    return ngettext(_lang(lang), "{n} hu", "{n} hu", n)


def hu_of(lang: str, n: int, need: int) -> str:
    """十五胡's 胡 won of those needed."""
    return ngettext(_lang(lang), "{n} of {need} hu", "{n} of {need} hu", n, need=need)


def face_down(lang: str, n: int) -> str:
    return ngettext(_lang(lang), "{n} face down", "{n} face down", n)


def caught(lang: str, n: int) -> str:
    return ngettext(_lang(lang), "{n} caught", "{n} caught", n)


def tiles_won(lang: str, n: int) -> str:
    return ngettext(_lang(lang), "{n} tile won", "{n} tiles won", n)


def line(lang: str, name: str, *parts: str) -> str:
    """``Name: a · b · c`` with the reader's colon."""
    return name + punct(_lang(lang), "colon") + " · ".join(p for p in parts if p)


def labelled(lang: str, key: str, value: object) -> str:
    """``Stock: 20`` / ``龍：20``."""
    return word(lang, key) + punct(_lang(lang), "colon") + str(value)


def aside(lang: str, text: str) -> str:
    """`` (text)`` / ``（text）``: what follows a name or a count, as the play tables write it."""
    lg = _lang(lang)
    return punct(lg, "open") + text + punct(lg, "close")


def tagged(lang: str, name: str, key: str) -> str:
    """``Lead (bidder)`` / ``頭家（做牌）``."""
    return name + aside(lang, word(lang, key))
