"""What every game's native wrapper shares: option and deal encoding hooks, the trace format,
batch random playouts, and the differential check against the Python reference engine.

A game's wrapper (``yezi/native/<game>.py``) subclasses `NativeGame`, names its C functions
and says how a ruleset and a deal become ``int64`` arrays; everything else lives here, so a
new game's native engine is a Rust module plus one small class (docs/native.md).

The trace format (all ``int64``), written by ``yz_<game>_trace``::

    n_steps, then per step: actor, n_legal, legal codes..., chosen index,
    then num_seats payments, each multiplied by the wrapper's `payment_scale`.
"""

from __future__ import annotations

import ctypes
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from yezi.core import branches
from yezi.core.protocol import Game, State
from yezi.native import library
from yezi.native.abi import NativeError, bind
from yezi.native.options import Unsupported as Unsupported  # where callers have always caught it
from yezi.native.options import table_for

I64P = ctypes.POINTER(ctypes.c_int64)




@dataclass
class Step:
    actor: int
    legal: list[int]
    chosen: int  # index into legal


@dataclass
class Trace:
    steps: list[Step]
    payments: list[Payment]

    @property
    def actions(self) -> list[int]:
        return [s.legal[s.chosen] for s in self.steps]


Payment = int | Fraction


def _array(values: Sequence[int]) -> Any:
    arr = (ctypes.c_int64 * max(1, len(values)))(*values)
    return arr


class NativeGame:
    """One game under one ruleset, on the native engine."""

    game_name: ClassVar[str]
    payment_scale: ClassVar[int] = 1  # payments cross the C ABI as integers times this
    trace_capacity: ClassVar[int] = 1 << 16

    def __init__(self, game: Game):
        lib = library()
        if lib is None:
            raise RuntimeError("the native engine is unavailable")
        if game.name != self.game_name:
            raise ValueError(f"{type(self).__name__} plays {self.game_name}, not {game.name}")
        self.game = game
        self.lib = lib
        self.options = list(self.encode_options(game.rules))  # raises Unsupported
        self._opts = _array(self.options)
        prefix = f"yz_{self.game_name}_"
        self._trace_fn = bind(lib, prefix + "trace",
                              [I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_uint64, I64P, ctypes.c_int64])
        self._random_fn = bind(lib, prefix + "random_playouts",
                               [I64P, ctypes.c_int64, ctypes.c_uint64, ctypes.c_int64, I64P])
        self._playout_fn = None
        if hasattr(lib, prefix + "playout"):
            self._playout_fn = bind(lib, prefix + "playout", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                              ctypes.c_int64, ctypes.c_int64, ctypes.c_uint64,
                                                              ctypes.c_int64, I64P])

    # --- what each game defines ------------------------------------------------------------
    def encode_options(self, rules: Any) -> list[int]:
        """The ruleset as integers, by the game's option table (``native.toml`` beside its
        ``options.toml``, `yezi.native.options`); `Unsupported` for an option it does not encode."""
        return table_for(self.game_name).encode(rules)

    def encode_deal(self, deal: Any) -> list[int]:
        """A deal as the Python engine holds it (`state.deal`: hands, stock order, dealer...) as
        integers, in the layout the Rust module reads."""
        raise NotImplementedError

    # --- shared ------------------------------------------------------------------------------
    def _payment(self, raw: int) -> Payment:
        if self.payment_scale == 1:
            return raw
        p = Fraction(raw, self.payment_scale)
        return p.numerator if p.denominator == 1 else p

    def trace(self, state: State, choice_seed: int) -> Trace:
        """Play the deal of the fresh `state` natively with random choices; the full trace."""
        deal = self.encode_deal(state.deal)
        out = (ctypes.c_int64 * self.trace_capacity)()
        n = self._trace_fn(self._opts, len(self.options), _array(deal), len(deal), choice_seed & (2**64 - 1),
                           out, self.trace_capacity)
        if n < 0:
            raise NativeError(f"yz_{self.game_name}_trace returned {n}")
        buf = out[:n]
        steps, i = [], 1
        for _ in range(buf[0]):
            actor, k = buf[i], buf[i + 1]
            steps.append(Step(actor, list(buf[i + 2:i + 2 + k]), buf[i + 2 + k]))
            i += 3 + k
        pays = [self._payment(v) for v in buf[i:i + self.game.num_seats]]
        return Trace(steps, pays)

    def random_playouts(self, n: int, seed: int) -> tuple[list[Payment], int]:
        """Deal and play `n` games natively with uniformly random choices: (each seat's summed
        payments, decisions made)."""
        totals = (ctypes.c_int64 * self.game.num_seats)()
        decisions = self._random_fn(self._opts, len(self.options), seed & (2**64 - 1), n, totals)
        if decisions < 0:
            raise NativeError(f"yz_{self.game_name}_random_playouts returned {decisions}")
        return [self._payment(v) for v in totals], decisions


    POLICIES: ClassVar[dict[str, int]] = {"random": 0, "heuristic": 1}

    def playout(self, state: State, policy: str = "random", seed: int = 0, n: int = 1) -> list[Payment]:
        """From `state` (its deal and history, replayed natively), play `n` deals to the end with
        `policy` (``random``, or ``heuristic``: the game's heuristic bot ported to Rust, deciding
        as the Python bot does from the seat's own knowledge); each seat's summed payments."""
        if self._playout_fn is None:
            raise NotImplementedError(f"{self.game_name} has no native playout")
        deal = self.encode_deal(state.deal)
        totals = (ctypes.c_int64 * self.game.num_seats)()
        rc = self._playout_fn(self._opts, len(self.options), _array(deal), len(deal), _array(state.history),
                              len(state.history), self.POLICIES[policy], seed & (2**64 - 1), n, totals)
        if rc < 0:
            raise NativeError(f"yz_{self.game_name}_playout returned {rc}")
        return [self._payment(v) for v in totals]


    # --- optional: batched stepping for the RL vector environment (yezi/rl/vector.py) --------
    VECTOR_EXPORTS: ClassVar[tuple[str, ...]] = ("vec_state_words", "vec_obs_size", "vec_reset", "vec_step")
    OBSERVATION_KINDS: ClassVar[dict[str, int]] = {"observation": 0}

    @property
    def vector_capable(self) -> bool:
        """Whether the library exports this game's ``yz_<game>_vec_*`` functions (docs/native.md,
        "Vector stepping"); `yezi.rl.VectorEnv` steps through them when it does."""
        return all(hasattr(self.lib, f"yz_{self.game_name}_{name}") for name in self.VECTOR_EXPORTS)

    def vector(self, num_envs: int, observation: str | None = "observation", dtype: str = "float32") -> NativeVector:
        """`num_envs` deals stepped together in compiled code (`NativeVector`)."""
        if not self.vector_capable:
            raise NotImplementedError(f"{self.game_name} has no native vector stepping")
        return NativeVector(self, num_envs, observation, dtype)


class NativeVector:
    """Rows of deals stepped in compiled code; the buffers are numpy arrays that the library
    writes in place (Python owns all memory, the Rust side sees slices).

    The game exports, with ``o = opts, no = nopts`` as everywhere::

        yz_<g>_vec_state_words(o, no) -> i64           int64 words of one row's state
        yz_<g>_vec_obs_size(o, no, kind) -> i64         floats per observation (kind: OBSERVATION_KINDS)
        yz_<g>_vec_reset(o, no, state*, n, seed u64, kind, obs* f32, obs_size, mask* u8, n_actions,
                         player* i64, settled* i64 /* n × seats, payments × payment_scale */,
                         over* i64) -> i64             0, or a negative error
        yz_<g>_vec_step(o, no, state*, n, actions* i64, kind, obs*, obs_size, mask*, n_actions, player*,
                        rewards* i64 /* n × seats */, terminated* u8, final_obs* f32, final_seat* i64,
                        settled*, over*) -> i64         rows that ended, or a negative error

    and, where the library is new enough (`native/src/vecrows.rs`), the rows kept in native
    memory between calls: ``yz_<g>_vec_rows_reset``/``_rows_step`` (the same, plus the
    observation's dtype, float32 or uint8, and each row's legal-action list: `legal_count`,
    `legal_actions`), ``yz_<g>_vec_sync`` (the rows written back into `state`, which otherwise
    holds stale words and a stamp: call `sync` before reading or copying `state`) and
    ``yz_vec_free`` (the rows dropped, when this object goes).

    Row i deals from the native generator seeded by (seed, i) and starts its next deal as soon as
    one ends (auto-reset), skipping deals over before anyone acts (their payments go to
    ``settled``, counted in ``over``), as `yezi.rl.VectorEnv` does. ``kind = -1``: no observation.
    The observation must equal the Python observer's for the same state (the game's differential
    test checks it)."""

    ROWS_EXPORTS: ClassVar[tuple[str, ...]] = ("vec_rows_reset", "vec_rows_step", "vec_sync", "vec_rows_info")

    def __init__(self, native: NativeGame, num_envs: int, observation: str | None, dtype: str = "float32",
                 rows: bool | None = None):
        import weakref

        import numpy as np

        self.native = native
        lib, g = native.lib, native.game_name
        self.n = num_envs
        self.seats = native.game.num_seats
        self.num_actions = self.na = native.game.action_space_size
        self.kind = -1 if observation is None else native.OBSERVATION_KINDS[observation]
        opts = (native._opts, len(native.options))
        has_rows = hasattr(lib, "yz_vec_free") and all(hasattr(lib, f"yz_{g}_{x}") for x in self.ROWS_EXPORTS)
        #: the rows stay in native memory between calls (else they are read from and written
        #: back into `state` at every step)
        self.rows = has_rows if rows is None else rows and has_rows
        if dtype not in ("float32", "uint8"):
            raise ValueError(f"dtype must be float32 or uint8, not {dtype!r}")
        if dtype == "uint8" and not self.rows:
            raise Unsupported(f"the native {g} library writes no uint8 observations (an old build)")
        words = bind(lib, f"yz_{g}_vec_state_words", [I64P, ctypes.c_int64])
        size_fn = bind(lib, f"yz_{g}_vec_obs_size", [I64P, ctypes.c_int64, ctypes.c_int64])
        self.obs_size = 0 if self.kind < 0 else int(size_fn(*opts, self.kind))
        if self.obs_size < 0:
            raise NativeError(f"yz_{g}_vec_obs_size returned {self.obs_size}")
        self.list_cap = 1
        if self.rows:
            info = bind(lib, f"yz_{g}_vec_rows_info", [I64P, ctypes.c_int64, ctypes.c_int64])
            self.list_cap = int(info(*opts, 0))
            if dtype == "uint8" and self.kind >= 0 and int(info(*opts, 1 + self.kind)) > 255:
                raise Unsupported(f"the {observation!r} observation of {g} holds values above 255: not uint8")
        self.dtype = 0 if dtype == "float32" else 1
        self.state = np.zeros((num_envs, max(1, int(words(*opts)))), dtype=np.int64)
        self.obs = np.zeros((num_envs, self.obs_size), dtype=dtype)
        self.final_obs = np.zeros_like(self.obs)
        self.mask = np.zeros((num_envs, self.num_actions), dtype=np.uint8)
        self.player = np.zeros(num_envs, dtype=np.int64)
        self.rewards = np.zeros((num_envs, self.seats), dtype=np.int64)
        self.terminated = np.zeros(num_envs, dtype=np.uint8)
        self.final_seat = np.full(num_envs, -1, dtype=np.int64)
        self.settled = np.zeros((num_envs, self.seats), dtype=np.int64)
        self.over = np.zeros(num_envs, dtype=np.int64)
        self.legal_count = np.zeros(num_envs, dtype=np.int64)
        self.legal_actions = np.zeros((num_envs, self.list_cap), dtype=np.int16)
        P = ctypes.c_void_p
        i64 = ctypes.c_int64
        if self.rows:
            self._reset = bind(lib, f"yz_{g}_vec_rows_reset", [I64P, i64, P, i64, ctypes.c_uint64, i64, i64, P, i64, P,
                                                               i64, P, P, i64, P, P, P])
            self._step = bind(lib, f"yz_{g}_vec_rows_step", [I64P, i64, P, i64, P, i64, i64, P, i64, P, i64, P, P,
                                                             i64, P, P, P, P, P, P, P])
            self._sync = bind(lib, f"yz_{g}_vec_sync", [I64P, i64, P, i64])
            free = bind(lib, "yz_vec_free", [P])
            self._free = weakref.finalize(self, free, self.state.ctypes.data)
        else:
            self._reset = bind(lib, f"yz_{g}_vec_reset", [I64P, i64, P, i64, ctypes.c_uint64, i64, P, i64, P, i64, P,
                                                          P, P])
            self._step = bind(lib, f"yz_{g}_vec_step", [I64P, i64, P, i64, P, i64, P, i64, P, i64, P, P, P, P, P, P,
                                                        P])
        self._bind_args()

    def _bind_args(self) -> None:
        """Every pointer once: a step passes these ints, never builds a ctypes object."""
        n = self.native
        d = self._p
        ob = self.kind >= 0
        import numpy as np

        # the actions go through one buffer of the rows' own: a step copies them in and passes
        # its address (computing an array's address costs more than the copy)
        self.actions = np.zeros(self.n, dtype=np.int64)
        self._actions_p = d(self.actions)
        self._head = (n._opts, len(n.options), d(self.state), self.n)
        self._reset_tail: tuple[Any, ...]
        self._step_tail: tuple[Any, ...]
        if self.rows:
            self._reset_tail = (self.kind, self.dtype, d(self.obs) if ob else None, self.obs_size, d(self.mask),
                                self.na, d(self.legal_count), d(self.legal_actions), self.list_cap, d(self.player),
                                d(self.settled), d(self.over))
            self._step_tail = (self.kind, self.dtype, d(self.obs) if ob else None, self.obs_size, d(self.mask),
                               self.na, d(self.legal_count), d(self.legal_actions), self.list_cap, d(self.player),
                               d(self.rewards), d(self.terminated), d(self.final_obs) if ob else None,
                               d(self.final_seat), d(self.settled), d(self.over))
        else:
            self._reset_tail = (self.kind, d(self.obs), self.obs_size, d(self.mask), self.na, d(self.player),
                                d(self.settled), d(self.over))
            self._step_tail = (self.kind, d(self.obs), self.obs_size, d(self.mask), self.na, d(self.player),
                               d(self.rewards), d(self.terminated), d(self.final_obs), d(self.final_seat),
                               d(self.settled), d(self.over))

    @staticmethod
    def _p(a: Any) -> int:
        return a.ctypes.data

    def reset(self, seed: int) -> None:
        seed &= 2**64 - 1
        rc = self._reset(*self._head, seed, *self._reset_tail)
        if rc < 0:
            raise NativeError(f"yz_{self.native.game_name}_vec_reset returned {rc}")

    def step(self, actions: Any) -> int:
        """Apply one (legal: the caller checks against `mask`) action per row; rows that ended."""
        self.put_actions(actions)
        if self.rows:
            rc = self._step(*self._head, self._actions_p, *self._step_tail)
        else:
            h = self._head
            rc = self._step(h[0], h[1], h[2], h[3], self._actions_p, *self._step_tail)
        if rc < 0:
            raise NativeError(f"yz_{self.native.game_name}_vec_step returned {rc}")
        return rc

    def put_actions(self, actions: Any) -> None:
        """`actions` (one per row) into the buffer a step reads (`self.actions`)."""
        if len(actions) != self.n:
            raise ValueError(f"expected {self.n} actions, got {len(actions)}")
        self.actions[:] = actions

    def sync(self) -> None:
        """Write the rows kept in native memory back into `state` (no-op where they are not kept)."""
        if self.rows:
            rc = self._sync(*self._head)
            if rc < 0:
                raise NativeError(f"yz_{self.native.game_name}_vec_sync returned {rc}")

    SAVED: ClassVar[tuple[str, ...]] = ("state", "obs", "final_obs", "mask", "player", "rewards", "terminated",
                                        "final_seat", "settled", "over", "legal_count", "legal_actions")

    def snapshot(self) -> dict[str, Any]:
        """The rows and buffers to pickle (`restore` fills a fresh `NativeVector` with them)."""
        self.sync()
        return {k: getattr(self, k).copy() for k in self.SAVED}

    def restore(self, snap: dict[str, Any]) -> None:
        for k, v in snap.items():
            mine = getattr(self, k, None)
            if k in self.SAVED and mine is not None and mine.shape == v.shape:
                mine[...] = v  # the buffers the library writes in place

    def legal_lists(self) -> list[list[int]]:
        """Each row's legal action codes (from the lists where the library writes them)."""
        if self.rows:
            return [row[:k].tolist() for row, k in zip(self.legal_actions, self.legal_count.tolist())]
        return [row.nonzero()[0].tolist() for row in self.mask]


@dataclass
class DiffReport:
    games: int = 0
    decisions: int = 0
    mismatches: list[str] = field(default_factory=list)
    seen: Counter = field(default_factory=Counter)  # what `observe` reported of the finished deals
    branches: Counter = field(default_factory=Counter)  # the reference engine's rule branches replayed

    def merge(self, other: DiffReport) -> None:
        self.games += other.games
        self.decisions += other.decisions
        self.mismatches += other.mismatches
        self.seen.update(other.seen)
        self.branches.update(other.branches)


#: the games a worker checks at a time (a run is split into chunks of this size; they are not
#: worth a process below it)
CHUNK = 2500


def diff_workers() -> int:
    """Processes for a differential run: ``$YEZI_TEST_WORKERS``, else every core."""
    return max(1, int(os.environ.get("YEZI_TEST_WORKERS") or os.cpu_count() or 1))


def differential(native: NativeGame, n_games: int, seed: int = 0, stop_after: int = 5,
                 observe: Callable[[State], Iterable[str]] | None = None,
                 workers: int | None = None) -> DiffReport:
    """Drive the reference engine through each native trace: the same deal, the same choice
    indices; compare actor, legal action list, and payments at every step.

    Game i's deal comes from seed ``seed * 1_000_003 + i`` and its choices from a seed drawn from
    (seed, i), so a run split over processes checks exactly the games a single process would.
    The Python replay is the cost (the native side is a hundredth of it), so long runs go to
    `diff_workers()` processes. `observe(state)` names things about each finished deal to count
    in `report.seen` (a test shows so that the rules it claims to cover were reached); it must be
    a module-level function when the run uses processes. `report.branches` counts the rule
    branches (`yezi.core.branches`) the Python replay ran: the rules the run compared."""
    workers = diff_workers() if workers is None else workers
    if workers <= 1 or n_games < 2 * CHUNK:
        return _diff_chunk(type(native), native.game, seed, 0, n_games, stop_after, observe)
    report = DiffReport()
    chunks = [(i, min(n_games, i + CHUNK)) for i in range(0, n_games, CHUNK)]
    with ProcessPoolExecutor(max_workers=min(workers, len(chunks)), mp_context=_mp_context()) as pool:
        futures = [pool.submit(_diff_chunk, type(native), native.game, seed, a, b, stop_after, observe)
                   for a, b in chunks]
        for f in futures:
            report.merge(f.result())
    report.mismatches = report.mismatches[:stop_after]
    return report


def _mp_context() -> Any:
    import multiprocessing

    # forkserver: the test process may hold threads (a served app, a browser driver), which fork
    # would copy in an unknown state
    return multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")


def _diff_chunk(cls: type[NativeGame], game: Game, seed: int, start: int, stop: int, stop_after: int,
                observe: Callable[[State], Iterable[str]] | None) -> DiffReport:
    native = cls(game)
    report = DiffReport()
    with branches.counting() as hits:
        _diff_games(native, game, seed, start, stop, stop_after, observe, report)
    report.branches.update(hits)
    return report


def _diff_games(native: NativeGame, game: Game, seed: int, start: int, stop: int, stop_after: int,
                observe: Callable[[State], Iterable[str]] | None, report: DiffReport) -> None:
    for i in range(start, stop):
        deal_seed = seed * 1_000_003 + i
        state = game.start(seed=deal_seed)
        trace = native.trace(state, random.Random(deal_seed ^ 0x5DEECE66D).getrandbits(64))
        report.games += 1
        bad = _replay(state, trace)
        report.decisions += len(trace.steps)
        if bad:
            report.mismatches.append(f"game {i} (deal seed {deal_seed}): {bad}")
            if len(report.mismatches) >= stop_after:
                break
        elif observe is not None:
            report.seen.update(observe(state))


def _replay(state: State, trace: Trace) -> str | None:
    for k, step in enumerate(trace.steps):
        if state.current_player != step.actor:
            return f"step {k}: actor python {state.current_player} native {step.actor}"
        legal = state.legal_actions()
        if list(legal) != step.legal:
            return f"step {k}: legal python {list(legal)} native {step.legal}"
        if not 0 <= step.chosen < len(legal):
            return f"step {k}: chosen index {step.chosen} outside {len(legal)}"
        state.apply_unchecked(legal[step.chosen])
    if state.current_player is not None:
        return f"native ended after {len(trace.steps)} steps; python expects seat {state.current_player}"
    if list(state.payments()) != trace.payments:
        return f"payments python {list(state.payments())} native {trace.payments}"
    return None
