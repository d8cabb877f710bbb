"""The replay endpoint's starting hands and per-step notes (issue 12): the chosen seat's only until the end."""

from __future__ import annotations

import random

import pytest

from yezi.core.record import Record
from yezi.core.registry import available_games, load_game
from yezi.server.replays import replay_record


def _played(game_name: str, seed: int = 3, finish: bool = True) -> Record:
    game = load_game(game_name)
    state = game.start(seed=seed)
    rng = random.Random(seed)
    while state.current_player is not None and (finish or len(state.history) < 6):
        state.apply(rng.choice(state.legal_actions()))
    return Record.from_state(state, seed=seed)


@pytest.mark.parametrize("game", available_games())
def test_start_hands_for_every_game(game: str) -> None:
    rec = _played(game)
    status, body = replay_record(rec.to_text(), "all", tuple(available_games()))
    assert status == 200
    start = body["start"]
    assert start["seats"] == list(range(load_game(game).num_seats))
    assert all(len(start["texts"][lang]) == len(start["seats"]) for lang in ("zh-hant", "zh-hans", "en"))
    assert 0 <= start["step"] < len(body["frames"])


def test_unfinished_record_for_a_seat_holds_only_that_seats_hand() -> None:
    rec = _played("lukfu", finish=False)
    status, body = replay_record(rec.to_text(), "1", ("lukfu",))
    assert status == 200
    assert body["start"]["seats"] == [1]
    assert len(body["start"]["texts"]["en"]) == 1


def test_notes_of_hidden_actions_stay_with_their_seat() -> None:
    """牌九's note names the setting of a seat's tiles: a seat's replay shows only its own notes."""
    rec = _played("paigow")
    _, everything = replay_record(rec.to_text(), "all", ("paigow",))
    noted = [i for i, f in enumerate(everything["frames"]) if "note" in f]
    assert len(noted) > 1
    game = rec.load()
    state = game.new_state(rec.deal)
    actors = []
    for a in rec.actions:
        actors.append(state.current_player)
        state.apply(a)
    for seat in range(game.num_seats):
        _, mine = replay_record(rec.to_text(), str(seat), ("paigow",))
        for i, f in enumerate(mine["frames"]):
            if "note" in f:
                assert actors[i - 1] == seat


YOU = ("(you)", "（你）", "(You)")


@pytest.mark.parametrize("game", available_games())
def test_only_the_readers_own_seat_is_you(game: str) -> None:
    """Issue 21: a finished deal's replay marked every seat "(you)" ("Lead(you) 12", "Second(you) 12"): a
    spectator's starting hands mark no seat, a seat's replay marks only that seat."""
    rec = _played(game)
    served = tuple(available_games())
    _, everything = replay_record(rec.to_text(), "all", served)
    for lang, texts in everything["start"]["texts"].items():
        assert not any(y in t for t in texts for y in YOU), (lang, texts)
    _, mine = replay_record(rec.to_text(), "1", served)
    start = mine["start"]
    marked = [s for s, t in zip(start["seats"], start["texts"]["en"], strict=True) if "(you)" in t]
    assert marked in ([1], []), marked  # a renderer that marks no one (Ma Diao names seats by role) marks no one
    for lang in ("zh-hant", "zh-hans"):
        texts = dict(zip(start["seats"], start["texts"][lang], strict=True))
        assert not any("（你）" in t for s, t in texts.items() if s != 1), lang
