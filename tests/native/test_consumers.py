"""The consumers of the native engines (simulate, analyze, tournament, the search bot): they take
the native path where it can play what was asked, fall back to the reference engine with one line
saying why, refuse ``--engine native`` where it cannot, and give statistically the same results.

A fake engine (tests/native/fake_engine.py: the `NativeGame` interface played by the Python
engine) stands in for the compiled ones, so these tests mean the same before and after games land.
"""

from __future__ import annotations

import logging
import math
import random
import re

import pytest

from tests.native import fake_engine
from yezi import load_game
from yezi.analysis.run import play_config
from yezi.bots import make_bot
from yezi.bots.search import SearchBot
from yezi.cli.main import main
from yezi.core.errors import IllegalAction
from yezi.core.stats import mean_ci
from yezi.native import registry
from yezi.native import select as engine_select
from yezi.sim.duplicate import run_tournament
from yezi.sim.native_batch import batch_means_ci, batch_sizes, simulate_native


@pytest.fixture(autouse=True)
def _fresh_notices(monkeypatch):
    monkeypatch.setattr(engine_select, "_said", set())


def _seat_rows(out: str) -> list[tuple[float, float, float]]:
    """(mean, low, high) of each seat row of `yezi simulate`'s table."""
    rows = []
    for line in out.splitlines():
        m = re.search(r"\s(-?\d+\.\d+)\s+\[(-?\d+\.\d+), (-?\d+\.\d+)\]$", line)
        if m:
            rows.append(tuple(float(x) for x in m.groups()))
    return rows


def _agree(a: list[tuple[float, float, float]], b: list[tuple[float, float, float]], z: float = 3.5) -> None:
    """Two independent estimates of each seat's mean differ by less than `z` combined standard errors."""
    assert len(a) == len(b) > 0
    for (ma, la, ha), (mb, lb, hb) in zip(a, b):
        se = math.hypot((ha - la) / 2 / 1.96, (hb - lb) / 2 / 1.96)
        assert abs(ma - mb) <= z * se + 1e-9, (a, b)


# ---- statistics of the batch path ------------------------------------------------------------
def test_batch_sizes_cover_every_deal():
    assert batch_sizes(7) == [1] * 7
    sizes = batch_sizes(2500)
    assert len(sizes) == 1000 and sum(sizes) == 2500 and set(sizes) == {2, 3}


def test_batch_means_interval_is_the_per_deal_interval():
    rng = random.Random(1)
    deals = [[rng.gauss(0, 2), rng.gauss(1, 5)] for _ in range(20_000)]
    exact = [mean_ci([d[s] for d in deals]) for s in range(2)]
    # one deal per batch: exactly the reference interval
    means, hws = batch_means_ci([list(d) for d in deals], [1] * len(deals))
    for (m, h), (em, eh) in zip(zip(means, hws), exact):
        assert m == pytest.approx(em) and h == pytest.approx(eh)
    # 20 deals per batch: the same mean, the same interval up to the batch-means sampling error
    sizes = batch_sizes(len(deals))
    totals, i = [], 0
    for k in sizes:
        totals.append([sum(d[s] for d in deals[i:i + k]) for s in range(2)])
        i += k
    means, hws = batch_means_ci(totals, sizes)
    for (m, h), (em, eh) in zip(zip(means, hws), exact):
        assert m == pytest.approx(em) and h == pytest.approx(eh, rel=0.1)


# ---- yezi simulate ---------------------------------------------------------------------------
def test_simulate_random_bots_run_natively_and_agree_with_python(monkeypatch, capsys):
    calls = fake_engine.install(monkeypatch)
    args = ["simulate", "jielong", "-n", "1500", "--bots", "random", "--quiet", "--seed", "4"]
    assert main([*args, "--engine", "python"]) == 0
    py = capsys.readouterr().out
    assert not calls and "Python engine" in py
    assert main(args) == 0  # the default: native where it can
    nat = capsys.readouterr().out
    assert "native engine" in nat
    assert calls["random_playouts"] == 1000 and calls["games"] == 1500  # batches of 1 or 2 deals
    _agree(_seat_rows(py), _seat_rows(nat))


def test_simulate_heuristic_bots_play_the_same_deals_natively(monkeypatch, capsys):
    calls = fake_engine.install(monkeypatch)
    args = ["simulate", "dingniu", "-n", "300", "--bots", "heuristic", "--quiet", "--seed", "2"]
    assert main([*args, "--engine", "python"]) == 0
    py = _seat_rows(capsys.readouterr().out)
    assert main([*args, "--engine", "native"]) == 0
    assert calls["playout:heuristic"] == 300 + 1  # one probe, then a playout per deal
    _agree(py, _seat_rows(capsys.readouterr().out))


def test_simulate_falls_back_with_one_line_where_the_bots_have_no_native_policy(monkeypatch, capsys):
    calls = fake_engine.install(monkeypatch)
    assert main(["simulate", "jielong", "-n", "20", "--bots", "heuristic,random", "--quiet"]) == 0
    cap = capsys.readouterr()
    assert "Python engine" in cap.out and not calls
    notice = [ln for ln in cap.err.splitlines() if ln.startswith("yezi:")]
    assert notice == ["yezi: the native engine plays random or heuristic bots in every seat, not heuristic,random; "
                      "using the Python reference engine"]
    # demanded: an error, not a slow run
    assert main(["simulate", "jielong", "-n", "20", "--bots", "heuristic,random", "--engine", "native"]) == 2
    assert "--engine native: the native engine plays random or heuristic" in capsys.readouterr().err


def test_simulate_falls_back_where_the_heuristic_is_not_ported(monkeypatch, capsys):
    calls = fake_engine.install(monkeypatch, heuristic=False)
    assert main(["simulate", "jielong", "-n", "20", "--bots", "heuristic", "--quiet"]) == 0
    cap = capsys.readouterr()
    assert "Python engine" in cap.out and calls == {"playout:heuristic": 1}  # the probe alone
    assert "the native jielong engine has no heuristic policy yet; using the Python reference engine" in cap.err


def test_simulate_without_a_native_game(monkeypatch, capsys):
    monkeypatch.setattr(registry, "native_game", lambda game: None)
    assert main(["simulate", "jielong", "-n", "10", "--bots", "random", "--quiet"]) == 0
    cap = capsys.readouterr()
    assert "Python engine" in cap.out and "using the Python reference engine" in cap.err
    assert main(["simulate", "jielong", "-n", "10", "--bots", "random", "--engine", "native"]) == 2
    assert "--engine native:" in capsys.readouterr().err


def test_native_simulation_does_not_depend_on_jobs(monkeypatch):
    fake_engine.install(monkeypatch)
    one = simulate_native("jielong", "random", 40, seed=3, jobs=1)
    two = simulate_native("jielong", "random", 40, seed=3, jobs=2)
    assert (one.means, one.half_widths) == (two.means, two.half_widths)


# ---- yezi analyze ----------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "preset"), [("jielong", None), ("lukfu", "hakka-hk"), ("fishing", None)])
def test_analyze_random_deals_natively_with_the_same_records(monkeypatch, game, preset):
    # The fake traces choose as the reference engine's random bot does (same seed, same draws), so the
    # records, facts read off the replayed state included, must be identical: the plumbing loses nothing.
    py = play_config(game, preset, {}, "random", 12, seed=5, jobs=1, engine="python")
    calls = fake_engine.install(monkeypatch)
    nat = play_config(game, preset, {}, "random", 12, seed=5, jobs=1)
    assert calls["trace"] == 12
    assert [(r.payments, r.length, r.facts) for r in nat] == [(r.payments, r.length, r.facts) for r in py]


def test_analyze_rescores_on_the_replayed_state(monkeypatch):
    py = play_config("fishing", "suffocated", {}, "random", 8, seed=1, jobs=1, engine="python",
                     rescore=[{"settlement": "plain"}])
    fake_engine.install(monkeypatch)
    nat = play_config("fishing", "suffocated", {}, "random", 8, seed=1, jobs=1, rescore=[{"settlement": "plain"}])
    assert [r.rescored for r in nat] == [r.rescored for r in py]


def test_analyze_heuristic_bots_stay_on_python(monkeypatch, capsys):
    calls = fake_engine.install(monkeypatch)
    play_config("jielong", None, {}, "heuristic", 4, seed=1, jobs=1)
    assert not calls and "yezi analyze on the native engine plays random bots" in capsys.readouterr().err


# ---- the search bot and yezi tournament -----------------------------------------------------
def _decision_state(game_name: str, seed: int):
    game = load_game(game_name)
    rng = random.Random(seed)
    state = game.start(seed=seed)
    while state.current_player is not None and len(state.legal_actions()) < 3:
        state.apply(rng.choice(state.legal_actions()))
    return game, state


def test_search_rollouts_run_natively_and_search_as_python_does(monkeypatch):
    # The fake plays the Python heuristic from the same seed: the estimates must be the same numbers.
    game, state = _decision_state("dingniu", 7)
    seat = state.current_player
    view, legal = state.view(seat), state.legal_actions()
    py = SearchBot("easy", iterations=12, time_limit=None, engine="python").analyse(game, view, legal, random.Random(1))
    calls = fake_engine.install(monkeypatch)
    bot = SearchBot("easy", iterations=12, time_limit=None)
    nat = bot.analyse(game, view, legal, random.Random(1))
    assert bot.rollout_engine(game) == "native"
    assert calls["playout:heuristic"] == nat.rollouts + 1  # the probe, then one call per rollout
    assert [(e.action, e.mean, e.n) for e in nat.estimates] == [(e.action, e.mean, e.n) for e in py.estimates]
    assert nat.choice == py.choice


def test_search_falls_back_to_python_rollouts(monkeypatch, capsys):
    game, state = _decision_state("dingniu", 7)
    view, legal = state.view(state.current_player), state.legal_actions()
    calls = fake_engine.install(monkeypatch, heuristic=False)
    bot = SearchBot("easy", iterations=6, time_limit=None)
    bot.analyse(game, view, legal, random.Random(1))
    assert bot.rollout_engine(game) == "python" and calls == {"playout:heuristic": 1}
    assert "no heuristic policy for search rollouts" in capsys.readouterr().err
    with pytest.raises(RuntimeError, match="--engine native"):
        SearchBot("easy", engine="native").rollout_engine(game)


def test_search_falls_back_when_a_native_rollout_fails(monkeypatch, capsys):
    game, state = _decision_state("dingniu", 7)
    view, legal = state.view(state.current_player), state.legal_actions()
    fake_engine.install(monkeypatch)
    bot = SearchBot("easy", iterations=6, time_limit=None)
    assert bot.rollout_engine(game) == "native"
    wrapper = bot._natives[id(game)][0]

    def broken(*a, **k):
        raise fake_engine.NativeError("yz_dingniu_playout returned -1")

    wrapper.playout = broken
    a = bot.analyse(game, view, legal, random.Random(1))
    assert a.rollouts > 0 and bot.rollout_engine(game) == "python"
    assert "the native dingniu rollout failed" in capsys.readouterr().err


def test_search_specs_name_their_engine():
    assert make_bot("lukfu", "search-normal:python").engine == "python"
    assert make_bot("lukfu", "search@5:native").name == "search@5:native"
    assert make_bot("lukfu", "search-easy", engine="python").engine == "python"
    assert make_bot("lukfu", "search").engine == "auto"


def test_tournament_engine_switch(monkeypatch, capsys):
    calls = fake_engine.install(monkeypatch)
    t = run_tournament("dingniu", ["search@4", "random"], 2, seed=1, jobs=1, engine="python")
    assert t.deals == 2 and not calls
    t = run_tournament("dingniu", ["search@4", "random"], 2, seed=1, jobs=1)
    assert t.deals == 2 and calls["playout:heuristic"] > 1
    monkeypatch.setattr(registry, "native_game", lambda game: None)
    assert main(["tournament", "dingniu", "--bots", "search@2,random", "-n", "1", "-j", "1", "-q",
                 "--engine", "native"]) == 2
    assert "yezi tournament: --engine native:" in capsys.readouterr().err


# ---- a real native engine, where one is built ------------------------------------------------
def _real_native_games() -> list[str]:
    out = []
    for name in registry.NATIVE:
        try:
            if registry.native_game(load_game(name)) is not None:
                out.append(name)
        except Exception:  # a half-built engine: its own tests report it
            pass
    return out


@pytest.mark.parametrize("game_name", _real_native_games() or [pytest.param("none", marks=pytest.mark.skip(
    reason="no native game is registered and built"))])
def test_real_native_simulation_agrees_with_python(game_name, capsys):
    n_py = 1500
    assert main(["simulate", game_name, "-n", str(n_py), "--bots", "random", "--quiet", "--engine", "python"]) == 0
    py = _seat_rows(capsys.readouterr().out)
    assert main(["simulate", game_name, "-n", "200000", "--bots", "random", "--quiet", "--engine", "native"]) == 0
    nat_out = capsys.readouterr().out
    assert "native engine" in nat_out
    _agree(py, _seat_rows(nat_out), z=4.0)


# ---- bench/search_native_vs_python.py --------------------------------------------------------
def _bench(name: str):
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_search_bench_runs_a_tiny_duplicate_tournament(monkeypatch, capsys):
    bench = _bench("search_native_vs_python")
    calls = fake_engine.install(monkeypatch)
    r = bench.run("dingniu", 3, level="easy", time_limit=None, iterations=6, seed=1, jobs=1)
    assert r["deals"] == 3 and r["low"] <= r["mean"] <= r["high"]
    assert calls["playout:heuristic"] > 1 and all(d > 0 for d in r["decisions"])
    assert all(x > 0 for x in r["rollouts_per_decision"])
    assert "native − python per deal" in bench.report(r)
    monkeypatch.setattr(registry, "native_game", lambda game: None)
    assert bench.main(["--game", "dingniu", "--deals", "1", "--jobs", "1"]) == 2
    assert "--engine native" in capsys.readouterr().err


def test_search_level_budget_is_larger_on_the_native_engine(monkeypatch):
    game, state = _decision_state("dingniu", 7)
    view, legal = state.view(state.current_player), state.legal_actions()
    py = SearchBot("easy", time_limit=None, engine="python").analyse(game, view, legal, random.Random(1))
    fake_engine.install(monkeypatch)
    nat = SearchBot("easy", time_limit=None).analyse(game, view, legal, random.Random(1))
    assert py.rollouts < 20 and 3 * py.rollouts < nat.rollouts < 100  # easy: 8 rollouts, 64 native


# ---- yezi.rl.VectorEnv -----------------------------------------------------------------------
def test_vector_env_steps_natively_where_the_engine_offers_it(monkeypatch):
    np = pytest.importorskip("numpy")
    from yezi.rl.vector import VectorEnv

    calls = fake_engine.install(monkeypatch, vector=True)
    env = VectorEnv("dingniu", 3)
    assert env.engine == "native"
    obs, info = env.reset(seed=4)
    native_seed = env._native.seeds[0]
    ref = VectorEnv("dingniu", 3, engine="python")  # what the fake plays: the same rows, in Python
    robs, rinfo = ref.reset(seed=native_seed)
    rng = random.Random(1)
    ended = 0
    for _ in range(60):
        assert np.array_equal(obs, robs) and obs.dtype == np.float32
        assert np.array_equal(info["action_mask"], rinfo["action_mask"]) and info["action_mask"].dtype == np.bool_
        assert info["current_player"].tolist() == rinfo["current_player"].tolist()
        acts = np.array([rng.choice(np.flatnonzero(m).tolist()) for m in info["action_mask"]])
        obs, rew, term, trunc, info = env.step(acts)
        robs, rrew, rterm, _, rinfo = ref.step(acts)
        assert np.array_equal(rew, rrew) and np.array_equal(term, rterm) and not trunc.any()
        if term.any():
            ended += int(term.sum())
            assert info["final_payments"] == {i: [int(x) for x in p] for i, p in rinfo["final_payments"].items()}
            assert info["final_seat"] == rinfo["final_seat"]
            assert np.array_equal(info["final_observation"][term], rinfo["final_observation"][term])
    assert ended > 0 and calls["vec_step"] == 60
    bad = np.array([int(np.flatnonzero(~m)[0]) for m in info["action_mask"]])
    with pytest.raises(IllegalAction, match="row 0"):
        env.step(bad)
    env.reset(seed=4)
    assert env._native.seeds[-1] == native_seed  # the same seed, the same deals
    env.reset()
    assert env._native.seeds[-1] != native_seed


def test_vector_env_keeps_the_python_rows_without_native_stepping(monkeypatch, capsys):
    pytest.importorskip("numpy")
    from yezi.native.select import EngineUnavailable
    from yezi.rl.vector import VectorEnv

    calls = fake_engine.install(monkeypatch)  # a native engine without vector stepping
    env = VectorEnv("dingniu", 2)
    assert env.engine == "python" and env.reset(seed=1) and len(env.states) == 2 and not calls
    assert "the native dingniu engine has no vector stepping yet" in capsys.readouterr().err
    with pytest.raises(EngineUnavailable):
        VectorEnv("dingniu", 2, engine="native")


# ---- bench/native_playout.py -----------------------------------------------------------------
def test_playout_bench_prints_both_engines_and_a_dash_where_there_is_no_native_one(monkeypatch, capsys):
    bench = _bench("native_playout")
    monkeypatch.setattr(registry, "native_game",
                        lambda game: fake_engine.FakeNative(game) if game.name == "jielong" else None)
    assert bench.main(["--seconds", "0.05", "--games", "jielong", "dingniu"]) == 0
    out = capsys.readouterr()
    rows = {ln.split()[0]: ln.split() for ln in out.out.splitlines()[3:]}
    assert rows["jielong"][-1].endswith("×") and rows["jielong"][-2].replace(",", "").isdigit()
    assert rows["dingniu"][-2:] == ["—", "—"] and rows["dingniu"][-3].replace(",", "").isdigit()
    assert "dingniu recommended:" in out.err


def test_playout_bench_measures_every_laosui_mode_of_lukfu():
    bench = _bench("native_playout")
    assert [o["laosui"] for _, _, o in bench.cases(["lukfu"], False)] == ["deduce", "visible", "cascade"]
    assert len(list(bench.cases(["jielong"], True))) == 3  # three presets


def test_a_library_without_the_games_functions_means_no_native_engine(monkeypatch, capsys):
    import sys
    import types

    class Stale:
        def __init__(self, game):
            raise AttributeError("/x/_native.so: undefined symbol: yz_jielong_trace")

    mod = types.ModuleType("yezi_test_stale_native")
    mod.Stale = Stale
    monkeypatch.setitem(sys.modules, mod.__name__, mod)
    monkeypatch.setitem(registry.NATIVE, "jielong", f"{mod.__name__}:Stale")
    monkeypatch.setattr(registry, "available", lambda: True)
    monkeypatch.setattr(registry, "_stale", set())
    assert registry.native_game(load_game("jielong")) is None
    assert registry.native_game(load_game("jielong")) is None
    err = capsys.readouterr().err
    assert err.count("the compiled library lacks jielong") == 1 and "rebuild" in err


def test_tournament_says_when_the_engine_switch_changes_nothing(monkeypatch, capsys):
    fake_engine.install(monkeypatch)
    assert main(["tournament", "dingniu", "--bots", "random,heuristic", "-n", "1", "-j", "1", "-q",
                 "--engine", "native"]) == 0
    assert "random,heuristic decide move by move in Python" in capsys.readouterr().err


def test_analyze_cli_refuses_a_missing_native_engine(monkeypatch, tmp_path, capsys):
    pytest.importorskip("numpy")
    monkeypatch.setattr(registry, "native_game", lambda game: None)
    assert main(["analyze", "jielong", "--preset", "wikipedia", "--vary", "none", "-n", "5", "-j", "1", "-q",
                 "--engine", "native", "--out", str(tmp_path / "an")]) == 2
    assert "yezi analyze: --engine native:" in capsys.readouterr().err


def test_a_native_failure_sends_its_scope_to_python_and_leaves_the_others(caplog):
    from yezi.native.abi import NativeError

    fb = engine_select.Fallback("the test engine", logging.getLogger("yezi.test"), limit=2)
    calls = []

    def native(scope):
        def call():
            calls.append(scope)
            if scope == "bad":
                raise NativeError("yz_x panicked: on purpose")
            return "native"
        return call

    with caplog.at_level(logging.ERROR, logger="yezi.test"):
        got = [fb.call(s, native(s), lambda: "python") for s in ("ok", "bad", "bad", "ok", "bad")]
    assert got == ["native", "python", "python", "native", "python"]
    assert calls == ["ok", "bad", "ok"]  # once failed, the scope never calls the native engine again
    assert [r.getMessage() for r in caplog.records] == [
        "the test engine failed at bad; it runs on the Python engine from now on: yz_x panicked: on purpose"]
    with pytest.raises(ValueError):  # any other error is a bug, not the engine's: it propagates
        fb.call("other", lambda: int("x"), lambda: 0)
    for s in ("b2", "b3"):  # at most `limit` failed scopes are remembered, the oldest forgotten
        fb.call(s, native("bad"), lambda: None)
    assert not fb.failed("bad") and fb.failed("b2") and fb.failed("b3")
