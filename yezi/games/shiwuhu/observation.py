"""十五胡's numeric observation (`yezi.core.observation`): 0/1 features and counts, from the state.

Every play and pass is public, so the seat's own hand is all it holds privately. 0/1 pieces: the
seat, the seat to act, the phase (lead, follow, declare, over), the trick in progress (its leader,
the seat and the play that are best so far, the seats out of it under `after_pass = out`), the
last trick's winner, and each seat's threshold (15, 18 or 21 胡). Counts: the seat's hand and
each seat's played cards per Tien Gow kind (0..4), the hand sizes, each seat's 胡, the cards
played in this trick and the tricks played. `seen_from_view` rebuilds what the observer reads
from the seat's view alone (`observe_view`): the seats out of the trick and its cards come from
the trick's entries.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.components import tiengow as tg
from yezi.core.observation import BitObserver, Piece, SeenView
from yezi.games.shiwuhu.plays import NUM_PLAYS, PASS, SIZE

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.shiwuhu.game import Shiwuhu, ShiwuhuState

K = tg.NUM_KINDS
PHASES = ("lead", "follow", "declare", "over")
TIERS = (15, 18, 21)
CARDS = 84.0


class ShiwuhuObserver(BitObserver["ShiwuhuState"]):
    def __init__(self, game: Shiwuhu):
        n = game.players
        super().__init__(game, [
            Piece("seat", (n,)), Piece("to_act", (n,)), Piece("phase", (len(PHASES),)), Piece("trick_leader", (n,)),
            Piece("best_seat", (n,)), Piece("best", (NUM_PLAYS,)), Piece("out", (n,)), Piece("last_winner", (n,)),
            Piece("need", (n, len(TIERS))),
        ], [
            Piece("hand", (K,), 0, 4), Piece("played", (n, K), 0, 4), Piece("hand_sizes", (n,), 0, float(game.hand_size)),
            Piece("hu", (n,), 0, CARDS), Piece("trick_cards", (1,), 0, CARDS), Piece("tricks", (1,), 0, CARDS),
        ])
        at = self.at
        self.n = n
        self.seat_bit = [1 << (at["seat"] + s) for s in range(n)]
        self.phase_bit = {p: 1 << (at["phase"] + i) for i, p in enumerate(PHASES)}
        self.need_bit = [{t: 1 << (at["need"] + 3 * s + i) for i, t in enumerate(TIERS)} for s in range(n)]

    def bits(self, state: ShiwuhuState, seat: int) -> int:
        at = self.at
        x = self.seat_bit[seat] | self.phase_bit[state.phase]
        turn = state.turn
        if turn is not None:
            x |= 1 << (at["to_act"] + turn)
            if state.phase == "follow":
                x |= 1 << (at["trick_leader"] + state.leader) | state.out << at["out"]
        if state.best >= 0:
            x |= 1 << (at["best_seat"] + state.best_seat) | 1 << (at["best"] + state.best)
        if state.last_winner is not None:
            x |= 1 << (at["last_winner"] + state.last_winner)
        for bit, need in zip(self.need_bit, state.need):
            x |= bit[need]
        return x

    def counts(self, state: ShiwuhuState, seat: int) -> bytes:
        return b"".join([
            bytearray(state.hands[seat]), *map(bytearray, state.played),
            bytearray([*state.sizes, *state.hu, state.trick_cards, state.tricks]),
        ])


class ShiwuhuSeen(SeenView):
    """A 十五胡 view as `ShiwuhuObserver` reads a state: the seat's own hand; everything else is
    public. The trick's cards and the seats out of it (`after_pass = out`) are counted from the
    trick's entries, which the view keeps until the next lead."""

    def __init__(self, game: Shiwuhu, view: dict[str, Any]):
        super().__init__(view)
        self.phase: str = view["phase"]
        self.turn: int | None = view["to_act"]
        self.leader: int = view["leader"]
        self.best: int = view["best"]
        self.best_seat = -1 if view["best_seat"] is None else view["best_seat"]
        self.last_winner: int | None = view["last_winner"]
        self.need: list[int] = view["need"]
        self.played: list[list[int]] = view["played"]
        self.sizes: list[int] = view["hand_sizes"]
        self.hu: list[int] = view["hu"]
        self.tricks: int = view["tricks"]
        self.hands: list[list[int]] = [[]] * len(self.sizes)
        self.hands[self.seat] = view["hand"]
        self.out = self.trick_cards = 0
        if self.best >= 0:  # a trick in progress (its entries stay in the view until the next lead)
            for s, a in view["trick"]:
                if a < PASS:
                    self.trick_cards += SIZE[a]
                elif a == PASS and game.stay_out:
                    self.out |= 1 << s


def seen_from_view(game: Shiwuhu, view: dict[str, Any]) -> ShiwuhuSeen:
    return ShiwuhuSeen(game, view)


__all__ = ["ShiwuhuObserver", "ShiwuhuSeen", "seen_from_view"]
