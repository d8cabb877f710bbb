"""The cut: which face cards call for a re-cut, and who receives first for a counted face.

Its own module because both the engine (`yezi.games.madiao.game`) and the world sampler
(`yezi.games.madiao.sampling`, which the engine calls) need these two rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from yezi.components import madiao_deck as deck

if TYPE_CHECKING:
    from yezi.games.madiao.game import MaDiao


def bad_faces(game: MaDiao) -> set[int]:
    """Face cards that call for a free re-cut (options V5 and V6)."""
    bad = set()
    if game.rules["cut_bailao"] == "recut":
        bad.add(deck.BAILAO)
    if game.rules["banwen_count"] == "recut":
        bad.add(deck.BANWEN)
    return bad


def first_receiver(n: int) -> int:
    """Seat of 頭: count n from the banker's opposite (seat 2) as 1, in play direction.

    四八自得 (n = 4, 8 → the dealer, seat 1), 三七到樁 (3, 7 → the banker), 一五九過身
    (1, 5, 9 → the opposite), and 2, 6 → the shuffler.
    """
    return (2 + n - 1) % 4
