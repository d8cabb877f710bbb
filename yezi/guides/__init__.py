"""Player's guides: one per game and language, written by people from the sources, with live
examples, the card gallery and glossary terms filled in from the engine.

``yezi/guides/<game>/<lang>.md`` is the prose (markup in `yezi.guides.markup`), ``yezi/i18n/glossary.toml``
the terms, ``examples.toml`` the records behind every worked example. `yezi.guides.html` and
`yezi.guides.text` render a guide for the web page ``/rules/<game>`` and for
``yezi rules GAME --guide``; both are pure functions of (game, language).
"""

from __future__ import annotations

from importlib import resources

LANGS = ("zh-hant", "zh-hans", "en")
#: The sections of every guide, in the order a player reads them.
SECTIONS = ("about", "cards", "deal", "turn", "scoring", "variants")


def has_guide(game: str) -> bool:
    try:
        return (resources.files("yezi.guides") / game / "en.md").is_file()
    except (ModuleNotFoundError, FileNotFoundError):
        return False


def guide_source(game: str, lang: str) -> str:
    """The markup of one guide (the game's name is checked against the registry by callers)."""
    if lang not in LANGS:
        raise ValueError(f"no guide language {lang!r}; languages: {', '.join(LANGS)}")
    return (resources.files("yezi.guides") / game / f"{lang}.md").read_text(encoding="utf-8")
