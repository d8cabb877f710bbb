"""The glossary of game terms (``glossary.toml``): each term in both scripts, its romanisation,
an English gloss, one sentence of meaning in each language and the games that use it."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class Term:
    hant: str
    hans: str
    roman: str  # as players say it: Cantonese (Jyutping), Hakka or Mandarin (pinyin), named
    en: str  # a short English gloss
    meaning: dict[str, str]  # one sentence per language
    games: tuple[str, ...]

    @property
    def spoken(self) -> str:
        """The romanisation alone, without the name of the language (for inline glosses)."""
        return self.roman.split(" (")[0]

    def chars(self, lang: str) -> str:
        return self.hans if lang == "zh-hans" else self.hant

    def as_json(self) -> dict:
        return {"hant": self.hant, "hans": self.hans, "roman": self.roman, "en": self.en,
                "meaning": self.meaning, "games": list(self.games)}


FIELDS = ("hant", "hans", "roman", "en", "meaning", "games")


@lru_cache(maxsize=1)
def glossary() -> dict[str, Term]:
    """Terms by their traditional form."""
    data = tomllib.loads((resources.files("yezi.i18n") / "glossary.toml").read_text(encoding="utf-8"))
    out: dict[str, Term] = {}
    for row in data["term"]:
        missing = [f for f in FIELDS if not row.get(f)]
        if missing:
            raise ValueError(f"glossary term {row.get('hant', '?')!r} lacks {', '.join(missing)}")
        out[row["hant"]] = Term(row["hant"], row["hans"], row["roman"], row["en"], dict(row["meaning"]),
                                tuple(row["games"]))
    return out


def lookup(key: str) -> Term:
    g = glossary()
    if key in g:
        return g[key]
    for t in g.values():  # a guide may mark a term in its simplified form
        if t.hans == key:
            return t
    raise KeyError(f"{key!r} is not in yezi/i18n/glossary.toml")


def terms_for(game: str) -> list[Term]:
    return [t for t in glossary().values() if game in t.games]
