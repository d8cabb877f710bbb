"""`yezi`: play, simulate, replay, rules — generic over every game — plus per-feature commands.

Every mistake a user can make on the command line ends in one line naming the problem and the
accepted values, with exit status 2; a reader that closes the pipe early (`yezi rules lukfu | head`)
ends the command quietly.
"""

from __future__ import annotations

import importlib
import os
import sys

from yezi import __version__
from yezi.cli.args import LANGS, NOTATIONS, Parser, UsageError, non_negative_int, positive_int
from yezi.core.errors import RecordError, YeziError

# Subcommands that live in their own modules (main(argv) -> int), with the line `yezi --help` shows.
EXTERNAL = {
    "settle": ("yezi.cli.settle", "settle a deal played with physical cards or tiles (fishing, lukfu, madiao, jielong, tseding, dingniu): every payment explained"),
    "serve": ("yezi.cli.serve", "run the web app: play in the browser, any seat a bot"),
    "tournament": ("yezi.cli.tournament", "duplicate deals between bots, with intervals and an Elo table"),
    "analyze": ("yezi.cli.analyze", "balance analysis: seat advantage per preset and each variant's effect, with CIs"),
    "madiao": ("yezi.cli.madiao", "whole Ma Diao sessions (the 官堆 carried between hands); explain a record"),
    "learn": ("yezi.cli.learn", "learn a game: guided lessons on fixed deals, the engine explaining each refused move"),
    "i18n": ("yezi.cli.i18n", "keep the translation catalogs: extract msgids, compile, export JSON for the web"),
    "record": ("yezi.cli.record", "the operator's whole record of a served table's finished deal, from its database"),
    "reports": ("yezi.cli.reports", "the operator's list of reported chat messages, each in its conversation"),
    "advise": ("yezi.cli.advise", "Luk Fu: should this hand bid (做) or not (唔做)?"),
    "ratings": ("yezi.cli.ratings", "the bots' fixed ratings for rated tables, from a duplicate tournament"),
    "train": ("yezi.cli.train", "train a learned bot by Deep Monte-Carlo self-play (numpy; docs/bots.md)"),
}

# Exit status of a command whose reader went away: what a shell reports for a process ended by SIGPIPE.
BROKEN_PIPE = 141


def build_parser() -> Parser:
    p = Parser(prog="yezi", description="Traditional Chinese card and domino games (葉子). "
               "`yezi COMMAND --help` describes each command.")
    p.add_argument("--version", action="version", version=f"yezi {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def common(sp: Parser) -> None:
        sp.add_argument("game", help="game name (see `yezi games`), e.g. lukfu")
        sp.add_argument("--preset", help="rule preset (see `yezi rules GAME`)")
        sp.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help="override one rule option (repeatable, or comma-separated)")

    sp = sub.add_parser("play", help="play in the terminal against bots",
                        description="Play a match in the terminal against bots.")
    common(sp)
    sp.add_argument("--lang", default="zh-hant", choices=LANGS, help="language of the table and messages")
    sp.add_argument("--bots", default="heuristic", help="bot for the other seats: random, heuristic, search, "
                    "search-easy, search-normal, search-strong or search@N")
    sp.add_argument("--seed", type=int, default=None, help="seed of the deals (default: a fresh one)")
    sp.add_argument("--deals", type=positive_int, default=None,
                    help="number of deals, at least 1 (default: the game's match length)")
    sp.add_argument("--seat", type=int, default=0,
                    help="your position at the table, 0 to seats − 1 (0 = first dealer)")
    sp.add_argument("--notation", default=None, choices=NOTATIONS,
                    help="how moves are listed (default: as --lang)")
    sp.add_argument("--confirm-forced", action="store_true", help="ask even when only one move is legal")
    sp.add_argument("--save", metavar="FILE", default=None,
                    help="write the record of each deal played (text notation, readable by `yezi replay`): "
                         "deal 1 to FILE, deal N to FILE's name with -N before its extension (game-2.txt, ...)")
    sp.add_argument("--autoplay", action="store_true",
                    help="bots hold every seat, yours too: no prompts; prints the game until the match "
                         "(or --deals) ends (demos, tests)")

    sp = sub.add_parser("simulate", help="bots play many deals; per-seat statistics",
                        description="Bots play many independent deals; mean payment per seat with 95% intervals.")
    common(sp)
    sp.add_argument("--games", "-n", type=positive_int, default=1000, help="number of deals, at least 1")
    sp.add_argument("--lang", default="en", choices=LANGS, help="language of the summary (default en)")
    sp.add_argument("--bots", default="heuristic", help="comma-separated bots, one per seat (cycled)")
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--quiet", action="store_true", help="no progress bar")
    sp.add_argument("--jobs", "-j", type=positive_int, default=1, help="processes (default 1; with --ray: CPUs "
                    "of the local cluster)")
    sp.add_argument("--ray", action="store_true", help="play the deals on a Ray cluster (a local one by default); "
                    "the same numbers as a local run with the same seed")
    sp.add_argument("--address", default=None, help="with --ray: the cluster to join (ray://HOST:10001 or auto)")
    sp.add_argument("--engine", choices=("native", "python"), default=None,
                    help="native: the compiled engine (random or heuristic bots in every seat); python: the "
                    "reference engine (default: native where it can play the bots asked for, else python with a "
                    "one-line notice; docs/native.md)")

    sp = sub.add_parser("replay", help="print a recorded game move by move",
                        description="Print a recorded game move by move, from one seat's view or the public one.")
    sp.add_argument("file", help="a record in text or JSON form, UTF-8 ('-' for standard input)")
    sp.add_argument("--lang", default="zh-hant", choices=LANGS)
    sp.add_argument("--seat", type=non_negative_int, default=None, help="show the game as this seat saw it")
    sp.add_argument("--brief", action="store_true", help="only the moves and the result")
    sp.add_argument("--deal", type=positive_int, default=None,
                    help="of a file holding several deals (a match), only this one (from 1; default: each in turn)")
    sp.add_argument("--positions", action="store_true",
                    help="the table after every move, not only the starting and final positions")

    sp = sub.add_parser("rules", help="list presets and options with their sources",
                        description="List a game's presets and rule options, each with its source.")
    sp.add_argument("game", help="game name (see `yezi games`)")
    sp.add_argument("--preset", help="show the resolved options of one preset")
    sp.add_argument("--guide", action="store_true",
                    help="the player's guide: the game, its cards, a deal, a turn, scoring, variants, live examples")
    sp.add_argument("--lang", default=None, choices=LANGS,
                    help="language of the guide (default zh-hant) or of the option list (default en)")

    sub.add_parser("games", help="list the games that are available")
    for name, (_, summary) in EXTERNAL.items():
        sub.add_parser(name, help=f"{summary} (`yezi {name} --help`)", add_help=False)
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        status = _dispatch(list(sys.argv[1:] if argv is None else argv))
        sys.stdout.flush()  # here, where a closed pipe is caught, not in the interpreter's exit
        return status
    except BrokenPipeError:
        _quiet_stdout()
        return BROKEN_PIPE
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


def _quiet_stdout() -> None:
    """The reader of our output went away: send what is still buffered nowhere, so that the
    interpreter's final flush does not fail again (and print a traceback) on the way out."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests): nothing to silence
        pass


def _dispatch(argv: list[str]) -> int:
    if argv and argv[0] in EXTERNAL:
        try:
            mod = importlib.import_module(EXTERNAL[argv[0]][0])
        except ModuleNotFoundError:
            print(f"yezi {argv[0]}: not available in this build", file=sys.stderr)
            return 2
        return int(mod.main(argv[1:]) or 0)
    args = build_parser().parse_args(argv)
    try:
        return _run(args)
    except YeziError as e:
        # a usage error built to be translated is read in the command's --lang; other errors as they were
        lang = getattr(args, "lang", None)
        if isinstance(e, UsageError):
            text = e.text(lang)
        elif isinstance(e, RecordError) and lang in LANGS:
            text = e.text(str(lang))
        else:
            text = str(e)
        print(f"yezi {args.command}: {text}", file=sys.stderr)
        return 2


def _run(args) -> int:
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

        table = game_class(args.game).option_table()
        if args.guide:
            from yezi.guides import has_guide
            from yezi.guides.text import guide_text

            if not has_guide(args.game):
                print(f"yezi rules: {args.game} has no guide yet; `yezi rules {args.game}` lists its options",
                      file=sys.stderr)
                return 2
            print(guide_text(args.game, args.lang if args.lang in ("zh-hans", "en") else "zh-hant"), end="")
            return 0
        if args.preset:
            for k, v in table.resolve(args.preset).items():
                print(f"{k} = {v}")
        else:
            print(table.describe(args.lang or "en"))
        return 0
    if args.command == "games":
        from yezi.core.registry import available_games

        print("\n".join(available_games()))
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
