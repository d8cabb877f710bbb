"""Ratings for many-player deals (OpenSkill's Plackett–Luce model) and the bots' calibration.

Why Plackett–Luce: a deal of these games has three to eight players and a payment per seat, not a
winner and a loser; Plackett–Luce rates a whole finishing order at once (ties allowed), where Elo
or Glicko would need the deal cut into pairs. A deal is one "match": each player who acted is one
team of one, ranked by the payment the deal booked to their seat; equal payments are a tie. A seat
that never acts (Luk Fu's dummy, 夢家, in the four-player game) is left out: its payment is luck.

Families: a rating is kept per game and, where the number of players changes the rules enough
that strength does not carry over, per player count (`family`): Luk Fu four players with the
dummy (37 cards, 雲綫, 五虎下山) against three (36 cards, none of those); fishing with two or
three (hand sizes, 過山 at 1000 or 700, the seats' strength); 十五胡 with three or four; 接龍 and
斜釘 with two, three or four (hand sizes, who blocks whom). 牌九 keeps one family whatever the
count: each hand is played against the banker alone, so more players only means more hands.
Ma Diao, 打天九 and 釘牛 have four seats only.

Calibration: the bot levels play a duplicate tournament (`yezi.sim.duplicate`: every deal
replayed with the bots rotated through every seat, so the cards' luck is shared), and every
rotation of every deal is rated as the server rates a person's deal, in deal order. The search
levels play at their own rollout budget with no time cap (``search-<level>@untimed``), so the
same command gives the same numbers on any machine; the server's bots are capped in time but
reach that budget when the machine is not overloaded.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from yezi.core.registry import load_game
from yezi.sim.duplicate import run_tournament, seat_assignment

#: the one model: OpenSkill's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300)
MODEL = PlackettLuce()
START = (MODEL.mu, MODEL.sigma)
#: games whose seat count (their ``players`` option) makes a rating family of its own
BY_PLAYERS = frozenset({"lukfu", "fishing", "shiwuhu", "jielong", "tseding"})
#: the committed calibration the server reads
DATA = Path(__file__).resolve().parent / "bot_ratings.json"


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative estimate leaderboards order by: mu − 3 sigma (99.7 % below the skill)."""
        return self.mu - 3 * self.sigma


def family(game: str, players: int) -> str:
    """The rating family of a game played by `players` seats (see the module docstring)."""
    return f"{game}-{players}p" if game in BY_PLAYERS else game


def rate_deal(ratings: Sequence[Rating], payments: Sequence[float]) -> list[Rating]:
    """Everyone's rating after one deal in which player i was paid payments[i] (higher is better;
    equal payments tie). Fewer than two players: nothing to learn, the ratings as they were."""
    if len(ratings) != len(payments):
        raise ValueError("one payment per rating")
    if len(ratings) < 2:
        return list(ratings)
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in ratings]
    out = MODEL.rate(teams, scores=[float(p) for p in payments])
    return [Rating(t[0].mu, t[0].sigma) for t in out]


# ---- calibration ------------------------------------------------------------------------------

def reproducible_spec(level: str) -> str:
    """The tournament's name for a bot level: a search level without its time cap."""
    return f"{level}@untimed" if level.startswith("search-") else level


def calibrate(game_name: str, levels: Sequence[str], deals: int, seed: int, *, preset: str | None = None,
              options: Iterable[str] = (), jobs: int | None = 1,
              progress: Callable[[int, int, float], None] | None = None) -> dict[str, Any]:
    """The levels' ratings from `deals` duplicate deals at `seed`: ``{"family", "levels": {level:
    {"mu", "sigma"}}, ...}``, the same for the same arguments (whatever `jobs`)."""
    options = list(options)
    specs = [reproducible_spec(lv) for lv in levels]
    t = run_tournament(game_name, specs, deals, preset=preset, options=options, seed=seed, jobs=jobs,
                       progress=progress)
    if t.stopped_early:
        raise RuntimeError(f"the tournament stopped after {t.deals} of {deals} deals")
    from yezi.core.options import parse_overrides

    game = load_game(game_name, preset, parse_overrides(options))
    active = game.active_seats()
    k = len(specs)
    ratings = [Rating(*START) for _ in specs]
    for res in t.results:  # deal order, then rotation order: the same sequence on any number of cores
        for out in res.outcomes:
            pay = out["payments"]
            held: dict[int, list[float]] = {}
            for s, b in seat_assignment(active, k, out["rotation"]).items():
                held.setdefault(b, []).append(float(pay[s]))
            bots = sorted(held)
            new = rate_deal([ratings[b] for b in bots], [sum(held[b]) / len(held[b]) for b in bots])
            for b, r in zip(bots, new, strict=True):
                ratings[b] = r
    cmd = ["yezi", "ratings", "calibrate", "--game", game_name, "--levels", ",".join(levels),
           "--deals", str(deals), "--seed", str(seed)]
    if preset:
        cmd += ["--preset", preset]
    for o in options:
        cmd += ["--option", o]
    return {
        "family": family(game_name, game.num_seats), "game": game_name, "preset": game.rules.preset,
        "deals": deals, "seed": seed, "command": " ".join(cmd),
        "levels": {lv: {"mu": round(r.mu, 6), "sigma": round(r.sigma, 6)} for lv, r in zip(levels, ratings, strict=True)},
    }


def load_calibration(path: Path = DATA) -> dict[str, dict[str, Rating]]:
    """family → bot level → its fixed rating, from the committed file (empty when it is missing)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {fam: {lv: Rating(float(r["mu"]), float(r["sigma"])) for lv, r in entry.get("levels", {}).items()}
            for fam, entry in data.get("families", {}).items()}


def write_calibration(entry: dict[str, Any], path: Path = DATA) -> None:
    """Put one family's calibration into the file, keeping the others'."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = {}
    fams = dict(data.get("families", {}))
    fams[entry["family"]] = entry
    data = {"about": "bots' fixed ratings (OpenSkill Plackett-Luce), measured by `yezi ratings calibrate`; "
                     "docs/ratings.md", "families": dict(sorted(fams.items()))}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n", encoding="utf-8")
