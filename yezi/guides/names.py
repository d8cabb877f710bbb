"""The Chinese names English text may show beside their English form (``Nine of Tens 九拾``): glossary
terms, card and tile names, game titles, and names registered through `yezi.i18n.terms`."""

from __future__ import annotations

import re
from functools import cache

from yezi.i18n.terms import REGISTERED


@cache
def _static_names() -> frozenset[str]:
    from yezi.components import lukfu_deck, madiao_deck, tiengow
    from yezi.core.registry import GAMES, game_class
    from yezi.i18n.glossary import glossary

    out: set[str] = set()
    for t in glossary().values():
        out |= {t.hant, t.hans}
    for lang in ("zh-hant", "zh-hans"):
        out |= {lukfu_deck.name(c, lang) for c in range(38)}
        out |= set(lukfu_deck.SUIT_NAMES[lang])
        out |= {madiao_deck.card_name(c, lang) for c in range(madiao_deck.NUM_CARDS)}
        for k in range(len(tiengow.KINDS)):
            out |= {n for n in tiengow.all_names(k) if n}
            out.add(tiengow.name(k, lang))
        for g in GAMES:
            cls = game_class(g)
            title = cls.titles[lang]
            out.add(title)
            out.add(re.split(r"[（(]", title)[0].strip())  # 十五胡（重構）: the game's name is 十五胡
            for preset in cls.option_table().presets.values():  # a preset's own name: 大牌九, 小牌九
                head = re.split(r"[:：]", preset.title)[0].strip()
                if head and all("\u4e00" <= ch <= "\u9fff" for ch in head):
                    out.add(head)
                    out.add(_opencc_s(head) if lang == "zh-hans" else head)
    return frozenset(out)


def _opencc_s(text: str) -> str:
    try:
        import opencc
    except ModuleNotFoundError:  # pragma: no cover - a test dependency; without it the 繁體 form only
        return text
    return opencc.OpenCC("t2s").convert(text)


def known_names() -> frozenset[str]:
    return _static_names() | REGISTERED
