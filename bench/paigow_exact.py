"""How much of the best response to the house way a 牌九 policy captures, exactly: over the
setting decisions of seeded deals, the exact expected payment (yezi/games/paigow/exact.py) of the
policy's setting, of the house way's and of the best one. No Monte-Carlo noise: a weights file
is judged in seconds, before a duplicate tournament confirms it.

Run: ``python -m bench.paigow_exact [--weights FILE] [--deals 2000] [--seed 0]`` (default: the
shipped weights, or the house way alone where none ship).
"""

from __future__ import annotations

import argparse
import random

from yezi.bots.learned import LearnedBot
from yezi.core.registry import make_game
from yezi.games.paigow.bots import HouseWayBot


def measure(weights: str | None, deals: int, seed: int, preset: str | None = None) -> dict[str, float]:
    game = make_game("paigow", preset)
    learned = LearnedBot(weights) if weights or LearnedBot().policy(game) is not None else None
    house = HouseWayBot()
    rng = random.Random(seed)
    sums = {"policy": 0.0, "house": 0.0, "best": 0.0}
    agree = decisions = 0
    for d in range(deals):
        st = game.start(seed=seed * 1_000_003 + d)
        while st.current_player is not None:
            p = st.current_player
            legal = st.legal_actions()
            view = st.view(p)
            vals = game.exact_action_values(view) if len(legal) > 1 else None
            hw = house.choose(game, view, legal, rng)
            if vals is not None:
                mine = learned.choose(game, view, legal, rng) if learned is not None else hw
                sums["policy"] += vals[mine]
                sums["house"] += vals[hw]
                sums["best"] += max(vals.values())
                agree += mine == hw
                decisions += 1
            st.apply(hw)
    per_deal = {k: v / deals for k, v in sums.items()}
    return {"decisions": decisions, "agree_with_house": agree / max(decisions, 1),
            "policy_minus_house": per_deal["policy"] - per_deal["house"],
            "best_minus_house": per_deal["best"] - per_deal["house"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--weights", default=None)
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--preset", default=None)
    a = ap.parse_args()
    r = measure(a.weights, a.deals, a.seed, a.preset)
    print(f"{r['decisions']} settings over {a.deals} deals; the policy sets as the house way in "
          f"{100 * r['agree_with_house']:.1f}%")
    print(f"exact expected payment a deal, summed over the seats: policy − house way {r['policy_minus_house']:+.4f}, "
          f"best response − house way {r['best_minus_house']:+.4f} "
          f"(the policy captures {100 * r['policy_minus_house'] / r['best_minus_house']:.0f}%)")


if __name__ == "__main__":
    main()
