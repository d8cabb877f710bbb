"""Payment statements of the guides and the lessons together, checked against the engine: the
guides' part is `yezi.guides.claims` (the lessons sit above the guides, so the walk over both is
here)."""

from __future__ import annotations

from collections.abc import Iterator

from yezi.guides import LANGS
from yezi.guides.claims import PayClaim, guide_texts, parse_pays, text_problems
from yezi.guides.markup import Inline, parse_inline


def _texts(game: str) -> Iterator[tuple[str, tuple[Inline, ...], bool]]:
    """(where, inline nodes, backed by a step's own payments claim) of every text of a game's guide
    (each paragraph and list item) and lessons (each step)."""
    yield from guide_texts(game)
    from yezi.learn import has_lessons

    if has_lessons(game):
        from yezi.learn.lessons import load as lessons

        for le in lessons(game):
            for n, st in enumerate(le.steps, 1):
                for lang in LANGS:
                    yield (f"yezi/learn/{game}.toml lesson {le.id} step {n} ({lang})", parse_inline(st.text[lang]),
                           "payments" in st.claims)


def claims(game: str) -> list[PayClaim]:
    """Every payment statement of a game's guide and lessons."""
    out = []
    for where, nodes, _backed in _texts(game):
        for n in nodes:
            if n[0] == "pays":
                name, amounts = parse_pays(n[1])
                out.append(PayClaim(game, name, amounts, where))
    return out


def problems(game: str) -> list[str]:
    """Every payment statement of a game's guide and lessons that the engine does not bear out."""
    return [p for where, nodes, backed in _texts(game) for p in text_problems(game, where, nodes, backed)]


def all_problems() -> list[str]:
    from yezi.core.registry import GAMES

    return [p for g in GAMES for p in problems(g)]


__all__ = ["all_problems", "claims", "problems"]
