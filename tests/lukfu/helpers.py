"""Building Luk Fu positions from the sources' worked examples."""

from __future__ import annotations

from yezi.components.lukfu_deck import deck, parse_card
from yezi.core.registry import load_game


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def make_deal(players: int, fixed: dict[int, str]) -> list[list[int]]:
    """A full legal deal: the named cards go to the named seats, the rest fill up in deck order."""
    sizes = [12, 12, 1, 12] if players == 4 else [12, 12, 12]
    hands = [cards(fixed.get(s, "")) for s in range(players)]
    used = {c for h in hands for c in h}
    assert len(used) == sum(len(h) for h in hands), "a card is named twice"
    rest = [c for c in deck(players) if c not in used]
    for s in range(players):
        while len(hands[s]) < sizes[s]:
            hands[s].append(rest.pop(0))
    assert not rest
    return hands


def game(preset: str = "hakka-hk", **options):
    return load_game("lukfu", preset, options)


def act(state, *texts: str) -> None:
    for t in texts:
        state.apply(t)
