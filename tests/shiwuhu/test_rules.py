"""十五胡 rules: every example of the comment (seed 003, 餓天九者) as a test, then the options.

The comment (quoted in docs/shiwuhu.md): 1) 文武 plays must hold both military kinds (地八: 平八 and
彎八, two 地 + one 平八 + four 彎八 is a play); beating needs the same numbers of civil and military
cards (two 天 + five nines beat it, three 天 + four nines cannot: pass); 2) three 梅花 are beaten by
three 人, and a player with four 人 still plays three; 3) a player who cannot beat passes, no
discard; 5) a trick's cards are its 胡; first to 15 may declare or play on to 18 or 21; 6) one who
skips 15 declares next at 18, and meanwhile another player reaching 15 may declare and wins;
15 = one unit, 18 = two, 21 = three.
"""

from __future__ import annotations

import pytest

from yezi.core.errors import IllegalAction, NotationError
from yezi.games.shiwuhu.plays import DECLARE, PASS, PLAY_ON, PLAYS, parse_action

from .helpers import game, make_deal, state_after

DI_BA = "地×2+平八+彎八×4"  # the comment's example of a 地八 play


def test_comment_1_a_wenwu_play_may_hold_any_numbers_with_both_military_kinds():
    g = game()
    st = state_after(g, ["地 地 平八 彎八 彎八 彎八 彎八"], [])
    a = parse_action(DI_BA)
    assert a in st.legal_actions()
    assert PLAYS[a].civil == 2 and sum(PLAYS[a].military) == 5


def test_comment_1_two_heavens_and_five_nines_beat_it_flat_and_bent_together():
    g = game()
    st = state_after(g, ["地 地 平八 彎八 彎八 彎八 彎八", "天 天 黑九 黑九 紅九 紅九 紅九"], [DI_BA])
    beat = parse_action("天×2+黑九×2+紅九×3")
    assert beat in st.legal_actions()
    st.apply(beat)
    assert st.best == beat and st.best_seat == 1


def test_comment_1_three_heavens_and_four_nines_cannot_beat_so_the_player_can_only_pass():
    g = game()
    hands = ["地 地 平八 彎八 彎八 彎八 彎八", "天 天 天 黑九 黑九 紅九 紅九", "天 黑九 黑九 紅九 紅九"]
    st = state_after(g, hands, [DI_BA])
    assert st.legal_actions() == [PASS]
    with pytest.raises(IllegalAction) as e:
        st.apply("天×3+黑九×2+紅九×2")
    assert e.value.rule == "same-shape"
    assert "civil (2) and military (5)" in e.value.message


def test_comment_1_a_wenwu_play_without_both_military_kinds_is_refused():
    st = state_after(game(), ["地 平八 平八"], [])
    with pytest.raises(IllegalAction) as e:
        st.apply("地+平八×2")
    assert e.value.rule == "mixed-needs-both-military"
    # 天九's own rule (V-15d = any): 天 with either nine is a play
    st = state_after(game(wenwu_military="any"), ["地 平八 平八"], [])
    assert parse_action("地+平八×2") in st.legal_actions()


def test_comment_2_three_plums_are_beaten_by_three_men_and_four_men_play_only_three():
    st = state_after(game(), ["梅花 梅花 梅花", "人 人 人 人"], ["梅花×3"])
    legal = st.legal_actions()
    assert parse_action("人×3") in legal
    assert parse_action("人×4") not in legal
    with pytest.raises(IllegalAction) as e:
        st.apply("人×4")
    assert e.value.rule == "same-shape"
    st.apply("人×3")
    assert st.hands[1][parse_action("人")] == 1  # one 人 kept


def test_comment_3_a_pass_plays_and_discards_nothing():
    st = state_after(game(), ["天"], ["天"])
    before = list(st.hands[1])
    st.apply("過")
    assert st.hands[1] == before and st.sizes[1] == 21
    assert st.trick[-1] == [1, PASS]


def test_comment_5_a_trick_scores_the_cards_of_the_winning_play():
    hands = ["地 地 平八 彎八 彎八 彎八 彎八", "天 天 黑九 黑九 紅九 紅九 紅九"]
    moves = [DI_BA, "天×2+黑九×2+紅九×3", "過", "過", "過"]
    st = state_after(game(), hands, moves)
    assert st.hu == [0, 7, 0, 0] and st.turn == 1 and st.phase == "lead"
    st = state_after(game(hu_count="trick"), hands, moves)  # V-15g: every card in the trick
    assert st.hu == [0, 14, 0, 0]


# A deal where the banker takes 12 + 3 胡 with plays nobody can beat, then (after playing on) 2 and
# 1 more, while 二家 holds the cards to take 1 + 12 + 2 胡.
RACE = ["天 天 天 天 黑九 黑九 黑九 黑九 紅九 紅九 紅九 紅九 地 地 地 平八 平八 彎八 彎八 長衫",
        "人 人 人 人 黑七 黑七 黑七 黑七 紅七 紅七 紅七 紅七 鵝 鵝 鵝 鵝"]
TO_15 = ["天×4+黑九×4+紅九×4", "過", "過", "過", "地×3", "過", "過", "過"]


def test_comment_5_the_first_to_15_may_declare_for_one_unit():
    st = state_after(game(), RACE, TO_15)
    assert st.hu[0] == 15 and st.phase == "declare" and st.turn == 0
    assert st.legal_actions() == [DECLARE, PLAY_ON]
    st.apply("宣告")
    assert st.current_player is None and st.winner == 0 and st.units == 1
    assert st.payments() == [3, -1, -1, -1]


def test_comment_6_one_who_plays_on_at_15_declares_next_at_18_for_two_units():
    st = state_after(game(), RACE, [*TO_15, "續打", "平八×2", "過", "過", "過"])
    assert st.hu[0] == 17 and st.need[0] == 18
    assert st.phase == "lead" and st.turn == 0  # 17 胡: no declaring
    with pytest.raises(IllegalAction) as e:
        st.apply("宣告")
    assert e.value.rule == "not-declaring-time"
    for m in ("彎八", "過", "過", "過"):
        st.apply(m)
    assert st.hu[0] == 18 and st.phase == "declare"
    st.apply("declare")
    assert st.units == 2 and st.payments() == [6, -2, -2, -2]


def test_comment_6_while_a_sits_on_17_b_reaches_15_declares_and_wins():
    moves = [*TO_15, "續打", "平八×2", "過", "過", "過",  # 莊家 17, needs 18
             "長衫", "鵝", "過", "過", "過",  # 二家 beats; 莊家 passes too: 二家 1
             "人×4+黑七×4+紅七×4", "過", "過", "過",  # 二家 13
             "鵝×2", "過", "過", "過"]  # 二家 15
    st = state_after(game(), RACE, moves)
    assert st.hu[:2] == [17, 15] and st.phase == "declare" and st.turn == 1
    st.apply("宣告")
    assert st.winner == 1 and st.payments() == [-1, 3, -1, -1]


def test_comment_7_twenty_one_hu_pays_three_units_and_must_be_declared():
    g = game(players=3)
    hands = ["天 天 天 天 黑九 黑九 黑九 黑九 紅九 紅九 紅九 紅九 地 地 地 地 平八 平八 平八 平八 彎八 彎八 彎八 彎八"]
    st = state_after(g, hands, ["天×4+黑九×4+紅九×4", "過", "過", "地×4+平八×4+彎八×4", "過", "過"])
    assert st.hu[0] == 24 and st.legal_actions() == [DECLARE]
    with pytest.raises(IllegalAction) as e:
        st.apply("續打")
    assert e.value.rule == "must-declare"
    st.apply("宣告")
    assert st.units == 3 and st.payments() == [6, -3, -3]


# ---- Tien Gow background and the options ---------------------------------------------------------
def test_singles_beat_only_a_higher_card_of_the_same_suit_and_equal_does_not_beat():
    st = state_after(game(), ["黑九", "紅九 梅花 地"], ["黑九"])
    legal = st.legal_actions()
    assert parse_action("紅九") not in legal  # equal military rank
    assert parse_action("地") not in legal  # civil does not beat military
    with pytest.raises(IllegalAction) as e:
        st.apply("紅九")
    assert e.value.rule == "not-higher"
    with pytest.raises(IllegalAction) as e:
        st.apply("地")
    assert e.value.rule == "same-shape"


def test_za_pairs_are_military_pairs_ranked_with_identical_pairs():
    st = state_after(game(), ["黑九 紅九", "黑九 黑九 平八 平八"], [])
    assert parse_action("黑九+紅九") in st.legal_actions()
    st.apply("黑九+紅九")
    legal = st.legal_actions()
    assert parse_action("黑九×2") not in legal and parse_action("平八×2") not in legal
    st = state_after(game(), ["平八 彎八", "黑九 黑九"], ["平八+彎八"])
    assert parse_action("黑九×2") in st.legal_actions()
    st = state_after(game(za_sets="none"), ["黑九 紅九"], [])
    assert parse_action("黑九+紅九") not in st.legal_actions()
    with pytest.raises(IllegalAction) as e:
        st.apply("黑九+紅九")
    assert e.value.rule == "not-a-play"
    st = state_after(game(za_sets="same-rank"), ["黑九 黑九 紅九"], [])
    assert parse_action("黑九×2+紅九") in st.legal_actions()


def test_supreme_is_no_play_by_default_and_an_unbeatable_lead_as_an_option():
    st = state_after(game(), ["大雞六 山雞"], [])
    assert parse_action("大雞六+山雞") not in st.legal_actions()
    st = state_after(game(supreme="lead-only"), ["大雞六 山雞", "天 天 黑九 黑九"], ["大雞六+山雞"])
    assert st.legal_actions() == [PASS]


def test_the_leader_must_play_and_cards_must_be_in_hand():
    g = game()
    st = g.new_state(make_deal(g, ["天"]))
    with pytest.raises(IllegalAction) as e:
        st.apply("過")
    assert e.value.rule == "leader-must-play"
    missing = next(k for k in range(21) if st.hands[0][k] == 0)
    with pytest.raises(IllegalAction) as e:
        st.apply(missing)
    assert e.value.rule == "not-in-hand"
    assert st.history == [] and st.sizes == [21] * 4


def test_climbing_goes_round_until_all_others_pass_and_a_passer_may_come_back():
    moves = ["長衫", "過", "鵝", "過", "過"]
    st = state_after(game(), ["長衫", "地", "鵝"], moves)
    assert st.phase == "follow" and st.turn == 1  # 二家 passed once, may now beat 鵝
    st.apply("地")
    for _ in range(3):
        st.apply("過")
    assert st.last_winner == 1 and st.hu[1] == 1
    st = state_after(game(after_pass="out"), ["長衫", "地", "鵝"], moves)  # V-15c out: 二家 stays out
    assert st.last_winner == 2 and st.hu[2] == 1 and st.phase == "lead" and st.turn == 2


def test_tiengow_turns_give_each_follower_one_action():
    st = state_after(game("tiengow-turns"), ["長衫", "鵝", "地"], ["長衫", "鵝", "過", "過"])
    assert st.last_winner == 1 and st.phase == "lead" and st.turn == 1


def test_a_winner_without_cards_hands_the_lead_on_or_voids_the_deal():
    g = game(players=3)
    hand = "天 天 天 天 黑九 黑九 黑九 黑九 紅九 紅九 紅九 紅九 地 地 地 地 平八 平八 平八 平八 彎八 彎八 彎八 彎八 人 人 人 人"
    # hu_count=own, a huge lead: 12 胡; then 12; then 人×4 (4): 28 cards gone, 28 胡 >= 15 at the second trick
    st = state_after(g, [hand], ["天×4+黑九×4+紅九×4", "過", "過", "地×4+平八×4+彎八×4", "過", "過"])
    assert st.phase == "declare"
    g = game(players=3, empty_lead="void")
    st = g.new_state(make_deal(g, [hand]))
    st.need = [99, 99, 99]  # nobody can declare: only the hand-over is tested
    for m in ("天×4+黑九×4+紅九×4", "過", "過", "地×4+平八×4+彎八×4", "過", "過", "人×4", "過", "過"):
        st.apply(m)
    assert st.current_player is None and st.winner is None and st.payments() == [0, 0, 0]
    g = game(players=3)
    st = g.new_state(make_deal(g, [hand]))
    st.need = [99, 99, 99]
    for m in ("天×4+黑九×4+紅九×4", "過", "過", "地×4+平八×4+彎八×4", "過", "過", "人×4", "過", "過"):
        st.apply(m)
    assert st.turn == 1 and st.phase == "lead"  # the next seat with cards leads


def test_notation_reads_every_language_and_ascii_and_refuses_non_plays():
    a = parse_action(DI_BA)
    assert parse_action("Earth×2+Flat Eight+Bent Eight×4") == a
    assert parse_action("11x2+62+53x4") == a
    assert parse_action("地 地 平八 彎八 彎八 彎八 彎八") == a
    assert parse_action("地×2+平八+弯八×4") == a
    assert parse_action("pass") == parse_action("过") == PASS
    g = game()
    for code in (a, PASS, DECLARE, PLAY_ON, parse_action("梅花×3"), parse_action("黑九+紅九")):
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            assert g.parse_action(g.format_action(code, lang)) == code
    for bad in ("天+梅花", "foo", "", "天×5"):
        with pytest.raises(NotationError):
            parse_action(bad)


def test_next_banker_is_the_declarer_by_default():
    st = state_after(game(), RACE, [*TO_15, "宣告"])
    assert game().dealer_shift(st) == 0
    assert game(next_banker="rotate").dealer_shift(st) == 1
