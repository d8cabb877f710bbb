"""`yezi advise`: Luk Fu bid advice for a hand (`yezi.games.lukfu.advisor`), from the command line."""

from __future__ import annotations

import sys

from yezi.cli.args import Parser, positive_int  # one-line argument errors, as every `yezi` command
from yezi.core.errors import YeziError
from yezi.core.options import parse_overrides
from yezi.core.registry import load_game
from yezi.games.lukfu.advisor import advise, format_advice, parse_hand
from yezi.i18n import Msg, render


def main(argv: list[str] | None = None) -> int:
    p = Parser(
        prog="yezi advise",
        description="Luk Fu bid advice: win probability and expected payment for 做 and 唔做, by simulation.")
    p.add_argument("hand", nargs="+", help="the 12 cards, e.g. 九拾 八拾 ... or 9T 8T ... (or one quoted string)")
    p.add_argument("--seat", "--position", default="頭家", help="頭家, 二家 or 三家 (lead, second, third)")
    p.add_argument("--all-seats", action="store_true", help="advise for each of the three positions")
    p.add_argument("--deals", "-n", type=positive_int, default=400, help="simulated deals that reach the decision")
    p.add_argument("--preset", default=None)
    p.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--lang", default="zh-hant", choices=["zh-hant", "zh-hans", "en"])
    args = p.parse_args(argv)
    try:
        game = load_game("lukfu", args.preset, parse_overrides(args.option))
        hand = parse_hand(" ".join(args.hand))
        positions = ["頭家", "二家", "三家"] if args.all_seats else [args.seat]
        for i, pos in enumerate(positions):
            if i:
                print()
            print(format_advice(game, advise(game, hand, pos, samples=args.deals, seed=args.seed), args.lang))
    except (YeziError, ValueError) as e:
        why = e.args[0] if e.args and isinstance(e.args[0], Msg) else str(e)
        print(f"yezi advise: {render(why, args.lang)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
