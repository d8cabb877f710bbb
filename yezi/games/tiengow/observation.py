"""打天九's numeric observation (`yezi.core.observation`): 0/1 features and counts, from the state.

0/1 pieces: the seat, the seat to act, the trick in progress (its leader, the seat holding the
highest set, tiles per play as a one-hot 0..4 with 0 = a lead is due, plays made so far, whether
it is the last trick, whether 文尊 is waiting for its 擒) and the special plays made so far (each
kind at most once a deal, by seat). Counts of the 21 Tien Gow kinds (0..2): the seat's hand, the
highest set of the trick in progress (always face up), the tiles each seat played face up, the
tiles this seat put face down; and per seat the tiles put face down (a public count), the tricks
won (tiles won / 4) and the tiles left in hand. Which tiles another seat put face down stays
hidden, also once the deal is over (the views never show them). `seen_from_view` rebuilds what
the observer reads from the seat's view alone (`observe_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.components import tiengow as tg
from yezi.core.observation import BitObserver, Piece, SeenView
from yezi.games.tiengow import combos as cb

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.tiengow.game import TienGow, TienGowState

K = tg.NUM_KINDS
SEATS = 4
SPECIAL_KINDS = ("wu-zun", "wen-zun", "qin", "si-da-he")
_NONE = bytes(K)


class TienGowObserver(BitObserver["TienGowState"]):
    def __init__(self, game: TienGow):
        n, h = game.num_seats, 8.0
        w = float(max(game.set_counts))
        super().__init__(game, [
            Piece("seat", (n,)), Piece("to_act", (n,)), Piece("trick_leader", (n,)), Piece("trick_high_seat", (n,)),
            Piece("trick_size", (5,)), Piece("trick_plays", (n,)), Piece("last_trick", (1,)), Piece("wenzun", (1,)),
            Piece("specials", (len(SPECIAL_KINDS), n)),
        ], [
            Piece("hand", (K,), 0, w), Piece("trick_high", (K,), 0, w), Piece("played_up", (n, K), 0, w),
            Piece("own_down", (K,), 0, w), Piece("down_counts", (n,), 0, h), Piece("tricks_won", (n,), 0, h),
            Piece("hand_sizes", (n,), 0, h),
        ])
        at = self.at
        self.seat_bit = [1 << (at["seat"] + s) for s in range(n)]
        self.special_bit = {kind: [1 << (at["specials"] + i * n + s) for s in range(n)]
                            for i, kind in enumerate(SPECIAL_KINDS)}
        self._sets = [bytes(tg.counts(t)) for t in cb.MULTISETS]

    def bits(self, state: TienGowState, seat: int) -> int:
        at = self.at
        x = self.seat_bit[seat]
        turn = state.turn
        if turn is not None:
            x |= (1 << (at["to_act"] + turn) | 1 << (at["trick_leader"] + state.leader)
                  | 1 << (at["trick_size"] + state.n) | 1 << (at["trick_plays"] + len(state.plays)))
            if state.plays:
                x |= 1 << (at["trick_high_seat"] + state.high_seat)
            if state.last:
                x |= 1 << at["last_trick"]
            if state.wenzun:
                x |= 1 << at["wenzun"]
        for ev in state.specials:
            x |= self.special_bit[ev["kind"]][ev["seat"]]
        return x

    @staticmethod
    def played(state: TienGowState) -> tuple[list[list[int]], list[list[int]]]:
        """Tiles each seat played face up and face down, as counts: counted from the history and
        extended from what was counted before (kept beside the state's history list, as
        `InfoStateObserver.seen` does), so that random playouts pay nothing for them."""
        history = state.history
        memo = state.__dict__.get("_played_counts")
        if memo is None or memo[0] is not history:
            memo = [history, 0, [[0] * K for _ in range(SEATS)], [[0] * K for _ in range(SEATS)]]
            state.__dict__["_played_counts"] = memo
        _, done, up, down = memo
        actors, sets = state.actors, cb.MULTISETS
        for i in range(done, len(history)):
            a = history[i]
            seen = (down if a & 1 else up)[actors[i]]
            for k in sets[a >> 1]:
                seen[k] += 1
        memo[1] = len(history)
        return up, down

    def counts(self, state: TienGowState, seat: int) -> bytes:
        high = _NONE
        if state.turn is not None and state.plays:
            hs = state.high_seat
            for s, a in state.plays:
                if s == hs and not a & 1:
                    high = self._sets[a >> 1]
        up, down = self.played(state)
        return b"".join([
            bytearray(state.hands[seat]), high, *map(bytearray, up), bytearray(down[seat]),
            bytearray([*map(sum, down), *[w >> 2 for w in state.won], *map(sum, state.hands)]),
        ])


class TienGowSeen(SeenView):
    """A 打天九 view as `TienGowObserver` reads a state: the seat's own hand (another's as its
    size); the trick's plays
    and the tiles played, from the history as the seat saw it. A face-down play of another seat
    is known by its size only (the view's `sizes`): it counts as that many tiles of kind 0 face
    down, and in the trick as a face-down code (odd) that the observer never opens."""

    def __init__(self, game: TienGow, view: dict[str, Any]):
        super().__init__(view)
        trick = view["trick"]
        self.turn: int | None = view["to_act"]
        self.leader: int = trick["leader"]
        self.n: int = trick["n"]
        self.last: bool = trick["last"]
        self.wenzun: bool = trick["wenzun"]
        self.high_seat: int = trick["high_seat"]
        self.specials: list[dict[str, Any]] = view["specials"]
        self.won: list[int] = view["won"]
        self.hands = [[n] for n in view["hand_sizes"]]  # another seat's hand: its size only
        self.hands[self.seat] = tg.counts(view["hand"])
        history, actors = self.history, self.actors
        k = len(trick["plays"])
        self.plays = [(s, 1 if a is None else a) for s, a in zip(actors[len(actors) - k:], history[len(history) - k:])]
        up, down = [[0] * K for _ in range(SEATS)], [[0] * K for _ in range(SEATS)]
        sets = cb.MULTISETS
        for a, s, size in zip(history, actors, view["sizes"]):
            if a is None:
                down[s][0] += size
            else:
                seen = (down if a & 1 else up)[s]
                for t in sets[a >> 1]:
                    seen[t] += 1
        # handed to `TienGowObserver.played` as its memo, already extended to the whole history
        self._played_counts = [history, len(history), up, down]


def seen_from_view(game: TienGow, view: dict[str, Any]) -> TienGowSeen:
    return TienGowSeen(game, view)


__all__ = ["TienGowObserver", "TienGowSeen", "seen_from_view"]
