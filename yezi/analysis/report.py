"""The analysis report: Markdown tables and matplotlib charts from the summaries.

Everything here reads the plain-JSON results (`results.json`), so a report can be redrawn
without replaying a deal.
"""

from __future__ import annotations

import os
from typing import Any


def _ci(v: list[float], digits: int = 2) -> str:
    m, h = v
    return f"{m:+.{digits}f} ± {h:.{digits}f}"


def _pct(v: list[float]) -> str:
    p, c, h = v
    return f"{p:.1%} [{max(0.0, c - h):.1%}, {min(1.0, c + h):.1%}]" if p == p else "—"


def config_table(results: dict[str, Any], preset: str) -> list[str]:
    """One preset: the baseline and each variant, seat by seat, with deal length and stake."""
    block = results["presets"][preset]
    seats = block["seat_names"]
    lines = ["| rules | " + " | ".join(seats) + " | actions | stake |",
             "|---|" + "---|" * len(seats) + "---|---|"]
    base = block["baseline"]
    lines.append("| **preset** | " + " | ".join(_ci(v) for v in base["seat_payment"])
                 + f" | {base['length'][0]:.1f} | {base['stake'][0]:.1f} |")
    for label, s in block["variants"].items():
        if "error" in s:
            lines.append(f"| {label} | " + " | ".join("—" for _ in seats) + f" | {s['error']} | |")
            continue
        seat_cells = [_ci(v) for v in s["seat_payment"]][:len(seats)]  # a variant may have fewer seats
        seat_cells += ["—"] * (len(seats) - len(seat_cells))
        lines.append(f"| {label} | " + " | ".join(seat_cells)
                     + f" | {s['length'][0]:.1f} | {s['stake'][0]:.1f} |")
    return lines


def paired_table(results: dict[str, Any], preset: str) -> list[str]:
    """Each variant minus the baseline, on the same deals: per seat, actions and stake."""
    block = results["presets"][preset]
    seats = block["seat_names"]
    rows = [(label, s["paired"]) for label, s in block["variants"].items() if "paired" in s]
    if not rows:
        return []
    lines = ["| change | " + " | ".join(f"Δ {x}" for x in seats) + " | Δ actions | Δ stake |",
             "|---|" + "---|" * len(seats) + "---|---|"]
    for label, p in rows:
        lines.append(f"| {label} | " + " | ".join(_ci(v) for v in p["seat_payment"])
                     + f" | {_ci(p['length'])} | {_ci(p['stake'])} |")
    return lines


def extra_lines(s: dict[str, Any], seats: list[str]) -> list[str]:
    """First-player edge, Luk Fu's bids, Fishing's top scores, where the summary has them."""
    out = []
    if "first_player_payment" in s:
        out.append(f"- payment of the seat that acts first: {_ci(s['first_player_payment'])}")
    if "bid_share" in s:
        out.append("- 做 (bid) by seat: " + "; ".join(f"{seats[i]} {_pct(v)}" for i, v in enumerate(s["bid_share"])))
        out.append("- 做 that paid (bidder's payment > 0), of that seat's bids: "
                   + "; ".join(f"{seats[i]} {_pct(v)}" for i, v in enumerate(s["bid_paid"]) if v[0] == v[0]))
        out.append("- bidder's mean payment when bidding: "
                   + "; ".join(f"{seats[i]} {_ci(v)}" for i, v in enumerate(s["bidder_payment"]) if v[0] == v[0]))
        out.append(f"- nobody bid (流局): {_pct(s['no_bid_share'])}")
    if "top_share" in s:
        out.append("- top 決勝分 (ties count for each): "
                   + "; ".join(f"{seats[i]} {_pct(v)}" for i, v in enumerate(s["top_share"])))
    return out


def markdown(results: dict[str, Any], charts: dict[str, str] | None = None) -> str:
    r = results
    lines = [f"# Balance of {r['title']} (`yezi analyze {r['game']}`)", "",
             f"Bots: `{r['bot']}` in every acting seat · {r['deals']:,} deals per configuration · seed {r['seed']}. "
             "Payments are per deal, positive = receives; ± is the 95% interval. Variants change one option "
             "from the preset and play the same deal indices; Δ is the paired difference from the preset.", ""]
    for preset, block in r["presets"].items():
        seats = block["seat_names"]
        lines += [f"## Preset `{preset}`", "", *config_table(r, preset), ""]
        lines += extra_lines(block["baseline"], seats)
        for label, s in block["variants"].items():
            more = extra_lines(s, seats) if "error" not in s else []
            if more:
                lines += ["", f"With {label}:", *more]
        paired = paired_table(r, preset)
        if paired:
            lines += ["", "Paired differences from the preset:", "", *paired]
        if charts and preset in charts:
            lines += ["", f"![seat advantage, {preset}]({charts[preset]})"]
        lines.append("")
    return "\n".join(lines)


def plot(results: dict[str, Any], preset: str, path: str) -> None:
    """Mean payment per seat with 95% intervals for the preset and each variant."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    block = results["presets"][preset]
    seats = block["seat_names"]
    configs = [("preset", block["baseline"])] + [(k, v) for k, v in block["variants"].items() if "error" not in v]
    fig, ax = plt.subplots(figsize=(max(6.0, 0.6 * len(configs) * len(seats) / 2 + 3), 4))
    width = 0.8 / max(1, len(seats))
    for s, name in enumerate(seats):
        xs, ms, hs = [], [], []
        for i, (_, c) in enumerate(configs):
            if s < len(c["seat_payment"]):
                xs.append(i + (s - (len(seats) - 1) / 2) * width)
                ms.append(c["seat_payment"][s][0])
                hs.append(c["seat_payment"][s][1])
        ax.bar(xs, ms, width, yerr=hs, capsize=2, label=name)
    ax.axhline(0, color="black", linewidth=0.6)
    ax.set_xticks(range(len(configs)), [k for k, _ in configs], rotation=35, ha="right", fontsize=7)
    ax.set_ylabel("mean payment per deal")
    ax.set_title(f"{results['game']} · {preset} · {results['bot']} bots · {results['deals']:,} deals")
    ax.legend(fontsize=7)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)


__all__ = ["markdown", "plot"]
