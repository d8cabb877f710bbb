"""頂牛: the hand ends as soon as the others are blocked, and 算帳 is the move that ended it.

Seed 004 (頂牛牌規): 「玩家用讓他人無法接的牌，而不用可接的牌，稱為算帳」 and 「無法接牌時，遊戲立即結束」;
包庄 for a 大庄 who made 算帳 only makes sense if his block ends the hand. rules-notes §6.2 step 6's
"when nobody can connect" (the blocker included, navpil's classic 算帳) is the option
``block_end = "all"``.
"""

from __future__ import annotations

import random

import pytest

from yezi.core.errors import YeziError
from yezi.core.playout import random_playout
from yezi.core.registry import load_game

#: issue 10's example: deal_from_seed(9), the 15th move (seat 2, P65>) is 算帳
MOVES = [
    "L31", "P31<", "D62", "P61<", "P63<", "P61>", "P33<", "P33<", "P64>", "P64>",
    "P66>", "P65>", "P51>", "P51>", "P65>", "D55", "D11", "D22", "P66>",
]


def _play(game, moves):
    state = game.new_state(game.deal_from_seed(9))
    for m in moves:
        state.apply(game.parse_action(m))
    return state


def test_block_by_suanzhang_ends_the_hand_and_dazhuang_pays_baozhuang():
    game = load_game("dingniu", "recommended")
    state = _play(game, MOVES[:15])
    # after 三家's 接 虎頭 右 every tile showing 3 or 6 is on the table or in his hand
    assert state.notes[14]["kind"] == "suanzhang" and state.notes[14]["seat"] == 2
    assert state.current_player is None and state.end_reason == "blocked"
    res = state.result
    assert res["scores"] == [4, 8, 30, 26]  # 三家 (30) is 大庄 and made 算帳
    assert res["suanzhang"] == [2]
    # seed 004: 大庄若是算帳…要包庄…自己付给贏家12分: the winner (莊家, 4) gets 12, nobody else pays
    assert res["rule"] == "baozhuang" and res["payer"] == 2 and res["winner"] == 0
    assert state.payments() == [12, 0, -12, 0]
    with pytest.raises(YeziError):
        state.apply(game.parse_action(MOVES[15]))


def test_blocker_plays_on_under_the_all_blocked_option():
    game = load_game("dingniu", "recommended", {"block_end": "all"})
    state = _play(game, MOVES)
    assert state.current_player is None
    assert state.result["suanzhang"] == [2]
    assert state.payments() == [6, -1, -2, -3]


def test_presets_that_follow_the_seed_end_on_the_others_block():
    assert load_game("dingniu", "recommended").rules["block_end"] == "others"
    # navpil's code lets a classic 算帳 player play on ([NP-J] DingNiuSimulation)
    assert load_game("dingniu", "navpil").rules["block_end"] == "all"
    assert load_game("dingniu", "wikipedia").rules["block_end"] == "others"


@pytest.mark.parametrize("overrides", [{}, {"discard": "always"}, {"ends": "1"}])
def test_suanzhang_is_exactly_the_move_that_ended_the_hand(overrides):
    game = load_game("dingniu", "recommended", overrides)
    rng = random.Random(4)
    seen = 0
    for _ in range(400):
        state = game.start(seed=rng.randrange(2**32))
        random_playout(state, rng)
        last = len(state.history) - 1
        for i, note in state.notes.items():
            if note["kind"] == "suanzhang":
                seen += 1
                assert i == last, "a 算帳 move must end the hand"
                assert state.result["suanzhang"] == [note["seat"]]
        if not any(n["kind"] == "suanzhang" for n in state.notes.values()):
            assert state.result["suanzhang"] == []
        if state.end_reason == "blocked":
            mover = state.actor_of(last)
            assert not any(state.can_connect(s) for s in range(4) if s != mover)
    assert seen >= 2  # random bots seldom block; enough to exercise the rule


def test_hand_goes_on_while_someone_else_can_connect():
    game = load_game("dingniu", "recommended")
    rng = random.Random(8)
    for _ in range(200):
        state = game.start(seed=rng.randrange(2**32))
        while state.current_player is not None:
            mover = state.current_player
            state.apply(rng.choice(state.legal_actions()))
            if state.current_player is not None:
                assert any(state.can_connect(s) for s in range(4) if s != mover)
