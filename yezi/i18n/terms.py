"""Game terms and names as message parameters: the characters in Chinese, a gloss in English.

English text names a Chinese term by its English gloss followed by the characters (``boss card 老歲``),
the plain-text marking the purity checker accepts (tools/purity.py); Chinese text shows the
characters alone, in the reader's script.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

#: names registered by `name` and `register` (both scripts) as modules build their message parameters;
#: `yezi.guides.names.known_names` adds the static ones (glossary, cards, titles)
REGISTERED: set[str] = set()


def term(hant: str, en: str | None = None) -> dict[str, str]:
    """`hant`, a glossary term, per language; `en` overrides the glossary's gloss."""
    from yezi.i18n.glossary import lookup

    t = lookup(hant)  # an unknown term is a programming error: KeyError
    hans, gloss = t.hans, t.en.split(" (")[0]
    return {"zh-hant": hant, "zh-hans": hans, "en": f"{en or gloss} {hant}"}


def name(hant: str, hans: str, en: str) -> dict[str, str]:
    """A name that is not a glossary term (a combination, a hand): English with the characters beside it."""
    REGISTERED.update((hant, hans))
    return {"zh-hant": hant, "zh-hans": hans, "en": f"{en} {hant}"}


def register(*chinese: str) -> None:
    """Names that English text shows beside their English form, written as literal per-language dicts."""
    REGISTERED.update(chinese)


def names(items: Iterable, namer: Callable[[Any, str], str], sep_en: str = " ", sep_zh: str = " ") -> Callable[[str], str]:
    """A list of items (cards) named in the reader's language when the message is shown."""
    items = list(items)
    return lambda lang: (sep_en if lang == "en" else sep_zh).join(namer(x, lang) for x in items)
