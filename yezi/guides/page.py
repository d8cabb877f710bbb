"""A guide resolved against the engine: the parsed markup plus everything the renderers fill in
(facts, cards, option ids, glossary terms). Shared by `yezi.guides.html` and `yezi.guides.text`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from yezi.core.registry import game_class
from yezi.guides import LANGS, guide_source
from yezi.guides.engine import facts
from yezi.guides.markup import Block, parse
from yezi.i18n.glossary import Term, lookup

_ZH_DIGITS = "零一二三四五六七八九"


def zh_number(n: int) -> str:
    """An integer below ten thousand in Chinese numerals (十二, 三十七, 八十四, 一百二十)."""
    if n < 10:
        return _ZH_DIGITS[n]
    out, started = "", False
    for unit, name in ((1000, "千"), (100, "百"), (10, "十")):
        q, n = divmod(n, unit)
        if q:
            out += ("" if (unit == 10 and q == 1 and not started) else _ZH_DIGITS[q]) + name
            started = True
        elif started and n:
            out += "零" if not out.endswith("零") else ""
    return out + (_ZH_DIGITS[n] if n else "")


def number_text(n: int, lang: str) -> str:
    return str(n) if lang == "en" else zh_number(n)


@dataclass
class Guide:
    game: str
    lang: str
    blocks: list[Block]

    def fact(self, name: str) -> int:
        f = facts(self.game)
        if name not in f:
            raise KeyError(f"{self.game} guide: no fact {name!r}; facts: {', '.join(f)}")
        return f[name]

    def term(self, key: str) -> Term:
        return lookup(key)

    def option(self, name: str) -> str:
        if name not in game_class(self.game).option_table().options:
            raise KeyError(f"{self.game} guide: no option {name!r}")
        return name

    def preset(self, name: str) -> str:
        if name not in game_class(self.game).option_table().presets:
            raise KeyError(f"{self.game} guide: no preset {name!r}")
        return name

    @property
    def title(self) -> str:
        return game_class(self.game).titles[self.lang]


@cache
def load(game: str, lang: str) -> Guide:
    if lang not in LANGS:
        raise ValueError(f"no guide language {lang!r}; languages: {', '.join(LANGS)}")
    game_class(game)  # an unknown game fails here with the registry's message
    return Guide(game, lang, parse(guide_source(game, lang), f"yezi/guides/{game}/{lang}.md"))
