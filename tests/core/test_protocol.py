"""Conformance of every game to the engine protocol (in the spirit of pgx's api_test).

Each game must: deal deterministically from a seed; keep legal actions inside its action space
and parseable in every notation; refuse an illegal action with a named rule and leave the state
unchanged; clone independently; give JSON views; pay zero-sum; replay exactly; round-trip its
record; and pass the leak check for every seat.
"""

from __future__ import annotations

import json
import random
import zlib

import pytest

from yezi.core.errors import IllegalAction
from yezi.core.leakcheck import check_all_seats
from yezi.core.record import Record
from yezi.core.registry import available_games, game_class, load_game

GAMES = available_games()


def presets(name):
    return list(game_class(name).option_table().presets)


@pytest.mark.parametrize("name", GAMES)
def test_every_preset_loads_and_options_cite_sources(name):
    table = game_class(name).option_table()
    for spec in table.options.values():
        assert spec.description, spec.name
        for choice in spec.choices:
            assert choice.source, (spec.name, choice.value)
    for preset in table.presets.values():
        assert preset.source, preset.name
        load_game(name, preset.name)


@pytest.mark.parametrize("name", GAMES)
def test_protocol_conformance(name):
    for preset in presets(name):
        game = load_game(name, preset)
        rng = random.Random(zlib.crc32(f"{name}/{preset}".encode()) % 1000)  # the same walk every run
        assert game.deal_from_seed(42) == game.deal_from_seed(42)
        state = game.start(seed=42)
        leak_steps = 0
        while (seat := state.current_player) is not None:
            legal = state.legal_actions()
            assert legal and all(0 <= a < game.action_space_size for a in legal)
            assert len(set(legal)) == len(legal)
            for a in legal[:6]:
                for lang in ("zh-hant", "zh-hans", "en", "ascii"):
                    assert game.parse_action(game.format_action(a, lang)) == a
            json.dumps(state.view(seat))
            json.dumps(state.view(None))
            illegal = [a for a in range(game.action_space_size) if a not in set(legal)]
            if illegal:
                before = (json.dumps(state.view(seat), sort_keys=True), list(state.history))
                with pytest.raises(IllegalAction) as e:
                    state.apply(rng.choice(illegal))
                assert e.value.rule
                assert (json.dumps(state.view(seat), sort_keys=True), list(state.history)) == before
            twin = state.clone()
            state.apply(rng.choice(legal))
            assert len(twin.history) == len(state.history) - 1
            if leak_steps < 3 and rng.random() < 0.3:
                check_all_seats(state, rng, samples=1)
                leak_steps += 1
        assert sum(state.payments()) == 0
        again = game.replay(state.deal, state.history)
        assert [again.view(s) for s in range(game.num_seats)] == [state.view(s) for s in range(game.num_seats)]
        rec = Record.from_state(state, seed=42)
        assert Record.from_text(rec.to_text("zh-hant")).actions == rec.actions
        assert Record.from_json(rec.to_json()).actions == rec.actions
