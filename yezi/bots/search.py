"""A search bot for every game: determinised Monte Carlo sampling over worlds drawn from the view.

Why this design (and not a full tree over information sets): every yezi game offers the same
three things, a sampler of full histories consistent with a seat's view
(`Game.sample_from_view`), a validating replay, and a cheap heuristic bot. With those, the
strongest generic method that fits a one-second budget on one core is a *rollout algorithm*
(policy improvement over the heuristic, Tesauro & Galperin 1996; "perfect-information Monte
Carlo" in the card-game literature):

1. draw a world (deal + history) the seat cannot tell apart from the real one and replay it;
2. try each candidate action in that world and finish the deal with the heuristic bot in every
   seat (each rollout bot sees only its own seat's view of the sampled world);
3. score the action by the seat's payment, averaged over worlds.

All candidates are scored on the *same* worlds with the *same* rollout random stream (common
random numbers), so the luck of the sampled cards cancels in the comparison between actions.
The budget is spread by sequential halving (the weaker half of the candidates is dropped after
each round), and the heuristic's own choice acts as a prior: the bot only departs from it when
the paired difference is larger than `z` standard errors. That keeps a low-budget search from
being worse than its heuristic on noise alone.

Rollouts run on the native engine where the game has one (``engine="auto"``, the default, or
``"native"``): one ``playout(state, policy, seed)`` call finishes the deal in compiled code with
the game's heuristic ported to it (or uniform random play where the game has no heuristic bot), so
many more worlds fit in the same time cap. Where the native engine lacks the game, ruleset or
heuristic, or reports an error, the rollouts run on the Python reference engine (one notice).

Fairness: the bot reads only `view`, `legal` and the random stream it is given; every world it
samples comes from the view. Two states with the same view and the same seed therefore give the
same action (tests/bots/test_fairness.py checks this). A time limit can cut the search short and
so makes a decision depend on the machine's speed; use iteration budgets for reproducible play.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from yezi.bots.base import RandomBot
from yezi.core.outcomes import Outcomes, plain_line, risk_line
from yezi.core.protocol import Game, State
from yezi.core.stats import mean_ci, paired_ci
from yezi.i18n import _
from yezi.native.select import check_engine, fallback_notice, native_for, supports_policy


@dataclass(frozen=True)
class Level:
    """A named strength: rollouts per decision, a wall-clock cap, and how stubborn the prior is."""

    name: str
    iterations: int  # rollouts per decision (one rollout = one action tried in one world)
    time_limit: float | None  # seconds; None = iterations only (reproducible)
    z: float  # paired standard errors needed to overrule the heuristic's choice
    epsilon: float = 0.0  # chance of a random move inside rollouts (diversity)
    # rollouts per decision when they run on the native engine: a level is a time cap first, and
    # compiled rollouts fit many more into it (None: the same as `iterations`)
    native_iterations: int | None = None


LEVELS: dict[str, Level] = {
    "easy": Level("easy", iterations=8, time_limit=0.25, z=1.5, native_iterations=64),
    "normal": Level("normal", iterations=32, time_limit=1.0, z=1.0, native_iterations=256),
    "strong": Level("strong", iterations=160, time_limit=5.0, z=0.75, native_iterations=1280),
}


@dataclass
class ActionEstimate:
    """The search's estimate of one candidate: mean payment to the seat and its 95% half-width,
    and, beside the choice, the paired comparison with it: the mean of (this − choice) over the
    worlds where both were tried, its 95% half-width and the number of such worlds. Only the
    paired figure compares two moves fairly: candidates dropped early were tried on fewer and
    different worlds, so their plain means carry other worlds' luck."""

    action: int
    mean: float
    half_width: float
    n: int
    diff: float | None = None  # vs the choice, on shared worlds (None for the choice itself)
    diff_half_width: float = math.inf
    diff_n: int = 0
    # what it brought world by world (a player's risk: how often it loses, its range), not its mean
    outcomes: Outcomes | None = None


@dataclass
class Analysis:
    """What one search found; `choice` is what the bot plays."""

    seat: int
    choice: int
    prior: int | None
    estimates: list[ActionEstimate]
    worlds: int
    rollouts: int
    seconds: float
    failed_samples: int = 0

    def estimate(self, action: int) -> ActionEstimate | None:
        for e in self.estimates:
            if e.action == action:
                return e
        return None

    @property
    def value(self) -> float | None:
        e = self.estimate(self.choice)
        return None if e is None else e.mean


def paired(a: dict[int, float], b: dict[int, float]) -> tuple[float | None, float, int]:
    """Mean of a − b over the worlds both were tried in, its 95% half-width, and how many."""
    common = [w for w in a if w in b]
    n = len(common)
    if not n:
        return None, math.inf, 0
    m, h = paired_ci([a[w] for w in common], [b[w] for w in common])
    return m, h, n


@dataclass
class _Stats:
    values: dict[int, float] = field(default_factory=dict)  # world index -> payment

    def add(self, world: int, v: float) -> None:
        self.values[world] = v

    @property
    def n(self) -> int:
        return len(self.values)

    def mean(self) -> float:
        return sum(self.values.values()) / len(self.values) if self.values else -math.inf

    def half_width(self) -> float:
        return mean_ci(list(self.values.values()))[1] if self.values else math.inf


def heuristic_factory(game: Game) -> Callable[[], Any]:
    """The game's heuristic bot (rollout policy and prior), or the random bot if it has none."""
    bots = getattr(type(game), "bots", None)
    try:
        factories = bots() if callable(bots) else {}
    except ImportError:
        factories = {}
    return factories.get("heuristic", RandomBot)


class SearchBot:
    """Determinised rollout search at a given level (see the module docstring)."""

    def __init__(
        self,
        level: str | Level = "normal",
        *,
        iterations: int | None = None,
        time_limit: float | str | None = "level",
        z: float | None = None,
        rollout: Callable[[], Any] | None = None,
        use_prior: bool = True,
        engine: str | None = None,
    ):
        base = LEVELS[level] if isinstance(level, str) else level
        self.level = Level(
            base.name,
            iterations if iterations is not None else base.iterations,
            base.time_limit if time_limit == "level" else time_limit,  # type: ignore[arg-type]
            z if z is not None else base.z,
            base.epsilon,
            base.native_iterations if iterations is None else None,  # an explicit budget holds on both engines
        )
        self.name = f"search-{base.name}" if iterations is None else f"search@{self.level.iterations}"
        self._rollout_factory = rollout
        self.use_prior = use_prior
        self.engine = check_engine(engine)  # auto / native / python: where rollouts run
        self._policies: dict[int, list[Any]] = {}
        self._natives: dict[int, tuple[Any, str] | None] = {}
        self.last: Analysis | None = None

    # ---- the bot protocol -------------------------------------------------------------------
    def choose(self, game: Game, view: dict[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        return self.analyse(game, view, legal, rng).choice

    # ---- search ----------------------------------------------------------------------------
    def _policy(self, game: Game) -> list[Any]:
        key = id(game)
        pol = self._policies.get(key)
        if pol is None:
            factory = self._rollout_factory or heuristic_factory(game)
            pol = [factory() for _ in range(game.num_seats)]
            self._policies = {key: pol}
        return pol

    def analyse(
        self, game: Game, view: dict[str, Any], legal: Sequence[int], rng: random.Random
    ) -> Analysis:
        """Search from `view` and return every candidate's estimate (the hint API uses this)."""
        start = time.perf_counter()
        seat = view["seat"]
        # A private stream: what the search draws never depends on how the caller uses `rng`
        # afterwards, and the same seed always gives the same search.
        local = random.Random(rng.getrandbits(64))
        legal = list(legal)
        policy = self._policy(game)
        prior = None
        if self.use_prior:
            prior = self.prior(game, view, legal, policy, random.Random(local.getrandbits(64)))
        stats = {a: _Stats() for a in legal}
        if len(legal) == 1:
            return Analysis(seat, legal[0], prior, [], 0, 0, time.perf_counter() - start)
        lv = self.level
        if lv.native_iterations is not None and self._native(game) is not None:
            lv = replace(lv, iterations=lv.native_iterations)
        deadline = start + lv.time_limit if lv.time_limit is not None else math.inf
        alive = list(legal)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        per_round = max(1, lv.iterations // rounds)
        world = 0
        slowest = 0.0  # the longest rollout so far (seconds)
        slowest_draw = 0.0  # the longest world draw so far (sampling and replay)
        rollouts = 0
        failed = 0
        out_of_time = False
        for r in range(rounds):
            n_worlds = max(1, per_round // len(alive))
            if r == rounds - 1:  # the last round gets whatever budget is left
                n_worlds = max(n_worlds, (lv.iterations - rollouts) // len(alive))
            for _world in range(n_worlds):
                if rollouts and time.perf_counter() + slowest_draw + slowest > deadline:
                    out_of_time = True
                    break
                t0 = time.perf_counter()
                base = self._sample(game, view, local)
                slowest_draw = max(slowest_draw, time.perf_counter() - t0)
                world += 1
                if base is None:
                    failed += 1
                    continue
                world_legal = set(base.legal_actions())
                roll_seed = local.getrandbits(64)
                got: dict[int, float] = {}
                for a in alive:
                    if a not in world_legal:  # a sampler that broke the protocol: skip
                        continue
                    # Stop before a rollout that would likely end past the cap (the slowest one
                    # so far as the estimate), so that the cap bounds the whole decision.
                    if got and time.perf_counter() + slowest > deadline:
                        out_of_time = True  # a world half tried is dropped: comparisons stay paired
                        break
                    t0 = time.perf_counter()
                    st = base.clone()
                    st.apply_unchecked(a)
                    got[a] = self._rollout(game, st, policy, random.Random(roll_seed), roll_seed)[seat]
                    slowest = max(slowest, time.perf_counter() - t0)
                if out_of_time:
                    break
                for a, v in got.items():
                    stats[a].add(world, v)
                rollouts += len(got)
                if time.perf_counter() + slowest > deadline:
                    out_of_time = True
                    break
            if out_of_time or len(alive) <= 1:
                break
            if r < rounds - 1:
                ranked = sorted(alive, key=lambda a: stats[a].mean(), reverse=True)
                keep = ranked[: max(1, math.ceil(len(alive) / 2))]
                if prior is not None and prior not in keep:
                    keep.append(prior)
                alive = [a for a in alive if a in keep]  # keep the legal order: no hidden bias
        choice = self._decide(alive, stats, prior)
        estimates = []
        for a, s in stats.items():
            if not s.n:
                continue
            e = ActionEstimate(a, s.mean(), s.half_width(), s.n, outcomes=Outcomes.of(s.values.values()))
            if a != choice:
                e.diff, e.diff_half_width, e.diff_n = paired(s.values, stats[choice].values)
            estimates.append(e)
        # the choice first, then the others from the closest to it on shared worlds (never by a
        # plain mean over other worlds)
        estimates.sort(key=lambda e: (e.action != choice, -(e.diff if e.diff is not None else -math.inf), -e.n))
        analysis = Analysis(seat, choice, prior, estimates, world, rollouts, time.perf_counter() - start, failed)
        self.last = analysis
        return analysis

    def prior(self, game: Game, view: dict[str, Any], legal: list[int], policy: list[Any],
              rng: random.Random) -> int:
        """The move kept unless another is better by `z` paired standard errors: the rollout
        policy's (the heuristic's) choice; `yezi.bots.learned.LearnedSearchBot` puts its network's."""
        return policy[view["seat"]].choose(game, view, legal, rng)

    def _decide(self, alive: list[int], stats: dict[int, _Stats], prior: int | None) -> int:
        scored = [a for a in alive if stats[a].n]
        if not scored:
            return prior if prior is not None else alive[0]
        best = max(scored, key=lambda a: stats[a].mean())
        if prior is None or best == prior or not stats[prior].n:
            return best
        # Paired comparison on the worlds both were tried in.
        pv, bv = stats[prior].values, stats[best].values
        common = [w for w in bv if w in pv]
        if not common:
            return prior
        diffs = [bv[w] - pv[w] for w in common]
        n = len(diffs)
        m = sum(diffs) / n
        if m <= 0:
            return prior
        if n < 2:
            return best if self.level.z <= 0 else prior
        var = sum((d - m) ** 2 for d in diffs) / (n - 1)
        se = math.sqrt(var / n)
        return best if m > self.level.z * se else prior

    @staticmethod
    def _sample(game: Game, view: dict[str, Any], rng: random.Random) -> State | None:
        try:
            deal, actions = game.sample_from_view(view, rng)
            return game.replay(deal, actions)
        except Exception:
            return None

    def rollout_engine(self, game: Game) -> str:
        """``native`` or ``python``: where this bot's rollouts in `game` run now."""
        return "python" if self._native(game) is None else "native"

    def _native(self, game: Game) -> tuple[Any, str] | None:
        """(native wrapper, playout policy) for rollouts in `game`, or None for Python rollouts.

        Native rollouts must play as the Python ones do: the game's heuristic bot (policy
        ``heuristic``, which the game's native module may not have ported yet) or, for a game
        without one, uniform random play. A custom rollout policy or ε-random moves stay Python."""
        key = id(game)
        if key in self._natives:
            return self._natives[key]
        found = None
        if self._rollout_factory is None and not self.level.epsilon:
            wrapper = native_for(game, self.engine)
            if wrapper is not None:
                policy = "random" if heuristic_factory(game) is RandomBot else "heuristic"
                if policy == "random" or supports_policy(wrapper, policy):
                    found = (wrapper, policy)
                elif self.engine == "native":
                    raise RuntimeError(f"--engine native: the native {game.name} engine has no heuristic policy "
                                       "for the search bot's rollouts")
                else:
                    fallback_notice(f"the native {game.name} engine has no heuristic policy for search rollouts")
        elif self.engine == "native":
            raise RuntimeError("--engine native: a search bot with its own rollout policy rolls out in Python")
        self._natives = {key: found}
        return found

    def _rollout(self, game: Game, state: State, policy: list[Any], rng: random.Random,
                 seed: int | None = None) -> list[float]:
        native = self._native(game) if seed is not None else None
        if native is not None:
            from yezi.native.base import NativeError

            try:
                return [float(p) for p in native[0].playout(state, native[1], seed, 1)]
            except (NotImplementedError, NativeError) as e:  # never again in this game: Python from now on
                self._natives[id(game)] = None
                fallback_notice(f"the native {game.name} rollout failed ({e})")
        eps = self.level.epsilon
        while (s := state.current_player) is not None:
            legal = state.legal_actions()
            if len(legal) == 1:
                a = legal[0]
            elif eps and rng.random() < eps:
                a = legal[rng.randrange(len(legal))]
            else:
                a = policy[s].choose(game, state.view(s), legal, rng)
            state.apply_unchecked(a)
        return [float(p) for p in state.payments()]


def make_search_bot(game_name: str | None = None, level: str = "normal", **kwargs: Any) -> SearchBot:
    """A search bot at a level (easy / normal / strong); the game is read from each call."""
    if level not in LEVELS:
        raise ValueError(f"unknown search level {level!r}; levels: " + ", ".join(LEVELS))
    return SearchBot(level, **kwargs)


def parse_search_spec(spec: str, engine: str | None = None) -> SearchBot | None:
    """Read ``search``, ``search-easy|normal|strong``, ``search-<level>@untimed`` (the level's own
    rollout budget with no time cap: what the level plays when its cap is not reached, the same on
    any machine; the bots' rating calibration plays these) or ``search@N`` (N rollouts, no time cap),
    each optionally followed by ``:native`` or ``:python`` (where its rollouts run; otherwise
    `engine`, by default native where available)."""
    s = spec.strip().lower()
    base, _, suffix = s.partition(":")
    if suffix:
        if suffix not in ("native", "python"):
            return None
        engine = suffix
    bot = None
    if base == "search":
        bot = SearchBot("normal", engine=engine)
    elif base.startswith("search-") and base[7:] in LEVELS:
        bot = SearchBot(base[7:], engine=engine)
    elif base.startswith("search-") and base.endswith("@untimed") and base[7:-8] in LEVELS:
        bot = SearchBot(base[7:-8], time_limit=None, engine=engine)
        bot.name += "@untimed"
    elif base.startswith("search@") and base[7:].isdigit():
        bot = SearchBot("normal", iterations=int(base[7:]), time_limit=None, engine=engine)
    if bot is not None and suffix:
        bot.name += f":{suffix}"
    return bot


# ---- hints -------------------------------------------------------------------------------------
def legal_from_view(game: Game, view: dict[str, Any], rng: random.Random) -> list[int]:
    """The seat's legal actions, read off any world consistent with its view (they agree)."""
    deal, actions = game.sample_from_view(view, rng)
    return game.replay(deal, actions).legal_actions()


def hint(
    game: Game,
    view: dict[str, Any],
    legal: Sequence[int] | None = None,
    level: str = "normal",
    seed: int | None = None,
) -> Analysis:
    """The search bot's suggested move for the seat of `view`, with its estimated value."""
    rng = random.Random(seed)
    if legal is None:
        legal = legal_from_view(game, view, rng)
    bot = SearchBot(level)
    return bot.analyse(game, view, list(legal), rng)


def _pm(m: float, hw: float) -> str:
    return f"{m:.2f}" + ("" if math.isinf(hw) else f" ± {hw:.2f}")


def format_hint(game: Game, analysis: Analysis, lang: str = "zh-hant", top: int = 4) -> str:
    """The suggested move and its expected payment, then each runner-up as a *paired* difference
    from the suggestion over the deals both were tried on ("worse by 1.20 ± 0.40, 12 deals"):
    an alternative dropped early, tried on a few other deals, is never shown as if it were better."""
    notation = lang if lang in ("zh-hant", "zh-hans", "en", "ascii") else "en"
    text = "en" if lang == "ascii" else lang  # the words; the moves are in `notation`

    def fmt(a: int) -> str:
        return game.format_action(a, notation)

    def vs(e: ActionEstimate) -> str:
        if e.diff is None or e.diff_n < 2:
            return _(text, "{move}: not compared (too few deals)", move=fmt(e.action))
        if e.diff < 0:
            return _(text, "{move}: worse by {d}, {n} deals", move=fmt(e.action), d=_pm(-e.diff, e.diff_half_width),
                     n=e.diff_n)
        if e.diff > 0:
            return _(text, "{move}: {d} higher on average, too close to tell apart, {n} deals",
                     move=fmt(e.action), d=_pm(e.diff, e.diff_half_width), n=e.diff_n)
        return _(text, "{move}: no different, {n} deals", move=fmt(e.action), n=e.diff_n)

    e = analysis.estimate(analysis.choice)
    if e is None:
        head = _(text, "suggested: {move}", move=fmt(analysis.choice))
    else:
        head = _(text, "suggested: {move} — expected payment {value} ({n} simulations)", move=fmt(analysis.choice),
                 value=f"{e.mean:+.2f}" + ("" if math.isinf(e.half_width) else f" ± {e.half_width:.2f}"),
                 n=analysis.rollouts)
    others = [x for x in analysis.estimates if x.action != analysis.choice]
    nxt = others[0] if others else None
    if nxt is not None and nxt.diff is not None and nxt.diff < 0 and nxt.diff_n >= 2:
        head += "\n  " + _(text, "better than the next choice ({move}) by {d} on {n} deals", move=fmt(nxt.action),
                           d=_pm(-nxt.diff, nxt.diff_half_width), n=nxt.diff_n)
    if analysis.prior is not None and analysis.prior != analysis.choice:
        head += "; " + _(text, "heuristic's choice: {move}", move=fmt(analysis.prior))
    if others:
        head += "\n  " + _(text, "against the suggestion, on the same deals: {list}",
                           list=_(text, "; ").join(vs(x) for x in others[: top - 1]))
    return head


def plain_hint(game: Game, analysis: Analysis, lang: str = "zh-hant") -> tuple[str, str]:
    """The hint in a player's words (`yezi.core.outcomes`): one line naming the move and how much
    better it is than the next choice, as far as the simulations tell them apart, and what each of
    the two did over the simulated deals (how often it lost, its range, a sure outcome as sure)."""
    notation = lang if lang in ("zh-hant", "zh-hans", "en") else "en"
    text = "en" if lang == "ascii" else notation

    def fmt(a: int) -> str:
        return game.format_action(a, notation)

    e = analysis.estimate(analysis.choice)
    nxt = next((x for x in analysis.estimates if x.action != analysis.choice and x.diff is not None
                and x.diff_n >= 2), None)
    line = plain_line(fmt(analysis.choice), None if nxt is None else fmt(nxt.action),
                      None if nxt is None or nxt.diff is None else -nxt.diff,
                      None if nxt is None else nxt.diff_half_width, text)
    shown = [x for x in (e, nxt) if x is not None]
    # a sure outcome elsewhere (a declaration that settles now) is the benchmark a player weighs a
    # gamble against: said too, though the simulations rank another move second
    sure = next((x for x in analysis.estimates if x not in shown and x.outcomes is not None and x.outcomes.sure), None)
    compared = [(fmt(x.action), x.outcomes) for x in [*shown, *([sure] if sure else [])]]
    return line, risk_line(compared, text)


def hint_json(game: Game, analysis: Analysis, lang: str = "zh-hant") -> dict[str, Any]:
    """The hint as plain JSON for the web app: the move, its notation, value and the alternatives;
    ``line`` and ``risk`` in the player's words, ``details`` the statistics behind them."""

    def one(e: ActionEstimate) -> dict[str, Any]:
        return {
            "action": e.action,
            "text": game.format_action(e.action, lang),
            "mean": e.mean,
            "half_width": None if math.isinf(e.half_width) else e.half_width,
            "n": e.n,
            "diff": e.diff,  # this − the suggestion, on the deals both were tried on
            "diff_half_width": None if math.isinf(e.diff_half_width) else e.diff_half_width,
            "diff_n": e.diff_n,
            "outcomes": None if e.outcomes is None else e.outcomes.as_json(),
        }

    e = analysis.estimate(analysis.choice)
    line, risk = plain_hint(game, analysis, lang)
    details = format_hint(game, analysis, lang)
    return {
        "seat": analysis.seat,
        "action": analysis.choice,
        "text": game.format_action(analysis.choice, lang),
        "value": None if e is None else e.mean,
        "half_width": None if e is None or math.isinf(e.half_width) else e.half_width,
        "heuristic": analysis.prior,
        "rollouts": analysis.rollouts,
        "seconds": analysis.seconds,
        "alternatives": [one(x) for x in analysis.estimates],
        "line": line,
        "risk": risk,
        "details": details,
        "summary": line + ("\n" + risk if risk else ""),
    }


__all__ = [
    "LEVELS",
    "ActionEstimate",
    "Analysis",
    "Level",
    "SearchBot",
    "format_hint",
    "hint",
    "hint_json",
    "make_search_bot",
    "parse_search_spec",
    "plain_hint",
]
