"""`yezi simulate GAME`: bots play many independent deals; per-seat results with intervals."""

from __future__ import annotations

import sys
import time

from yezi.bots import make_bot
from yezi.cli.args import UsageError
from yezi.core.options import parse_overrides
from yezi.core.registry import load_game
from yezi.core.stats import mean_ci, proportion_ci95
from yezi.i18n import N_, NP_, Msg, Words, _, _c, ngettext
from yezi.native.select import EngineUnavailable, native_policy_for
from yezi.sim.batch import play_many
from yezi.sim.native_batch import simulate_native
from yezi.sim.report import Progress, render_text, table


def run_simulate(args, out=None) -> int:
    """Deal i and its bots' random stream come from (seed, i) alone (`yezi.sim.batch`), so one
    process, a pool (`--jobs`) or a Ray cluster (`--ray`) give exactly the same numbers.

    On the native engine (random or heuristic bots in every seat; `yezi.sim.native_batch`) the
    means and intervals are the same up to sampling noise; `--jobs` still does not change them."""
    out = out or sys.stdout
    game = load_game(args.game, args.preset, parse_overrides(args.option))
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if not specs:
        raise UsageError("--bots is empty; give bot names, e.g. --bots heuristic,random")
    active = game.active_seats()
    bots = [None] * game.num_seats
    for i, s in enumerate(active):
        bots[s] = make_bot(game.name, specs[i % len(specs)], trusted=True)
    n = args.games
    progress = None if args.quiet else Progress(label="deals")
    start = time.perf_counter()
    try:
        chosen = native_policy_for(game, getattr(args, "engine", None), specs)
    except EngineUnavailable as e:
        raise UsageError(str(e)) from None
    try:
        if chosen is not None:
            run = simulate_native(args.game, chosen[1], n, preset=args.preset, options=args.option, seed=args.seed,
                                  jobs=getattr(args, "jobs", 1) or 1, ray=getattr(args, "ray", False),
                                  address=getattr(args, "address", None),
                                  progress=(lambda d, t: progress(d, t, start)) if progress else None)
        else:
            outcomes = play_many(args.game, specs, n, preset=args.preset, options=args.option, seed=args.seed,
                                 jobs=getattr(args, "jobs", 1), ray=getattr(args, "ray", False),
                                 address=getattr(args, "address", None),
                                 progress=(lambda d, t: progress(d, t, start)) if progress else None)
    except RuntimeError as e:
        raise UsageError(str(e)) from None
    finally:
        if progress:
            progress.close()
    flags: dict = {}  # an event's name (str or Msg) -> deals in which it happened
    if chosen is not None:
        rows = list(zip(run.means, run.half_widths))
    else:
        pays: list[list[float]] = [[o.payments[s] for o in outcomes] for s in range(game.num_seats)]
        rows = [mean_ci(p) for p in pays]
        for o in outcomes:
            for k, v in o.stats.items():
                flags[k] = flags.get(k, 0) + int(v)
    elapsed = max(time.perf_counter() - start, 1e-9)
    lang = getattr(args, "lang", None) or "en"
    w = WORDS[lang]
    engine = w["native"] if chosen is not None else w["python"]
    head = _(lang, HEAD, title=game.titles.get(lang, game.titles["en"]), preset=game.rules.preset,
             deals=ngettext(lang, "{n} deal", "{n} deals", n),
             seed=args.seed, engine=engine, rate=f"{n / elapsed:,.0f}")
    seats = table(w["seat"], w["bot"], w["mean"], w["ci"])
    seats.columns[1].justify = "left"  # the bots' names, whatever the heading's language
    for s in range(game.num_seats):
        bot = bots[s].name if bots[s] is not None else "—"
        m, h = rows[s]
        if n > 1:
            seats.add_row(game.seat_name(s, lang), bot, f"{m:.3f}", f"[{m - h:.3f}, {m + h:.3f}]")
        else:  # one deal: no interval
            seats.add_row(game.seat_name(s, lang), bot, f"{m:.3f}", "—")
    items: list = [head, seats]
    if flags:
        rates = table("", w["share"], w["ci"])
        for k, v in flags.items():
            c, h = proportion_ci95(v, n)
            rates.add_row(stat_label(k, lang), f"{v / n:.1%}", f"[{max(0, c - h):.1%}, {min(1, c + h):.1%}]")
        items += ["", rates]
    elif chosen is not None and getattr(game, "deal_stats", None):
        items += ["", w["shares_python"]]
    print(render_text(*items), file=out)
    return 0


#: the summary's first line (the deals' count is worded by `ngettext`)
HEAD = N_("{title} · preset {preset} · {deals} · seed {seed} · {engine} · {rate} deals/s")

WORDS = Words("simulate", {
    "native": NP_("simulate:native", "native engine"),
    "python": NP_("simulate:python", "Python engine"),
    "seat": NP_("simulate:seat", "seat"),
    "bot": NP_("simulate:bot", "bot"),
    "mean": NP_("simulate:mean", "mean payment"),
    "ci": NP_("simulate:ci", "95% CI"),
    "share": NP_("simulate:share", "share"),
    "shares_python": NP_("simulate:shares_python",
                         "(the shares of deal events are counted on the Python engine: --engine python)"),
})


def stat_label(key, lang: str) -> str:
    """A deal event's name in `lang`: a key of the game's `deal_stats` is its English name (translated
    under ``simulate:stat``) or, where it names a seat or a number, a `Msg` that reads as that name."""
    return key.render(lang) if isinstance(key, Msg) else _c(lang, "simulate:stat", key)


def game_stats(game, state) -> dict[str, bool]:
    fn = getattr(game, "deal_stats", None)
    return fn(state) if fn else {}
