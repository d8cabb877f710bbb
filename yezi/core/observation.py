"""Numeric observations of a seat's knowledge, written into preallocated numpy buffers.

After OpenSpiel's observers: a game describes each kind of tensor with an `ObservationSpec`
(named pieces, each with a shape, dtype and bounds) and writes it with an `Observer`:

* ``"observation"``: what the seat may know now, with the public history it needs (a flat
  vector of 0/1 features in every built-in game: hands as bits or unary counts, one-hots);
* ``"info_state"``: a perfect-recall information state: the observation followed by the whole
  history as the seat saw it, one action code per step (``code + 1``; ``0`` = no action yet;
  ``action_space_size + 1`` = an action hidden from this seat) and the seat that took it
  (``seat + 1``; ``0`` = no action yet). What a seat learns from the deal itself (its hand, a
  peeked card, the face-up lake) is in the observation; everything after the deal reaches it
  through actions, so together they determine all it knows (see docs/research.md).

Observers read the state, not the view, for speed, but they may only read what the seat may
know: the tests replay worlds the seat cannot tell apart (`Game.sample_from_view`) and require
identical tensors, the leak check applied to tensors (`yezi.core.leakcheck.check_tensors`).

A bot holds a view, not a state: `Game.observe_view(view, kind)` writes the same tensor from the
view alone. Each game's `seen_from_view(game, view)` (its observation.py) builds a `SeenView`: the
attributes its observer reads on a state, filled from the view only (a hand the seat cannot see is
there only as its size), so the one observer encodes both and the two tensors are equal by
construction; the tests compare them at every step of random deals for every seat.

numpy is imported lazily here and in the game encoders only, so that the core install (no
``yezi[rl]``) stays light.
"""

from __future__ import annotations

from array import array as _array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:  # pragma: no cover
    import numpy as np

    from yezi.core.protocol import Game, State

KINDS = ("observation", "info_state")

#: the state type an observer reads (each game's observer names its own)
S = TypeVar("S", bound="State[Any]")


@dataclass(frozen=True)
class Piece:
    """One named part of a tensor: its shape, dtype and the bounds of every entry."""

    name: str
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0
    dtype: str = "float32"
    size: int = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", prod(self.shape))

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "shape": list(self.shape), "low": self.low, "high": self.high,
                "dtype": self.dtype}


@dataclass(frozen=True)
class ObservationSpec:
    """A flat tensor made of named pieces laid end to end (one dtype for the whole buffer).

    Iterating gives ``(name, size)`` pairs, the shape of the older Luk Fu spec."""

    kind: str
    pieces: tuple[Piece, ...]
    dtype: str = "float32"
    offsets: dict[str, int] = field(init=False, repr=False, compare=False)
    size: int = field(init=False, compare=False)
    shape: tuple[int] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        offsets, at = {}, 0
        for p in self.pieces:
            if p.dtype != self.dtype:
                raise ValueError(f"piece {p.name} has dtype {p.dtype}, the buffer {self.dtype}")
            offsets[p.name] = at
            at += p.size
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "size", at)
        object.__setattr__(self, "shape", (at,))

    def __iter__(self) -> Iterator[tuple[str, int]]:
        return iter([(p.name, p.size) for p in self.pieces])

    def piece(self, name: str) -> Piece:
        for p in self.pieces:
            if p.name == name:
                return p
        raise KeyError(name)

    def low(self) -> np.ndarray:
        import numpy as np

        return np.concatenate([np.full(p.size, p.low, dtype=self.dtype) for p in self.pieces])

    def high(self) -> np.ndarray:
        import numpy as np

        return np.concatenate([np.full(p.size, p.high, dtype=self.dtype) for p in self.pieces])

    def split(self, buf: np.ndarray) -> dict[str, np.ndarray]:
        """Views of a flat buffer (or the last axis of a batch), piece by piece, in its shape."""
        out = {}
        for p in self.pieces:
            at = self.offsets[p.name]
            out[p.name] = buf[..., at:at + p.size].reshape((*buf.shape[:-1], *p.shape))
        return out

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "size": self.size, "dtype": self.dtype,
                "pieces": [p.to_json() for p in self.pieces]}


class Observer(Generic[S]):
    """Writes one kind of tensor for a game. Subclasses implement `write`."""

    def __init__(self, game: Game, spec: ObservationSpec):
        self.game = game
        self.spec = spec

    def write(self, state: S, seat: int, out: np.ndarray) -> None:
        """Fill `out` (a 1-D buffer of `spec.size` entries of `spec.dtype`) for `seat`."""
        raise NotImplementedError

    def array(self, state: S, seat: int) -> np.ndarray:
        import numpy as np

        out = np.zeros(self.spec.size, dtype=self.spec.dtype)
        self.write(state, seat, out)
        return out


class BitObserver(Observer[S]):
    """An observation of 0/1 features and small counts, fast whatever the number of pieces.

    The 0/1 pieces come first, built as one Python integer (bit i = entry i) by `bits` and
    unpacked in one numpy call; the count pieces (`count_pieces`, each entry 0..255) follow,
    given as one `bytes` string by `counts` (``bytes(list_of_counts)`` is a C loop) and copied
    as they are. `at[name]` is each 0/1 piece's first bit, for shifting. `write_batch` writes
    many rows with two numpy calls in all: the vector environment uses it.
    """

    def __init__(self, game: Game, pieces: Sequence[Piece], count_pieces: Sequence[Piece] = ()):
        super().__init__(game, ObservationSpec("observation", (*pieces, *count_pieces)))
        self.at = dict(self.spec.offsets)
        self.nbits = sum(p.size for p in pieces)
        self.nbytes = (self.nbits + 7) // 8
        self.ncounts = sum(p.size for p in count_pieces)

    def bits(self, state: S, seat: int) -> int:
        raise NotImplementedError

    def counts(self, state: S, seat: int) -> bytes:
        return b""

    def write(self, state: S, seat: int, out: np.ndarray) -> None:
        np = _np or _numpy()
        nbits = self.nbits
        out[:nbits] = np.unpackbits(np.frombuffer(self.bits(state, seat).to_bytes(self.nbytes, "little"), np.uint8),
                                    count=nbits, bitorder="little")
        if self.ncounts:
            out[nbits:] = np.frombuffer(self.counts(state, seat), np.uint8)

    def write_batch(self, pairs: Sequence[tuple[S, int]], out: np.ndarray) -> None:
        """Row r of `out` (shape (len(pairs), size)) for pairs[r] = (state, seat)."""
        np = _np or _numpy()
        nbytes, nbits, bits = self.nbytes, self.nbits, self.bits
        if self.ncounts:
            counts = self.counts
            raw = b"".join([bits(st, seat).to_bytes(nbytes, "little") + counts(st, seat) for st, seat in pairs])
        else:
            raw = b"".join([bits(st, seat).to_bytes(nbytes, "little") for st, seat in pairs])
        rows = np.frombuffer(raw, np.uint8).reshape(len(pairs), nbytes + self.ncounts)
        out[:, :nbits] = np.unpackbits(rows[:, :nbytes], axis=1, count=nbits, bitorder="little")
        if self.ncounts:
            out[:, nbits:] = rows[:, nbytes:]


def unpack(x: int, nbytes: int, size: int) -> np.ndarray:
    """The low `size` bits of `x` as a uint8 array, bit 0 first."""
    np = _numpy()
    return np.unpackbits(np.frombuffer(x.to_bytes(nbytes, "little"), np.uint8), count=size, bitorder="little")


_np: Any = None


def _numpy() -> Any:
    """numpy, imported on first use (an `import` statement costs a lookup on every call)."""
    global _np
    if _np is None:
        import numpy

        _np = numpy
    return _np


def one_hot(i: int | None, at: int) -> int:
    """Bit `at + i` (nothing for None): a one-hot piece."""
    return 0 if i is None else 1 << (at + i)


def unary(counts: Sequence[int], width: int, at: int) -> int:
    """Counts as unary groups of `width` bits (count c sets the group's c lowest bits)."""
    x = 0
    for i, c in enumerate(counts):
        if c:
            x |= ((1 << c) - 1) << (at + i * width)
    return x


_UNARY: dict[tuple[tuple[int, ...], int], int] = {}


def unary_code(counts: Sequence[int], width: int) -> int:
    """`unary(counts, width, 0)`, remembered by the counts (hands, lakes and catches repeat)."""
    key = (tuple(counts), width)
    x = _UNARY.get(key)
    if x is None:
        x = unary(counts, width, 0)
        if len(_UNARY) >= 1 << 16:  # bounded: long-running trainers see many count vectors
            _UNARY.clear()
        _UNARY[key] = x
    return x


class SeenView:
    """A seat's view read as a state by an observer: `history`, `redact`, `actor_of` and
    `current_player` as `InfoStateObserver` reads them (the history as the view holds it, None
    where hidden from the seat), and the view itself. A game's `seen_from_view` adds the
    attributes its own observer reads; built from nothing but the view, it cannot leak."""

    def __init__(self, view: dict[str, Any]):
        self.view = view
        self.seat: int = view["seat"]
        self.history: list[int | None] = view["history"]
        self.actors: list[int] = view["actors"]
        self.current_player: int | None = view["current_player"]

    def redact(self, index: int, seat: int | None) -> int | None:
        return self.history[index]

    def actor_of(self, index: int) -> int:
        return self.actors[index]


class InfoStateObserver(Observer[S]):
    """The perfect-recall information state: the game's observation, then the history as the
    seat saw it (action codes and actors, padded to `max_game_length`)."""

    def __init__(self, game: Game, base: Observer[S]):
        length = game.max_game_length()
        a = game.action_space_size
        n = game.num_seats
        pieces = (
            *base.spec.pieces,
            Piece("history_actions", (length,), 0.0, float(a + 1)),
            Piece("history_actors", (length,), 0.0, float(n)),
        )
        super().__init__(game, ObservationSpec("info_state", pieces))
        self.base = base
        self.length = length
        self.hidden = a + 1
        self._pad = _array("f", bytes(4 * length))  # zeros: no action yet

    def write(self, state: S, seat: int, out: np.ndarray) -> None:
        np = _np or _numpy()
        k = self.base.spec.size
        self.base.write(state, seat, out[:k])
        codes, actors = self.encoded(state, seat)
        out[k:] = np.frombuffer(b"".join((codes, actors)), np.float32)

    def write_batch(self, pairs: Sequence[tuple[S, int]], out: np.ndarray) -> None:
        np = _np or _numpy()
        k = self.base.spec.size
        base = self.base
        if hasattr(base, "write_batch"):
            base.write_batch(pairs, out[:, :k])
        else:
            for row, (st, seat) in enumerate(pairs):
                base.write(st, seat, out[row, :k])
        # every row's history, already encoded as float32 bytes, laid out by one numpy call
        encoded = self.encoded
        raw = b"".join([part for st, seat in pairs for part in encoded(st, seat)])
        out[:, k:] = np.frombuffer(raw, np.float32).reshape(len(pairs), 2 * self.length)

    def seen(self, state: S, seat: int) -> tuple[list[int], list[int]]:
        """The history's codes and actors as `seat` saw it, encoded (`code + 1`, hidden as
        `action_space_size + 1`, `seat + 1`)."""
        n = len(state.history)
        codes, actors = self.encoded(state, seat)
        return [int(x) for x in codes[:n]], [int(x) for x in actors[:n]]

    def encoded(self, state: S, seat: int) -> tuple[Any, Any]:
        """`history_actions` and `history_actors` for `seat` as two float32 buffers padded to
        `max_game_length` (`array('f')`), extended from what was encoded before: the state
        keeps them beside its history list (a clone has a history list of its own), so a step
        encodes only the actions since the seat's last observation, never the whole history. At
        the end of a deal some games show what was hidden, so a finished deal is encoded afresh."""
        hidden, redact, actor_of = self.hidden, state.redact, state.actor_of
        history = state.history
        if state.current_player is None:
            codes, actors = _array("f", self._pad), _array("f", self._pad)
            for i in range(len(history)):
                c = redact(i, seat)
                codes[i] = hidden if c is None else c + 1
                actors[i] = actor_of(i) + 1
            return codes, actors
        memo: tuple[list[int], dict[int, list[Any]]] | None = state.__dict__.get("_seen_history")
        if memo is None or memo[0] is not history:
            memo = (history, {})
            state.__dict__["_seen_history"] = memo
        got = memo[1].get(seat)
        if got is None:
            got = memo[1][seat] = [_array("f", self._pad), _array("f", self._pad), 0]
        codes, actors, done = got
        n = len(history)
        if done < n:
            for i in range(done, n):
                c = redact(i, seat)
                codes[i] = hidden if c is None else c + 1
                actors[i] = actor_of(i) + 1
            got[2] = n
        return codes, actors


__all__ = ["KINDS", "BitObserver", "InfoStateObserver", "ObservationSpec", "Observer", "Piece", "SeenView",
           "one_hot", "unary", "unary_code", "unpack"]
