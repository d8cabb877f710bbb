"""The Fishing engine: deal, turns, matching variants, 一釣三, capture duty, views, notation."""

import random

import pytest

from tests.fishing.helpers import make_deal
from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction, NotationError
from yezi.core.registry import load_game
from yezi.games.fishing.game import CAP, DCAP, DREL, KEEP, REL, STACK, decode

K = 21


def game(preset="suffocated", **opts):
    return load_game("fishing", preset, {k: str(v) for k, v in opts.items()})


def cap(h, t):
    return CAP + tg.parse_kind(h) * K + tg.parse_kind(t)


@pytest.mark.parametrize("players,hand", [(2, 15), (3, 10)])
def test_deal_sizes_follow_seed_003(players, hand):
    g = game(players=players)
    d = g.deal_from_seed(7)
    assert [len(h) for h in d["hands"]] == [hand] * players
    assert len(d["lake"]) == 24 and len(d["stock"]) == 30
    assert tg.counts([c for h in d["hands"] for c in h] + d["lake"] + d["stock"]) == [4] * 21


def test_deal_is_reproducible_and_round_trips_as_text():
    g = game()
    d = g.deal_from_seed(123)
    assert d == g.deal_from_seed(123)
    assert g.parse_deal(g.format_deal(d)) == d


def test_turns_hand_then_draw_and_the_tail_card_is_the_tail_seats_last_draw():
    for players in (2, 3):
        g = game(players=players)
        st = g.start(seed=1)
        seen = []
        rng = random.Random(0)
        while st.current_player is not None:
            seen.append((st.current_player, st.phase))
            if st.phase == "draw" and st.view(None)["stock_left"] == 0:
                assert st.current_player == g.tail_seat
                assert st.drawn == st.deal["stock"][-1]
            la = st.legal_actions()
            st.apply(la[rng.randrange(len(la))])
        assert seen[:4] == [(0, "hand"), (0, "draw"), (1, "hand"), (1, "draw")]
        assert len(seen) == 60


def test_first_player_draws_first_on_the_first_turn_with_v_f2():
    g = game(first_turn="draw-first")
    st = g.start(seed=1)
    assert st.phase == "draw"
    st.apply(st.legal_actions()[0])
    assert (st.current_player, st.phase) == (0, "hand")
    st.apply(st.legal_actions()[0])
    assert (st.current_player, st.phase) == (1, "hand")


def test_four_self_only_cards_in_the_lake_go_to_the_tail_seat():
    g = game()
    st = g.new_state(make_deal(g, lake="天 天 天 天"))
    assert st.catches[2][tg.HEAVEN] == 4 and st.lake[tg.HEAVEN] == 0
    assert st.view(0)["events"] == [{"event": "fours-to-tail", "kind": tg.HEAVEN, "seat": 2}]
    # four of a shared-total card stay in the lake
    st = g.new_state(make_deal(g, lake="人 人 人 人"))
    assert st.lake[tg.MAN] == 4


def test_one_takes_three():
    g = game()
    st = g.new_state(make_deal(g, hands=["斧頭"], lake="斧頭 斧頭 斧頭"))
    assert cap("斧頭", "斧頭") in st.legal_actions()
    st.apply("斧頭釣斧頭")
    assert st.catches[0][tg.HATCHET] == 4 and st.lake[tg.HATCHET] == 0


def test_shared_totals_match_but_plum_and_red_ten_do_not():
    g = game()
    assert set(g.matches[tg.RED_SEVEN]) == {tg.LONG_SEVEN, tg.BLACK_SEVEN, tg.RED_SEVEN}
    assert set(g.matches[tg.BENCH]) == {tg.BENCH, tg.GOOSE}
    assert g.self_only == {tg.HEAVEN, tg.EARTH, tg.PLUM, tg.HATCHET, tg.RED_TEN, tg.LITTLE_THREE}
    st = g.new_state(make_deal(g, hands=["梅花 紅頭十"], lake="紅頭十"))
    before = st.view(0)
    with pytest.raises(IllegalAction) as e:
        st.apply("梅花釣紅頭十")
    assert e.value.rule == "plum-redten"
    assert st.view(0) == before
    assert game(plum_redten=True).matches[tg.PLUM] == (tg.PLUM, tg.RED_TEN)


def test_matching_variants():
    assert set(game(heaven_earth=True).matches[tg.HEAVEN]) == {tg.HEAVEN, tg.EARTH}
    assert set(game(cock="big-six").matches[tg.LITTLE_THREE]) == {tg.LITTLE_THREE, tg.BIG_SIX}
    assert set(game(cock="big-six").matches[tg.BIG_SIX]) == {tg.LONG_THREE, tg.MALLET_SIX, tg.BIG_SIX, tg.LITTLE_THREE}
    assert set(game(cock="all-sixes").matches[tg.LONG_THREE]) == {tg.LONG_THREE, tg.MALLET_SIX, tg.BIG_SIX,
                                                                   tg.LITTLE_THREE}
    g = game(heaven_earth=True)
    assert tg.HEAVEN not in g.self_only


def test_must_capture_when_able_and_optional_capture_option():
    g = game()
    d = make_deal(g, hands=["天 長衫"], lake="天")
    st = g.new_state(d)
    with pytest.raises(IllegalAction) as e:
        st.apply("放長衫")
    assert e.value.rule == "must-capture"
    assert all(decode(a)[0] == "cap" for a in st.legal_actions())
    st2 = game(capture="optional").new_state(d)
    assert REL + tg.LONG_THREE in st2.legal_actions()


def test_drawn_card_captures_or_is_released():
    g = game()
    st = g.new_state(make_deal(g, hands=["天"], lake="天", stock_head="地"))
    st.apply("天釣天")
    assert st.phase == "draw" and st.drawn == tg.EARTH
    la = st.legal_actions()
    if st.lake[tg.EARTH]:
        assert la == [DCAP + tg.EARTH * K + tg.EARTH]
    else:
        assert la == [DREL + tg.EARTH]


def test_leftover_lake_goes_to_tail_seat():
    g = game()
    st = g.start(seed=3)
    rng = random.Random(0)
    while st.current_player is not None:
        la = st.legal_actions()
        st.apply(la[rng.randrange(len(la))])
    assert sum(st.lake) == 0
    assert sum(map(sum, st.catches)) == 84
    ev = [e for e in st.events if e["event"] == "lake-to-tail"]
    assert not ev or ev[0]["seat"] == 2


def test_views_hide_hands_and_stock_and_show_the_tail_card_to_the_tail_seat_only():
    g = game()
    st = g.start(seed=9)
    for seat in range(3):
        v = st.view(seat)
        assert "stock" not in v["deal"] and "hands" not in v["deal"]
        assert v["hand"] == tg.counts(st.deal["hands"][seat])
        assert ("tail" in v["deal"]) == (seat == 2)
    assert st.view(2)["deal"]["tail"] == st.deal["stock"][-1]
    assert "tail" not in st.view(None)["deal"] and st.view(None)["hand"] is None
    assert "tail" not in game(peek=False).start(seed=9).view(2)["deal"]
    # 2 players: the non-dealer peeks
    assert "tail" in game(players=2).start(seed=9).view(1)["deal"]


def test_every_action_formats_and_parses_in_every_notation():
    g = game()
    for a in range(g.action_space_size):
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            assert g.parse_action(g.format_action(a, lang)) == a, (a, lang)
    assert g.parse_action("紅九 釣 黑九") == cap("紅九", "黑九")
    assert g.parse_action("Red Nine x 6-3") == cap("紅九", "黑九")
    assert g.parse_action("release 6-6") == REL + tg.HEAVEN
    assert g.parse_action("摸牌天放生") == DREL + tg.HEAVEN
    with pytest.raises(NotationError, match="expected"):
        g.parse_action("throw the heaven")


def test_tiu_u_heaven_pair_keep_and_stacking():
    g = game("tiu-u")
    assert g.stock_size == 24 and g.hand_size == 12 and len(g.deck) == 64
    d = make_deal(g, hands=["天 天 人 長衫", "人"], lake="人 人 高腳七")
    st = g.new_state(d)
    assert st.catches[0][tg.HEAVEN] == 2 and st.events[0]["event"] == "heaven-pair"
    la = st.legal_actions()
    assert STACK + tg.MAN in la
    st.apply("疊人")
    assert st.stacked[tg.MAN] and st.lake[tg.MAN] == 3
    # only the fourth 人 may take the stack, and it takes all three
    assert all(decode(a)[2] != tg.MAN or decode(a)[1] == tg.MAN for a in st.legal_actions())
    st.apply(st.legal_actions()[0])
    assert st.current_player == 1 and st.phase == "hand"
    assert cap("人", "人") in st.legal_actions()
    st.apply("人釣人")
    assert st.catches[1][tg.MAN] == 4 and not st.stacked[tg.MAN]
    # keep: with no capture the hand phase offers only KEEP (Culin)
    g2 = game("tiu-u")
    st = g2.start(seed=4)
    while st.current_player is not None:
        la = st.legal_actions()
        if st.phase == "hand" and KEEP in la:
            assert la == [KEEP]
        st.apply(la[0])
