"""The learned bots (issue 24): a tiny DMC run learns, checkpoints resume exactly, the shipped
weights load and play legal moves, and playing never imports torch."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from yezi.bots import make_bot
from yezi.bots.learned import LearnedBot, LearnedSearchBot, Policy, shipped, shipped_games
from yezi.bots.qnet import PARAMS, QNet
from yezi.core.registry import make_game
from yezi.sim.duplicate import run_tournament
from yezi.train.dmc import Config, Trainer, train

TINY = dict(seed=3, deals_per_iteration=256, num_envs=64, hidden=(64, 32), lr=2e-3)


def test_tiny_training_beats_random(tmp_path):
    """A dozen iterations of 接龍 (about a second of CPU) already beat uniform random play."""
    train(Config("jielong", **TINY), str(tmp_path), iterations=12)
    weights = str(tmp_path / "weights.npz")
    t = run_tournament("jielong", [f"learned:{weights}", "random"], 150, seed=5, jobs=1)
    learned, rand = np.mean(t.scores(), axis=0)
    assert learned > rand + 4, (learned, rand)


def test_resume_is_exact(tmp_path):
    """Two iterations in one run, or one, a checkpoint, and one more after loading it: the same weights."""
    cfg = Config("dingniu", **{**TINY, "deals_per_iteration": 64, "num_envs": 16})
    a = train(cfg, str(tmp_path / "a"), iterations=2)
    train(cfg, str(tmp_path / "b"), iterations=1)
    b = train(None, str(tmp_path / "b"), resume=True, iterations=1)
    assert (a.iteration, a.deals, a.samples) == (b.iteration, b.deals, b.samples)
    for k in PARAMS:
        np.testing.assert_array_equal(a.net.p[k], b.net.p[k])
    for k in PARAMS:
        np.testing.assert_array_equal(a.adam.m[k], b.adam.m[k])
    assert a.scale == b.scale


def test_luk_fu_against_the_heuristic_trains_on_native_rows_exactly_as_on_python_rows():
    """With a share of the deals against the heuristic, Luk Fu's trainer steps the native rows and
    lets the library play the heuristic seats (`VectorEnv.native_heuristic`): the same deals, the
    same decisions, so the same samples and weights as the Python rows and the Python bot."""
    import yezi.native as native

    if not native.available():
        pytest.skip("native engine not built")
    cfg = dict(seed=4, deals_per_iteration=24, num_envs=8, hidden=(16, 8), heuristic_share=0.6)
    py = Trainer(Config("lukfu", engine="python", **cfg))
    nat = Trainer(Config("lukfu", **cfg))
    assert nat.env().engine == "native" and py.env().engine == "python"
    a, b = py.iterate(), nat.iterate()
    assert {k: v for k, v in a.items() if k != "cpu_seconds"} == {k: v for k, v in b.items() if k != "cpu_seconds"}
    for k in PARAMS:
        np.testing.assert_array_equal(py.net.p[k], nat.net.p[k])


def test_exact_targets_are_the_games_values_for_every_legal_action():
    """`targets="exact"` (牌九): one sample per legal setting of every decision, its target the
    game's exact expected payment from the seat's view; a few iterations fit them better than a
    constant; a game without exact values is refused with a clear error."""
    cfg = Config("paigow", seed=2, deals_per_iteration=40, hidden=(32, 16), lr=2e-3, targets="exact")
    t = Trainer(cfg)
    X, A, Y, done, pays = t.collect_exact(np.random.default_rng(0))
    game = t.game
    want = []
    for d in range(40):
        st = game.start(seed=(2 * 1_000_003 + 0) * 1_000_003 + d)
        while (p := st.current_player) is not None:
            vals = game.exact_action_values(st.view(p))
            want += [vals[a] for a in st.legal_actions()] if len(st.legal_actions()) > 1 else []
            st.apply(make_bot("paigow", "heuristic").choose(game, st.view(p), st.legal_actions(), random.Random(0)))
    assert done == 40 and len(Y) == len(A) == len(X) == len(want) and sorted(Y) == sorted(want)
    assert pays.shape == (40, game.num_seats) and np.allclose(pays.sum(axis=1), 0)
    losses = [t.iterate()["loss"] for _ in range(6)]
    assert losses[-1] < np.var(Y / t.scale), losses
    with pytest.raises(ValueError, match="no exact action values"):
        Trainer(Config("jielong", deals_per_iteration=2, targets="exact")).iterate()
    with pytest.raises(ValueError, match="targets"):
        Config("paigow", targets="oracle")


def test_gradients_match_finite_differences():
    rng = np.random.default_rng(0)
    for onehot in (True, False):
        net = QNet.init(7, 5, (6, 4), rng, onehot)
        x = rng.random((9, 7)).astype(np.float32)
        a = rng.integers(0, 5, 9)
        f = None if onehot else rng.random((9, 5)).astype(np.float32)
        y = rng.random(9).astype(np.float32)
        _loss, g = net.grads(x, a, f, y)
        for k in ("W_obs", "W_act", "b1", "W2", "W3"):
            p = net.p[k]
            idx = tuple(rng.integers(0, s) for s in p.shape)
            old = p[idx]
            p[idx] = old + 1e-2
            up, _ = net.grads(x, a, f, y)
            p[idx] = old - 1e-2
            down, _ = net.grads(x, a, f, y)
            p[idx] = old
            assert abs((up - down) / 2e-2 - g[k][idx]) < 2e-3, k


def test_cli_train_writes_weights(tmp_path):
    from yezi.cli.train import main

    out = tmp_path / "run"
    assert main(["dingniu", "--out", str(out), "--iterations", "1", "--envs", "8", "--deals-per-iteration", "16",
                 "--hidden", "16,8", "-q"]) == 0
    assert (out / "weights.npz").exists() and (out / "checkpoint.npz").exists()
    assert main(["dingniu", "--out", str(out), "--resume", "--iterations", "1", "-q"]) == 0
    assert Trainer.load(str(out / "checkpoint.npz")).iteration == 2
    assert main(["dingniu", "--out", str(out)]) == 2  # no budget


@pytest.mark.parametrize("name", shipped_games())
def test_shipped_weights_play_legal_moves(name):
    """Every shipped network fits its game's default rules and picks legal moves from views alone."""
    path = shipped(name)
    assert path is not None and path.stat().st_size < 2_000_000
    game = make_game(name)
    assert Policy.load(path).fits(game)
    bot = make_bot(name, "learned")
    assert isinstance(bot, LearnedBot)
    rng = random.Random(11)
    for deal in range(3):
        state = game.start(seed=deal)
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            a = bot.choose(game, state.view(seat), legal, rng)
            assert a in legal
            state.apply(a)


def test_names():
    assert isinstance(make_bot("lukfu", "learned-search"), LearnedSearchBot)
    assert make_bot("lukfu", "learned-search").name == "learned-search"
    assert make_bot("lukfu", "learned:/x/Y.npz", trusted=True).path == "/x/Y.npz"  # the path keeps its case


def test_playing_never_imports_torch():
    games = shipped_games() or ["jielong"]
    code = f"""
import random, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == 'torch' or name.startswith('torch.'):
            raise ImportError('torch imported')
sys.meta_path.insert(0, Block())
from yezi.bots import make_bot
from yezi.core.registry import make_game
for name in {games!r}:
    game = make_game(name)
    bot = make_bot(name, 'learned')
    state = game.start(seed=1)
    rng = random.Random(0)
    while (s := state.current_player) is not None:
        state.apply(bot.choose(game, state.view(s), state.legal_actions(), rng))
assert not any(m == 'torch' or m.startswith('torch.') for m in sys.modules)
print('ok')
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "ok" in out.stdout


def test_registered_levels():
    """`learned` is a web level where weights ship (honest labels in three languages); the search
    variant and weight files are for the command line only."""
    from yezi.bots import registry
    from yezi.server import catalog

    for name in shipped_games():
        assert "learned" in catalog.bot_levels(name)
        assert "learned-search" not in catalog.bot_levels(name)
        labels = catalog.bot_labels(name)["learned"]
        assert labels["en"] != labels["zh-hant"] != labels["zh-hans"]
    from yezi.core.registry import available_games

    for name in set(available_games()) - set(shipped_games()):
        assert "learned" not in catalog.bot_levels(name), name  # no network shipped: not offered
    assert registry.get_level("learned-search") is not None
    with pytest.raises(registry.UnknownBot):
        make_bot("lukfu", "learned:/etc/passwd")  # web input: registered names only
