"""`yezi tournament GAME --bots a,b,... --deals N`: duplicate deals between bots, on every core."""

from __future__ import annotations

import json
import sys

from yezi.cli.args import Parser, positive_int
from yezi.core.errors import YeziError
from yezi.sim.duplicate import load_tournaments, run_tournament
from yezi.sim.report import Progress, format_markdown, format_report, plot


def build_parser() -> Parser:
    p = Parser(
        prog="yezi tournament",
        description="Duplicate-deal tournament: every deal is replayed with the bots rotated through every seat, "
        "so the luck of the cards cancels. Bots: random, heuristic, search (= search-normal), search-easy, "
        "search-normal, search-strong, search@N (N rollouts per decision, no time cap), any level registered in "
        "yezi.bots.registry (learned policies), module:Class (an importable bot class) and learned:PATH (a "
        "weights file, read by the loader registered for 'learned').",
    )
    p.add_argument("game", nargs="?", help="game name, e.g. lukfu")
    p.add_argument("--bots", help="comma-separated bots, e.g. random,heuristic,search, a registered level, "
                   "module:Class or learned:PATH")
    p.add_argument("--deals", "-n", type=positive_int, default=200,
                   help="number of deals, at least 1 (each played once per bot)")
    p.add_argument("--preset", help="rule preset (see `yezi rules GAME`)")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help="override one rule option (repeatable, or comma-separated)")
    p.add_argument("--seed", type=int, default=0, help="deals and bot randomness derive from it")
    p.add_argument("--jobs", "-j", type=positive_int, default=None, help="processes, at least 1 (default: every core)")
    p.add_argument("--ray", action="store_true", help="play the deals on a Ray cluster (a local one of --jobs CPUs "
                   "by default): the same scores as a local run with the same seed")
    p.add_argument("--address", default=None, help="with --ray: the cluster to join (ray://HOST:10001 or auto)")
    p.add_argument("--engine", choices=("native", "python"), default=None,
                   help="where the search bots roll out: native (the compiled engine) or python (the reference "
                   "engine); default: native where available, else python with a one-line notice. A bot name "
                   "may carry its own, e.g. search-normal:python")
    p.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                   help="stop after this long and report the deals finished so far")
    p.add_argument("--plot", metavar="FILE", help="write a chart (PNG, SVG or PDF by extension; needs matplotlib)")
    p.add_argument("--json", metavar="FILE", help="write the results, per-deal scores included, as JSON")
    p.add_argument("--markdown", action="store_true", help="print the tables in Markdown")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p.add_argument("--load", nargs="+", metavar="JSON",
                   help="report on saved runs (--json files of one game and bot list, e.g. several seeds) "
                   "instead of playing")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.load:
        try:
            datas = []
            for path in args.load:
                with open(path, encoding="utf-8") as f:
                    datas.append(json.load(f))
            t = load_tournaments(datas)
        except (OSError, ValueError, KeyError) as e:
            print(f"yezi tournament: {e}", file=sys.stderr)
            return 2
        return _output(t, args)
    if not args.game or not args.bots:
        print("yezi tournament: give GAME and --bots (or --load saved runs)", file=sys.stderr)
        return 2
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(specs) < 2:
        print("yezi tournament: give at least two bots, e.g. --bots random,heuristic", file=sys.stderr)
        return 2
    if len(set(specs)) != len(specs):
        print("yezi tournament: each bot may be named once", file=sys.stderr)
        return 2
    if args.engine == "native" and not any(s.lower().startswith("search") for s in specs):
        print("yezi tournament: --engine native changes where search bots roll out; "
              f"{','.join(specs)} decide move by move in Python", file=sys.stderr)
    progress = None if args.quiet else Progress()
    try:
        t = run_tournament(
            args.game, specs, args.deals, preset=args.preset, options=args.option, seed=args.seed, jobs=args.jobs,
            time_limit=args.time_limit, progress=progress, ray=args.ray, address=args.address, engine=args.engine,
        )
    except (YeziError, ValueError, RuntimeError) as e:
        print(f"yezi tournament: {e}", file=sys.stderr)
        return 2
    finally:
        if progress is not None:
            progress.close()  # a run stopped by --time-limit ends before the bar is full
    return _output(t, args)


def _output(t, args) -> int:
    if not t.results:
        print("yezi tournament: no deal finished", file=sys.stderr)
        return 1
    print(format_markdown(t) if args.markdown else format_report(t))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(t.to_json(), f, ensure_ascii=False, indent=1)
    if args.plot:
        try:
            plot(t, args.plot)
        except ImportError:
            print("yezi tournament: --plot needs matplotlib (pip install matplotlib)", file=sys.stderr)
            return 1
        print(f"chart written to {args.plot}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
