"""`yezi simulate GAME`: bots play many independent deals; per-seat results with intervals."""

from __future__ import annotations

import random
import sys
import time

from yezi.bots import make_bot
from yezi.core.options import parse_overrides
from yezi.core.playout import play_deal
from yezi.core.registry import load_game
from yezi.core.stats import mean_ci95, proportion_ci95


def progress(i: int, n: int, start: float, stream=sys.stderr) -> None:
    width = 30
    done = int(width * i / n)
    rate = i / max(time.perf_counter() - start, 1e-9)
    stream.write(f"\r[{'#' * done}{'.' * (width - done)}] {i}/{n} {rate:,.0f}/s")
    if i == n:
        stream.write("\n")
    stream.flush()


def run_simulate(args, out=None) -> int:
    out = out or sys.stdout
    game = load_game(args.game, args.preset, parse_overrides(args.option))
    specs = [s for s in args.bots.split(",") if s.strip()]
    active = game.active_seats()
    bots = [None] * game.num_seats
    for i, s in enumerate(active):
        bots[s] = make_bot(game.name, specs[i % len(specs)])
    rng = random.Random(args.seed)
    pays: list[list[float]] = [[] for _ in range(game.num_seats)]
    flags: dict[str, int] = {}
    start = time.perf_counter()
    step = max(1, args.games // 100)
    for i in range(args.games):
        state = play_deal(game, bots, game.deal_from_seed(rng.randrange(2**63)), rng)
        for s, p in enumerate(state.payments()):
            pays[s].append(float(p))
        for k, v in game_stats(game, state).items():
            flags[k] = flags.get(k, 0) + int(v)
        if not args.quiet and ((i + 1) % step == 0 or i + 1 == args.games):
            progress(i + 1, args.games, start)
    elapsed = time.perf_counter() - start
    print(f"{game.titles['en']} · preset {game.rules.preset} · {args.games} deals · seed {args.seed} · "
          f"{args.games / elapsed:,.0f} deals/s", file=out)
    print(f"{'seat':<10}{'bot':<12}{'mean payment':>14}{'95% CI':>20}", file=out)
    for s in range(game.num_seats):
        m, h = mean_ci95(pays[s])
        bot = bots[s].name if bots[s] is not None else "—"
        print(f"{game.seat_name(s, 'en'):<10}{bot:<12}{m:>14.3f}{f'[{m - h:.3f}, {m + h:.3f}]':>20}", file=out)
    for k, v in flags.items():
        c, h = proportion_ci95(v, args.games)
        print(f"{k:<28}{v / args.games:>8.1%}   95% CI [{max(0, c - h):.1%}, {min(1, c + h):.1%}]", file=out)
    return 0


def game_stats(game, state) -> dict[str, bool]:
    fn = getattr(game, "deal_stats", None)
    return fn(state) if fn else {}
