"""The native option tables (``native.toml`` beside each game's ``options.toml``): every option of
every game is encoded or declared as acting between deals / on text only, every value has a code,
and an option the native engine does not know is refused, so every consumer plays the Python
engine instead of the wrong rules (issue 25 item 1)."""

from __future__ import annotations

import importlib
import itertools

import pytest

import yezi.native as native
from yezi.core.options import Choice, OptionSpec
from yezi.core.registry import game_class, load_game
from yezi.native import registry, select
from yezi.native.base import Unsupported
from yezi.native.options import parse, table_for, value_key

pytestmark = pytest.mark.skipif(not native.available(), reason="native engine not built")

GAMES = sorted(registry.NATIVE)


def _wrapper_class(name: str):
    module, _, cls = registry.NATIVE[name].partition(":")
    return getattr(importlib.import_module(module), cls)


@pytest.mark.parametrize("name", GAMES)
def test_every_option_and_value_has_a_native_code(name):
    table = table_for(name)
    options = game_class(name).option_table().options
    assert set(options) == table.accepted, "every option is encoded, or declared between deals / text only"
    for slot in table.slots:
        values = [[value_key(c.value) for c in options[o].choices] for o in slot.options]
        for combo in itertools.product(*values) if slot.options else ():
            assert ",".join(combo) in slot.codes, (slot.name, combo)
    for preset in game_class(name).option_table().presets:
        assert registry.native_game(load_game(name, preset)) is not None, preset


DUMMY = OptionSpec(name="dummy_rule", description="a rule only the Python engine plays", default=False,
                   choices=(Choice(False, "no", "test"), Choice(True, "yes", "test")))


@pytest.fixture
def with_dummy_option(monkeypatch):
    """Every game gains an option its native engine has never heard of (as a rule added to
    options.toml before the Rust module implements it)."""
    for name in GAMES:
        monkeypatch.setitem(game_class(name).option_table().options, "dummy_rule", DUMMY)


@pytest.mark.parametrize("value", [False, True])
@pytest.mark.parametrize("name", GAMES)
def test_an_option_the_native_engine_does_not_know_is_refused(name, value, with_dummy_option):
    game = load_game(name, None, {"dummy_rule": value})
    assert game.rules["dummy_rule"] is value
    with pytest.raises(Unsupported, match="dummy_rule"):
        _wrapper_class(name)(game)
    # and so every consumer (search bots, hints, simulate, analyze, the server) plays Python
    assert registry.native_game(game) is None
    assert select.native_for(game, None, quiet=True) is None
    with pytest.raises(select.EngineUnavailable):
        select.native_for(game, "native")


def test_without_the_dummy_the_same_games_run_natively():
    """The refusal above is the dummy's doing: the same rulesets without it get the native engine."""
    for name in GAMES:
        assert isinstance(registry.native_game(load_game(name)), _wrapper_class(name))


def test_a_value_without_a_code_is_refused():
    options = game_class("tiengow").option_table().options
    table = parse("tiengow", {"between_deals": ["next_banker"], "slots": [
        {"option": "mixed", "codes": {"all": 0, "pairs": 1}},  # no code for "none"
        *({"option": o, "codes": {value_key(c.value): i for i, c in enumerate(s.choices)}}
          for o, s in options.items() if o not in ("mixed", "next_banker")),
    ]}, options)
    assert len(table.encode(load_game("tiengow").rules)) == len(options) - 1
    with pytest.raises(Unsupported, match="mixed='none'"):
        table.encode(load_game("tiengow", None, {"mixed": "none"}).rules)


@pytest.mark.parametrize("slot", [
    {"option": "no_such_option", "codes": {"true": 1}},
    {"option": "mixed", "codes": {"al": 0}},  # a typo of a value
    {"options": ["mixed", "banker"], "codes": {"all": 0}},  # two options, one value
    {"name": "nothing"},
])
def test_a_table_naming_what_the_game_lacks_is_an_error(slot):
    with pytest.raises(ValueError):
        parse("tiengow", {"slots": [slot]}, game_class("tiengow").option_table().options)
