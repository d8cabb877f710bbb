"""Ma Diao's numeric observation (`yezi.core.observation`): 0/1 features from the state.

Cards are the 40 of `yezi.components.madiao_deck`. Pieces: the seat, the phase, the seat to act,
the stake chosen, the first receiver (頭) and the first leader, the face card when the rules
show it (or once the hand is over), the seat's hand and its dealt cards (from the stake on, as
in its view), each seat's won (上卓) cards, the cards each seat was seen to play (face up, and
the seat's own face-down ones), the trick in progress (leader, best card and its seat, cards
played so far), each seat's tricks won and hand size, and whether 百老 has been shown.
`seen_from_view` rebuilds what the observer reads from the seat's view alone (`observe_view`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from yezi.components.madiao_deck import NUM_CARDS
from yezi.core.observation import BitObserver, Piece, SeenView

if TYPE_CHECKING:  # pragma: no cover
    from yezi.games.madiao.game import MaDiao, MaDiaoState

PHASES = ("stake", "mian", "play", "over")


class MaDiaoObserver(BitObserver["MaDiaoState"]):
    def __init__(self, game: MaDiao):
        c = NUM_CARDS
        super().__init__(game, [
            Piece("seat", (4,)), Piece("phase", (len(PHASES),)), Piece("to_act", (4,)),
            Piece("stake", (len(game.stakes),)), Piece("tou", (4,)), Piece("first_leader", (4,)),
            Piece("trick_leader", (4,)), Piece("trick_best_seat", (4,)), Piece("trick_plays", (5,)),
            Piece("bailao_up", (1,)),
            Piece("face", (c,)), Piece("hand", (c,)), Piece("dealt", (c,)), Piece("trick_best", (c,)),
            Piece("won", (4, c)), Piece("seen_played", (4, c)),
        ], [Piece("trick_counts", (4,), 0, 8), Piece("hand_sizes", (4,), 0, 8)])
        self.phase_bit = {p: 1 << (self.at["phase"] + i) for i, p in enumerate(PHASES)}
        self.stake_index = {k: i for i, k in enumerate(game.stakes)}

    def bits(self, state: MaDiaoState, seat: int) -> int:
        at = self.at
        x = self.phase_bit[state.phase] | 1 << (at["seat"] + seat)
        to_act = state.to_act
        if to_act is not None:
            x |= 1 << (at["to_act"] + to_act)
        if state.stake is None:
            return x
        if state.stake in self.stake_index:
            x |= 1 << (at["stake"] + self.stake_index[state.stake])
        x |= 1 << (at["tou"] + state.tou) | 1 << (at["first_leader"] + state.first_leader())
        if state.face_public():
            x |= 1 << (at["face"] + state.face)
        x |= state.hand_mask[seat] << at["hand"] | state.dealt_mask[seat] << at["dealt"]
        if state.bailao_up:
            x |= 1 << at["bailao_up"]
        won, seen = at["won"], at["seen_played"]
        for s in range(4):
            x |= state.won_mask[s] << (won + NUM_CARDS * s) | state.up_mask[s] << (seen + NUM_CARDS * s)
        x |= state.down_mask[seat] << (seen + NUM_CARDS * seat)
        if to_act is not None and state.tricks:
            t = state.tricks[-1]
            x |= 1 << (at["trick_leader"] + t["leader"]) | 1 << (at["trick_plays"] + len(t["plays"]))
            if t["best"] is not None:
                x |= 1 << (at["trick_best"] + t["best"]) | 1 << (at["trick_best_seat"] + t["best_seat"])
        return x

    def counts(self, state: MaDiaoState, seat: int) -> bytes:
        if state.stake is None:
            return bytes(8)
        return bytes([*map(len, state.won), *map(len, state.hands)])


def _mask(cards: Any) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class MaDiaoSeen(SeenView):
    """A Ma Diao view as `MaDiaoObserver` reads a state: the seat's own hand, dealt cards and
    face-down plays; another seat's hand only as its size, its face-down plays not at all."""

    def __init__(self, game: MaDiao, view: dict[str, Any]):
        super().__init__(view)
        self.rules = game.rules
        self.phase: str = view["phase"]
        self.to_act: int | None = view["to_act"]
        self.stake = view["stake"]
        if self.stake is None:
            return
        seat = self.seat
        self.tou: int = view["tou"]
        self._first_leader: int = view["first_leader"]
        self.face: int | None = view["face"]
        self.bailao_up: bool = view["bailao_up"]
        self.hands: list[Any] = [range(n) for n in view["hand_sizes"]]
        self.won: list[list[int]] = view["won"]
        self.hand_mask = [0] * 4
        self.hand_mask[seat] = _mask(view["hand"])
        self.dealt_mask = [0] * 4
        self.dealt_mask[seat] = _mask(view["dealt"])
        self.won_mask = [_mask(w) for w in self.won]
        self.up_mask, self.down_mask = [0] * 4, [0] * 4
        self.tricks = []
        for t in view["tricks"]:
            best_seat = None
            for s, c, up in t["plays"]:
                if up:
                    self.up_mask[s] |= 1 << c
                    best_seat = s
                elif s == seat:
                    self.down_mask[s] |= 1 << c
            self.tricks.append({"leader": t["leader"], "plays": t["plays"], "best": t["best"], "best_seat": best_seat})

    def first_leader(self) -> int:
        return self._first_leader

    def face_public(self) -> bool:
        return self.face is not None


def seen_from_view(game: MaDiao, view: dict[str, Any]) -> MaDiaoSeen:
    return MaDiaoSeen(game, view)


__all__ = ["MaDiaoObserver", "MaDiaoSeen", "seen_from_view"]
