"""Learned bots: a Q-network trained by Deep Monte-Carlo self-play (`yezi train`, yezi/train/dmc.py).

* ``learned``: the network alone, the legal action of highest Q(observation, action).
* ``learned-search``: the search bot (yezi/bots/search.py) at the strong level with the network
  as its prior and move filter: the rollouts (native heuristic playouts where the game has them)
  are spent on the network's `top` best-rated legal moves, plus the heuristic's choice, and the
  network's favourite is kept unless another is better by the level's paired standard errors.
  Rolling out with the network itself would cost a Python decision per rollout step and lose the
  compiled playouts, so the network steers which moves the same time budget examines.

Playing needs numpy only: the weights are a small ``.npz`` (float16, yezi/bots/weights/GAME.npz
shipped as package data, or any file through ``learned:PATH``), the forward pass is
`yezi.bots.qnet.QNet.q`. A bot reads the seat's view only: its observation comes from
`yezi.bots.qnet.observe_view` (`Game.observe_view` where the game has it).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from yezi.bots.search import SearchBot
from yezi.core.protocol import Game

WEIGHTS_DIR = Path(__file__).with_name("weights")


def shipped(game_name: str) -> Path | None:
    """The weights shipped for a game, or None."""
    path = WEIGHTS_DIR / f"{game_name}.npz"
    return path if path.exists() else None


def shipped_games() -> list[str]:
    return sorted(p.stem for p in WEIGHTS_DIR.glob("*.npz"))


class Policy:
    """A trained network and what it was trained on (the game, preset, options, sizes)."""

    _cache: dict[str, Policy] = {}

    def __init__(self, path: str | Path):
        import numpy as np

        from yezi.bots.qnet import PARAMS, QNet

        with np.load(path, allow_pickle=False) as data:
            self.meta: dict[str, Any] = json.loads(str(data["meta"]))
            params = {k: np.asarray(data[k], dtype=np.float32) for k in PARAMS}
        self.path = str(path)
        self.game_name: str = self.meta["game"]
        self.obs_dim: int = self.meta["obs_dim"]
        self.net = QNet(params, bool(self.meta["onehot"]))
        self._np = np

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        key = str(path)
        got = cls._cache.get(key)
        if got is None:
            got = cls._cache[key] = cls(path)
        return got

    def fits(self, game: Game) -> bool:
        return (game.name == self.game_name and game.observation_spec("observation").size == self.obs_dim
                and game.action_space_size == self.meta["action_space_size"])

    def q_values(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> Any:
        """Q of each legal action (in the order of `legal`), in the trained payment scale."""
        from yezi.bots.qnet import action_table, observe_view

        np = self._np
        obs = observe_view(game, view, rng)[None, :]
        acts = np.asarray(legal, dtype=np.int64)
        table = None if self.net.onehot else action_table(game)
        feats = None if table is None else table[acts]
        return self.net.q(obs, np.zeros(len(acts), dtype=np.int64), acts, feats)


_warned: set[str] = set()


def _fallback(game: Game, why: str) -> Any:
    from yezi.bots.search import heuristic_factory

    if why not in _warned:
        _warned.add(why)
        print(f"yezi: {why}; the learned bot plays as the heuristic", file=sys.stderr)
    return heuristic_factory(game)()


class LearnedBot:
    """argmax Q over the legal actions (ties: the first legal action among them)."""

    def __init__(self, path: str | Path | None = None, name: str = "learned"):
        self.path = path
        self.name = name
        self._policy: dict[int, Any] = {}

    def policy(self, game: Game) -> Policy | None:
        key = id(game)
        if key in self._policy:
            return self._policy[key]
        path = self.path or shipped(game.name)
        pol: Policy | None = None
        if path is not None:
            pol = Policy.load(path)
            if not pol.fits(game):
                pol = None
        self._policy = {key: pol}
        return pol

    def q_values(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> Any:
        pol = self.policy(game)
        if pol is None:
            return None
        return pol.q_values(game, view, legal, rng)

    def scores(self, game: Game, view: dict[str, Any], legal: list[int]) -> list[float] | None:
        """Each legal action's expected payment to the seat as the network rates it (for hints)."""
        pol = self.policy(game)
        if pol is None:
            return None
        q = pol.q_values(game, view, legal, random.Random(0))
        return [float(x) * float(pol.meta.get("scale", 1.0)) for x in q]

    def choose(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        q = self.q_values(game, view, legal, rng)
        if q is None:
            why = (f"no trained network for {game.name}" if (self.path or shipped(game.name)) is None
                   else f"the network {self.path or shipped(game.name)} was trained on other rules of {game.name}")
            return _fallback(game, why).choose(game, view, legal, rng)
        return legal[int(q.argmax())]


class LearnedSearchBot(SearchBot):
    """The search bot with the network as prior and move filter (see the module docstring)."""

    def __init__(self, level: str = "strong", path: str | Path | None = None, top: int = 4,
                 engine: str | None = None, **kwargs: Any):
        super().__init__(level, engine=engine, **kwargs)
        self.learned = LearnedBot(path)
        self.top = top
        self.name = "learned-search" if level == "strong" else f"learned-search-{level}"
        self._q: tuple[int, Any] | None = None

    def analyse(self, game: Game, view: dict[str, Any], legal: Any, rng: random.Random) -> Any:
        legal = list(legal)
        self._q = None
        if len(legal) > 1 and self.learned.policy(game) is not None:
            q = self.learned.q_values(game, view, legal, random.Random(0))
            ranked = sorted(range(len(legal)), key=lambda i: -float(q[i]))
            best = legal[ranked[0]]
            self._q = (id(view), best)
            if len(legal) > self.top:
                keep = {legal[i] for i in ranked[: self.top]}
                heuristic = self._policy(game)[view["seat"]].choose(game, view, legal, random.Random(1))
                keep.add(heuristic)
                legal = [a for a in legal if a in keep]
        return super().analyse(game, view, legal, rng)

    def prior(self, game: Game, view: dict[str, Any], legal: list[int], policy: list[Any],
              rng: random.Random) -> int:
        if self._q is not None and self._q[0] == id(view) and self._q[1] in legal:
            return int(self._q[1])
        return super().prior(game, view, legal, policy, rng)


def _register() -> None:
    """The levels for the games with shipped weights, and the ``learned…:PATH`` loaders
    (`yezi.bots.registry`, which imports this module on its first lookup)."""
    from yezi.bots.registry import register_level, register_loader
    from yezi.i18n import N_

    games = shipped_games()
    # a table of other rules (three-player Luk Fu, say) would get the heuristic under this label: refused there
    register_level("learned", lambda game_name, engine: LearnedBot(), games, label=N_("Learned · network"),
                   web=True, replace=True, fits=lambda game: LearnedBot().policy(game) is not None)
    # as dear as search-strong a decision and not degraded under load as the search levels are: not at web tables
    register_level("learned-search", lambda game_name, engine: LearnedSearchBot("strong", engine=engine), games,
                   label=N_("Learned · with search"), web=False, replace=True)
    def level(lv: str) -> Any:
        return lambda game_name, engine: LearnedSearchBot(lv, engine=engine)

    def loader(scheme: str) -> Any:
        return lambda path, game_name: parse_learned_spec(f"{scheme}:{path}")

    for lv in ("easy", "normal"):
        register_level(f"learned-search-{lv}", level(lv), games, web=False, replace=True)
    for scheme in ("learned", "learned-search", "learned-search-easy", "learned-search-normal"):
        register_loader(scheme, loader(scheme), replace=True)


def parse_learned_spec(spec: str, engine: str | None = None) -> Any:
    """``learned``, ``learned:PATH``, ``learned-search``, ``learned-search-<level>``, each with an
    optional ``:PATH`` to weights other than the shipped ones; None for any other name."""
    base, _, path = spec.partition(":")
    base = base.strip().lower()
    weights = path.strip() or None
    if base == "learned":
        return LearnedBot(weights, name=spec if weights else "learned")
    if base == "learned-search":
        bot = LearnedSearchBot("strong", weights, engine=engine)
    elif base.startswith("learned-search-") and base[15:] in ("easy", "normal", "strong"):
        bot = LearnedSearchBot(base[15:], weights, engine=engine)
    else:
        return None
    if weights:
        bot.name += ":" + weights
    return bot


_register()

__all__ = ["WEIGHTS_DIR", "LearnedBot", "LearnedSearchBot", "Policy", "parse_learned_spec", "shipped",
           "shipped_games"]
