"""Payment statements of the guides and lessons, checked against the engine (pure).

A guide or a lesson that says who pays whom states it on a deal: ``{pays:NAME a b c …}`` names a
worked example of examples.toml and the payment of each seat, in seat order. The page shows the
engine's settlement of that deal; `yezi.learn.claims.problems` says where a claim and the engine disagree, and where a
text names a payment rule (`PAYMENT_TERMS`: 包賠, 包庄 …) without showing it on a deal, so that a
rule taught in words alone (the 包賠 of a bidding 頭家 the Luk Fu guide once taught) cannot come back.
A lesson step's own ``payments`` claim (`yezi.learn.check`) counts as showing it on a deal.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from yezi.guides import LANGS
from yezi.guides.markup import Inline

#: the glossary terms (traditional keys) that name a payment rule, per game: a text naming one says
#: on a deal what it costs whom
PAYMENT_TERMS: dict[str, frozenset[str]] = {
    "lukfu": frozenset({"包賠"}),
    "dingniu": frozenset({"包庄"}),
}

_AMOUNT = re.compile(r"^[+-−]?\d+$")


class ClaimError(ValueError):
    """A ``{pays:…}`` that does not read as an example name and one amount per seat."""


@dataclass(frozen=True)
class PayClaim:
    game: str
    example: str
    amounts: tuple[int, ...]
    where: str  # the file (and lesson step) it is written in, for the author


def parse_pays(spec: str) -> tuple[str, tuple[int, ...]]:
    """``declare-baopei 2 -2 0 0`` → the example's name and the amounts, in seat order."""
    name, *rest = spec.split()
    if not rest or not all(_AMOUNT.match(a) for a in rest):
        raise ClaimError(f"{{pays:{spec}}}: write the example's name and then each seat's payment")
    return name, tuple(int(a.replace("−", "-")) for a in rest)


def engine_payments(game: str, name: str) -> tuple[int, ...] | None:
    """The engine's payments of a worked example in seat order (None: the example's deal is not over)."""
    from yezi.guides.engine import example

    ex = example(game, name, "en")
    return tuple(p for _s, p in ex.payments) if ex.payments else None


def shown(game: str, spec: str, lang: str) -> list[tuple[str, int]]:
    """What a reader is shown for a claim: each seat's name in `lang` and the engine's payment."""
    from yezi.guides.engine import example

    name, _amounts = parse_pays(spec)
    return example(game, name, lang).payments


def guide_texts(game: str) -> Iterator[tuple[str, tuple[Inline, ...], bool]]:
    """(where, inline nodes, False) of every text of a game's guide (each paragraph and list item);
    `yezi.learn.claims` adds the lessons' steps."""
    from yezi.guides import has_guide
    from yezi.guides.page import load

    if has_guide(game):
        for lang in LANGS:
            for k, b in enumerate(load(game, lang).blocks, 1):
                for nodes in (b.inlines, *b.items):
                    if nodes:
                        yield f"yezi/guides/{game}/{lang}.md (block {k}, {b.kind})", nodes, False


def text_problems(game: str, where: str, nodes: tuple[Inline, ...], backed: bool = False) -> list[str]:
    """What is wrong with the payment statements of one text (a paragraph, a lesson step): a claim
    the engine's settlement contradicts, or a payment rule named with no deal to show it (`backed`:
    the lesson step claims its own deal's payments)."""
    from yezi.guides.engine import example_names
    from yezi.i18n.glossary import lookup

    out = []
    for n in nodes:
        if n[0] != "pays":
            continue
        name, amounts = parse_pays(n[1])
        if name not in example_names(game):
            out.append(f"{where}: {{pays:{name}}}: no such example in yezi/guides/examples.toml")
            continue
        got = engine_payments(game, name)
        if got != amounts:
            out.append(f"{where}: says {name} pays {list(amounts)}; the engine settles it {got and list(got)}")
    named = {lookup(n[1]).hant for n in nodes if n[0] == "term"} & PAYMENT_TERMS.get(game, frozenset())
    if named and not backed and not any(n[0] == "pays" for n in nodes):
        out.append(f"{where}: names {', '.join(sorted(named))} without a {{pays:…}} deal that shows it")
    return out


__all__ = ["PAYMENT_TERMS", "ClaimError", "PayClaim", "guide_texts", "parse_pays", "shown", "text_problems"]
