"""A hint in a player's words: what each choice led to over the simulated deals, and one line.

Why this exists: a mean with its ± reads as a promise. "+23.56 ± 2.65" was the error of an
average over 256 rollouts of a bimodal gamble (+32 in seven deals of ten, a loss otherwise),
shown beside a declaration that was a sure +8; the player who followed it lost 2. A player
needs what a choice does: how often it loses, the range of what it brings, a sure outcome
said to be sure, and how two choices compare, rounded to what the simulations can tell apart.
The numbers behind it (means, intervals, counts) stay available as the hint's details.

Both the search bot (`yezi.bots.search`, one payment per world and candidate, Python or native
rollouts alike) and Luk Fu's bid advisor (`yezi.games.lukfu.advisor`, one payment per dealt
world and choice) keep every simulated payment, and word them here.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from yezi.i18n import _, punct

#: a most common outcome is named only when at least this share of the deals gave it
MODE_SHARE = 0.3


def points(v: float) -> str:
    """A payment as a player writes it: signed, whole where it is whole ("+8", "−2", "+0.5")."""
    r = round(v)
    if r == 0 and abs(v) < 1e-9:
        return "0"
    text = f"{r:+d}" if abs(v - r) < 1e-9 else f"{v:+.1f}"
    return text.replace("-", "−")


def _tenths(share: float) -> int:
    """A share as "k of 10", never 0 for something that happened, never 10 for something that did not always."""
    k = round(share * 10)
    return max(1, min(9, k)) if 0 < share < 1 else k


@dataclass(frozen=True)
class Outcomes:
    """The payments one choice brought the seat over the simulated deals, summarised."""

    n: int
    mean: float
    lo: float
    hi: float
    mode: float  # the most common payment
    mode_share: float
    loss_share: float  # share of the deals it lost (payment below 0)
    win_share: float
    rest_lo: float  # the lowest and highest of the payments other than the most common one
    rest_hi: float

    @classmethod
    def of(cls, values: Iterable[float]) -> Outcomes | None:
        xs = [float(v) for v in values]
        if not xs:
            return None
        n = len(xs)
        mode, count = max(Counter(round(x, 6) for x in xs).items(), key=lambda kv: (kv[1], kv[0]))
        rest = [x for x in xs if round(x, 6) != mode] or [mode]
        return cls(n, sum(xs) / n, min(xs), max(xs), mode, count / n,
                   sum(x < 0 for x in xs) / n, sum(x > 0 for x in xs) / n, min(rest), max(rest))

    @property
    def sure(self) -> bool:
        """Every simulated deal gave the same payment (a declaration settles now)."""
        return self.lo == self.hi

    def as_json(self) -> dict[str, float | int]:
        return {"n": self.n, "mean": self.mean, "min": self.lo, "max": self.hi, "mode": self.mode,
                "mode_share": self.mode_share, "loss_share": self.loss_share, "win_share": self.win_share}

    def phrase(self, lang: str) -> str:
        """What this choice does, in words: "a sure +8", "+32 in 7 of 10 deals, otherwise −4 to +8;
        loses in 2 of 10"; never a mean or a ±."""
        if self.sure:
            return _(lang, "a sure {v}", v=points(self.lo))
        comma, semi = punct(lang, "comma"), punct(lang, "semicolon")
        loses = (_(lang, "never loses") if not self.loss_share
                 else _(lang, "loses in {k} of 10", k=_tenths(self.loss_share)))
        if self.mode_share >= MODE_SHARE:
            other = (_(lang, "otherwise {v}", v=points(self.rest_lo)) if self.rest_lo == self.rest_hi
                     else _(lang, "otherwise {lo} to {hi}", lo=points(self.rest_lo), hi=points(self.rest_hi)))
            head = _(lang, "{v} in {k} of 10 deals", v=points(self.mode), k=_tenths(self.mode_share)) + comma + other
            return head if self.mode < 0 and self.loss_share == self.mode_share else head + semi + loses
        return _(lang, "from {lo} to {hi}", lo=points(self.lo), hi=points(self.hi)) + semi + loses


def better_by(diff: float | None, half_width: float | None) -> float | None:
    """How much better the suggestion is than the next choice, as far as the simulations can
    tell: None where they cannot tell the two apart (the paired difference within its 95% margin)."""
    if diff is None or half_width is None or math.isnan(diff):
        return None
    if math.isinf(half_width) or math.isnan(half_width) or abs(diff) <= half_width:
        return None
    return diff


def about(d: float) -> str:
    """A difference rounded to what a player needs: whole points, a decimal below 2."""
    return f"{d:.0f}" if abs(d) >= 2 else f"{d:.1f}"


def plain_line(move: str, alt: str | None, diff: float | None, half_width: float | None, lang: str) -> str:
    """The hint's one line: "Suggested: run 3-2-1 Cash — about 15 points better than declare";
    "about as good as" where the simulations cannot tell the two apart."""
    if alt is None:
        return _(lang, "Suggested: {move}", move=move)
    d = better_by(diff, half_width)
    if d is None or d <= 0 or about(d) in ("0.0", "0"):
        return _(lang, "Suggested: {move} — about as good as {alt}", move=move, alt=alt)
    return _(lang, "Suggested: {move} — about {d} points better than {alt}", move=move, alt=alt, d=about(d))


def risk_line(choices: list[tuple[str, Outcomes | None]], lang: str) -> str:
    """Each compared choice with what it did in the simulations, one a line ("run 3-2-1 Cash: +32
    in 7 of 10 deals, …" then "declare: a sure +8")."""
    colon = punct(lang, "colon")
    return "\n".join(f"{move}{colon}{o.phrase(lang)}" for move, o in choices if o is not None)


DETAILS_WORDS = ("details", "detail", "more", "詳情", "详情", "細節", "细节")


def plain_text(line: str, risk: str, details: str | None) -> str:
    """A hint for the terminal: the line, what each choice did, and the statistics when asked for."""
    out = line + ("\n  " + risk.replace("\n", "\n  ") if risk else "")
    return out + ("\n  " + details.replace("\n", "\n  ") if details else "")


__all__ = ["DETAILS_WORDS", "Outcomes", "about", "better_by", "plain_line", "plain_text", "points", "risk_line"]
