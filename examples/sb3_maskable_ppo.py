"""sb3-contrib's MaskablePPO on one seat of any yezi game against yezi's heuristic bot.

    pip install 'yezi[rl]' sb3-contrib        # brings stable-baselines3 and torch
    python examples/sb3_maskable_ppo.py fishing -o players=2 --timesteps 50000

The environment is `yezi.rl.Env(game, opponents="heuristic", seat="rotate")`: a
`gymnasium.Env` for one seat (the acting seats in turn, one a deal), the other seats played by
the game's heuristic bot, observations `{"observation", "action_mask"}` (so the policy is
SB3's `MultiInputPolicy`), and `action_masks()`, which MaskablePPO reads so that it never
samples an illegal action. The reward is the learner's payment at the end of the deal, scaled
by the inverse of the payments' standard deviation under random play (printed).

Before and after training, the greedy policy plays `--eval-deals` fixed deals against the
heuristic bot, each deal once in every acting seat (duplicate: the seats' own advantage
cancels), and the mean payment per deal is printed with a 95% interval. CI runs a tiny smoke
test of this file only where sb3-contrib is installed (tests/research/test_examples.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from yezi.core.registry import load_game
from yezi.core.stats import mean_ci
from yezi.rl import Env


def reward_scale(game, deals: int = 200) -> float:
    """1 / the standard deviation of seat 0's payment under random play (rewards near unit size)."""
    rng = random.Random(0)
    pays = []
    for d in range(deals):
        state = game.start(seed=d)
        while state.current_player is not None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        pays.append(float(state.payments()[0]))
    sd = statistics.pstdev(pays)
    return 1.0 / sd if sd > 0 else 1.0


def evaluate(model, game, deals: int, seed: int, opponents: str = "heuristic") -> tuple[float, float]:
    """Mean payment per deal of the greedy policy (`model=None`: uniformly random legal play),
    each deal played once in every acting seat; with a 95% interval."""
    seats = list(game.active_seats())
    envs = {s: Env(game, seat=s, opponents=opponents) for s in seats}  # unscaled: points
    rng = random.Random(seed)
    results = []
    for d in range(deals):
        deal = game.deal_from_seed(seed * 1_000_003 + d)
        total = 0.0
        for env in envs.values():
            obs, info = env.reset(seed=seed + d, options={"deal": deal})
            terminated, reward = False, 0.0
            while not terminated:
                if model is None:
                    action = rng.choice(info["legal_actions"])
                else:
                    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
                obs, reward, terminated, _, info = env.step(int(action))
            total += reward
        results.append(total / len(seats))
    return mean_ci(results)


def train(game_name: str = "fishing", preset: str | None = None, options: dict | None = None,
          timesteps: int = 50_000, seed: int = 0, eval_deals: int = 200, n_steps: int = 1024,
          batch_size: int = 256, opponents: str = "heuristic", save: str | None = None, log=print,
          scale_deals: int = 200) -> dict:
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)  # small networks: one thread is fastest, and kind to a shared machine
    game = load_game(game_name, preset, options)
    scale = reward_scale(game, scale_deals)
    env = Env(game, seat="rotate", opponents=opponents, reward_scale=scale)
    env.reset(seed=seed)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=n_steps, batch_size=batch_size, seed=seed, verbose=0,
                        device="cpu")
    out = {"reward_scale": scale}
    out["random"] = evaluate(None, game, eval_deals, 10_000 + seed, opponents)
    out["before"] = evaluate(model, game, eval_deals, 10_000 + seed, opponents)
    log(f"{game_name}: reward scale {scale:.3g}; against {opponents}, points per deal: "
        f"random play {out['random'][0]:+.1f} ± {out['random'][1]:.1f}, "
        f"untrained {out['before'][0]:+.1f} ± {out['before'][1]:.1f}")
    start = time.process_time()
    model.learn(total_timesteps=timesteps)
    out["seconds"] = time.process_time() - start
    out["after"] = evaluate(model, game, eval_deals, 10_000 + seed, opponents)
    log(f"after {timesteps} steps ({out['seconds']:.0f} CPU s): {out['after'][0]:+.1f} ± {out['after'][1]:.1f}")
    if save:
        model.save(save)
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("game", nargs="?", default="fishing")
    p.add_argument("--preset")
    p.add_argument("-o", "--option", action="append", default=[], help="rule option NAME=VALUE (repeatable)")
    p.add_argument("--timesteps", type=int, default=50_000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--eval-deals", type=int, default=200)
    p.add_argument("--opponents", default="heuristic", help="the yezi bot in the other seats")
    p.add_argument("--save", help="where to save the trained model (a .zip)")
    args = p.parse_args()
    options = dict(o.split("=", 1) for o in args.option) or None
    train(args.game, args.preset, options, args.timesteps, args.seed, args.eval_deals, opponents=args.opponents,
          save=args.save)


if __name__ == "__main__":
    main()
