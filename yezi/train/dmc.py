"""Deep Monte-Carlo (DMC) self-play training, after DouZero (Zha et al., ICML 2021).

One network plays every acting seat (the seat is part of the observation). Each iteration:

1. **Self-play.** `yezi.rl.VectorEnv` steps `num_envs` deals at once (in compiled code where the
   game's native engine offers vector stepping: Luk Fu, Ma Diao; else the Python engine). In
   every row the seat to act evaluates Q(observation, a) for each legal action in one batched
   forward pass and plays the argmax, or with probability `epsilon` a uniformly random legal
   action. Every decision with more than one legal action is kept as (observation, action) in
   that seat's trajectory for the deal.
2. **Monte-Carlo targets.** When a deal ends, each of its seat's decisions gets the seat's final
   payment for the deal, divided by `scale` (the standard deviation of the payments in the first
   iteration, fixed from then on and stored with the weights). No bootstrapping: the target is
   the return itself, which is what makes DMC robust in long, sparse-reward card games.
3. **Regression.** Mean squared error of Q against the targets, minibatches in a shuffled order,
   Adam. The samples are used for `epochs` passes and then dropped (on-policy, as DouZero's
   actors feed its learner); deals still in progress when the iteration's quota is reached are
   dropped too.

Exact targets (``targets="exact"``, `yezi train GAME --targets exact`): where a game can compute
every legal action's expected payment against its heuristic from the seat's view
(`Game.exact_action_values`; 牌九, yezi/games/paigow/exact.py), the samples are every legal
action of every decision of deals the heuristic plays, each with that value as its target. The
regression is the same; only the noise is gone. 牌九 needs it: two settings of a hand differ by a
few hundredths of a stake while a hand's payment varies by a whole one, and the Monte-Carlo runs
never learned the difference (docs/bots.md).

Determinism and resuming: iteration i draws its deals from the seed ``(seed, i)`` and its
exploration and shuffling from ``numpy.random.default_rng([seed, i])``, and a checkpoint is
written at the end of every iteration (weights, Adam moments, counters, in one ``.npz``
replaced atomically), so an interrupted run resumed from its checkpoint computes exactly what an
uninterrupted one does. Budgets (`deals`, `seconds` of CPU time of the process) are totals over
the run and its resumptions, checked between iterations.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

from yezi.bots.qnet import action_dim, action_table
from yezi.train.mlp import PARAMS, Adam, QNet


@dataclass
class Config:
    game: str
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    hidden: tuple[int, int] = (256, 128)
    lr: float = 5e-4
    epsilon: float = 0.05
    num_envs: int = 64
    deals_per_iteration: int = 256
    epochs: int = 1
    batch: int = 256
    engine: str | None = None  # VectorEnv engine: auto / native / python
    # share of the deals in which one seat (drawn per deal) learns against the game's heuristic bot
    # in every other seat (a best response to it), the rest self-play; needs the Python engine
    heuristic_share: float = 0.0
    # "return": Monte-Carlo targets (the deal's payment, as above); "exact": the game's exact
    # expected payment of every legal action against its heuristic (`Game.exact_action_values`,
    # 牌九 only), on the decisions of deals the heuristic plays
    targets: str = "return"

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        d["hidden"] = list(self.hidden)
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Config:
        d = dict(d)
        d["hidden"] = tuple(d["hidden"])
        return cls(**d)

    def __post_init__(self) -> None:
        if self.targets not in ("return", "exact"):
            raise ValueError(f"targets must be 'return' or 'exact', not {self.targets!r}")


class Trainer:
    def __init__(self, config: Config):
        from yezi.core.registry import make_game

        self.config = c = config
        self.game = make_game(c.game, c.preset, c.options or None)
        self.obs_dim = self.game.observation_spec("observation").size
        self.table = action_table(self.game)
        self.onehot = self.table is None
        self.net = QNet.init(self.obs_dim, action_dim(self.game), c.hidden, np.random.default_rng([c.seed, 999_983]),
                             self.onehot)
        self.adam = Adam(self.net.p, lr=c.lr)
        self.iteration = 0
        self.deals = 0
        self.samples = 0
        self.cpu_seconds = 0.0
        self.scale = 0.0
        self.history: list[dict[str, Any]] = []
        self._env: Any = None

    # --- one iteration ----------------------------------------------------------------------
    def env(self) -> Any:
        if self._env is None:
            from yezi.native.select import native_for
            from yezi.rl.vector import VectorEnv

            c = self.config
            engine = c.engine
            # the heuristic decides from views: the Python rows, unless the native rows play it
            if c.heuristic_share > 0 and not getattr(native_for(self.game, engine, quiet=True), "vector_heuristic", False):
                engine = "python"
            self._env = VectorEnv(self.game, c.num_envs, observation="observation", engine=engine)
        return self._env

    def collect_exact(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]:
        """`deals_per_iteration` deals played by the heuristic in every seat (the Python engine;
        the targets do not depend on the play): at each decision with a choice, one sample per
        legal action, its target the exact expected payment the game computes from the seat's
        view (`Game.exact_action_values`). Same outputs as `collect`."""
        import random

        from yezi.bots.search import heuristic_factory

        g = self.game
        values = getattr(g, "exact_action_values", None)
        if values is None:
            raise ValueError(f"{g.name} has no exact action values: train it with targets 'return'")
        bot = heuristic_factory(g)()
        pyrng = random.Random(int(rng.integers(2**62)))
        obs_rows: list[np.ndarray] = []
        acts: list[int] = []
        targets: list[float] = []
        pays: list[list[float]] = []
        base = (self.config.seed * 1_000_003 + self.iteration) * 1_000_003
        for d in range(self.config.deals_per_iteration):
            st = g.start(seed=(base + d) & (2**62 - 1))
            while st.current_player is not None:
                p = st.current_player
                legal = st.legal_actions()
                view = st.view(p)
                if len(legal) > 1:
                    vals = values(view)
                    if vals is not None:
                        o = np.asarray(g.observe(st, p, "observation"), dtype=np.uint8)
                        for a in legal:
                            obs_rows.append(o)
                            acts.append(a)
                            targets.append(float(vals[a]))
                st.apply(bot.choose(g, view, legal, pyrng))
            pays.append([float(x) for x in st.payments()])
        if not acts:
            return np.zeros((0, self.obs_dim), np.uint8), np.zeros(0, np.int64), np.zeros(0), len(pays), np.array(pays)
        return np.stack(obs_rows), np.array(acts, np.int64), np.array(targets), len(pays), np.array(pays)

    def collect(self, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, np.ndarray]:
        """Self-play until `deals_per_iteration` deals end: (observations uint8, actions, payments
        of the acting seat, deals, every ended deal's payments for the scale)."""
        c = self.config
        env = self.env()
        seats = self.game.num_seats
        obs, info = env.reset(seed=(c.seed * 1_000_003 + self.iteration) & (2**62 - 1))
        n = env.num_envs
        traj: list[list[list[int]]] = [[[] for _ in range(seats)] for _ in range(n)]
        obs_rows: list[np.ndarray] = []
        acts: list[np.ndarray] = []
        targets: list[float] = []
        count = 0
        done = 0
        pays: list[np.ndarray] = []
        net, table, eps = self.net, self.table, c.epsilon
        share = c.heuristic_share
        learner = np.full(n, -1, dtype=np.int64)  # per row: the learning seat, -1 = self-play
        if share > 0:
            import random

            from yezi.bots.search import heuristic_factory

            native_bot = env.native_heuristic  # the native rows' own heuristic, else the Python bot's
            factory = heuristic_factory(self.game)
            bots = [factory() for _ in range(seats)]
            active = np.array(self.game.active_seats())
            pyrng = random.Random(int(rng.integers(2**62)))

            def draw(r: int) -> None:
                learner[r] = active[rng.integers(len(active))] if rng.random() < share else -1

            for r in range(n):
                draw(r)
        while done < c.deals_per_iteration:
            mask = info["action_mask"]
            player = np.array(info["current_player"], dtype=np.int64)
            rows_i, codes = np.nonzero(mask)
            lens = np.bincount(rows_i, minlength=n)
            starts = np.concatenate(([0], np.cumsum(lens)[:-1]))
            multi = lens > 1
            choice = codes[starts].copy()  # rows with one legal action
            if share > 0:
                fixed = multi & (learner >= 0) & (player != learner)
                heuristic_rows = np.flatnonzero(fixed)
                if native_bot is not None and len(heuristic_rows):
                    choice[heuristic_rows] = native_bot(heuristic_rows)
                else:
                    for r in heuristic_rows.tolist():
                        st, p = env.states[r], int(player[r])
                        choice[r] = bots[p].choose(self.game, st.view(p), env.legal[r], pyrng)
                multi &= ~fixed
            mrows = np.flatnonzero(multi)
            if len(mrows):
                sel = multi[rows_i]
                pr, pc = rows_i[sel], codes[sel]
                # Q for the pairs of the rows that decide, in one pass (observation part once per row)
                local = np.searchsorted(mrows, pr)
                q = net.q(obs[mrows], local, pc, None if table is None else table[pc])
                mstarts = np.concatenate(([0], np.cumsum(lens[mrows])[:-1]))
                best = np.maximum.reduceat(q, mstarts)
                ismax = q >= np.repeat(best, lens[mrows])
                hit = np.flatnonzero(ismax)
                _u, first = np.unique(local[hit], return_index=True)
                greedy = pc[hit[first]]
                explore = rng.random(len(mrows)) < eps
                if explore.any():
                    k = (rng.random(len(mrows)) * lens[mrows]).astype(np.int64)
                    rand = pc[mstarts + k]
                    greedy = np.where(explore, rand, greedy)
                choice[mrows] = greedy
                snap = obs[mrows].astype(np.uint8)
                obs_rows.append(snap)
                acts.append(greedy)
                for j, r in enumerate(mrows.tolist()):
                    traj[r][player[r]].append(count + j)
                targets.extend([0.0] * len(mrows))
                count += len(mrows)
            obs, rewards, terminated, _t, info = env.step(choice)
            if terminated.any():
                for r in np.flatnonzero(terminated).tolist():
                    pay = rewards[r]
                    pays.append(pay.copy())
                    for s in range(seats):
                        for idx in traj[r][s]:
                            targets[idx] = float(pay[s])
                        traj[r][s] = []
                    done += 1
                    if share > 0:
                        draw(r)
        # decisions of deals still in progress have no return: dropped
        keep = np.ones(count, dtype=bool)
        for r in range(n):
            for s in range(seats):
                keep[traj[r][s]] = False
        if count == 0:
            return np.zeros((0, self.obs_dim), np.uint8), np.zeros(0, np.int64), np.zeros(0), done, np.array(pays)
        X = np.concatenate(obs_rows)[keep]
        A = np.concatenate(acts)[keep]
        Y = np.array(targets)[keep]
        return X, A, Y, done, np.array(pays)

    def fit(self, X: np.ndarray, A: np.ndarray, Y: np.ndarray, rng: np.random.Generator) -> float:
        c = self.config
        y = (Y / self.scale).astype(np.float32)
        losses = []
        for _ in range(c.epochs):
            order = rng.permutation(len(y))
            for at in range(0, len(order), c.batch):
                idx = order[at:at + c.batch]
                a = A[idx]
                feats = None if self.table is None else self.table[a]
                loss, g = self.net.grads(X[idx].astype(np.float32), a, feats, y[idx])
                self.adam.step(self.net.p, g)
                losses.append(loss)
        return float(np.mean(losses)) if losses else 0.0

    def iterate(self) -> dict[str, Any]:
        t0 = time.process_time()
        rng = np.random.default_rng([self.config.seed, self.iteration])
        X, A, Y, done, pays = (self.collect_exact if self.config.targets == "exact" else self.collect)(rng)
        if not self.scale:
            active = self.game.active_seats()
            sd = float(np.std(pays[:, active])) if len(pays) else 1.0
            self.scale = sd if sd > 1e-9 else 1.0
        loss = self.fit(X, A, Y, rng)
        self.iteration += 1
        self.deals += done
        self.samples += len(Y)
        self.cpu_seconds += time.process_time() - t0
        row = {"iteration": self.iteration, "deals": self.deals, "samples": self.samples, "loss": round(loss, 5),
               "cpu_seconds": round(self.cpu_seconds, 2)}
        self.history.append(row)
        return row

    # --- checkpoints -------------------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        return {"config": self.config.to_json(), "iteration": self.iteration, "deals": self.deals,
                "samples": self.samples, "cpu_seconds": self.cpu_seconds, "scale": self.scale,
                "history": self.history[-200:], "obs_dim": self.obs_dim, "onehot": self.onehot,
                "game": self.game.name, "action_space_size": self.game.action_space_size}

    def save(self, path: str) -> None:
        data: dict[str, Any] = {k: self.net.p[k] for k in PARAMS}
        data.update(self.adam.state())
        data["meta"] = np.array(json.dumps(self.meta()))
        tmp = path + ".tmp.npz"
        np.savez(tmp, **data)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str) -> Trainer:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            t = cls(Config.from_json(meta["config"]))
            for k in PARAMS:
                t.net.p[k] = np.array(data[k], np.float32)
            t.adam = Adam(t.net.p, lr=t.config.lr)
            t.adam.load(data)
        t.iteration, t.deals, t.samples = meta["iteration"], meta["deals"], meta["samples"]
        t.cpu_seconds, t.scale, t.history = meta["cpu_seconds"], meta["scale"], meta["history"]
        return t

    def export(self, path: str) -> None:
        """The weights a bot plays from: float16, compressed, with what the bot must know."""
        meta = self.meta()
        meta.pop("history")
        meta["format"] = 1
        data: dict[str, Any] = {k: self.net.p[k].astype(np.float16) for k in PARAMS}
        data["meta"] = np.array(json.dumps(meta))
        tmp = path + ".tmp.npz"
        np.savez_compressed(tmp, **data)
        os.replace(tmp, path)


def train(config: Config | None, out: str, *, resume: bool = False, deals: int | None = None,
          seconds: float | None = None, iterations: int | None = None, log: Any = None,
          export: str | None = None, lr: float | None = None, epsilon: float | None = None,
          heuristic_share: float | None = None) -> Trainer:
    """Train into directory `out` (checkpoint.npz, weights.npz, train.log) until a budget is spent.
    Resuming with the same settings is exact; `lr`, `epsilon` and `heuristic_share` change them from
    there on."""
    os.makedirs(out, exist_ok=True)
    ckpt = os.path.join(out, "checkpoint.npz")
    if resume and os.path.exists(ckpt):
        t = Trainer.load(ckpt)
        # a schedule by hand: a resumed run may anneal the step size and the exploration
        if lr is not None:
            t.config.lr = t.adam.lr = lr
        if epsilon is not None:
            t.config.epsilon = epsilon
        if heuristic_share is not None and heuristic_share != t.config.heuristic_share:
            t.config.heuristic_share = heuristic_share
            t._env = None  # the engine may change
    else:
        if config is None:
            raise ValueError("no checkpoint to resume and no configuration")
        t = Trainer(config)
    start_it = t.iteration
    with open(os.path.join(out, "train.log"), "a", encoding="utf-8") as logf:
        while True:
            if deals is not None and t.deals >= deals:
                break
            if seconds is not None and t.cpu_seconds >= seconds:
                break
            if iterations is not None and t.iteration - start_it >= iterations:
                break
            row = t.iterate()
            t.save(ckpt)
            line = json.dumps(row)
            logf.write(line + "\n")
            logf.flush()
            if log is not None:
                log(line)
    t.export(export or os.path.join(out, "weights.npz"))
    return t


__all__ = ["Config", "Trainer", "train"]
