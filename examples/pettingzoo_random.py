"""A random agent playing any yezi game through PettingZoo, with no wrapper of one's own.

    pip install 'yezi[rl]'
    python examples/pettingzoo_random.py lukfu --deals 5
    python examples/pettingzoo_random.py fishing --preset tiu-u --render

Every agent samples a legal action from its observation's `action_mask`; the rewards at the end
of each deal are the seats' payments (zero-sum over every agent, Luk Fu's dummy included).
"""

from __future__ import annotations

import argparse

import numpy as np

from yezi import pettingzoo as ypz


def play(game: str, preset: str | None = None, deals: int = 3, seed: int = 0, render: bool = False) -> dict:
    """Play `deals` deals with random agents; returns each agent's total reward."""
    env = ypz.env(game, preset, render_mode="ansi" if render else None, lang="en")
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=seed)
    for deal in range(deals):
        if deal:
            env.reset()  # the next deal of the seeded stream
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
        if render:
            print(env.render())
    env.close()
    return totals


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", default="fishing")
    p.add_argument("--preset")
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--render", action="store_true", help="print the final table of each deal")
    args = p.parse_args()
    totals = play(args.game, args.preset, args.deals, args.seed, args.render)
    for agent, total in totals.items():
        print(f"{agent}: {total:+.1f}")


if __name__ == "__main__":
    main()
