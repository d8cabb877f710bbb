"""Text tables, the progress bar and the optional chart for tournaments."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from yezi.sim.duplicate import Tournament


class Progress:
    """A one-line progress bar on a terminal; a line per tenth of the run elsewhere (logs)."""

    def __init__(self, stream: TextIO | None = None, label: str = "deals"):
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.label = label
        self.last_tenth = -1
        self.last_line = 0.0

    def __call__(self, done: int, total: int, start: float) -> None:
        elapsed = time.perf_counter() - start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else float("inf")
        eta_text = "--:--" if eta == float("inf") else f"{int(eta // 60)}:{int(eta % 60):02d}"
        if self.tty:
            width = 30
            fill = int(width * done / total) if total else width
            self.stream.write(f"\r[{'#' * fill}{'.' * (width - fill)}] {done}/{total} {self.label} "
                              f"{rate:.2f}/s ETA {eta_text} ")
            if done == total:
                self.stream.write("\n")
            self.stream.flush()
        else:
            tenth = 10 * done // total if total else 10
            now = time.perf_counter()
            if tenth != self.last_tenth or now - self.last_line > 60:
                self.last_tenth, self.last_line = tenth, now
                self.stream.write(f"{done}/{total} {self.label} ({rate:.2f}/s, ETA {eta_text})\n")
                self.stream.flush()


def format_report(t: Tournament) -> str:
    lines = []
    head = (f"Duplicate tournament · {t.game} · preset {t.preset} · {t.deals} deals"
            f"{f' of {t.requested} (stopped early)' if t.stopped_early else ''} × {len(t.bots)} rotations"
            f" · seed {t.seed_text or t.seed} · {t.jobs} processes · {t.elapsed:.0f} s")
    lines.append(head)
    lines.append("")
    lines.append("Mean payment per deal (per seat held), 95% CI; wall and CPU time per real decision")
    lines.append(f"{'bot':<18}{'mean':>9}{'95% CI':>22}{'decisions':>11}{'s/decision':>12}{'CPU s':>8}"
                 f"{'slowest':>9}{'(CPU)':>8}")
    for b in t.bot_lines():
        ci = f"[{b.mean - b.half_width:+.3f}, {b.mean + b.half_width:+.3f}]"
        lines.append(f"{b.bot:<18}{b.mean:>+9.3f}{ci:>22}{b.decisions:>11}{b.per_decision:>12.4f}"
                     f"{b.cpu_per_decision:>8.4f}{b.slowest:>9.3f}{b.slowest_cpu:>8.3f}")
    lines.append("")
    lines.append("Pairwise differences A − B per deal (paired over the same deals), 95% CI")
    lines.append(f"{'A':<18}{'B':<18}{'A − B':>9}{'95% CI':>22}{'A>B':>7}{'A<B':>7}{'tie':>7}  verdict")
    for p in t.pair_lines():
        ci = f"[{p.mean - p.half_width:+.3f}, {p.mean + p.half_width:+.3f}]"
        verdict = (f"{p.a} better" if p.mean > p.half_width else f"{p.b} better" if -p.mean > p.half_width
                   else "no significant difference")
        lines.append(f"{p.a:<18}{p.b:<18}{p.mean:>+9.3f}{ci:>22}{p.wins:>7}{p.losses:>7}{p.ties:>7}  {verdict}")
    lines.append("")
    lines.append("Elo (Bradley–Terry over pairwise deal results, ties half; mean 1500)")
    lines.append(f"{'bot':<18}{'Elo':>7}{'score':>8}{'comparisons':>13}")
    for e in t.elo_lines():
        lines.append(f"{e.bot:<18}{e.elo:>7.0f}{e.score:>8.1%}{e.games:>13}")
    return "\n".join(lines)


def format_markdown(t: Tournament) -> str:
    """The same tables in Markdown, for notes and reports."""
    out = [f"**{t.game}** (preset {t.preset}), {t.deals} duplicate deals × {len(t.bots)} rotations, seed {t.seed_text or t.seed}", "",
           "| bot | mean payment / deal | 95% CI | s / decision (wall) | CPU s / decision | slowest (wall / CPU s) |",
           "|---|---:|---:|---:|---:|---:|"]
    for b in t.bot_lines():
        out.append(f"| {b.bot} | {b.mean:+.3f} | [{b.mean - b.half_width:+.3f}, {b.mean + b.half_width:+.3f}] "
                   f"| {b.per_decision:.4f} | {b.cpu_per_decision:.4f} | {b.slowest:.3f} / {b.slowest_cpu:.3f} |")
    out += ["", "| A − B | mean | 95% CI | A>B / A<B / tie |", "|---|---:|---:|---:|"]
    for p in t.pair_lines():
        out.append(f"| {p.a} − {p.b} | {p.mean:+.3f} | [{p.mean - p.half_width:+.3f}, {p.mean + p.half_width:+.3f}] "
                   f"| {p.wins} / {p.losses} / {p.ties} |")
    out += ["", "| bot | Elo | score |", "|---|---:|---:|"]
    for e in t.elo_lines():
        out.append(f"| {e.bot} | {e.elo:.0f} | {e.score:.1%} |")
    return "\n".join(out)


def plot(t: Tournament, path: str) -> None:
    """Mean payment per bot and pairwise differences, each with its 95% interval (PNG, SVG, PDF)."""
    import matplotlib  # only here: the chart is optional and matplotlib is not a dependency

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bots = t.bot_lines()
    pairs = t.pair_lines()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(11, 4.2), gridspec_kw={"width_ratios": [1, 1.3]})
    ax1.bar(range(len(bots)), [b.mean for b in bots], yerr=[b.half_width for b in bots], capsize=4,
            color="#4a7ab5")
    ax1.set_xticks(range(len(bots)), [b.bot for b in bots], rotation=20)
    ax1.axhline(0, color="black", linewidth=0.8)
    ax1.set_ylabel("mean payment per deal")
    ax1.set_title("Each bot (95% CI)")
    ys = range(len(pairs))
    ax2.errorbar([p.mean for p in pairs], list(ys), xerr=[p.half_width for p in pairs], fmt="o", capsize=4,
                 color="#b5524a")
    ax2.set_yticks(list(ys), [f"{p.a} − {p.b}" for p in pairs])
    ax2.axvline(0, color="black", linewidth=0.8)
    ax2.set_xlabel("paired difference per deal")
    ax2.set_title("Pairwise differences (95% CI)")
    fig.suptitle(f"{t.game} · {t.preset} · {t.deals} duplicate deals")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
