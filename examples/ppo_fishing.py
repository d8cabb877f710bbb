"""A small PPO agent for 2-player Fishing (釣魚) that beats a random opponent, in plain PyTorch.

    pip install 'yezi[rl]' torch
    python examples/ppo_fishing.py --iterations 40      # a few minutes on one CPU core

The agent plays one seat (the dealer and the 尾家 in turn) against a random opponent through
`yezi.rl.Env`: observations are the game's numeric "observation" (`game.observation_spec()`),
illegal actions are masked out of the policy's logits, and the only reward is the deal's payment
(scaled by 1/1000). Every few iterations it is evaluated greedily on fresh deals against random
play, each deal in both seats; the mean payment per deal starts near 0 and climbs well above it.
The best evaluation's network is kept (`--checkpoint`, default ppo_fishing_best.pt: the state
dict with its iteration and score), and `train` returns that network, not the last one: PPO's
curve is noisy, and the last iteration is often not the best.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
import torch
from torch import nn

from yezi.core.stats import mean_ci
from yezi.rl import Env

SCALE = 1000.0


class Policy(nn.Module):
    def __init__(self, obs_size: int, actions: int, hidden: int = 256):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.pi = nn.Linear(hidden, actions)
        self.v = nn.Linear(hidden, 1)

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(obs)
        logits = self.pi(h).masked_fill(~mask, -1e9)
        return logits, self.v(h).squeeze(-1)


def play_deal(env: Env, net: Policy, seat: int, rng: random.Random, greedy: bool = False,
              deal=None) -> tuple[list, float]:
    """One deal (the stream's next, or `deal`): the agent in `seat`, a random opponent. Returns the
    agent's steps (decisions with a real choice) and its payment, scaled."""
    obs, info = env.reset(deal=deal)
    steps = []
    terminated = info["terminal"]
    reward = info.get("reward")
    while not terminated:
        legal = info["legal_actions"]
        if info["current_player"] == seat and len(legal) > 1:
            o = torch.from_numpy(obs).unsqueeze(0)
            m = torch.from_numpy(np.array(info["action_mask"])).unsqueeze(0)
            with torch.no_grad():
                logits, value = net(o, m)
            dist = torch.distributions.Categorical(logits=logits)
            a = int(logits.argmax()) if greedy else int(dist.sample())
            steps.append((obs.copy(), np.array(info["action_mask"]), a, float(dist.log_prob(torch.tensor(a))),
                          float(value)))
        else:
            a = rng.choice(legal)
        obs, reward, terminated, _, info = env.step(a)
    return steps, float(reward[seat]) / SCALE


def evaluate(net: Policy, deals: int, seed: int) -> tuple[float, float]:
    """Mean payment per deal (in points) of the greedy agent against random play, with a 95%
    interval. Each deal is played twice, the agent in each seat (duplicate), so the seats' own
    advantage (the 尾家's is large) cancels out of the comparison."""
    env = Env("fishing", options={"players": 2})
    rng = random.Random(seed)
    pays = []
    for d in range(deals):
        deal = env.game.deal_from_seed(seed * 1_000_003 + d)
        pays.append(sum(play_deal(env, net, s, rng, greedy=True, deal=deal)[1] for s in (0, 1)) / 2 * SCALE)
    return mean_ci(pays)


def save_checkpoint(net: Policy, path: str, iteration: int, score: float, interval: float) -> None:
    torch.save({"state_dict": net.state_dict(), "iteration": iteration, "score": score, "interval": interval,
                "obs_size": net.body[0].in_features, "actions": net.pi.out_features}, path)


def load_checkpoint(path: str) -> tuple[Policy, dict]:
    """The network of a checkpoint and its record (iteration, score, interval)."""
    data = torch.load(path, weights_only=True)
    net = Policy(data["obs_size"], data["actions"])
    net.load_state_dict(data["state_dict"])
    return net, {k: data[k] for k in ("iteration", "score", "interval")}


def train(iterations: int = 40, episodes: int = 64, seed: int = 0, eval_every: int = 10, eval_deals: int = 300,
          lr: float = 1e-3, checkpoint: str | None = "ppo_fishing_best.pt", log=print):
    torch.set_num_threads(1)  # small batches: one thread is fastest, and kind to a shared machine
    torch.manual_seed(seed)
    env = Env("fishing", options={"players": 2})
    env.reset(seed=seed)
    net = Policy(env.observation_spec.size, env.num_actions)
    opt = torch.optim.Adam(net.parameters(), lr=lr)
    rng = random.Random(seed)
    start = time.process_time()
    m, h = evaluate(net, eval_deals, 10_000 + seed)
    log(f"before training: {m:+.0f} ± {h:.0f} points per deal against random", flush=True)
    best = (m, 0)
    best_state = {k: v.clone() for k, v in net.state_dict().items()}
    if checkpoint:
        save_checkpoint(net, checkpoint, 0, m, h)
    for it in range(1, iterations + 1):
        batch = []
        for ep in range(episodes):
            steps, ret = play_deal(env, net, ep % 2, rng)
            batch += [(*s, ret) for s in steps]
        obs = torch.as_tensor(np.stack([b[0] for b in batch]))
        mask = torch.as_tensor(np.stack([b[1] for b in batch]))
        act = torch.tensor([b[2] for b in batch])
        old_logp = torch.tensor([b[3] for b in batch])
        ret = torch.tensor([b[5] for b in batch], dtype=torch.float32)
        adv = ret - torch.tensor([b[4] for b in batch])
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        for _ in range(4):
            for idx in torch.randperm(len(batch)).split(512):
                logits, value = net(obs[idx], mask[idx])
                dist = torch.distributions.Categorical(logits=logits)
                ratio = torch.exp(dist.log_prob(act[idx]) - old_logp[idx])
                clipped = torch.clamp(ratio, 0.8, 1.2) * adv[idx]
                loss = (-torch.min(ratio * adv[idx], clipped).mean() + 0.5 * ((value - ret[idx]) ** 2).mean()
                        - 0.01 * dist.entropy().mean())
                opt.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(net.parameters(), 0.5)
                opt.step()
        if it % eval_every == 0 or it == iterations:
            m, h = evaluate(net, eval_deals, 10_000 + seed)
            mark = ""
            if m > best[0]:
                best = (m, it)
                best_state = {k: v.clone() for k, v in net.state_dict().items()}
                if checkpoint:
                    save_checkpoint(net, checkpoint, it, m, h)
                mark = " (best so far" + (f", saved to {checkpoint})" if checkpoint else ")")
            log(f"iteration {it:3d} ({time.process_time() - start:5.0f} CPU s): {m:+.0f} ± {h:.0f} points per deal against "
                f"random{mark}", flush=True)
    net.load_state_dict(best_state)
    log(f"best: iteration {best[1]} ({best[0]:+.0f} points per deal); the network returned is that one", flush=True)
    return net


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--iterations", type=int, default=40)
    p.add_argument("--episodes", type=int, default=64, help="deals per iteration")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--eval-deals", type=int, default=300)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--eval-every", type=int, default=10)
    p.add_argument("--checkpoint", default="ppo_fishing_best.pt", help="where the best network is kept ('' : nowhere)")
    args = p.parse_args()
    train(args.iterations, args.episodes, args.seed, eval_every=args.eval_every, eval_deals=args.eval_deals,
          lr=args.lr, checkpoint=args.checkpoint or None)


if __name__ == "__main__":
    main()
