"""The rules of play: sets, what beats what, face-down play, bad input (docs/tiengow.md §3–§5)."""

from __future__ import annotations

import pytest

from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction, NotationError
from yezi.games.tiengow import combos as cb

from .helpers import deal_with, down, game, up


def test_every_multiset_is_numbered_once():
    assert len(set(cb.MULTISETS)) == cb.NUM_MULTISETS
    assert all(1 <= len(t) <= 4 for t in cb.MULTISETS)
    assert all(t.count(k) <= tg.KINDS[k].copies32 for t in cb.MULTISETS for k in t)


def test_categories_and_ranks():
    assert cb.classify((tg.HEAVEN,)).category == cb.SINGLE_C
    assert cb.classify((tg.BLACK_NINE, tg.RED_NINE)).category == cb.PAIR_M
    assert cb.classify(tuple(sorted(tg.SUPREME))).category == cb.SUPREME
    assert cb.classify((tg.HEAVEN, tg.RED_NINE)).group == "天九"
    assert cb.classify((tg.GOOSE, tg.GOOSE, tg.BLACK_FIVE)).category == cb.WW21
    assert cb.classify((tg.MAN, tg.BLACK_SEVEN, tg.RED_SEVEN)).category == cb.WW12
    assert cb.classify((tg.EARTH, tg.EARTH, tg.FLAT_EIGHT, tg.BENT_EIGHT)).category == cb.WW22
    # not sets: mixed groups, a civil tile with the wrong military partner, two different civil tiles
    assert cb.classify((tg.HEAVEN, tg.FLAT_EIGHT)) is None
    assert cb.classify((tg.HEAVEN, tg.EARTH)) is None
    assert cb.classify((tg.PLUM, tg.RED_TEN)) is None
    assert cb.classify((tg.HEAVEN, tg.HEAVEN, tg.EARTH)) is None


def test_equal_military_singles_do_not_beat():
    nine_b, nine_r = cb.classify((tg.BLACK_NINE,)), cb.classify((tg.RED_NINE,))
    assert not cb.beats(nine_r, nine_b) and not cb.beats(nine_b, nine_r)
    assert cb.beats(cb.classify((tg.HEAVEN,)), cb.classify((tg.EARTH,)))
    assert not cb.beats(cb.classify((tg.BLACK_NINE,)), cb.classify((tg.MALLET_SIX,)))  # suits never cross


def test_leader_plays_face_up_sets_only():
    g = game()
    st = g.new_state(deal_with([tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE, tg.RED_NINE, tg.BIG_SIX, tg.LITTLE_THREE,
                                tg.PLUM, tg.RED_TEN]))
    legal = st.legal_actions()
    assert all(a % 2 == 0 for a in legal)
    assert up(tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE, tg.RED_NINE) in legal
    assert up(*tg.SUPREME) in legal
    assert up(tg.PLUM, tg.RED_TEN) not in legal


def test_mixed_no_forbids_wenwu_sets():
    g = game(mixed="none")
    st = g.new_state(deal_with([tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE, tg.RED_NINE]))
    legal = st.legal_actions()
    assert up(tg.HEAVEN, tg.BLACK_NINE) not in legal
    assert up(tg.HEAVEN, tg.HEAVEN) in legal and up(tg.BLACK_NINE, tg.RED_NINE) in legal
    with pytest.raises(IllegalAction) as e:
        st.apply(up(tg.HEAVEN, tg.BLACK_NINE))
    assert e.value.rule == "not-allowed"


def test_follower_beats_or_plays_as_many_face_down():
    g = game()
    st = g.new_state(deal_with([tg.EARTH], [tg.HEAVEN, tg.MAN]))
    st.apply(up(tg.EARTH))
    legal = st.legal_actions()
    assert up(tg.HEAVEN) in legal and up(tg.MAN) not in legal
    assert down(tg.HEAVEN) in legal and down(tg.MAN) in legal  # face down is always allowed
    assert all(len(cb.MULTISETS[a >> 1]) == 1 for a in legal)


@pytest.mark.parametrize("bad,rule", [
    ("lead-down", "lead-face-up"), ("not-held", "not-in-hand"), ("count", "tile-count"), ("weak", "does-not-beat"),
])
def test_illegal_moves_name_the_rule_and_change_nothing(bad, rule):
    g = game()
    st = g.new_state(deal_with([tg.EARTH, tg.EARTH], [tg.HEAVEN, tg.MAN, tg.MAN]))
    if bad == "lead-down":
        action = down(tg.EARTH)
    elif bad == "not-held":
        action = up(tg.HEAVEN)
    else:
        st.apply(up(tg.EARTH))
        action = up(tg.MAN, tg.MAN) if bad == "count" else up(tg.MAN)
    before = (list(st.history), st.view(None), st.view(st.current_player))
    with pytest.raises(IllegalAction) as e:
        st.apply(action)
    assert e.value.rule == rule
    assert (list(st.history), st.view(None), st.view(st.current_player)) == before


def test_trick_winner_takes_all_tiles_and_leads():
    g = game()
    st = g.new_state(deal_with([tg.EARTH], [tg.HEAVEN]))
    st.apply(up(tg.EARTH))
    st.apply(up(tg.HEAVEN))
    for _ in range(2):
        st.apply(next(a for a in st.legal_actions() if a & 1))
    assert st.won == [0, 4, 0, 0] and st.current_player == 1


@pytest.mark.parametrize("text,expected", [
    ("天 天 黑九", up(tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE)),
    ("66+66+63", up(tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE)),
    ("Heaven, Heaven, Black Nine", up(tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE)),
    ("墊 長衫 紅九", down(tg.LONG_THREE, tg.RED_NINE)),
    ("垫 长衫 红九", down(tg.LONG_THREE, tg.RED_NINE)),
    ("down Long Three, Red Nine", down(tg.LONG_THREE, tg.RED_NINE)),
    ("d33+54", down(tg.LONG_THREE, tg.RED_NINE)),
    ("Long Three", up(tg.LONG_THREE)),
    ("tin1, tin1, hak1 gau2", up(tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE)),
    ("down coeng saam + hung gau", down(tg.LONG_THREE, tg.RED_NINE)),
])
def test_notation_reads_every_form(text, expected):
    assert game().parse_action(text) == expected


@pytest.mark.parametrize("text", ["", "天 天 天", "xyz", "66+66+66+66+66", "九"])
def test_notation_refuses_with_a_clear_error(text):
    with pytest.raises(NotationError):
        game().parse_action(text)


def test_notation_round_trips_every_action():
    g = game()
    for a in range(0, g.action_space_size, 37):
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            assert g.parse_action(g.format_action(a, lang)) == a


def test_deal_checks_and_text_round_trip():
    g = game()
    deal = g.deal_from_seed(5)
    assert g.parse_deal(g.format_deal(deal)) == deal
    with pytest.raises(NotationError):
        g.new_state({"hands": [deal["hands"][0]] * 4})
    with pytest.raises(NotationError):
        g.new_state({"hands": deal["hands"][:3]})


def test_others_see_only_how_many_tiles_went_down():
    g = game()
    st = g.new_state(deal_with([tg.EARTH], [tg.HEAVEN]))
    st.apply(up(tg.EARTH))
    st.apply(down(tg.HEAVEN))
    mine = st.view(1)["trick"]["plays"][1]
    theirs = st.view(2)["trick"]["plays"][1]
    assert mine["tiles"] == [tg.HEAVEN] and theirs["tiles"] is None and theirs["count"] == 1
    assert st.log_for(2)[-1] == "二家 墊1隻" and st.log_for(1)[-1] == "二家 墊 天"
    assert st.view(None)["history"][-1] is None


def test_banker_passes_to_the_last_tricks_winner_or_rotates():
    import random

    from yezi.core.playout import random_playout

    g = game()
    st = random_playout(g.start(seed=4), random.Random(4))
    assert g.dealer_shift(st) == st.winner
    assert game(next_banker="rotate").dealer_shift(st) == 1


def test_every_tile_has_a_jyutping_name_that_reads_back():
    from yezi.games.tiengow.names import JYUTPING, parse_jyutping

    assert set(JYUTPING) == set(range(tg.NUM_KINDS))
    assert all(parse_jyutping(j) == k for k, j in JYUTPING.items())
    assert len(set(JYUTPING.values())) == tg.NUM_KINDS


def test_first_banker_by_lot_is_reproducible_and_reaches_every_seat():
    g = game()
    firsts = [g.first_dealer(seed) for seed in range(200)]
    assert firsts == [g.first_dealer(seed) for seed in range(200)]
    assert set(firsts) == {0, 1, 2, 3}
    from yezi.core.registry import load_game

    assert {load_game("lukfu").first_dealer(seed) for seed in range(20)} == {0}  # other games: unchanged
