"""Text tables, the progress display and the optional chart for tournaments (and `yezi simulate`).

Tables and the progress bar are drawn by `rich`, which measures the width of Chinese characters
(two columns each), so columns stay aligned whatever the bot or flag names are.
"""

from __future__ import annotations

import io
import sys
import time
from typing import Any, TextIO

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TaskProgressColumn, TextColumn, TimeRemainingColumn
from rich.progress import Progress as RichProgress
from rich.table import Table

from yezi.sim.duplicate import Tournament


def table(*columns: str) -> Table:
    """A plain table: names left-aligned, numbers right-aligned."""
    t = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    for i, c in enumerate(columns):
        t.add_column(c, justify="left" if i == 0 or c in ("bot", "A", "B", "verdict") else "right",
                     no_wrap=True)
    return t


def render_text(*items: Any) -> str:
    """Tables and lines as plain text (no colours, no terminal codes), for any stream or file."""
    buf = io.StringIO()
    console = Console(file=buf, width=240, color_system=None, force_terminal=False, highlight=False,
                      emoji=False, markup=False)
    for item in items:
        console.print(item, soft_wrap=isinstance(item, str))
    return "\n".join(line.rstrip() for line in buf.getvalue().rstrip("\n").split("\n"))


def _rate(rate: float) -> str:
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:.2f}"


class Progress:
    """`progress(done, total, start)`: a progress bar on a terminal (rich); elsewhere (a log file)
    a line per tenth of the run, and at least one a minute. `close()` ends the bar early."""

    def __init__(self, stream: TextIO | None = None, label: str = "deals"):
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.label = label
        self.last_tenth = -1
        self.last_line = 0.0
        self.bar: RichProgress | None = None
        self.task: Any = None

    def __call__(self, done: int, total: int, start: float) -> None:
        elapsed = time.perf_counter() - start
        rate = done / elapsed if elapsed > 0 else 0.0
        if self.tty:
            if self.bar is None:
                self.bar = RichProgress(
                    TextColumn(self.label), BarColumn(), MofNCompleteColumn(), TaskProgressColumn(),
                    TextColumn("{task.fields[rate]}/s"), TimeRemainingColumn(),
                    console=Console(file=self.stream, highlight=False), transient=False)
                self.bar.start()
                self.task = self.bar.add_task(self.label, total=total, rate=_rate(rate))
            self.bar.update(self.task, completed=done, total=total, rate=_rate(rate))
            if done >= total:
                self.close()
            return
        eta = (total - done) / rate if rate > 0 else float("inf")
        eta_text = "--:--" if eta == float("inf") else f"{int(eta // 60)}:{int(eta % 60):02d}"
        tenth = 10 * done // total if total else 10
        now = time.perf_counter()
        if tenth != self.last_tenth or now - self.last_line > 60:
            self.last_tenth, self.last_line = tenth, now
            self.stream.write(f"{done}/{total} {self.label} ({_rate(rate)}/s, ETA {eta_text})\n")
            self.stream.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def format_report(t: Tournament) -> str:
    head = (f"Duplicate tournament · {t.game} · preset {t.preset} · {t.deals} deals"
            f"{f' of {t.requested} (stopped early)' if t.stopped_early else ''} × {len(t.bots)} rotations"
            f" · seed {t.seed_text or t.seed} · {t.jobs} processes · {t.elapsed:.0f} s")
    bots = table("bot", "mean", "95% CI", "decisions", "s/decision", "CPU s", "slowest", "(CPU)")
    for b in t.bot_lines():
        bots.add_row(b.bot, f"{b.mean:+.3f}", f"[{b.mean - b.half_width:+.3f}, {b.mean + b.half_width:+.3f}]",
                     str(b.decisions), f"{b.per_decision:.4f}", f"{b.cpu_per_decision:.4f}", f"{b.slowest:.3f}",
                     f"{b.slowest_cpu:.3f}")
    pairs = table("A", "B", "A − B", "95% CI", "A>B", "A<B", "tie", "verdict")
    for p in t.pair_lines():
        verdict = (f"{p.a} better" if p.mean > p.half_width else f"{p.b} better" if -p.mean > p.half_width
                   else "no significant difference")
        pairs.add_row(p.a, p.b, f"{p.mean:+.3f}", f"[{p.mean - p.half_width:+.3f}, {p.mean + p.half_width:+.3f}]",
                      str(p.wins), str(p.losses), str(p.ties), verdict)
    elo = table("bot", "Elo", "score", "comparisons")
    for e in t.elo_lines():
        elo.add_row(e.bot, f"{e.elo:.0f}", f"{e.score:.1%}", str(e.games))
    return render_text(
        head, "", "Mean payment per deal (per seat held), 95% CI; wall and CPU time per real decision", bots, "",
        "Pairwise differences A − B per deal (paired over the same deals), 95% CI", pairs, "",
        "Elo (Bradley–Terry over pairwise deal results, ties half; mean 1500)", elo)


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
