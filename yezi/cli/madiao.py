"""`yezi madiao`: whole Ma Diao sessions (the 官堆 carried between hands), played or simulated.

    yezi madiao play [--seat N] [--bots heuristic] [--preset P] [-o NAME=VALUE] [--seed S] [--lang L]
    yezi madiao simulate [--sessions N] [--bots heuristic,random] [--preset P] [-o ...] [--seed S]
    yezi madiao explain RECORD        the settlement of a recorded hand, item by item with Feng's clauses

`yezi play madiao` plays the same session (`yezi.core.match.Match`: first banker, rotation, the
pool) with the players in their numbered seats; `yezi simulate madiao` plays independent hands.
These commands add the seat draw: seat draw, first banker, stakes, rotation (大活留樁，異賞奪樁，
另拈樁) and the pool, as 《馬弔脚例》 describes.
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction

from yezi.bots import make_bot
from yezi.cli.args import LANGS, Parser, UsageError, positive_int
from yezi.core.errors import YeziError
from yezi.core.options import parse_overrides
from yezi.core.registry import load_game
from yezi.core.settleup import settle_up_lines
from yezi.i18n import NP_, Words, punct

#: what `yezi madiao play` says around the game's own text, in the player's --lang
WORDS = Words("madiao-play", {
    "seats": NP_("madiao-play:seats", "seats (play direction)"),
    "hand": NP_("madiao-play:hand", "hand {n} · 樁 {banker} · 官堆 {pool}"),
    "risk": NP_("madiao-play:risk", "願認者聽"),
    "over": NP_("madiao-play:over", "session over"),
    "left": NP_("madiao-play:left", "官堆 left {pool}"),
})


def _parser() -> Parser:
    p = Parser(prog="yezi madiao", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)

    def common(sp):
        sp.add_argument("--preset")
        sp.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE")
        sp.add_argument("--seed", type=int, default=None)

    sp = sub.add_parser("play", help="play a whole session against bots")
    common(sp)
    sp.add_argument("--seat", type=int, default=0, choices=range(4), metavar="{0,1,2,3}",
                    help="your player number 0 to 3 (the seat draw places you)")
    sp.add_argument("--bots", default="heuristic")
    sp.add_argument("--lang", default="zh-hant", choices=LANGS)
    sp.add_argument("--watch", action="store_true", help="bots only; print every hand")
    sp = sub.add_parser("simulate", help="bots play many sessions")
    common(sp)
    sp.add_argument("--sessions", "-n", type=positive_int, default=200, help="number of sessions, at least 1")
    sp.add_argument("--bots", default="heuristic", help="comma-separated, one per player (cycled)")
    sp = sub.add_parser("explain", help="explain the settlement of a recorded hand")
    sp.add_argument("file", help="a Ma Diao record in text or JSON form, UTF-8 ('-' for standard input)")
    sp.add_argument("--lang", default="zh-hant", choices=LANGS)
    return p


def main(argv: list[str] | None = None, stdin=None, out=None) -> int:
    args = _parser().parse_args(argv)
    out = out or sys.stdout
    try:
        if args.cmd == "explain":
            return _explain(args, out)
        game = load_game("madiao", args.preset, parse_overrides(args.option))
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
        if args.cmd == "simulate":
            return _simulate(game, args, seed, out)
        return _play(game, args, seed, stdin or sys.stdin, out)
    except YeziError as e:
        print(f"yezi madiao: {e}", file=sys.stderr)
        return 2


def _explain(args, out) -> int:
    from yezi.cli.replay import read_record
    from yezi.games.madiao.text import explain

    rec = read_record(args.file)
    if rec.game != "madiao":
        raise UsageError(f"{args.file} is a record of {rec.game}; `yezi madiao explain` reads Ma Diao records "
                         "(other games: `yezi replay FILE`)")
    state = rec.replay()
    if state.current_player is not None:
        raise UsageError(f"the hand in {args.file} is not finished; only a finished hand's settlement can be explained")
    print(explain(state.game, state.view(None), args.lang), file=out)
    return 0


def _simulate(game, args, seed, out) -> int:
    from yezi.games.madiao.session import simulate

    specs = [s for s in args.bots.split(",") if s.strip()]
    bots = [make_bot("madiao", specs[i % len(specs)], trusted=True) for i in range(4)]
    res = simulate(game, bots, args.sessions, seed)
    print(f"Ma Diao sessions · preset {game.rules.preset} · {res['sessions']} sessions · {res['hands']} hands "
          f"· seed {seed}", file=out)
    print(f"{'player':<8}{'bot':<12}{'mean per session':>18}{'95% CI':>24}", file=out)
    for p, (m, h) in enumerate(res["per_player"]):
        print(f"P{p:<7}{bots[p].name:<12}{m:>18.2f}{f'[{m - h:.2f}, {m + h:.2f}]':>24}", file=out)
    print("per hand, seat to seat (the 官堆 excluded):", file=out)
    for label, key in (("banker per hand", "banker_per_hand"), ("散家 per hand", "sanjia_per_hand")):
        m, h = res[key]
        print(f"{label:<20}{m:>18.3f}{f'[{m - h:.3f}, {m + h:.3f}]':>24}", file=out)
    return 0


def _play(game, args, seed, stdin, out) -> int:
    from yezi.cli.play import ask as _ask
    from yezi.games.madiao.session import Session
    from yezi.games.madiao.text import render
    from yezi.render.terminal import MESSAGES

    def say(s=""):
        print(s, file=out, flush=True)

    lang = args.lang
    words, said = WORDS[lang], MESSAGES[lang]
    colon = punct(lang, "colon")
    me = None if args.watch else args.seat % 4
    bot = make_bot("madiao", args.bots, trusted=True)
    sess = Session(game, seed)
    rng = random.Random(seed)
    you = punct(lang, "open").lstrip() + said["you"] + punct(lang, "close")  # "(you)", "（你）"
    say(words["seats"] + colon + " → ".join(f"P{p}" + (you if p == me else "") for p in sess.table))
    while not sess.over():
        players = sess.seat_players()
        state = game.new_state(sess.next_deal())
        head = words["hand"].format(n=sess.hands + 1, banker=f"P{players[0]}", pool=state.pool_before)
        say(f"\n#### {head} ####")
        while (seat := state.current_player) is not None:
            if players[seat] != me:
                a = bot.choose(game, state.view(seat), state.legal_actions(), rng)
                state.apply(a)
                if me is not None:
                    seen = state.action_text_for(len(state.history) - 1, players.index(me), lang)
                    say(f"  {game.seat_name(seat, lang)} P{players[seat]}{colon}{seen}")
                continue
            view = state.view(seat)
            say(render(game, view, lang))
            from yezi.games.madiao.text import COMMANDS

            choice = _ask(game, state, view, state.legal_actions(), lang, lang, COMMANDS, stdin, out, bot, rng)
            if choice is None:
                say(said["bye"])
                return 0
            for w in state.warnings(choice, lang):
                say(f"  ⚠ {w}{punct(lang, 'open')}{words['risk']}{punct(lang, 'close')}")
            state.apply(choice)
        mine = players.index(me) if me is not None else None
        say(render(game, state.view(mine), lang))
        sess.finish_hand(state)
        say("Σ " + "  ".join(f"P{p} {_fmt(t)}" for p, t in enumerate(sess.totals)) + f" · 官堆 {_fmt(sess.pool)}")
    res = sess.close()
    left = " · " + words["left"].format(pool=res.pool_left) if res.pool_left else ""
    say(words["over"] + colon + "  ".join(f"P{p} {_fmt(t)}" for p, t in enumerate(res.totals)) + left)
    names = [f"P{p}" + (you if p == me else "") for p in range(4)]
    closing = [sess.match.closing()[sess.table.index(p)] for p in range(4)]
    for line in settle_up_lines(names, res.totals, lang, {"pool": res.pool_left}, closing)[1:]:  # who pays whom
        say(line)
    return 0


def _fmt(x) -> str:
    x = Fraction(x)
    s = str(int(x)) if x.denominator == 1 else f"{float(x):.2f}"
    return ("+" if x > 0 else "") + s


if __name__ == "__main__":
    raise SystemExit(main())
