"""`yezi analyze GAME`: seat advantage per preset, and what each variant option does to it.

For each preset: the baseline (mean payment per seat, deal length, stake), then every value of
every varied option that differs from the preset, played on the same deal indices and compared
deal by deal. Writes `results.json`, `report.md` and one chart per preset into `--out`.
Needs numpy and matplotlib (`pip install 'yezi[rl,plot]'`).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any

from yezi.cli.args import Parser, positive_int
from yezi.core.errors import YeziError
from yezi.core.options import parse_overrides
from yezi.core.registry import game_class, load_game


def build_parser() -> Parser:
    p = Parser(prog="yezi analyze", description="Balance analysis: seat advantage per preset and the effect of each "
               "variant option on it, on deal length and on payments, with 95% intervals, charts and a Markdown report.")
    p.add_argument("game", help="game name, e.g. fishing")
    p.add_argument("--preset", action="append", default=None, help="a preset to analyse (repeatable; default: all)")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help="fix an option in every configuration (repeatable)")
    p.add_argument("--vary", default=None, help="comma-separated options to vary (default: every option); "
                   "'none' for the presets alone")
    p.add_argument("--rescore", default="", help="comma-separated settlement-only options: each value is scored "
                   "on the baseline's own plays instead of playing again (exact when the bots ignore the option)")
    p.add_argument("--bots", default="random", help="the bot in every acting seat: random (default) or heuristic")
    p.add_argument("--deals", "-n", type=positive_int, default=2000, help="deals per configuration")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", "-j", type=positive_int, default=None, help="processes (default: every core)")
    p.add_argument("--ray", action="store_true", help="play the deals on a Ray cluster (a local one by default)")
    p.add_argument("--address", default=None, help="with --ray: the cluster to join, e.g. ray://head:10001 or auto")
    p.add_argument("--engine", choices=("native", "python"), default=None,
                   help="native: the compiled engine plays the deals (random bots); python: the reference engine "
                   "(default: native where it can, else python with a one-line notice)")
    p.add_argument("--out", default="analysis", help="folder for results.json, report.md and the charts")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress lines")
    return p


def variants(game_name: str, preset: str, vary: list[str] | None, fixed: dict[str, Any]) -> list[tuple[str, Any]]:
    """(option, value) pairs that differ from the preset's value, for each varied option."""
    table = game_class(game_name).option_table()
    rules = load_game(game_name, preset, fixed).rules
    names = list(table.options) if vary is None else vary
    out = []
    for name in names:
        if name not in table.options:
            raise YeziError(f"{game_name} has no option {name!r}; options: {', '.join(table.options)}")
        if name in fixed:
            continue
        out += [(name, c.value) for c in table.options[name].choices if c.value != rules[name]]
    return out


def analyse(args) -> dict[str, Any]:
    from yezi.analysis.run import play_config
    from yezi.analysis.summary import summarise

    table = game_class(args.game).option_table()
    presets = args.preset or list(table.presets)
    fixed = parse_overrides(args.option)
    vary = None if args.vary is None else ([] if args.vary == "none" else [v.strip() for v in args.vary.split(",")])
    rescore_opts = [v.strip() for v in args.rescore.split(",") if v.strip()]
    t0 = time.perf_counter()

    def progress(label: str):
        if args.quiet:
            return None
        return lambda done, total: print(f"\r{label}: {done:,}/{total:,} ({time.perf_counter() - t0:,.0f} s)",
                                         end="", file=sys.stderr, flush=True)

    results: dict[str, Any] = {"game": args.game, "title": game_class(args.game).titles["en"], "bot": args.bots,
                               "deals": args.deals, "seed": args.seed, "presets": {}}
    common = {"seed": args.seed, "jobs": args.jobs, "ray": args.ray, "address": args.address,
              "engine": getattr(args, "engine", None)}
    for preset in presets:
        game = load_game(args.game, preset, fixed)
        pairs = variants(args.game, preset, vary, fixed)
        rescored = [(o, v) for o, v in pairs if o in rescore_opts]
        played = [(o, v) for o, v in pairs if o not in rescore_opts]
        base = play_config(args.game, preset, fixed, args.bots, args.deals, rescore=[{o: v} for o, v in rescored],
                           progress=progress(preset), **common)
        block: dict[str, Any] = {"seat_names": [game.seat_name(s, "en") for s in range(game.num_seats)],
                                 "baseline": summarise(base, game.num_seats), "variants": {}}
        for i, (o, v) in enumerate(rescored):
            block["variants"][f"{o}={v} (rescored)"] = summarise(base, game.num_seats, base=base, rescored=i)
        for o, v in played:
            label = f"{o}={v}"
            try:
                g = load_game(args.game, preset, {**fixed, o: v})
                recs = play_config(args.game, preset, {**fixed, o: v}, args.bots, args.deals,
                                   progress=progress(f"{preset} {label}"), **common)
            except YeziError as e:
                block["variants"][label] = {"error": str(e)}
                continue
            block["variants"][label] = summarise(recs, g.num_seats, base=base)
        results["presets"][preset] = block
        if not args.quiet:
            print(file=sys.stderr)
    results["seconds"] = round(time.perf_counter() - t0, 1)
    return results


def write(results: dict[str, Any], out: str) -> str:
    from yezi.analysis.report import markdown, plot

    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as f:
        json.dump(results, f, ensure_ascii=False, indent=1)
    charts = {}
    for preset in results["presets"]:
        name = f"{results['game']}-{preset}.png"
        plot(results, preset, os.path.join(out, name))
        charts[preset] = name
    text = markdown(results, charts)
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
        f.write(text)
    return text


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        results = analyse(args)
    except (YeziError, RuntimeError) as e:
        print(f"yezi analyze: {e}", file=sys.stderr)
        return 2
    try:
        text = write(results, args.out)
    except ImportError as e:
        print(f"yezi analyze: needs numpy and matplotlib (pip install 'yezi[rl,plot]'): {e}", file=sys.stderr)
        return 1
    print(text)
    print(f"written to {args.out}/", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
