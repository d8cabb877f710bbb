"""`yezi`: play, simulate, replay, rules — generic over every game — plus per-feature commands."""

from __future__ import annotations

import argparse
import importlib
import sys

from yezi.core.errors import YeziError

EXTERNAL = {  # subcommands that live in their own modules (main(argv) -> int)
    "settle": "yezi.cli.settle",
    "serve": "yezi.cli.serve",
    "tournament": "yezi.cli.tournament",
    "madiao": "yezi.cli.madiao",
    "advise": "yezi.bots.lukfu_advisor",  # Luk Fu: 做 or 唔做 with this hand?
}


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="yezi", description="Traditional Chinese card and domino games (葉子).")
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("game", help="game name, e.g. lukfu")
        sp.add_argument("--preset", help="rule preset (see `yezi rules GAME`)")
        sp.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help="override one rule option (repeatable, or comma-separated)")

    sp = sub.add_parser("play", help="play in the terminal against bots")
    common(sp)
    sp.add_argument("--lang", default="zh-hant", choices=["zh-hant", "zh-hans", "en"])
    sp.add_argument("--bots", default="heuristic", help="bot for the other seats (random, heuristic, ...)")
    sp.add_argument("--seed", type=int, default=None)
    sp.add_argument("--deals", type=int, default=None, help="number of deals (default: the game's match length)")
    sp.add_argument("--seat", type=int, default=0, help="your position at the table (0 = first dealer)")
    sp.add_argument("--notation", default=None, help="how moves are listed: zh-hant, zh-hans, en or ascii")
    sp.add_argument("--confirm-forced", action="store_true", help="ask even when only one move is legal")

    sp = sub.add_parser("simulate", help="bots play many deals; per-seat statistics")
    common(sp)
    sp.add_argument("--games", "-n", type=int, default=1000)
    sp.add_argument("--bots", default="heuristic", help="comma-separated bots, one per seat (cycled)")
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--quiet", action="store_true", help="no progress bar")

    sp = sub.add_parser("replay", help="print a recorded game move by move")
    sp.add_argument("file", help="a record in text or JSON form ('-' for standard input)")
    sp.add_argument("--lang", default="zh-hant", choices=["zh-hant", "zh-hans", "en"])
    sp.add_argument("--seat", type=int, default=None, help="show the game as this seat saw it")
    sp.add_argument("--brief", action="store_true", help="only the moves and the result")

    sp = sub.add_parser("rules", help="list presets and options with their sources")
    sp.add_argument("game")
    sp.add_argument("--preset", help="show the resolved options of one preset")

    sub.add_parser("games", help="list the games that are available")
    for name in EXTERNAL:
        sub.add_parser(name, help=f"see `yezi {name} --help`", add_help=False)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in EXTERNAL:
        try:
            mod = importlib.import_module(EXTERNAL[argv[0]])
        except ModuleNotFoundError:
            print(f"yezi {argv[0]}: not available in this build", file=sys.stderr)
            return 2
        return int(mod.main(argv[1:]) or 0)
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            from yezi.cli.play import run_play

            return run_play(args)
        if args.command == "simulate":
            from yezi.cli.simulate import run_simulate

            return run_simulate(args)
        if args.command == "replay":
            from yezi.cli.replay import run_replay

            return run_replay(args)
        if args.command == "rules":
            from yezi.core.registry import game_class

            cls = game_class(args.game)
            table = cls.option_table()
            if args.preset:
                rules = table.resolve(args.preset)
                for k, v in rules.items():
                    print(f"{k} = {v}")
            else:
                print(table.describe())
            return 0
        if args.command == "games":
            from yezi.core.registry import available_games

            print("\n".join(available_games()))
            return 0
    except YeziError as e:
        print(f"yezi: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print()
        return 130
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
