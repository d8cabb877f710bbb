"""PettingZoo conformance (api_test, seed_test, play_test) for every game and preset, and the
yezi-specific promises of `yezi.pettingzoo`: the dummy, deals over at once, seeded streams,
final observations, ansi and human rendering (`render_test`), numpy actions, pickling."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.test.api_test import play_test

from tests.research.helpers import CASES, IDS
from yezi import load_game
from yezi import pettingzoo as ypz
from yezi.core.errors import IllegalAction
from yezi.core.registry import available_games

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _env(case, **kw):
    name, preset, opts = case
    return ypz.env(name, preset, **opts, **kw)


def _conformance(case, cycles: int) -> None:
    api_test(_env(case, render_mode="ansi"), num_cycles=cycles)
    seed_test(lambda: _env(case), num_cycles=cycles)
    e = _env(case)
    e.reset(seed=3)
    play_test(e, e.observe(e.agents[0])["observation"], cycles)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_pettingzoo_suites(case):
    _conformance(case, 60)  # about one deal of each game


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_pettingzoo_suites_long(case):
    _conformance(case, 1000)  # dozens of deals


def _play(e, rng):
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_lukfu_dummy_is_a_paid_agent_that_never_acts():
    e = ypz.env("lukfu", "hakka-hk")
    assert e.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert e.acting_agents == ["player_0", "player_1", "player_3"]
    rng = np.random.default_rng(0)
    dummy_paid = 0
    for seed in range(40):
        e.reset(seed=seed)
        assert e.infos["player_2"]["acts"] is False
        assert not e.observe("player_2")["action_mask"].any()
        totals = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            obs, rew, term, trunc, _ = e.last()
            totals[agent] += rew
            if not (term or trunc):
                assert agent != "player_2"
            e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert abs(sum(totals.values())) < 1e-9  # zero-sum over every paid agent, the dummy included
        dummy_paid += totals["player_2"] != 0
    assert dummy_paid > 0


def test_deal_over_at_once_is_terminal_at_reset_when_asked():
    game = load_game("tseding", "pairwise")
    e = ypz.env("tseding", "pairwise", over_at_once="terminal")
    e.reset(options={"deal": game.deal_from_seed(3473)})  # 八掘
    expected = [float(p) for p in game.start(seed=3473).payments()]
    assert all(e.terminations.values())
    got = {}
    for agent in e.agent_iter():
        _, rew, term, _, _ = e.last()
        assert term
        got[agent] = rew
        e.step(None)
    assert [got[f"player_{s}"] for s in range(4)] == expected
    assert e.agents == []


def test_seeded_stream_of_deals():
    a, b = ypz.env("fishing"), ypz.env("fishing")
    a.reset(seed=5)
    b.reset(seed=5)
    first = a.state.deal
    assert b.state.deal == first
    a.reset()
    assert a.state.deal != first  # the stream moves on
    a.reset(seed=5)
    assert a.state.deal == first  # and restarts with the seed


def test_final_observation_and_rewards_are_the_payments():
    e = ypz.env("dingniu", observation="info_state")
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    finals = {}
    for agent in e.agent_iter():
        obs, rew, term, trunc, _ = e.last()
        if term:
            finals[agent] = (obs, rew)
            np.testing.assert_array_equal(obs["observation"],
                                          e.game.observe(e.state, e._seat[agent], "info_state"))
        e.step(None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    pays = e.state.payments()
    assert {a: r for a, (_, r) in finals.items()} == {f"player_{s}": float(p) for s, p in enumerate(pays)}


def test_numpy_actions_and_illegal_actions():
    e = ypz.env("jielong")
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    legal = np.flatnonzero(mask)
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = list(e.state.history)
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.state.history == before
    e.step(np.int64(legal[0]))
    assert e.state.history == [int(legal[0])]


def test_render_ansi_is_the_games_text_table():
    e = ypz.env("lukfu", render_mode="ansi", lang="en")
    e.reset(seed=0)
    text = e.render()
    assert isinstance(text, str) and text
    _play(e, np.random.default_rng(0))
    assert isinstance(e.render(), str)
    with pytest.raises(ValueError):
        ypz.env("lukfu", render_mode="rgb_array")


# --- issue 24 -------------------------------------------------------------------------------------


def _over_at_once_seed(game, stream_seed):
    """The position in DealStream(stream_seed) of its first deal over at once (斜釘 八掘)."""
    from yezi.core.deals import DealStream

    stream = DealStream(stream_seed)
    for i in range(400_000):
        if game.start(seed=stream.next_seed()).current_player is None:
            return i
    raise AssertionError("no deal over at once")


def test_reset_is_never_terminal_a_deal_over_at_once_is_settled_and_counted():
    game = load_game("tseding", "pairwise")
    e = ypz.env("tseding", "pairwise")
    e.reset(options={"deal": game.deal_from_seed(3473)})  # 八掘: settled, and the stream's next deal
    expected = [float(p) for p in game.start(seed=3473).payments()]
    assert not any(e.terminations.values()) and e.state.current_player is not None
    assert all(info["deals_over_at_once"] == 1 and info["settled_at_once"] == expected for info in e.infos.values())
    assert all(r == 0 for r in e.rewards.values())
    e.reset()
    assert all(info["deals_over_at_once"] == 0 for info in e.infos.values())


@pytest.mark.slow
def test_a_stream_deal_over_at_once_is_skipped_at_reset():
    game = load_game("tseding", "pairwise")
    k = _over_at_once_seed(game, 0)
    e = ypz.env("tseding", "pairwise")
    e.reset(seed=0)
    for _ in range(k):
        e.reset()
    assert e.infos["player_0"]["deals_over_at_once"] == 1 and not any(e.terminations.values())


@pytest.mark.parametrize("name", ["lukfu", "fishing", "tiengow", "paigow"])
def test_render_test_human_and_ansi(name, capsys):
    render_test(lambda render_mode=None: ypz.env(name, render_mode=render_mode, lang="en"))
    assert capsys.readouterr().out.strip()  # human mode printed the table


@pytest.mark.parametrize("name", available_games())
def test_env_pickles_and_deep_copies(name):
    import copy
    import pickle

    e = ypz.env(name, observation="info_state")
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(3):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            break
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    for again in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
        assert again.agent_selection == e.agent_selection and again.state.history == e.state.history
        a = e.agent_selection
        np.testing.assert_array_equal(again.observe(a)["observation"], e.observe(a)["observation"])
        assert again.observation_space(a) == e.observation_space(a)
