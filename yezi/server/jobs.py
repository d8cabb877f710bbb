"""What a worker process does for the server: bot moves, hints, replays of uploaded records.

These functions run in the worker processes of `yezi.server.workers`, never in the server's own
process. Each takes small plain data (the game's name and ruleset, a seat's view and its legal
actions, a seed, a record's text), so a job crosses to a worker cheaply; the worker rebuilds the
game (cached per process) and decides from the view, as every bot does. Each returns its result
with the CPU seconds it used, which the server charges to the budgets (`yezi.server.budget`).
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import select
import signal
import threading
import time
from typing import Any

from yezi.core.protocol import Game

GameSpec = tuple[str, str | None, dict[str, Any]]  # (name, preset, options) as stored for a table

_games: dict[str, Game] = {}
_bots: dict[tuple[str, str], Any] = {}


def init_worker(nice: int = 0, server_pid: int | None = None) -> None:
    """Set a worker up: lower its CPU priority by `nice`, leave Ctrl-C to the server (which shuts
    the pool down), and exit when the server is gone: a SIGKILLed server cannot tell it to, and its
    parent (the forkserver) lives as long as any worker does."""
    if nice > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if server_pid is not None:
        threading.Thread(target=_exit_with, args=(server_pid,), name="yezi-server-watch", daemon=True).start()


def _exit_with(pid: int) -> None:
    """Wait until process `pid` ends, then end this one."""
    try:
        fd = os.pidfd_open(pid)  # Linux: told when it ends, whatever pid comes next
    except (AttributeError, OSError):
        fd = None
    if fd is not None:
        select.select([fd], [], [])
        os._exit(0)
    while True:
        time.sleep(1.0)
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            os._exit(0)
        except OSError:
            pass


def warm() -> int:
    """Load every served game once, so that the first real job is not slowed by imports."""
    from yezi.server import catalog

    for name in catalog.playable_games():
        catalog.bot_levels(name)
    return os.getpid()


def game_for(spec: GameSpec) -> Game:
    from yezi.core.registry import load_game

    name, preset, options = spec
    key = json.dumps([name, preset, options], sort_keys=True)
    g = _games.get(key)
    if g is None:
        if len(_games) > 64:
            _games.clear()
            _bots.clear()
        g = _games[key] = load_game(name, preset, options)
    return g


def _bot(game_name: str, spec: str) -> Any:
    from yezi.bots import make_bot

    b = _bots.get((game_name, spec))
    if b is None:
        b = _bots[(game_name, spec)] = make_bot(game_name, spec, trusted=False)  # a level name, never an import or a file
    return b


def bot_move(spec: GameSpec, bot: str, view: dict[str, Any], legal: list[int], seed: int) -> tuple[int, float]:
    """The action bot `bot` (a level name such as ``search-strong``) chooses from `view`."""
    t0 = time.process_time()
    game = game_for(spec)
    action = _bot(spec[0], bot).choose(game, view, legal, random.Random(seed))
    return action, time.process_time() - t0


def hint(spec: GameSpec, view: dict[str, Any], legal: list[int], level: str, lang: str,
         seed: int) -> tuple[dict[str, Any], float]:
    """The seat's hint (`Game.hint`) for its decision."""
    t0 = time.process_time()
    h = game_for(spec).hint(view, legal, level, lang, seed)
    return h, time.process_time() - t0


def explain(spec: GameSpec, deal: Any, history: list[int], seat: int,
            lang: str = "en") -> tuple[dict[str, Any], float]:
    """The seat's on-request explanations (the render module's `seat_explanations`) of the
    position reached by `history`: replayed here, so the event loop never runs the deduction."""
    from yezi.server import catalog

    t0 = time.process_time()
    game = game_for(spec)
    state = game.new_state(deal)
    for a in history:
        state.apply_unchecked(a)
    mod = catalog.render_module(spec[0])
    out = mod.seat_explanations(state, seat, lang) if mod is not None and hasattr(mod, "seat_explanations") else {}
    return out, time.process_time() - t0


def refusals(spec: GameSpec, view: dict[str, Any], actions: list[int], lang: str,
              seed: int) -> tuple[dict[str, Any], float]:
    """Why the seat may not take each of `actions` now (`yezi.learn.refusals`), from its view alone."""
    from yezi.learn.refusals import refusals as explain_refusals

    t0 = time.process_time()
    out = explain_refusals(game_for(spec), view, actions, lang, seed)
    return out, time.process_time() - t0


def replay(text: str, seat: str) -> tuple[int, bytes, float]:
    """An uploaded record replayed from `seat`: (HTTP status, JSON body bytes, CPU seconds)."""
    from yezi.server import catalog
    from yezi.server.replays import encode, replay_record

    t0 = time.process_time()
    status, body = replay_record(text, seat, catalog.playable_games())
    return status, encode(body), time.process_time() - t0
