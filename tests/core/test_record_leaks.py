"""The leak check covers records and replays (issue 26, item 3): for every game, a finished deal's
public record and each seat's record, and the replays built from them, are unchanged when what
that seat (for the public one: any one seat) cannot see is resampled (`State.sample_hidden`)."""

from __future__ import annotations

import random

import pytest

from yezi.core.protocol import NOTATIONS
from yezi.core.record import PUBLIC, Record
from yezi.core.registry import available_games, load_game
from yezi.server.replays import replay_record


def _finished(name: str, seed: int):
    game = load_game(name)
    st = game.start(seed=seed)
    rng = random.Random(seed)
    while st.current_player is not None:
        st.apply(rng.choice(st.legal_actions()))
    return st


def _texts(state, seat):
    rec = Record.seen(state, seat, {"Table": "t"})
    return [rec.to_text(lang) for lang in NOTATIONS]


def _replay(state, seat):
    """The replay a table serves: a seat's from its record, everybody's from the whole one."""
    text = Record.seen(state, seat).to_json() if seat is not None else Record.from_state(state).to_json()
    status, body = replay_record(text, str(seat) if seat is not None else PUBLIC, tuple(available_games()))
    assert status == 200, body
    return body


def _check(name: str, seeds: tuple[int, ...], samples: int) -> None:
    moved = 0
    for seed in seeds:
        st = _finished(name, seed)
        public, public_replay = _texts(st, None), _replay(st, None)
        for seat in range(st.game.num_seats):
            mine, my_replay = _texts(st, seat), _replay(st, seat)
            for k in range(samples):
                deal, actions = st.sample_hidden(seat, random.Random(100 * seed + k))
                other = st.game.replay(deal, actions)
                moved += deal != st.deal or actions != st.history
                assert _texts(other, seat) == mine, f"{name}: seat {seat}'s record depends on what it cannot see"
                assert _texts(other, None) == public, f"{name}: the public record depends on seat {seat}'s secrets"
                assert _replay(other, seat) == my_replay, f"{name}: seat {seat}'s replay depends on what it cannot see"
                assert _replay(other, None) == public_replay, f"{name}: the public replay shows a hidden card"
    if name in ("lukfu", "tiengow", "madiao", "paigow"):
        assert moved, f"{name}: the samples moved no hidden card, so the check proved nothing"


@pytest.mark.parametrize("name", available_games())
def test_records_and_replays_hold_only_what_their_reader_saw(name):
    _check(name, (1,), 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", available_games())
def test_records_and_replays_hold_only_what_their_reader_saw_many(name):
    _check(name, tuple(range(2, 8)), 3)


def test_the_check_catches_a_leaking_record():
    """A record writer that kept the real face-down plays (main's record.txt) fails the check."""
    st = _finished("lukfu", 1)
    seat = 0
    leaky = Record.from_state(st).to_text()
    deal, actions = st.sample_hidden(seat, random.Random(7))
    assert deal != st.deal
    assert Record.from_state(st.game.replay(deal, actions)).to_text() != leaky
    assert _texts(st.game.replay(deal, actions), None) == _texts(st, None)
