"""`yezi train GAME`: Deep Monte-Carlo self-play training of a learned bot (yezi/train/dmc.py).

    yezi train lukfu --out runs/lukfu --seconds 600          # CPU seconds, in total
    yezi train lukfu --out runs/lukfu --resume --seconds 1200  # carry on from the checkpoint
    yezi tournament lukfu --bots learned:runs/lukfu/weights.npz,heuristic --deals 2000

The run writes DIR/checkpoint.npz after every iteration (resumable exactly), DIR/train.log (one
JSON line an iteration) and, at the end, DIR/weights.npz: what the `learned` bots play from
(copy it to yezi/bots/weights/GAME.npz to ship it).
"""

from __future__ import annotations

import os
import sys

from yezi.cli.args import Parser, positive_int


def build_parser() -> Parser:
    p = Parser(prog="yezi train", description="Train a learned bot by Deep Monte-Carlo self-play (as DouZero): "
               "a Q-network over (observation, action) regressed to the deal's final payment, epsilon-greedy "
               "exploration, numpy only. Stops at the first budget reached (--deals, --seconds, --iterations).")
    p.add_argument("game", help="game name, e.g. lukfu")
    p.add_argument("--preset", help="rule preset (see `yezi rules GAME`)")
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                   help="override one rule option (repeatable, or comma-separated)")
    p.add_argument("--out", required=True, metavar="DIR", help="directory for checkpoint.npz, train.log, weights.npz")
    p.add_argument("--resume", action="store_true", help="continue from DIR/checkpoint.npz (its settings hold)")
    p.add_argument("--deals", type=positive_int, default=None, help="stop once this many deals were played in all")
    p.add_argument("--seconds", type=float, default=None, help="stop once this much CPU time was spent in all")
    p.add_argument("--iterations", type=positive_int, default=None, help="stop after this many iterations of this run")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--epsilon", type=float, default=None,
                   help="exploration: chance of a random legal move (default 0.05; with --resume: changes it)")
    p.add_argument("--lr", type=float, default=None,
                   help="Adam's learning rate (default 5e-4; with --resume: changes it, e.g. to anneal)")
    p.add_argument("--hidden", default="256,128", help="the two hidden layers' widths")
    p.add_argument("--envs", type=positive_int, default=64, help="deals stepped together")
    p.add_argument("--deals-per-iteration", type=positive_int, default=256)
    p.add_argument("--batch", type=positive_int, default=256)
    p.add_argument("--epochs", type=positive_int, default=1)
    p.add_argument("--vs-heuristic", type=float, default=0.0, metavar="SHARE",
                   help="share of the deals in which one seat learns against the heuristic bot in the others "
                   "(Python engine; default 0: pure self-play)")
    p.add_argument("--targets", choices=("return", "exact"), default="return",
                   help="return: each decision's target is the deal's payment (Monte-Carlo, the default); exact: "
                   "every legal action's exact expected payment against the heuristic, where the game computes it "
                   "(牌九), on deals the heuristic plays")
    p.add_argument("--engine", choices=("native", "python"), default=None,
                   help="what steps the self-play deals (default: native where the game has vector stepping)")
    p.add_argument("--export", metavar="FILE", default=None, help="where to write the weights (default DIR/weights.npz)")
    p.add_argument("--quiet", "-q", action="store_true")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    args.vs_heuristic_given = any(a.startswith("--vs-heuristic") for a in (argv if argv is not None else sys.argv[1:]))
    from yezi.core.errors import YeziError
    from yezi.core.options import parse_overrides
    from yezi.train.dmc import Config, train

    if args.deals is None and args.seconds is None and args.iterations is None:
        print("yezi train: give a budget: --deals, --seconds or --iterations", file=sys.stderr)
        return 2
    try:
        hidden = tuple(int(x) for x in args.hidden.split(","))
        if len(hidden) != 2 or min(hidden) < 1:
            raise ValueError
    except ValueError:
        print("yezi train: --hidden takes two positive widths, e.g. 256,128", file=sys.stderr)
        return 2
    resume = args.resume and os.path.exists(os.path.join(args.out, "checkpoint.npz"))
    config = None if resume else Config(
        args.game, args.preset, dict(parse_overrides(args.option)), args.seed, hidden,
        5e-4 if args.lr is None else args.lr, 0.05 if args.epsilon is None else args.epsilon,
        args.envs, args.deals_per_iteration, args.epochs, args.batch, args.engine, args.vs_heuristic, args.targets)
    try:
        t = train(config, args.out, resume=resume, deals=args.deals, seconds=args.seconds,
                  iterations=args.iterations, export=args.export, log=None if args.quiet else print,
                  lr=args.lr if resume else None, epsilon=args.epsilon if resume else None,
                  heuristic_share=args.vs_heuristic if resume and args.vs_heuristic_given else None)
    except (YeziError, ValueError) as e:
        print(f"yezi train: {e}", file=sys.stderr)
        return 2
    if resume and t.game.name != args.game:
        print(f"yezi train: note: the checkpoint in {args.out} trains {t.game.name}", file=sys.stderr)
    print(f"{t.game.name}: {t.iteration} iterations, {t.deals} deals, {t.cpu_seconds:.1f} CPU s; "
          f"weights in {args.export or os.path.join(args.out, 'weights.npz')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
