"""Statistics for tournaments: paired intervals and a Bradley–Terry (Elo) fit, without numpy."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from yezi.core.stats import mean_ci


@dataclass
class BotLine:
    bot: str
    mean: float
    half_width: float
    deals: int
    decisions: int = 0
    seconds: float = 0.0
    slowest: float = 0.0
    cpu: float = 0.0  # CPU seconds: on a busy machine wall time overstates the bot's cost
    cpu_decisions: int = 0  # decisions whose CPU time is known
    slowest_cpu: float = float("nan")  # the slowest decision in CPU seconds (NaN: not recorded)

    @property
    def per_decision(self) -> float:
        return self.seconds / self.decisions if self.decisions else 0.0

    @property
    def cpu_per_decision(self) -> float:
        return self.cpu / self.cpu_decisions if self.cpu_decisions else float("nan")


@dataclass
class PairLine:
    a: str
    b: str
    mean: float  # mean of (score a - score b) per deal
    half_width: float
    wins: int  # deals where a scored more than b
    losses: int
    ties: int

    @property
    def significant(self) -> bool:
        return abs(self.mean) > self.half_width


@dataclass
class EloLine:
    bot: str
    elo: float
    score: float  # share of pairwise deal comparisons won (ties count half)
    games: int


def bot_lines(names: Sequence[str], scores: Sequence[Sequence[float]]) -> list[BotLine]:
    """`scores[d][b]`: bot b's mean payment per seat in deal d."""
    out = []
    for b, name in enumerate(names):
        m, h = mean_ci([row[b] for row in scores])
        out.append(BotLine(name, m, h, len(scores)))
    return out


def pair_lines(names: Sequence[str], scores: Sequence[Sequence[float]], eps: float = 1e-9) -> list[PairLine]:
    """Every pair's paired difference per deal: the cards cancel, only the play remains."""
    out = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            diffs = [row[i] - row[j] for row in scores]
            m, h = mean_ci(diffs)
            w = sum(1 for d in diffs if d > eps)
            lo = sum(1 for d in diffs if d < -eps)
            out.append(PairLine(names[i], names[j], m, h, w, lo, len(diffs) - w - lo))
    return out


def elo_lines(names: Sequence[str], pairs: Sequence[PairLine], mean_rating: float = 1500.0,
              iterations: int = 2000) -> list[EloLine]:
    """Bradley–Terry strengths from pairwise deal results (a tie counts half to each side),
    fitted by the minorisation–maximisation iteration and shown on the Elo scale. One virtual
    drawn game per pair keeps the fit finite when one bot wins every comparison."""
    k = len(names)
    idx = {n: i for i, n in enumerate(names)}
    wins = [[0.0] * k for _ in range(k)]
    for p in pairs:
        i, j = idx[p.a], idx[p.b]
        wins[i][j] += p.wins + 0.5 * p.ties + 0.5
        wins[j][i] += p.losses + 0.5 * p.ties + 0.5
    games = [[wins[i][j] + wins[j][i] for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            w = sum(wins[i][j] for j in range(k) if j != i)
            d = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i and games[i][j])
            new.append(w / d if d else strength[i])
        g = math.exp(sum(math.log(x) for x in new) / k)  # fix the scale: geometric mean 1
        new = [x / g for x in new]
        done = max(abs(a - b) for a, b in zip(new, strength)) < 1e-12
        strength = new
        if done:
            break
    elos = [400 * math.log10(s) for s in strength]
    shift = mean_rating - sum(elos) / k
    out = []
    for i, n in enumerate(names):
        total = sum(games[i][j] - 1 for j in range(k) if j != i)  # without the virtual games
        won = sum(wins[i][j] - 0.5 for j in range(k) if j != i)
        out.append(EloLine(n, elos[i] + shift, won / total if total else 0.5, round(total)))
    return sorted(out, key=lambda e: -e.elo)
