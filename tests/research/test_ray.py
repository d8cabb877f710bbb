"""`--ray` gives exactly the numbers of a local run with the same seed (a local Ray, 2 CPUs):
`yezi simulate`, `yezi tournament` and `yezi analyze` play deal i from (seed, i) alone."""

from __future__ import annotations

import pytest

ray = pytest.importorskip("ray")

from yezi.analysis.run import play_config  # noqa: E402
from yezi.cli.main import main  # noqa: E402
from yezi.sim.distributed import start_ray  # noqa: E402
from yezi.sim.duplicate import run_tournament  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    start_ray(None, jobs=2)
    yield
    ray.shutdown()


def _numbers(text: str) -> list[str]:
    return [line for line in text.splitlines() if "deals/s" not in line]


def test_simulate_on_ray_equals_local(local_ray, capsys):
    args = ["simulate", "dingniu", "-n", "40", "--seed", "9", "--quiet", "--bots", "heuristic,random"]
    assert main(args) == 0
    local = capsys.readouterr().out
    assert main([*args, "--ray"]) == 0
    assert _numbers(capsys.readouterr().out) == _numbers(local)


def test_tournament_on_ray_equals_local(local_ray):
    kw = {"preset": "hakka-hk-3p", "seed": 4}
    local = run_tournament("lukfu", ["random", "heuristic"], 12, jobs=1, **kw)
    remote = run_tournament("lukfu", ["random", "heuristic"], 12, ray=True, **kw)
    assert [r.scores for r in remote.results] == [r.scores for r in local.results]
    assert [r.index for r in remote.results] == list(range(12))


def test_analyze_on_ray_equals_local(local_ray):
    local = play_config("tseding", "pairwise", {}, "random", 30, seed=2, jobs=1)
    remote = play_config("tseding", "pairwise", {}, "random", 30, seed=2, ray=True)
    assert [(r.payments, r.length, r.facts) for r in remote] == [(r.payments, r.length, r.facts) for r in local]
