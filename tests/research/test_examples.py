"""Smoke tests of the examples: examples/pettingzoo_random.py always; IS-MCTS's seats (never Luk
Fu's dummy) where open_spiel is installed; the SB3 MaskablePPO example and ppo_fishing's best
checkpoint only where sb3-contrib / torch are installed (they are not in the test extra: torch
is a ~900 MB download with its CUDA libraries, too heavy for CI's install)."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _module(name: str):
    spec = importlib.util.spec_from_file_location(f"{name}_example", EXAMPLES / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("game", ["lukfu", "fishing", "tseding", "madiao"])
def test_random_agent_example_plays_zero_sum_deals(game):
    totals = _module("pettingzoo_random").play(game, deals=2, seed=1, render=True)
    assert totals and abs(sum(totals.values())) < 1e-9


def test_ismcts_example_never_takes_the_lukfu_dummy():
    pytest.importorskip("pyspiel")
    from yezi import load_game

    mod = _module("ismcts_vs_search")
    game = load_game("lukfu", "hakka-hk")
    assert game.dummy_seat == 2
    seats = [mod.ismcts_seat(game, d) for d in range(6)]
    assert seats == [0, 1, 3, 0, 1, 3]  # the acting seats in turn; the dummy scored every 4th deal before
    assert [mod.ismcts_seat(load_game("fishing"), d) for d in range(3)] == [0, 1, 2]
    results = mod.play("lukfu", deals=3, simulations=2, search="random")
    assert len(results) == 3


def test_sb3_maskable_ppo_example_trains_a_little():
    pytest.importorskip("sb3_contrib", reason="sb3-contrib (and torch, ~900 MB) is not in the test extra; "
                                              "pip install sb3-contrib to run this smoke test")
    out = _module("sb3_maskable_ppo").train("fishing", options={"players": 2}, timesteps=256, eval_deals=2,
                                            n_steps=128, batch_size=64, log=lambda *a, **k: None,
                                            scale_deals=20)
    for key in ("random", "before", "after"):
        assert all(math.isfinite(x) for x in out[key])
    assert out["reward_scale"] > 0


def test_ppo_fishing_keeps_its_best_checkpoint(tmp_path):
    pytest.importorskip("torch", reason="torch is not in the test extra; pip install torch to run this smoke test")
    import torch

    mod = _module("ppo_fishing")
    path = tmp_path / "best.pt"
    lines = []
    net = mod.train(iterations=2, episodes=4, eval_every=1, eval_deals=3, checkpoint=str(path),
                    log=lambda *a, **k: lines.append(" ".join(map(str, a))))
    assert path.exists()
    best, record = mod.load_checkpoint(str(path))
    assert record["iteration"] in (0, 1, 2) and f"iteration {record['iteration']}" in lines[-1]
    for a, b in zip(best.state_dict().values(), net.state_dict().values()):
        assert torch.equal(a, b)  # train returns the best network, the one saved
