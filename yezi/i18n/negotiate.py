"""The reader's language from what the browser says it reads (``Accept-Language``; the page's script
reads ``navigator.languages`` by the same rule, yezi/web/app.js `browserLang`), until the reader picks
one: the first language tag, by preference, that names 繁體 (zh-TW, zh-HK, zh-MO, zh-Hant, a bare zh),
简体 (zh-CN, zh-SG, zh-Hans) or English; a browser that names only other languages reads English; one
that names none (a script, a test) gets the project's default, 繁體."""

from __future__ import annotations

from collections.abc import Iterable

DEFAULT = "zh-hant"
_HANS = ("zh-cn", "zh-sg", "zh-my", "zh-hans")


def lang_of_tag(tag: str) -> str | None:
    """One language tag as yezi's language (None: a language yezi does not have)."""
    t = tag.strip().lower().replace("_", "-")
    if t == "zh" or t.startswith("zh-"):
        return "zh-hans" if t.startswith(_HANS) else "zh-hant"
    if t == "en" or t.startswith("en-"):
        return "en"
    return None


def best_lang(tags: Iterable[str]) -> str:
    """The first tag of `tags` (in preference order) that yezi has; English when the tags name only other
    languages, the default when there are none."""
    seen = False
    for tag in tags:
        if not tag.strip() or tag.strip() == "*":
            continue
        seen = True
        lang = lang_of_tag(tag)
        if lang:
            return lang
    return "en" if seen else DEFAULT


def from_accept_language(header: str) -> str:
    """``Accept-Language: fr-FR, zh-TW;q=0.8, en;q=0.5`` → the reader's language (q-values ordered, the
    header's order kept among equals)."""
    ranked = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.partition(";")
        q = 1.0
        for p in params.split(";"):
            k, _, v = p.strip().partition("=")
            if k == "q":
                try:
                    q = float(v)
                except ValueError:
                    q = 0.0
        if q > 0:
            ranked.append((-q, i, tag))
    return best_lang(tag for _q, _i, tag in sorted(ranked))
