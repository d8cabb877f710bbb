"""The three gettext catalogs, read from their ``.po`` files once per process.

Reading the ``.po`` text (rather than compiled ``.mo`` files) keeps a fresh checkout runnable with
no build step; the catalogs are small and read in milliseconds. A ``.mo`` beside a ``.po`` is not
consulted: the ``.po`` is the one source a translator edits.
"""

from __future__ import annotations

import gettext as _gettext
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("zh-hant", "zh-hans", "en")
#: yezi's language codes -> the gettext locale names of the catalog folders
LOCALES = {"zh-hant": "zh_Hant", "zh-hans": "zh_Hans", "en": "en"}
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "yezi"


def po_path(lang: str) -> Path:
    return LOCALE_DIR / LOCALES[lang] / "LC_MESSAGES" / f"{DOMAIN}.po"


class Catalog:
    """One language's translations: msgid -> text, or (msgid, plural) -> forms."""

    def __init__(self, lang: str, singles: dict[str, str], plurals: dict[str, tuple[str, ...]], plural_expr: str,
                 contexts: dict[tuple[str, str], str] | None = None,
                 context_plurals: dict[tuple[str, str], tuple[str, ...]] | None = None):
        self.lang = lang
        self.contexts = contexts or {}  # (msgctxt, msgid) -> text: the web client's keyed strings
        #: (msgctxt, msgid) -> forms: a count worded per game (十五湖 cards are 隻 where Luk Fu's are 張)
        self.context_plurals = context_plurals or {}
        self.singles = singles
        self.plurals = plurals
        self.plural_expr = plural_expr
        self._form = _gettext.c2py(plural_expr)

    def get(self, msgid: str, plural: str | None = None, n: int = 1, context: str | None = None) -> str:
        if plural is None:
            return self.singles.get(msgid) or msgid
        forms = self.plurals.get(msgid) if context is None else self.context_plurals.get((context, msgid))
        if forms:
            i = min(self._form(n), len(forms) - 1)
            if forms[i]:
                return forms[i]
        return msgid if n == 1 else plural

    def get_ctx(self, context: str, msgid: str) -> str:
        return self.contexts.get((context, msgid)) or msgid

    def as_json(self) -> dict[str, Any]:
        """{msgid: text}; an entry with a context is keyed ``context\x04msgid``, as gettext does."""
        out: dict[str, Any] = {f"{c}\x04{k}": v for (c, k), v in self.contexts.items() if v}
        out.update({f"{c}\x04{k}": list(v) for (c, k), v in self.context_plurals.items() if any(v)})
        out.update({k: v for k, v in self.singles.items() if v})
        out.update({k: list(v) for k, v in self.plurals.items() if any(v)})
        return out


def load_po(lang: str, path: Path | None = None) -> Catalog:
    """Read a ``.po`` file into a `Catalog` (fuzzy entries are left out, as gettext does)."""
    from babel.messages.pofile import read_po

    path = path or po_path(lang)
    singles: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    contexts: dict[tuple[str, str], str] = {}
    context_plurals: dict[tuple[str, str], tuple[str, ...]] = {}
    if not path.exists():
        return Catalog(lang, singles, plurals, "(n != 1)")
    with path.open("rb") as f:
        cat = read_po(f, locale=LOCALES[lang], domain=DOMAIN)
    for m in cat:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, str):
            text = m.string if isinstance(m.string, str) else ""
            if not text:
                continue
            if m.context:
                contexts[(m.context, m.id)] = text
            else:
                singles[m.id] = text
            continue
        # a plural entry: its msgid and forms come as sequences (babel reads a lone form as a str)
        forms = tuple(f or "" for f in m.string) if isinstance(m.string, tuple | list) else (m.string or "",)
        if m.context:
            context_plurals[(m.context, m.id[0])] = forms
        else:
            plurals[m.id[0]] = forms
    return Catalog(lang, singles, plurals, cat.plural_expr or "(n != 1)", contexts, context_plurals)


@cache
def catalog(lang: str) -> Catalog:
    """The catalog of `lang`, read at first use; an unknown language reads as English."""
    return load_po(lang if lang in LOCALES else "en")


def translate(lang: str, msgid: str, plural: str | None = None, n: int = 1, context: str | None = None) -> str:
    return catalog(lang).get(msgid, plural, n, context)
