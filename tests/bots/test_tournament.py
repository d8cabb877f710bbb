"""Duplicate tournaments: seat rotation, exact arithmetic on a toy game, statistics, the CLI."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from yezi.cli.tournament import main as tournament_main
from yezi.core.options import Ruleset
from yezi.core.protocol import Game, State
from yezi.sim.bots import TimedBot
from yezi.sim.duplicate import derived_seed, play_duplicate_deal, run_tournament, seat_assignment
from yezi.sim.stats import bot_lines, elo_lines, pair_lines

from .conftest import load_or_skip


# ---- a toy game with payments we can work out by hand -------------------------------------
class ToyState(State):
    """Three seats each say 0 or 1 once; seat i is paid 3*a_i - sum(a)."""

    def __init__(self, game, deal):
        self.game, self.deal, self.history = game, deal, []

    @property
    def current_player(self):
        return None if len(self.history) == 3 else len(self.history)

    def legal_actions(self):
        return [0, 1]

    def apply_unchecked(self, action):
        self.history.append(action)

    def payments(self):
        if len(self.history) < 3:
            return [0, 0, 0]
        s = sum(self.history)
        return [3 * a - s for a in self.history]

    def view(self, seat):
        return {"seat": seat, "deal": self.deal, "history": list(self.history)}

    def actor_of(self, index):
        return index

    def redact(self, index, seat):
        return self.history[index]

    def clone(self):
        c = ToyState(self.game, self.deal)
        c.history = list(self.history)
        return c


class Toy(Game):
    name = "toy"
    titles = {"en": "toy"}
    options_package = "none"
    num_seats = 3
    action_space_size = 2

    def seat_name(self, seat, lang="en"):
        return str(seat)

    def deal_from_seed(self, seed):
        return seed % 7

    def new_state(self, deal):
        return ToyState(self, deal)

    def format_deal(self, deal):
        return str(deal)

    def parse_deal(self, text):
        return int(text)

    def format_action(self, action, lang="en"):
        return str(action)

    def parse_action(self, text):
        return int(text)


class Always:
    def __init__(self, a):
        self.a = a
        self.name = f"always{a}"

    def choose(self, game, view, legal, rng):
        return self.a


def toy():
    return Toy(Ruleset("toy", "default", {}))


def test_toy_arithmetic_two_bots_three_seats():
    # rotation 0: seats (one, zero, one) -> actions 1,0,1 -> payments 1,-2,1
    # rotation 1: seats (zero, one, zero) -> actions 0,1,0 -> payments -1,2,-1
    # bot "one" holds seats 0,2 then 1: (1 + 1 + 2) / 3; bot "zero" the negative.
    bots = [TimedBot(Always(1)), TimedBot(Always(0))]
    r = play_duplicate_deal(toy(), bots, 0, 0)
    assert r.scores == pytest.approx([4 / 3, -4 / 3])
    assert [o["payments"] for o in r.outcomes] == [[1.0, -2.0, 1.0], [-1.0, 2.0, -1.0]]


def test_toy_arithmetic_three_bots():
    # Two always-1 bots and an always-0 bot over three rotations: every bot holds every seat once.
    bots = [TimedBot(Always(1)), TimedBot(Always(1)), TimedBot(Always(0))]
    r = play_duplicate_deal(toy(), bots, 0, 0)
    # In every rotation the actions are two 1s and one 0: the 1s get +1, the 0 gets -2.
    assert r.scores == pytest.approx([1.0, 1.0, -2.0])


@given(st.integers(1, 6), st.integers(1, 6))
def test_every_bot_holds_every_seat_once(k, m):
    active = list(range(m))
    held = {(s, b): 0 for s in active for b in range(k)}
    for r in range(k):
        for s, b in seat_assignment(active, k, r).items():
            held[(s, b)] += 1
    assert set(held.values()) == {1}


def test_derived_seed_is_stable():
    assert derived_seed("deal", 0, 0) == derived_seed("deal", 0, 0)
    assert derived_seed("deal", 0, 0) != derived_seed("deal", 0, 1)
    assert 0 <= derived_seed("x") < 2**63


def test_pairs_and_elo_arithmetic():
    names = ["a", "b", "c"]
    scores = [[1.0, 0.0, -1.0], [2.0, 0.0, -2.0], [0.0, 0.0, 0.0], [1.0, 1.0, -2.0]]
    bl = bot_lines(names, scores)
    assert [b.mean for b in bl] == pytest.approx([1.0, 0.25, -1.25])
    pl = {(p.a, p.b): p for p in pair_lines(names, scores)}
    ab = pl[("a", "b")]
    assert ab.mean == pytest.approx(0.75)
    assert (ab.wins, ab.losses, ab.ties) == (2, 0, 2)
    diffs = [1.0, 2.0, 0.0, 0.0]
    sd = math.sqrt(sum((d - 0.75) ** 2 for d in diffs) / 3)
    assert ab.half_width == pytest.approx(3.182446305 * sd / 2)  # Student t, 3 degrees of freedom
    elo = elo_lines(names, list(pl.values()))
    assert [e.bot for e in elo] == ["a", "b", "c"]
    assert sum(e.elo for e in elo) / 3 == pytest.approx(1500)
    # Symmetric results give equal ratings.
    even = elo_lines(["x", "y"], pair_lines(["x", "y"], [[1, 0], [0, 1]]))
    assert even[0].elo == pytest.approx(even[1].elo)


def test_lukfu_tiny_tournament_same_on_one_or_two_processes():
    load_or_skip("lukfu")
    one = run_tournament("lukfu", ["random", "heuristic"], 4, seed=5, jobs=1)
    two = run_tournament("lukfu", ["random", "heuristic"], 4, seed=5, jobs=2)
    assert one.deals == two.deals == 4
    assert one.scores() == two.scores()
    for r in one.results:
        # The dummy's payments belong to nobody: the bots' scores sum to minus its mean share.
        dummy = sum(o["payments"][2] for o in r.outcomes)
        assert sum(r.scores) * 3 == pytest.approx(-dummy)


def test_cli_prints_tables_and_writes_json(tmp_path, capsys):
    load_or_skip("lukfu")
    out = tmp_path / "t.json"
    rc = tournament_main(["lukfu", "--bots", "random,heuristic", "--deals", "3", "--jobs", "1", "--quiet",
                          "--json", str(out)])
    assert rc == 0
    text = capsys.readouterr().out
    assert "Pairwise differences" in text and "Elo" in text and "heuristic" in text
    data = json.loads(out.read_text())
    assert data["deals"] == 3 and len(data["scores"]) == 3
    for line in data["bot_lines"]:  # the slowest decision, in wall and in CPU time
        assert 0 <= line["slowest_cpu"] <= line["cpu"] and 0 <= line["slowest"] <= line["seconds"]


def test_cli_rejects_bad_input(capsys):
    assert tournament_main(["lukfu", "--bots", "random"]) == 2
    assert tournament_main(["lukfu", "--bots", "random,nonsense", "--deals", "1"]) == 2
    capsys.readouterr()


def test_plot(tmp_path):
    pytest.importorskip("matplotlib")
    load_or_skip("lukfu")
    from yezi.sim.report import plot

    t = run_tournament("lukfu", ["random", "heuristic"], 3, seed=1, jobs=1)
    path = tmp_path / "chart.png"
    plot(t, str(path))
    assert path.stat().st_size > 1000


def test_time_limit_keeps_a_prefix():
    load_or_skip("lukfu")
    t = run_tournament("lukfu", ["random", "heuristic"], 500, seed=2, jobs=1, time_limit=0.0)
    assert t.deals == 1 and t.stopped_early
    assert [r.index for r in t.results] == [0]


def test_play_many_does_not_depend_on_jobs():
    load_or_skip("lukfu")
    from yezi.sim.batch import play_many

    a = play_many("lukfu", ["heuristic", "random"], 6, seed=3, jobs=1)
    b = play_many("lukfu", ["heuristic", "random"], 6, seed=3, jobs=2)
    assert [o.payments for o in a] == [o.payments for o in b]
    assert all(abs(sum(o.payments)) < 1e-9 for o in a)


def test_saved_runs_pool_into_one_report(tmp_path, capsys):
    load_or_skip("lukfu")
    paths = []
    for seed in (1, 2):
        path = tmp_path / f"s{seed}.json"
        assert tournament_main(["lukfu", "--bots", "random,heuristic", "--deals", "2", "--jobs", "1", "--quiet",
                                "--seed", str(seed), "--json", str(path)]) == 0
        paths.append(str(path))
    capsys.readouterr()
    assert tournament_main(["--load", *paths, "--markdown"]) == 0
    text = capsys.readouterr().out
    assert "4 duplicate deals" in text and "seed 1,2" in text
