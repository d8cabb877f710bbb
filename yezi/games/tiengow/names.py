"""Cantonese romanisation (Jyutping) of the tile names of 打天九, as Hong Kong players say them.

The display names come from `yezi.components.tiengow` (Hong Kong style); this adds the spoken
form, shown in `yezi rules`-style help and accepted when reading moves (``tin1``, ``tin``,
``hung gau`` …, tone numbers optional), so a player who knows the game by ear can type it.
"""

from __future__ import annotations

import re

from yezi.components import tiengow as tg

JYUTPING: dict[int, str] = {
    tg.HEAVEN: "tin1", tg.EARTH: "dei6", tg.MAN: "jan4", tg.GOOSE: "ngo4", tg.PLUM: "mui4 faa1",
    tg.LONG_THREE: "coeng4 saam1", tg.BENCH: "baan2 dang3", tg.HATCHET: "fu2 tau4",
    tg.RED_TEN: "hung4 tau4 sap6", tg.LONG_SEVEN: "gou1 goek3 cat1", tg.MALLET_SIX: "ling4 lam1 luk6",
    tg.BLACK_NINE: "hak1 gau2", tg.RED_NINE: "hung4 gau2", tg.FLAT_EIGHT: "ping4 baat3",
    tg.BENT_EIGHT: "waan1 baat3", tg.BLACK_SEVEN: "hak1 cat1", tg.RED_SEVEN: "hung4 cat1",
    tg.BIG_SIX: "daai6 gai1 luk6", tg.RED_FIVE: "hung4 ng5", tg.BLACK_FIVE: "hak1 ng5",
    tg.LITTLE_THREE: "saan1 gai1",
}


def _plain(text: str) -> str:
    return re.sub(r"[\s\d'’-]+", "", text.lower())


_BY_PLAIN = {_plain(j): k for k, j in JYUTPING.items()}


def jyutping(kind: int) -> str:
    return JYUTPING[kind]


def parse_jyutping(text: str) -> int | None:
    """The kind a Jyutping name stands for (tones and spaces optional), or None."""
    return _BY_PLAIN.get(_plain(text))
