"""Bots as policies over tensors (`yezi.bots.policy.PolicyBot`) and the registry of bot levels
(`yezi.bots.registry`): a registered level is accepted by `make_bot`, the tournament, the web's
bot choice and hints; import and weight-file specs only where the caller is trusted."""

from __future__ import annotations

import pathlib
import random
import sys

import numpy as np
import pytest

from tests.golden_helpers import seed_of
from tests.research.helpers import CASES, IDS, game_of
from yezi.bots import UnknownBot, make_bot, registry
from yezi.bots.policy import PolicyBot
from yezi.core.playout import play_deal
from yezi.core.registry import load_game

ROOT = pathlib.Path(__file__).parents[2]


def linear_policy(seed: int, size: int, actions: int):
    """A fixed random linear scorer of (observation, action): numpy in, one score per legal action out."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal((actions, size)).astype(np.float32)

    def policy(x, legal):
        return w[legal] @ x

    return policy


class Recording:
    """A policy that records what it was handed."""

    def __init__(self):
        self.seen = []

    def __call__(self, x, legal):
        self.seen.append((x.copy(), legal.copy()))
        return -legal.astype(np.float64)  # the lowest code scores best


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_a_policy_bot_plays_whole_deals_from_its_view(case):
    game = game_of(case)
    spec = game.observation_spec("info_state")
    bot = PolicyBot(linear_policy(seed_of("policy", IDS[CASES.index(case)]), spec.size, game.action_space_size))
    for d in range(2):
        seed = seed_of("policy", IDS[CASES.index(case)], d)
        state = play_deal(game, [bot] * game.num_seats, game.deal_from_seed(seed), random.Random(seed))
        assert state.current_player is None


def test_the_policy_is_handed_the_seats_tensor_and_its_legal_actions():
    game = load_game("tiengow", "hongkong")
    pol = Recording()
    bot = PolicyBot(pol, kind="observation")
    state = game.start(seed=seed_of("policy", "handed"))
    rng = random.Random(1)
    while state.current_player is not None:
        seat, legal = state.current_player, state.legal_actions()
        n = len(pol.seen)
        a = bot.choose(game, state.view(seat), legal, rng)
        if len(legal) > 1:
            x, got = pol.seen[n]
            assert np.array_equal(x, game.observe(state, seat, "observation"))
            assert got.dtype == np.int64 and got.tolist() == legal
            assert a == legal[0]
        else:
            assert len(pol.seen) == n  # a forced move asks nothing
        state.apply(a)


def test_same_view_same_move_and_temperature_samples_with_the_rng():
    game = load_game("lukfu", "hakka-hk")
    size = game.observation_spec("info_state").size
    pol = linear_policy(3, size, game.action_space_size)
    state = game.start(seed=seed_of("policy", "fair"))
    rng = random.Random(seed_of("policy", "fair"))
    while len(state.legal_actions()) < 3:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat, legal = state.current_player, state.legal_actions()
    other = state.sample_state(seat, rng)  # a world the seat cannot tell apart
    bot = PolicyBot(pol)
    assert bot.choose(game, state.view(seat), legal, random.Random(1)) == \
        bot.choose(game, other.view(seat), other.legal_actions(), random.Random(2))
    hot = PolicyBot(pol, temperature=100.0)
    picks = {hot.choose(game, state.view(seat), legal, random.Random(i)) for i in range(40)}
    assert len(picks) > 1 and picks <= set(legal)
    with pytest.raises(ValueError, match="scores"):
        PolicyBot(lambda x, lg: [0.0]).choose(game, state.view(seat), legal, random.Random(0))


@pytest.fixture
def level():
    """A registered level for two games (unregistered afterwards)."""
    def factory(game_name, engine):
        game = load_game(game_name)
        return PolicyBot(linear_policy(7, game.observation_spec("info_state").size, game.action_space_size),
                         name="test-policy")
    registry.register_level("test-policy", factory, games={"tiengow", "fishing"}, label="Random", hints=True)
    registry.register_level("test-cli-only", lambda g, e: make_bot(g, "random"), web=False)
    yield "test-policy"
    registry.unregister_level("test-policy")
    registry.unregister_level("test-cli-only")


def test_a_registered_level_is_made_by_name_for_its_games_only(level):
    assert isinstance(make_bot("tiengow", "Test-Policy"), PolicyBot)
    assert isinstance(make_bot("tiengow", level, trusted=False), PolicyBot)  # web input may name it
    with pytest.raises(UnknownBot, match="does not play"):
        make_bot("lukfu", level)
    with pytest.raises(ValueError, match="already registered"):
        registry.register_level(level, lambda g, e: None)
    for bad in ("search-x", "random", "a:b", "Upper", ""):
        with pytest.raises(ValueError):
            registry.register_level(bad, lambda g, e: None)


def test_import_and_weight_specs_are_for_trusted_callers_only(monkeypatch, tmp_path):
    bot = make_bot("lukfu", "yezi.bots.base:RandomBot", trusted=True)
    assert bot.name == "random"
    for trusted in ({}, {"trusted": False}):  # untrusted unless said
        with pytest.raises(UnknownBot, match="only registered"):
            make_bot("lukfu", "yezi.bots.base:RandomBot", **trusted)
    with pytest.raises(UnknownBot, match="cannot import"):
        make_bot("lukfu", "yezi.bots.nothing_here:Bot", trusted=True)
    # <scheme>:PATH goes to the loader registered for the scheme, which its module registers when
    # imported (as yezi.bots.learned will for learned:PATH)
    monkeypatch.setattr(registry, "_LOADERS", dict(registry._LOADERS))
    monkeypatch.setattr(registry, "LOADER_MODULES", {**registry.LOADER_MODULES, "fake": "tests_fake_loader"})
    with pytest.raises(UnknownBot, match="no loader"):
        make_bot("lukfu", "fake:w/Lukfu.npz", trusted=True)
    (tmp_path / "tests_fake_loader.py").write_text(
        "from yezi.bots import make_bot, register_loader\n"
        "LOADED = []\n"
        "def load(path, game_name):\n"
        "    LOADED.append((path, game_name))\n"
        "    return make_bot(game_name, 'random')\n"
        "register_loader('fake', load)\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "tests_fake_loader", raising=False)
    assert make_bot("lukfu", "fake:w/Lukfu.npz", trusted=True).name == "random"
    assert sys.modules["tests_fake_loader"].LOADED == [("w/Lukfu.npz", "lukfu")]  # the path as given, case kept
    with pytest.raises(UnknownBot, match="only registered"):
        make_bot("lukfu", "fake:w/Lukfu.npz", trusted=False)
    with pytest.raises(UnknownBot):
        make_bot("lukfu", "learned:nowhere.npz", trusted=False)
    monkeypatch.delitem(sys.modules, "tests_fake_loader")


def test_the_web_offers_registered_levels_and_validates_against_them(level):
    from yezi.server import catalog
    from yezi.server.schemas import HintMsg

    assert level in catalog.bot_levels("tiengow") and level not in catalog.bot_levels("lukfu")
    assert "test-cli-only" not in catalog.bot_levels("tiengow")  # web=False: command line only
    assert "test-cli-only" in [lv.name for lv in registry.levels("tiengow")]
    assert set(catalog.bot_labels("tiengow")[level]) == {"zh-hant", "zh-hans", "en"}
    assert catalog.hint_levels("tiengow") == ["easy", "normal", "strong", level]
    assert HintMsg.model_validate({"type": "hint", "level": level}).level == level
    for bad in ("yezi.bots.base:RandomBot", "learned:/etc/passwd", "x" * 40):
        with pytest.raises(ValueError):
            HintMsg.model_validate({"type": "hint", "level": bad})


def test_a_hint_at_a_registered_level_is_the_bots_move_from_the_view(level):
    game = load_game("tiengow", "hongkong")
    state = game.start(seed=seed_of("policy", "hint"))
    seat, legal = state.current_player, state.legal_actions()
    h = game.hint(state.view(seat), legal, level=level, lang="zh-hant", seed=1)
    bot = make_bot("tiengow", level)
    assert h["kind"] == "bot" and h["action"] == bot.choose(game, state.view(seat), legal, random.Random(0))
    assert h["action"] in legal and len(h["alternatives"]) == len(legal) and h["line"]
    assert game.hint(state.view(seat), None, level=level, seed=1)["action"] == h["action"]  # legal from the view
    assert game.hint_text(state.view(seat), f"{level} details", "en")
    with pytest.raises(ValueError, match="unknown hint level"):
        load_game("lukfu").hint(load_game("lukfu").start(seed=1).view(0), level=level)


def test_the_tournament_takes_registered_and_import_specs(level, capsys):
    from yezi.cli.tournament import main

    assert main(["tiengow", "--bots", f"random,{level},yezi.bots.base:RandomBot", "--deals", "2", "--jobs", "1",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert level in out and "yezi.bots.base:RandomBot" in out


def test_no_learning_library_is_imported_in_the_bots():
    for path in (ROOT / "yezi" / "bots").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for lib in ("torch", "tensorflow", "jax"):
            assert f"import {lib}" not in text and f"from {lib}" not in text, (path, lib)
