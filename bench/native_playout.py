"""Random playouts per CPU-second, reference (Python) engine and native engine side by side.

For every game (its default preset, or every preset with ``--all-presets``; Luk Fu also with each
老歲 mode), in one process on one core: the reference engine deals and plays uniformly random
games for ``--seconds`` of CPU time; the native engine plays batches of ``random_playouts`` for as
long; the table gives both rates and their ratio, "—" where the game (or that ruleset) has no
native engine. Issue 16's targets: Luk Fu ≥ 93,000 games per CPU-second with 老歲 visible, every
other game ≥ 100,000.

Run: python -m bench.native_playout [--seconds 2] [--all-presets] [--games lukfu fishing]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from yezi.core.registry import available_games, game_class, load_game
from yezi.native import registry
from yezi.native.select import missing_reason


def reference_rate(game: Any, seconds: float) -> float:
    """Games per CPU-second of the Python engine: deal (a fresh seed each), random legal choices."""
    rng = random.Random(1)
    games, seed = 0, 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        state = game.start(seed=seed)
        seed += 1
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        state.payments()
        games += 1
    return games / elapsed


def native_rate(native: Any, seconds: float) -> float:
    """Games per CPU-second of `native.random_playouts`, in batches that grow until one takes
    about a twentieth of the budget (so the ctypes call is a negligible part of the time)."""
    batch, games, seed = 256, 0, 1
    spent = 0.0
    while spent < seconds:
        t = time.process_time()
        native.random_playouts(batch, seed)
        dt = time.process_time() - t
        spent += dt
        games += batch
        seed += 1
        if dt < seconds / 20:
            batch *= 2
    return games / spent


def cases(names: list[str], all_presets: bool) -> Iterator[tuple[str, str | None, dict[str, Any]]]:
    for name in names:
        table = game_class(name).option_table()
        presets = list(table.presets) if all_presets else [None]
        for preset in presets:
            if name == "lukfu" and "laosui" in table.options:
                for mode in [c.value for c in table.options["laosui"].choices]:
                    yield name, preset, {"laosui": mode}
            else:
                yield name, preset, {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per engine and case")
    ap.add_argument("--all-presets", action="store_true", help="every preset, not only each game's default")
    ap.add_argument("--games", nargs="*", default=None, help="games to measure (default: all)")
    args = ap.parse_args(argv)
    names = args.games or available_games()
    print(f"Random playouts per CPU-second, one core, {args.seconds:g} s per figure")
    head = f"{'game':<9}{'preset':<17}{'options':<16}{'reference':>11}{'native':>12}{'ratio':>8}"
    print(head)
    print("─" * len(head))
    notes = []
    for name, preset, opts in cases(names, args.all_presets):
        game = load_game(name, preset, opts)
        ref = reference_rate(game, args.seconds)
        native = registry.native_game(game)
        if native is None:
            nat_text, ratio_text = "—", "—"
            notes.append(f"{name} {game.rules.preset}: {missing_reason(game)}")
        else:
            nat = native_rate(native, args.seconds)
            nat_text, ratio_text = f"{nat:,.0f}", f"{nat / ref:,.1f}×"
        opt_text = ",".join(f"{k}={v}" for k, v in opts.items())
        print(f"{name:<9}{game.rules.preset:<17}{opt_text:<16}{ref:>11,.0f}{nat_text:>12}{ratio_text:>8}", flush=True)
    if notes:
        print("\n— no native engine:", file=sys.stderr)
        for line in dict.fromkeys(notes):
            print(f"  {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
