"""Ma Diao 馬弔 on the native engine (native/src/madiao/): the ruleset and the deal as integers.

Every option that changes play or the seat-to-seat payments has a slot (the layout is
native/src/madiao/opts.rs, the codes yezi/games/madiao/native.toml). The others only touch what a single deal's `payments()` never shows
(the session: seat draw, first banker, rotation, session length; the 官堆: ante unit, antes after
a void hand, the leftover; the V22 reveal of the stock; the physical direction of play) and are
accepted as they are. Payments cross as chips × 2 (a model-A 分贏 splits one 注 in two).
"""

from __future__ import annotations

import ctypes
from typing import Any, ClassVar

from yezi.native.base import I64P, NativeError, NativeGame, Step, Trace, _array, bind


class NativeMaDiao(NativeGame):
    game_name = "madiao"
    payment_scale = 2
    #: both kinds are written natively (native/src/madiao/vector.rs)
    OBSERVATION_KINDS: ClassVar[dict[str, int]] = {"observation": 0, "info_state": 1}

    def __init__(self, game: Any):
        super().__init__(game)
        fn = bind(self.lib, "yz_madiao_policy_trace", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                       ctypes.c_int64, ctypes.c_int64, ctypes.c_uint64, I64P,
                                                       ctypes.c_int64])
        self._policy_trace_fn = fn

    def encode_deal(self, deal: Any) -> list[int]:
        return [*deal["cards"], int(deal.get("pool", 0))]

    def policy_trace(self, state: Any, policy: str = "heuristic", seed: int = 0) -> Trace:
        """From `state` (deal and history replayed natively), play to the end with `policy`; the
        trace of the decisions made after the history."""
        deal = self.encode_deal(state.deal)
        out = (ctypes.c_int64 * self.trace_capacity)()
        n = self._policy_trace_fn(self._opts, len(self.options), _array(deal), len(deal), _array(state.history),
                                  len(state.history), self.POLICIES[policy], seed & (2**64 - 1), out,
                                  self.trace_capacity)
        if n < 0:
            raise NativeError(f"yz_madiao_policy_trace returned {n}")
        buf = out[:n]
        steps, i = [], 1
        for _ in range(buf[0]):
            actor, k = buf[i], buf[i + 1]
            steps.append(Step(actor, list(buf[i + 2:i + 2 + k]), buf[i + 2 + k]))
            i += 3 + k
        return Trace(steps, [self._payment(v) for v in buf[i:i + 4]])
