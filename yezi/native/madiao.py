"""Ma Diao 馬弔 on the native engine (native/src/madiao/): the ruleset and the deal as integers.

Every option that changes play or the seat-to-seat payments has a slot (the layout is
native/src/madiao/opts.rs). The others only touch what a single deal's `payments()` never shows
(the session: seat draw, first banker, rotation, session length; the 官堆: ante unit, antes after
a void hand, the leftover; the V22 reveal of the stock; the physical direction of play) and are
accepted as they are. Payments cross as chips × 2 (a model-A 分贏 splits one 注 in two).
"""

from __future__ import annotations

import ctypes
from typing import Any

from yezi.native.base import I64P, NativeError, NativeGame, Step, Trace, Unsupported, _array, bind

#: option → its choices in the order the Rust module numbers them (booleans: False 0, True 1)
CHOICES: dict[str, tuple[Any, ...]] = {
    "red_set": ("wp10", "qing9"),
    "banwen_count": ("1", "5", "recut"),
    "cut_bailao": ("fine-redraw", "recut"),
    "substitution": ("feng", "qing"),
    "first_lead": ("toujia", "banker"),
    "must_capture": (False, True),
    "must_follow": (False, True),
    "guard_rules": ("liability", "prohibit", "off"),
    "guard_exception": ("only-ten-and-ten-played", "only-ten"),
    "diao_model": ("A", "B"),
    "cishang_pays": (False, True),
    "jiakui_suit": ("same-suit", "any-suit"),
    "jiakui_zhengben": (False, True),
    "jiakui_payee": None,  # slot 13, with fine_recipient (either one sends 假逵 to the pool)
    "tu_pairing": ("dealt", "ci-shangzhuo", "both-shangzhuo"),
    "xiaotu_condition": ("none", "jiushi-shangzhuo", "zhengben"),
    "tu_multiple": ("separate", "one-per-player"),
    "qiaomen_amount": ("flat", "qing"),
    "nested_items": ("highest", "cumulative"),
    "seven_tricks": ("literal", "first-seven"),
    "d2_window": ("next-trick", "rest-of-hand"),
    "d3": (False, True),
    "tu_doubling": (False, True),
    "he_timing": ("preplay", "play-out"),
    "quantu_condition": ("held", "dahuo"),
    "he_multiple": ("highest", "cumulative"),
    "mian_dou": ("automatic", "waivable"),
    "long_suit": ("5-6", "off"),
    "stake_mode": ("banker-picks", "fixed"),
    "stake_min": None,  # slots 29, 30: chips
    "stake_max": None,
    "face_card": ("hidden", "public"),  # slot 31: what the heuristic bot sees
}

#: options with no effect on one deal's legal actions or `payments()` (see the module docstring)
NO_EFFECT = ("seat_draw", "first_banker", "banker_keep", "rotation", "session_end", "session_length",
             "pool_unit", "ante_after_void", "pool_leftover", "qing_extensions", "direction", "fine_recipient")


class NativeMaDiao(NativeGame):
    game_name = "madiao"
    payment_scale = 2

    def __init__(self, game: Any):
        super().__init__(game)
        fn = bind(self.lib, "yz_madiao_policy_trace", [I64P, ctypes.c_int64, I64P, ctypes.c_int64, I64P,
                                                       ctypes.c_int64, ctypes.c_int64, ctypes.c_uint64, I64P,
                                                       ctypes.c_int64])
        self._policy_trace_fn = fn

    def encode_options(self, rules: Any) -> list[int]:
        unknown = sorted(set(rules) - set(CHOICES) - set(NO_EFFECT))
        if unknown:  # an option added to options.toml after this port: the Python engine plays it
            raise Unsupported(f"options unknown to the native engine: {', '.join(unknown)}")
        out: list[int] = []
        for name, choices in CHOICES.items():
            if choices is None:
                if name == "jiakui_payee":
                    payee, rec = rules["jiakui_payee"], rules["fine_recipient"]
                    if payee not in ("others", "pool") or rec not in ("named", "pool"):
                        raise Unsupported(f"jiakui_payee={payee!r}, fine_recipient={rec!r}")
                    out.append(int(payee == "pool" or rec == "pool"))
                else:
                    value = rules[name]
                    if not isinstance(value, int) or isinstance(value, bool) or value % 2 or not 2 <= value <= 40:
                        raise Unsupported(f"{name}={value!r}")
                    out.append(value)
                continue
            value = rules[name]
            if value not in choices or (isinstance(choices[0], bool) and not isinstance(value, bool)):
                raise Unsupported(f"{name}={value!r}")
            out.append(choices.index(value))
        return out

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
