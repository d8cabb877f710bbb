"""Which engine a consumer (simulate, tournament, analyze, the search bot, the RL vector env) runs on.

The rule is the same everywhere: ``--engine python`` is the reference engine; ``--engine native``
demands the compiled one (an error where this game, ruleset or bot has none); no ``--engine``
(``auto``) takes the native engine where it can play what was asked and otherwise the reference
engine, after one line on stderr saying why — so a user never wonders why a run is slow, and a
result never depends on which engine ran it beyond sampling noise.

Consumers look the wrapper up through `yezi.native.registry.native_game` at call time (not an
imported name), so tests can put a fake engine in its place.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

import yezi.native as native
from yezi.native import registry
from yezi.native.abi import NativeError

T = TypeVar("T")

ENGINE_CHOICES = ("auto", "native", "python")

# bot name -> the native playout policy that plays as it does (yezi/native/base.py POLICIES)
NATIVE_POLICIES = {"random": "random", "heuristic": "heuristic"}

_said: set[str] = set()


def fallback_notice(reason: str) -> None:
    """One line on stderr, once per process and reason: the reference engine runs, and why."""
    if reason not in _said:
        _said.add(reason)
        print(f"yezi: {reason}; using the Python reference engine", file=sys.stderr)


class EngineUnavailable(RuntimeError):
    """``--engine native`` was asked for where the native engine cannot play it."""


def check_engine(engine: str | None) -> str:
    """`engine` as a user gave it (None = auto), checked."""
    engine = engine or "auto"
    if engine not in ENGINE_CHOICES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINE_CHOICES)}")
    return engine


def native_for(game: Any, engine: str | None, *, quiet: bool = False) -> Any | None:
    """The native wrapper of `game` (under its ruleset) if `engine` lets it run, else None.

    ``auto`` without one says why once on stderr (unless `quiet`); ``native`` without one raises
    `EngineUnavailable`."""
    engine = check_engine(engine)
    if engine == "python":
        return None
    wrapper = registry.native_game(game)
    if wrapper is not None:
        return wrapper
    reason = missing_reason(game)
    if engine == "native":
        raise EngineUnavailable(f"--engine native: {reason}")
    if not quiet:
        if native.available():
            fallback_notice(reason)
        else:
            native.notice()  # the loader's own line: the library itself is missing
    return None


def missing_reason(game: Any) -> str:
    if not native.available():
        return f"the native engine is unavailable ({native.load_error()})"
    if game.name not in registry.NATIVE:
        return f"{game.name} has no native engine yet"
    return f"the native {game.name} engine does not implement preset {game.rules.preset} with these options"


def bots_policy(specs: list[str]) -> str | None:
    """The native policy that plays every seat as `specs` do, or None (mixed or unported bots)."""
    names = {s.strip().lower() for s in specs if s.strip()}
    if len(names) != 1:
        return None
    return NATIVE_POLICIES.get(names.pop())


def supports_policy(wrapper: Any, policy: str) -> bool:
    """Whether `wrapper.playout` plays `policy` (a game may not have ported its heuristic bot:
    ``playout`` then raises NotImplementedError or NativeError code -2). Probed once on a fresh
    deal; the answer is cached on the wrapper."""
    from yezi.native.base import NativeError

    cache = wrapper.__dict__.setdefault("_yz_policy_support", {})
    if policy not in cache:
        game = wrapper.game
        state = game.start(seed=0)
        for seed in range(1, 20):  # a deal someone plays (斜釘's 八掘 ends before anyone acts)
            if state.current_player is not None:
                break
            state = game.start(seed=seed)
        try:
            wrapper.playout(state, policy, 0, 1)
            cache[policy] = True
        except (NotImplementedError, NativeError):
            cache[policy] = False
    return cache[policy]


def native_policy_for(game: Any, engine: str | None, specs: list[str], *,
                      policies: tuple[str, ...] = ("random", "heuristic"), what: str = "") -> tuple[Any, str] | None:
    """(native wrapper, policy) when the native engine can play `specs` (one bot in every seat)
    under `engine`; None for the reference engine, after the one-line notice (``auto``); raises
    `EngineUnavailable` where ``native`` was demanded and cannot be given. `policies` are the
    native policies this consumer can use; `what` names it in the messages.

    A Ray run plays natively too (each worker loads the library; a remote node without it fails
    with that message), so a Ray run and a local one give the same numbers."""
    wrapper = native_for(game, engine)
    if wrapper is None:
        return None
    demanded = check_engine(engine) == "native"
    policy = bots_policy(specs)
    reason = None
    if policy is None or policy not in policies:
        playable = " or ".join(p for p in policies)
        reason = (f"{what or 'the native engine'} plays {playable} bots in every seat, not "
                  f"{','.join(specs)}")
    elif policy != "random" and not supports_policy(wrapper, policy):  # random: every engine has it
        reason = f"the native {game.name} engine has no {policy} policy yet"
    if reason is None:
        return wrapper, policy
    if demanded:
        raise EngineUnavailable(f"--engine native: {reason}")
    fallback_notice(reason)
    return None


class Fallback:
    """The native engine where it answers, the reference engine where it failed, per scope.

    A long-lived process (the web server) calls the native engine for many independent scopes
    (its tables). A `NativeError` (a Rust panic, caught at the library's border, or an error
    code) must cost one scope, not the process: that call is answered by the Python engine, the
    failure is logged once as an error naming the scope, and every later call in that scope goes
    to the Python engine too (a deal that broke the engine once would likely break it again),
    while every other scope keeps the native engine. At most `limit` failed scopes are
    remembered (the oldest forgotten first), so failures cannot grow memory without bound."""

    def __init__(self, what: str, log: logging.Logger, limit: int = 10_000):
        self.what = what
        self.log = log
        self.limit = limit
        self._failed: dict[Hashable, str] = {}

    def failed(self, scope: Hashable) -> bool:
        """Whether `scope` runs on the Python engine since a native failure."""
        return scope in self._failed

    def call(self, scope: Hashable, native_call: Callable[[], T], python_call: Callable[[], T]) -> T:
        """`native_call()`, or `python_call()` where `scope` failed before or it fails now."""
        if scope not in self._failed:
            try:
                return native_call()
            except NativeError as e:
                if len(self._failed) >= self.limit:
                    del self._failed[next(iter(self._failed))]
                self._failed[scope] = str(e)
                self.log.error("%s failed at %s; it runs on the Python engine from now on: %s", self.what, scope, e)
        return python_call()


__all__ = [
    "ENGINE_CHOICES",
    "NATIVE_POLICIES",
    "EngineUnavailable",
    "Fallback",
    "bots_policy",
    "check_engine",
    "fallback_notice",
    "missing_reason",
    "native_for",
    "native_policy_for",
    "supports_policy",
]
