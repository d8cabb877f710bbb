"""牌九's numeric observation (`yezi.core.observation`): 0/1 features and counts, from the state.

0/1 pieces: the seat, the seat to act, the phase (stake, set, over), whether the dice are thrown,
each die's face and the seat that took the first stack (once thrown), each player's stake (public;
the banker stakes nothing) and which seats have set their hands. Counts of the 21 Tien Gow kinds
(0..2): per seat its tiles and its front hand (the back hand is the rest) as far as this seat may
see them: its own tiles once the dice are thrown and its own front once set; every seat's once
the banker has set and the hands are opened. The stacks nobody takes stay hidden.
`seen_from_view` rebuilds what the observer reads from the seat's view alone (`observe_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.components import tiengow as tg
from yezi.core.observation import BitObserver, Piece, SeenView
from yezi.games.paigow.actions import STAKES

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.paigow.game import PaiGow, PaiGowState

K = tg.NUM_KINDS
PHASES = ("stake", "set", "over")
_NONE = bytes(K)


class PaiGowObserver(BitObserver["PaiGowState"]):
    game: PaiGow

    def __init__(self, game: PaiGow):
        n = game.players
        w = float(max(game.set_counts))
        super().__init__(game, [
            Piece("seat", (n,)), Piece("to_act", (n,)), Piece("phase", (len(PHASES),)), Piece("dice_thrown", (1,)),
            Piece("dice", (game.dice, 6)), Piece("first_seat", (n,)), Piece("stakes", (n, len(STAKES))),
            Piece("set_done", (n,)),
        ], [Piece("hands", (n, K), 0, w), Piece("fronts", (n, K), 0, w)])
        at = self.at
        self.n = n
        self.seat_bit = [1 << (at["seat"] + s) for s in range(n)]
        self.phase_bit = {p: 1 << (at["phase"] + i) for i, p in enumerate(PHASES)}
        self.stake_bit = [{v: 1 << (at["stakes"] + len(STAKES) * s + i) for i, v in enumerate(STAKES)}
                          for s in range(n)]
        self._counts: dict[tuple[int, ...], bytes] = {}

    def _bytes(self, tiles: tuple[int, ...]) -> bytes:
        b = self._counts.get(tiles)
        if b is None:
            b = self._counts[tiles] = bytes(tg.counts(tiles))
        return b

    def bits(self, state: PaiGowState, seat: int) -> int:
        at, g = self.at, self.game
        player = state.current_player
        x = self.seat_bit[seat] | self.phase_bit[state.phase or "over"]
        if player is not None:
            x |= 1 << (at["to_act"] + player)
        for s, v in enumerate(state.stakes):
            if v is not None and s:
                x |= self.stake_bit[s][v]
        if state.dice_thrown:
            dice = state.deal["dice"]
            x |= 1 << at["dice_thrown"] | 1 << (at["first_seat"] + g.first_seat(dice))
            for i, d in enumerate(dice):
                x |= 1 << (at["dice"] + 6 * i + d - 1)
        for s, f in enumerate(state.fronts):
            if f is not None:
                x |= 1 << (at["set_done"] + s)
        return x

    def counts(self, state: PaiGowState, seat: int) -> bytes:
        n = self.n
        if not state.dice_thrown:
            return bytes(2 * n * K)
        over = state.current_player is None
        hands = [_NONE] * n
        fronts = [_NONE] * n
        for s in range(n) if over else (seat,):
            hands[s] = self._bytes(state.hands[s])
            f = state.fronts[s]
            if f is not None:
                fronts[s] = self._bytes(tuple(f))
        return b"".join([*hands, *fronts])


class PaiGowSeen(SeenView):
    """A 牌九 view as `PaiGowObserver` reads a state: the tiles and fronts the seat may see (its
    own; everyone's once the hands are opened); another seat's setting only as done or not."""

    def __init__(self, game: PaiGow, view: dict[str, Any]):
        super().__init__(view)
        self.phase: str | None = view["phase"]
        self.stakes: list[int | None] = view["stakes"]
        self.dice_thrown = view["dice"] is not None
        self.deal = {"dice": view["dice"]}
        self.hands = [() if h is None else tuple(h) for h in view["deal"]["hands"]]
        self.fronts = [f if f is not None else () if done else None
                       for f, done in zip(view["fronts"], view["set_done"])]


def seen_from_view(game: PaiGow, view: dict[str, Any]) -> PaiGowSeen:
    return PaiGowSeen(game, view)


__all__ = ["PaiGowObserver", "PaiGowSeen", "seen_from_view"]
