"""`yezi ratings calibrate --game GAME --deals N --seed S`: the bots' fixed ratings, measured from a
duplicate tournament among the bot levels and written into the file the server reads
(`yezi.sim.rating.DATA`; docs/ratings.md). The same arguments give the same file."""

from __future__ import annotations

import sys
from pathlib import Path

from yezi.cli.args import Parser, positive_int
from yezi.core.errors import YeziError
from yezi.sim.rating import DATA, calibrate, write_calibration


def build_parser() -> Parser:
    p = Parser(prog="yezi ratings", description="Ratings (OpenSkill Plackett-Luce) of the web app's rated tables.")
    sub = p.add_subparsers(dest="what", required=True, metavar="WHAT")
    sp = sub.add_parser("calibrate", help="measure the bot levels' fixed ratings from a duplicate tournament",
                        description="Play a duplicate tournament among the bot levels (search levels at their own "
                        "rollout budget, no time cap) and rate every rotation of every deal as a rated table would; "
                        "write the levels' ratings for the game's family into the data file.")
    sp.add_argument("--game", required=True, help="game name, e.g. lukfu")
    sp.add_argument("--levels", default=None,
                    help="comma-separated bot levels (default: every level of the game but search-strong)")
    sp.add_argument("--deals", "-n", type=positive_int, default=40, help="duplicate deals, at least 1")
    sp.add_argument("--seed", type=int, default=0, help="the deals and the bots' randomness derive from it")
    sp.add_argument("--preset", help="rule preset (see `yezi rules GAME`)")
    sp.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                    help="override one rule option, e.g. players=3 (a family of its own)")
    sp.add_argument("--jobs", "-j", type=positive_int, default=1, help="processes (the result does not depend on it)")
    sp.add_argument("--out", type=Path, default=DATA, help=f"the data file (default: {DATA.name} beside yezi.sim.rating)")
    return p


def default_levels(game: str) -> list[str]:
    from yezi.bots.search import LEVELS
    from yezi.core.registry import game_class

    try:
        own = list(game_class(game).bots())
    except Exception:
        own = []
    levels = ["random", *own]
    if "heuristic" in own:
        levels += [f"search-{lv}" for lv in LEVELS if lv != "strong"]
    return levels


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    levels = [s.strip() for s in args.levels.split(",") if s.strip()] if args.levels else default_levels(args.game)
    if len(levels) < 2 or len(set(levels)) != len(levels):
        print("yezi ratings: give at least two different bot levels", file=sys.stderr)
        return 2
    try:
        entry = calibrate(args.game, levels, args.deals, args.seed, preset=args.preset, options=args.option,
                          jobs=args.jobs)
    except (YeziError, ValueError, RuntimeError, KeyError) as e:
        print(f"yezi ratings: {e}", file=sys.stderr)
        return 2
    write_calibration(entry, args.out)
    for lv, r in sorted(entry["levels"].items(), key=lambda kv: -kv[1]["mu"]):
        print(f"{entry['family']:<12} {lv:<16} mu {r['mu']:7.3f}  sigma {r['sigma']:6.3f}")
    print(f"written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
