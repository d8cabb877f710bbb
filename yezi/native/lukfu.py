"""Luk Fu 六虎牌 on the native engine (native/src/lukfu/): option and deal encoding.

Every option that changes play or payments crosses as one integer (the layout `Rules::decode`
reads in native/src/lukfu/engine.rs, the codes in yezi/games/lukfu/native.toml); `next_dealer`,
`cut_peek` and `match_rounds` act between deals only (`yezi.core.match`), so a deal never reads
them. Payments are integers.
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from yezi.components.lukfu_deck import mask_of
from yezi.native.base import I64P, NativeError, NativeGame, Trace, _array, bind

POLICY = {"random": 0, "heuristic": 1}


class NativeLukFu(NativeGame):
    game_name = "lukfu"
    #: both kinds are written natively (`yz_lukfu_rows_step`)
    OBSERVATION_KINDS: ClassVar[dict[str, int]] = {"observation": 0, "info_state": 1}

    @property
    def vector_capable(self) -> bool:
        """Luk Fu steps rows through its own one-call step (`LukFuRows`), not ``yz_lukfu_vec_*``."""
        return hasattr(self.lib, "yz_lukfu_rows_step")

    @property
    def vector_heuristic(self) -> bool:
        """Whether the library plays the heuristic bot in vector rows (`LukFuRows.heuristic_actions`)."""
        return hasattr(self.lib, "yz_lukfu_rows_heuristic")

    def vector(self, num_envs: int, observation: str | None = "observation") -> LukFuRows:
        return LukFuRows(self, num_envs, observation)

    def __init__(self, game: Any):
        super().__init__(game)
        self._laosui_fn: Any = None
        self._trace_policy_fn = bind(self.lib, "yz_lukfu_trace_policy",
                                     [I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_int64, ctypes.c_uint64,
                                      I64P, ctypes.c_int64])

    def encode_deal(self, deal: Any) -> list[int]:
        """One card mask per seat (the order a hand was dealt in does not matter to play)."""
        return [mask_of(hand) for hand in deal]

    def policy_trace(self, state: Any, policy: str = "heuristic", seed: int = 0) -> Trace:
        """Play the deal of the fresh `state` natively with every seat choosing by `policy`."""
        deal = self.encode_deal(state.deal)
        out = (ctypes.c_int64 * self.trace_capacity)()
        n = self._trace_policy_fn(self._opts, len(self.options), _array(deal), len(deal), POLICY[policy],
                                  seed & (2**64 - 1), out, self.trace_capacity)
        if n < 0:
            raise NativeError(f"yz_lukfu_trace_policy returned {n}")
        return self._parse_trace(out[:n])

    def laosui_steps(self, deal: Any, history: list[int]) -> list[list[int]]:
        """Replay `history` on `deal`; every seat's 老歲 mask before the first action and after
        each (0 for the dummy): one list per step."""
        return self._steps("yz_lukfu_laosui_steps", deal, history)

    def deal_array(self, deal: Any) -> Any:
        """`deal` encoded for the library once: a caller that asks about one deal many times
        (`laosui_now` after every action) keeps it."""
        return _array(self.encode_deal(deal))

    def laosui_now(self, deal: Any, history: list[int], deal_array: Any = None) -> list[int]:
        """Every seat's 老歲 mask after `history` (0 for the dummy), as the last step of
        `laosui_steps` says, in one call that deduces only at the end (the server's views ask it
        once per action)."""
        fn = self._laosui_fn
        n = self.game.num_seats
        if fn is None:
            fn = self._laosui_fn = bind(self.lib, "yz_lukfu_laosui_now",
                                        [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                         ctypes.c_int64])
        cap = n
        out = (ctypes.c_int64 * cap)()
        arr = self.deal_array(deal) if deal_array is None else deal_array
        got = fn(self._opts, len(self.options), arr, len(deal), _array(history), len(history), out, cap)
        if got < 0:
            raise NativeError(f"yz_lukfu_laosui_now returned {got}")
        return list(out[cap - n:cap])

    def opponent_cards_steps(self, deal: Any, history: list[int]) -> list[list[int]]:
        """Replay `history` on `deal`; for every seat before the first action and after each, the
        mask of the cards it cannot see that some world consistent with its knowledge puts in an
        opponent's hand (0 for the dummy)."""
        return self._steps("yz_lukfu_opponent_cards_steps", deal, history)

    def _steps(self, name: str, deal: Any, history: list[int]) -> list[list[int]]:
        n = self.game.num_seats
        cap = (len(history) + 1) * n
        out = (ctypes.c_int64 * cap)()
        enc = self.encode_deal(deal)
        fn = bind(self.lib, name, [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                   ctypes.c_int64])
        got = fn(self._opts, len(self.options), _array(enc), len(enc), _array(history), len(history), out, cap)
        if got < 0:
            raise NativeError(f"{name} returned {got}")
        return [list(out[i:i + n]) for i in range(0, cap, n)]

    def deduce_stats(self, n: int, seed: int = 0) -> dict[str, int]:
        """Where the 老歲 deduction's time goes over `n` random games: knowledge builds, questions,
        and how each question was settled (see native/src/lukfu/deduce.rs)."""
        fn = bind(self.lib, "yz_lukfu_deduce_stats", [I64P, ctypes.c_int64, ctypes.c_uint64, ctypes.c_int64, I64P])
        out = (ctypes.c_int64 * 6)()
        decisions = fn(self._opts, len(self.options), seed & (2**64 - 1), n, out)
        if decisions < 0:
            raise NativeError(f"yz_lukfu_deduce_stats returned {decisions}")
        keys = ("builds", "questions", "excluded", "true_deal", "one_swap", "full_search")
        return {"games": n, "decisions": decisions, **dict(zip(keys, out))}

    def deduce_check(self, n: int, seed: int = 0, policy: str = "random",
                     every_card: bool = False) -> dict[str, int]:
        """The 老歲 answers carried from state to state and the quick test's against answers
        worked out afresh from the facts, at every state of `n` games (``policy``: "random" or
        "heuristic"; ``every_card``: each unknown card's quick answer too): how many questions,
        how many disagreed (see yz_lukfu_deduce_check)."""
        fn = bind(self.lib, "yz_lukfu_deduce_check",
                  [I64P, ctypes.c_int64, ctypes.c_uint64, ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, I64P])
        out = (ctypes.c_int64 * 2)()
        decisions = fn(self._opts, len(self.options), seed & (2**64 - 1), n, ("random", "heuristic").index(policy),
                       int(every_card), out)
        if decisions < 0:
            raise NativeError(f"yz_lukfu_deduce_check returned {decisions}")
        return {"games": n, "decisions": decisions, "questions": out[0], "disagreements": out[1]}

    # ---- batches of states (the RL vector environment) ---------------------------------------
    # A batch is an (n, STATE_LEN) int64 numpy array of state rows that the native calls read and
    # write; observations and masks come back as numpy arrays. See docs/native/lukfu.md.

    @property
    def state_len(self) -> int:
        fn = bind(self.lib, "yz_lukfu_state_len", [])
        return int(fn())

    @property
    def obs_size(self) -> int:
        fn = bind(self.lib, "yz_lukfu_obs_size", [I64P, ctypes.c_int64])
        return int(fn(self._opts, len(self.options)))

    def state_rows(self, states: list[Any]) -> Any:
        """Rows for Python states (each replayed natively from its deal and history)."""
        import numpy as np

        fn = bind(self.lib, "yz_lukfu_state_from_history", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                            ctypes.c_int64, I64P, ctypes.c_int64])
        rows = np.zeros((len(states), self.state_len), dtype=np.int64)
        for i, st in enumerate(states):
            deal = self.encode_deal(st.deal)
            rc = fn(self._opts, len(self.options), _array(deal), len(deal), _array(st.history), len(st.history),
                    _ptr(rows[i]), rows.shape[1])
            if rc < 0:
                raise NativeError(f"yz_lukfu_state_from_history returned {rc}")
        return rows

    def deal_rows(self, rows: Any, which: Any, seeds: Any, python: bool = False) -> None:
        """Start a fresh deal in rows[which[i]]: drawn natively from seeds[i], or (`python`) exactly
        the Python engine's `deal_from_seed(seeds[i])` (seeds below 2**63, as `DealStream` gives)."""
        import numpy as np

        which = np.ascontiguousarray(which, dtype=np.int64)
        seeds = np.ascontiguousarray(seeds, dtype=np.uint64)
        name = "yz_lukfu_batch_deal_python" if python else "yz_lukfu_batch_deal"
        fn = bind(self.lib, name, [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, ctypes.POINTER(ctypes.c_uint64),
                                   ctypes.c_int64])
        rc = fn(self._opts, len(self.options), _ptr(_rows(rows)), len(rows), _ptr(which),
                seeds.ctypes.data_as(ctypes.POINTER(ctypes.c_uint64)), len(which))
        if rc < 0:
            raise NativeError(f"yz_lukfu_batch_deal returned {rc}")

    def legal_mask(self, rows: Any) -> tuple[Any, Any]:
        """(mask (n, 237) bool, seat to act (n,), -1 where the deal is over)."""
        import numpy as np

        n = len(rows)
        mask = np.zeros((n, self.game.action_space_size), dtype=np.uint8)
        player = np.zeros(n, dtype=np.int64)
        fn = bind(self.lib, "yz_lukfu_batch_legal", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, ctypes.c_void_p,
                                                     I64P])
        rc = fn(self._opts, len(self.options), _ptr(_rows(rows)), n, mask.ctypes.data, _ptr(player))
        if rc < 0:
            raise NativeError(f"yz_lukfu_batch_legal returned {rc}")
        return mask.view(bool), player

    def observe(self, rows: Any, seats: Any, dtype: str = "float32", out: Any = None) -> Any:
        """(n, obs_size) observations: row i as seats[i] sees state row i (observation.py's)."""
        import numpy as np

        n = len(rows)
        seats = np.ascontiguousarray(seats, dtype=np.int64)
        if out is None:
            out = np.empty((n, self.obs_size), dtype=dtype)
        name = "yz_lukfu_observe" if out.dtype == np.float32 else "yz_lukfu_observe_i8"
        if out.dtype not in (np.float32, np.int8) or not out.flags.c_contiguous or out.shape != (n, self.obs_size):
            raise ValueError("out must be a C-contiguous (n, obs_size) float32 or int8 array")
        fn = bind(self.lib, name, [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, ctypes.c_void_p, ctypes.c_int64])
        rc = fn(self._opts, len(self.options), _ptr(_rows(rows)), n, _ptr(seats), out.ctypes.data, out.size)
        if rc < 0:
            raise NativeError(f"{name} returned {rc}")
        return out

    def step_rows(self, rows: Any, actions: Any, *, mask: Any = None, player: Any = None, obs: Any = None) -> Any:
        """Apply actions[i] to row i (all checked first: an illegal one raises and changes
        nothing); return (payments (n, num_seats) int64, zeros where the deal goes on; done (n,)
        bool), and fill the new states' `mask` (n, 237) uint8, `player` (n,) int64 and `obs`
        (n, obs_size) float32 (the acting seat's; the last actor's where the deal ended) where
        given."""
        import numpy as np

        n = len(rows)
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        pay = np.zeros((n, self.game.num_seats), dtype=np.int64)
        done = np.zeros(n, dtype=np.uint8)
        fn = bind(self.lib, "yz_lukfu_batch_step", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, I64P,
                                                    ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                                    ctypes.c_void_p, ctypes.c_int64])
        for a, shape, dt in ((mask, (n, self.game.action_space_size), np.uint8), (player, (n,), np.int64),
                             (obs, (n, self.obs_size), np.float32)):
            if a is not None and (a.dtype != dt or a.shape != shape or not a.flags.c_contiguous):
                raise ValueError(f"expected a C-contiguous {shape} {np.dtype(dt).name} array")
        rc = fn(self._opts, len(self.options), _ptr(_rows(rows)), n, _ptr(actions), _ptr(pay), done.ctypes.data,
                None if mask is None else mask.ctypes.data, None if player is None else _ptr(player),
                None if obs is None else obs.ctypes.data, 0 if obs is None else obs.size)
        if rc <= -5:
            raise NativeError(f"row {-5 - rc}: action {int(actions[-5 - rc])} is not legal (or no state there)")
        if rc < 0:
            raise NativeError(f"yz_lukfu_batch_step returned {rc}")
        return pay, done.view(bool)

    def step_rows_reset(self, rows: Any, actions: Any, next_seeds: Any, *, mask: Any, player: Any, obs: Any,
                        final_obs: Any) -> tuple[Any, Any, Any]:
        """`step_rows` with the vector environment's auto-reset in the same native call: a row
        whose deal ends writes the last actor's observation into `final_obs` and starts
        `deal_from_seed(next_seeds[i])` at once. Returns (payments, done, final seat (-1 where
        the deal goes on))."""
        import numpy as np

        n = len(rows)
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        seeds = np.ascontiguousarray(next_seeds, dtype=np.uint64)
        pay = np.zeros((n, self.game.num_seats), dtype=np.int64)
        done = np.zeros(n, dtype=np.uint8)
        final_seat = np.zeros(n, dtype=np.int64)
        for a, shape, dt in ((mask, (n, self.game.action_space_size), np.uint8), (player, (n,), np.int64),
                             (obs, (n, self.obs_size), np.float32), (final_obs, (n, self.obs_size), np.float32),
                             (seeds, (n,), np.uint64)):
            if a is not None and (a.dtype != dt or a.shape != shape or not a.flags.c_contiguous):
                raise ValueError(f"expected a C-contiguous {shape} {np.dtype(dt).name} array")
        fn = bind(self.lib, "yz_lukfu_batch_step_reset", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P, I64P,
                                                          ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                                          ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, I64P,
                                                          ctypes.c_void_p])
        rc = fn(self._opts, len(self.options), _ptr(_rows(rows)), n, _ptr(actions), _ptr(pay), done.ctypes.data,
                mask.ctypes.data, _ptr(player), None if obs is None else obs.ctypes.data,
                0 if obs is None else obs.size, None if final_obs is None else final_obs.ctypes.data,
                _ptr(final_seat), seeds.ctypes.data)
        if rc <= -5:
            raise NativeError(f"row {-5 - rc}: action {int(actions[-5 - rc])} is not legal (or no state there)")
        if rc < 0:
            raise NativeError(f"yz_lukfu_batch_step_reset returned {rc}")
        return pay, done.view(bool), final_seat

    def _parse_trace(self, buf: list[int]) -> Trace:
        from yezi.native.base import Step

        steps, i = [], 1
        for _ in range(buf[0]):
            actor, k = buf[i], buf[i + 1]
            steps.append(Step(actor, list(buf[i + 2:i + 2 + k]), buf[i + 2 + k]))
            i += 3 + k
        return Trace(steps, [self._payment(v) for v in buf[i:i + self.game.num_seats]])


def _rows(rows: Any) -> Any:
    import numpy as np

    if rows.dtype != np.int64 or rows.ndim != 2 or not rows.flags.c_contiguous or not rows.flags.writeable:
        raise ValueError("state rows must be a writeable C-contiguous (n, state_len) int64 array")
    return rows


def _ptr(a: Any) -> Any:
    return a.ctypes.data_as(I64P)


__all__ = ["NativeLukFu"]


class LukFuRows:
    """`yezi.native.base.NativeVector`'s interface over Luk Fu's one-call step
    (`yezi.native.lukfu_vector.NativeLukFuVectorEnv`, float32, stream deals), so that
    `yezi.rl.VectorEnv(engine="native")` steps Luk Fu in compiled code, "observation" and
    "info_state" alike. Luk Fu's rows deal exactly as `deal_from_seed` does (row i plays
    `DealStream(seed, i)`), so the native rows see the very deals the Python rows would; a Luk Fu
    deal always has a first decision, so nothing is ever settled at once."""

    def __init__(self, native: NativeLukFu, num_envs: int, observation: str | None):
        import numpy as np

        from yezi.native.lukfu_vector import NativeLukFuVectorEnv

        self.n = num_envs
        self.env = env = NativeLukFuVectorEnv(native.game, num_envs, observation=observation)
        self.native = env.native
        self.rows = env.rows
        self.obs, self.final_obs = env.obs, env.final_obs
        self.mask = env._mask
        self.player = env.current_player
        self.rewards = env._pay
        self.terminated = env._done
        self.final_seat = env._final_seat
        self.settled = np.zeros((num_envs, native.game.num_seats), dtype=np.int64)
        self.over = np.zeros(num_envs, dtype=np.int64)

    #: the one-call env's state besides its arrays (`snapshot`); its pointers, bound function and
    #: views are the fresh env's own and are never copied over (an old buffer's address would be a
    #: write into freed memory)
    _KEPT = ("_streams", "_seed", "_resets", "_started", "_ahead", "_last_ended")

    def snapshot(self) -> dict[str, Any]:
        """What a pickled `yezi.rl.VectorEnv` keeps of these rows: the one-call env's buffers and
        deal streams (deals in progress go on after `restore`)."""
        import numpy as np

        self.env.sync()  # the rows the library keeps, written back into their words
        inner = {k: v for k, v in vars(self.env).items() if isinstance(v, np.ndarray) or k in self._KEPT}
        return {"env": inner, "settled": self.settled, "over": self.over}

    def restore(self, saved: dict[str, Any]) -> None:
        """Load `snapshot`'s state into these fresh rows: arrays copied into the buffers the library
        writes in place (views of them stay views), everything else set."""
        import numpy as np

        for obj, parts in ((self.env, saved["env"]), (self, {"settled": saved["settled"], "over": saved["over"]})):
            for k, v in parts.items():
                old = getattr(obj, k, None)
                if isinstance(v, np.ndarray) and isinstance(old, np.ndarray) and old.shape == v.shape:
                    old[...] = v
                else:
                    setattr(obj, k, v)

    def reset(self, seed: int) -> None:
        self.env.reset(seed)

    @property
    def heuristic_actions(self) -> Any:
        """The library's heuristic bot over these rows (`NativeLukFuVectorEnv.heuristic_actions`),
        or None where the library has none."""
        return self.env.heuristic_actions if self.env.has_heuristic else None

    def reset_streams(self, streams: list[Any]) -> None:
        """Deal each row the next deal of its stream (`yezi.rl.VectorEnv`'s own streams); a
        reset on the same streams goes on with them, from the deal already drawn ahead."""
        self.env.use_streams(streams)
        self.env.reset()

    def step(self, actions: Any) -> int:
        self.env.step(actions)
        return int(self.terminated.sum())
