"""Every worked example of the sources read for 打天九 (docs/tiengow.md §9), one test each."""

from __future__ import annotations

import random

import pytest

from yezi.components import tiengow as tg
from yezi.core.errors import IllegalAction
from yezi.core.registry import load_game
from yezi.games.tiengow import combos as cb
from yezi.games.tiengow.scoring import explain, settle

from .helpers import deal_with, down, game, up

HK = load_game("tiengow", "hongkong").rules


def test_s0_nine_kinds_of_set():
    """[S0] 打天九有九種合法牌組: singles 文/武, pairs 文/武, 至尊 and the four 文武 shapes (hongkong)."""
    g = game()
    assert len(g.categories) == 9
    assert {cb.COMBOS[i].category for group in g.leads for i in group} == set(g.categories)


def test_dr_sixteen_named_pairs_and_eight_mixed_pairs():
    """[DR] a leader may play one of the 16 named pairs (11 文, 4 武, 至尊) or one of the 8 文武 pairs."""
    g = game("culin-1893")
    pairs = [i for group in g.leads for i in group if len(cb.MULTISETS[i]) == 2]
    named = [i for i in pairs if cb.COMBOS[i].category in (cb.PAIR_C, cb.PAIR_M, cb.SUPREME)]
    mixed = [i for i in pairs if cb.COMBOS[i].category == cb.WW11]
    assert (len(named), len(mixed)) == (16, 8)
    assert not any(cb.COMBOS[i].category in (cb.WW21, cb.WW12, cb.WW22) for group in g.leads for i in group)


def test_dr_two_pairs_beaten_by_two_pairs_of_the_suit_with_a_higher_pair():
    """[DR] two pairs of one suit, captured only by two pairs of that suit, one higher than both led."""
    g = game("culin-1893")
    st = g.new_state(deal_with([tg.MAN, tg.MAN, tg.PLUM, tg.PLUM],
                               [tg.EARTH, tg.EARTH, tg.BENCH, tg.BENCH, tg.GOOSE, tg.GOOSE, tg.LONG_THREE, tg.LONG_THREE]))
    st.apply(up(tg.MAN, tg.MAN, tg.PLUM, tg.PLUM))
    ups = {a for a in st.legal_actions() if not a & 1}
    assert up(tg.EARTH, tg.EARTH, tg.BENCH, tg.BENCH) in ups  # 地 beats 人 and 梅花
    assert up(tg.EARTH, tg.EARTH, tg.GOOSE, tg.GOOSE) in ups
    assert up(tg.GOOSE, tg.GOOSE, tg.LONG_THREE, tg.LONG_THREE) not in ups  # 鵝 is below 人
    assert up(tg.EARTH, tg.EARTH) not in ups
    assert game().new_state(deal_with([tg.MAN, tg.MAN, tg.PLUM, tg.PLUM])).legal_actions().count(
        up(tg.MAN, tg.MAN, tg.PLUM, tg.PLUM)) == 0  # not a set in the modern game


MILITARY_EIGHT = [tg.RED_NINE, tg.FLAT_EIGHT, tg.BENT_EIGHT, tg.BLACK_SEVEN, tg.RED_SEVEN, tg.BIG_SIX, tg.RED_FIVE,
                  tg.BLACK_FIVE]


def test_dr_a_civil_single_led_is_followed_with_a_civil_tile():
    """[DR], the page culin-1893 cites: "If a civil tile is led, the other players must follow with the same suit.
    If a player is unable to follow suit, he must discard a military tile." A follower holding civil tiles may not
    discard a 黑九 on a led 天; one holding none discards a military tile; the modern game has no such duty."""
    deal = deal_with([tg.HEAVEN], [tg.BLACK_NINE, tg.EARTH], MILITARY_EIGHT)
    st = game("culin-1893").new_state(deal)
    st.apply(up(tg.HEAVEN))
    legal = st.legal_actions()
    assert down(tg.EARTH) in legal and down(tg.BLACK_NINE) not in legal
    assert all(cb.MULTISETS[a >> 1][0] in tg.CIVIL for a in legal)
    with pytest.raises(IllegalAction) as e:
        st.apply(down(tg.BLACK_NINE))
    assert e.value.rule == "follow-suit"
    st.apply(down(tg.EARTH))
    assert down(tg.RED_NINE) in st.legal_actions()  # seat 2 holds no civil tile
    hk = game().new_state(deal)
    hk.apply(up(tg.HEAVEN))
    assert down(tg.BLACK_NINE) in hk.legal_actions()
    mil = game("culin-1893").new_state(deal_with([tg.BLACK_SEVEN], [tg.EARTH]))
    mil.apply(up(tg.BLACK_SEVEN))  # a military single led: no duty, only a military tile takes it
    assert {down(k) for k in tg.expand(mil.hands[1])} <= set(mil.legal_actions())


def test_dr_follow_suit_worlds_keep_the_duty():
    """The worlds a seat samples under the duty replay legally: a seat seen to discard face down on a civil single
    led either discarded a civil tile or held none, so a world never gives it a civil tile it would have had to play."""
    deal = deal_with([tg.HEAVEN, tg.EARTH], [tg.MAN, tg.GOOSE], MILITARY_EIGHT)
    g = game("culin-1893")
    st = g.new_state(deal)
    for a in (up(tg.HEAVEN), down(tg.GOOSE), down(tg.RED_NINE)):
        st.apply(a)
    rng = random.Random(7)
    for _ in range(200):
        world, actions = g.sample_from_view(st.view(1), rng)
        (discard,) = cb.MULTISETS[actions[2] >> 1]
        assert discard in tg.CIVIL or not any(k in tg.CIVIL for k in world["hands"][2])
        other = g.replay(world, actions)  # raises IllegalAction if a world broke the duty
        assert other.view(1) == st.view(1)


def test_np_structure_matters():
    """[NP] Earth–Earth–Eight is beaten by Heaven–Heaven–Nine, not by Heaven–Nine–Nine."""
    g = game()
    st = g.new_state(deal_with([tg.EARTH, tg.EARTH, tg.FLAT_EIGHT],
                               [tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE, tg.RED_NINE]))
    st.apply(up(tg.EARTH, tg.EARTH, tg.FLAT_EIGHT))
    legal = st.legal_actions()
    assert up(tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE) in legal
    assert up(tg.HEAVEN, tg.HEAVEN, tg.RED_NINE) in legal
    assert up(tg.HEAVEN, tg.BLACK_NINE, tg.RED_NINE) not in legal


def test_np_payment_examples():
    """[NP] 1 trick pays 3, 4 tricks pay 0, 6 tricks receive 2, no trick pays 5 (banker elsewhere)."""
    tricks = [1, 1, 6, 0]  # seat 0 wins the last trick
    s = settle(tricks, 0, 1, HK)  # seat 1 is the banker: its payment is doubled
    assert s.payments == [2 * 3 - 2 + 5, -6, 2, -5]
    s = settle([4, 1, 3, 0], 0, 0, {**HK, "banker": "none"})
    assert s.payments == [3 + 1 + 5, -3, -1, -5]
    s = settle([4, 4, 0, 0], 1, 3, {**HK, "banker": "none"})
    assert s.payments[0] == 0  # four tricks: nothing changes hands


def test_np_banker_doubles_both_ways():
    """[NP] the banker winning collects double; the banker losing pays the winner double."""
    won = settle([2, 2, 2, 2], 0, 0, HK).payments
    assert won == [12, -4, -4, -4]
    lost = settle([2, 2, 2, 2], 1, 0, HK).payments
    assert lost == [-4, 8, -2, -2]
    assert sum(won) == sum(lost) == 0


def test_np_j_a_losing_banker_is_paid_back_plainly():
    """V-TG11: the banker took 5 tricks and lost the last trick to seat 2. Doubled as [NP] writes it (yezi's
    default), the winner pays him 2 × (5 − 4); in navpil's code (after The Suffocated's blog) plainly 1."""
    tricks = [5, 0, 3, 0]
    doubled = settle(tricks, 2, 0, HK).payments
    assert doubled == [2, -5, 5 + 5 - 2, -5]
    plain_rules = load_game("tiengow", "hongkong", {"banker_refund": "plain"}).rules
    plain = settle(tricks, 2, 0, plain_rules).payments
    assert plain == [1, -5, 5 + 5 - 1, -5]
    assert settle([2, 2, 2, 2], 1, 0, plain_rules).payments == [-4, 8, -2, -2]  # a banker under four still pays ×2
    assert settle([7, 0, 0, 1], 0, 0, plain_rules).payments == settle([7, 0, 0, 1], 0, 0, HK).payments


def test_dz_all_shut_out_doubles():
    """[DZ] shutting out all three: double (shutout=double-all)."""
    rules = {**HK, "shutout": "double-all", "banker": "none"}
    assert settle([8, 0, 0, 0], 0, 0, rules).payments == [24, -8, -8, -8]
    assert settle([7, 1, 0, 0], 0, 0, rules).payments == [3 + 4 + 4, -3, -4, -4]


def test_dz_flat_stake_only_to_the_winner():
    rules = {**HK, "scoring": "flat", "shutout": "none", "banker": "none"}
    assert settle([5, 3, 0, 0], 2, 0, rules).payments == [-1, -1, 3, -1]


def _play_to_last_trick(g):
    """Seat 0 holds seven unbeatable singles and 山雞; seat 1 keeps 黑九 to the last trick."""
    st = g.new_state(deal_with([tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN, tg.GOOSE, tg.LITTLE_THREE],
                               [tg.BLACK_NINE]))
    for k in (tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN, tg.GOOSE):
        st.apply(up(k))
        for s in (1, 2, 3):
            hand = st.hands[s]
            keep = tg.BLACK_NINE if s == 1 else None
            st.apply(down(next(j for j in range(tg.NUM_KINDS) if hand[j] and j != keep)))
    st.apply(up(tg.LITTLE_THREE))
    return st


def test_np_early_death_and_dz_entry():
    """[NP] early death / [DZ]: a player who took no trick may not beat a single-tile last trick."""
    st = _play_to_last_trick(game())
    assert st.last and st.won[1] == 0
    assert st.legal_actions() == [down(tg.BLACK_NINE)]
    st_open = _play_to_last_trick(game(last_trick="open"))
    assert up(tg.BLACK_NINE) in st_open.legal_actions()
    st_open.apply(up(tg.BLACK_NINE))
    for _ in range(2):
        st_open.apply(st_open.legal_actions()[-1])
    assert st_open.winner == 1


def test_np_early_death_allows_a_combination():
    """[NP]: if the last trick is a combination, a player without tricks may contest it."""
    g = game()
    st = g.new_state(deal_with([tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN, tg.PLUM, tg.PLUM],
                               [tg.BENCH, tg.BENCH]))
    for k in (tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN):
        st.apply(up(k))
        for s in (1, 2, 3):
            hand = st.hands[s]
            st.apply(down(next(j for j in range(tg.NUM_KINDS) if hand[j] and j != tg.BENCH)))
    st.apply(up(tg.PLUM, tg.PLUM))
    assert st.last and st.won[1] == 0
    assert up(tg.BENCH, tg.BENCH) not in st.legal_actions()  # 板凳 ranks below 梅花
    st2 = g.new_state(deal_with([tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN, tg.BENCH, tg.BENCH],
                                [tg.PLUM, tg.PLUM]))
    for k in (tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN):
        st2.apply(up(k))
        for s in (1, 2, 3):
            hand = st2.hands[s]
            st2.apply(down(next(j for j in range(tg.NUM_KINDS) if hand[j] and j != tg.PLUM)))
    st2.apply(up(tg.BENCH, tg.BENCH))
    assert up(tg.PLUM, tg.PLUM) in st2.legal_actions()


def test_dr_supreme_only_when_led():
    """[DR] 至尊 is highest only when led: led it cannot be beaten, following it beats nothing."""
    g = game()
    st = g.new_state(deal_with([tg.BIG_SIX, tg.LITTLE_THREE], [tg.BLACK_NINE, tg.RED_NINE]))
    st.apply(up(*tg.SUPREME))
    assert all(a & 1 for a in st.legal_actions())
    st = g.new_state(deal_with([tg.BLACK_NINE, tg.RED_NINE], [tg.BIG_SIX, tg.LITTLE_THREE]))
    st.apply(up(tg.BLACK_NINE, tg.RED_NINE))
    assert all(a & 1 for a in st.legal_actions())


def _finish_trick(st):
    while st.plays:
        st.apply(next(a for a in st.legal_actions() if a & 1))


def test_hkg_wu_zun_is_paid_at_once():
    """[HKG] 賀尊: leading 武尊 with the lead; each other player pays 尊錢."""
    st = game().new_state(deal_with([tg.BIG_SIX, tg.LITTLE_THREE]))
    st.apply(up(*tg.SUPREME))
    assert st.specials == [{"kind": "wu-zun", "seat": 0, "trick": 0}]
    st2 = game(specials="no").new_state(deal_with([tg.BIG_SIX, tg.LITTLE_THREE]))
    st2.apply(up(*tg.SUPREME))
    assert st2.specials == []
    lines = explain(settle([8, 0, 0, 0], 0, 0, HK, st.specials), ["A", "B", "C", "D"], "zh-hant")
    assert any("賀武尊" in x for x in lines)


@pytest.mark.parametrize("specials", [True, False])
def test_hkg_wen_zun_is_taken_only_by_long_sevens(specials):
    """[HKG] 擒尊: a pair of 高腳七 takes 文尊 (a pair of 伶冧六, yezi's reading) and collects 尊錢."""
    g = game(specials="yes" if specials else "no")
    st = g.new_state(deal_with([tg.MALLET_SIX, tg.MALLET_SIX], [tg.LONG_SEVEN, tg.LONG_SEVEN, tg.HEAVEN, tg.HEAVEN]))
    st.apply(up(tg.MALLET_SIX, tg.MALLET_SIX))
    ups = [a for a in st.legal_actions() if not a & 1]
    if specials:
        assert ups == [up(tg.LONG_SEVEN, tg.LONG_SEVEN)]
        st.apply(ups[0])
        assert st.specials == [{"kind": "qin", "seat": 1, "trick": 0}]
    else:
        assert set(ups) == {up(tg.LONG_SEVEN, tg.LONG_SEVEN), up(tg.HEAVEN, tg.HEAVEN)}


def test_hkg_wen_zun_unbeaten_is_paid():
    st = game().new_state(deal_with([tg.MALLET_SIX, tg.MALLET_SIX]))
    st.apply(up(tg.MALLET_SIX, tg.MALLET_SIX))
    _finish_trick(st)
    assert st.specials == [{"kind": "wen-zun", "seat": 0, "trick": 0}]


def test_hkg_si_da_he():
    """[HKG] 四大賀: a four-tile 文武 lead nobody beats; the other three pay."""
    st = game().new_state(deal_with([tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE, tg.RED_NINE]))
    st.apply(up(tg.HEAVEN, tg.HEAVEN, tg.BLACK_NINE, tg.RED_NINE))
    _finish_trick(st)
    assert st.specials == [{"kind": "si-da-he", "seat": 0, "trick": 0}]
    s = settle([8, 0, 0, 0], 0, 0, {**HK, "zun_money": 2}, st.specials)
    plain = settle([8, 0, 0, 0], 0, 0, HK)
    assert [a - b for a, b in zip(s.payments, plain.payments)] == [6, -2, -2, -2]


def test_hkg_no_zun_money_at_the_last_trick():
    """[HKG] 結牌除外: a 尊 led to the last trick earns nothing extra."""
    g = game()
    hands = [tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN, tg.BIG_SIX, tg.LITTLE_THREE]
    st = g.new_state(deal_with(hands))
    for k in (tg.HEAVEN, tg.HEAVEN, tg.EARTH, tg.EARTH, tg.MAN, tg.MAN):
        st.apply(up(k))
        _finish_trick(st)
    st.apply(up(*tg.SUPREME))
    _finish_trick(st)
    assert st.winner == 0 and st.specials == []


def test_the_settlement_says_a_losing_banker_is_paid_back_plainly():
    """The rule line before the payments names the exception under banker_refund=plain, in every language."""
    from yezi.games.tiengow.scoring import rule_line

    plain = load_game("tiengow", "hongkong", {"banker_refund": "plain"}).rules
    assert "paid back" in rule_line("三家", plain, "en") and "paid back" not in rule_line("三家", HK, "en")
    assert "補他的不加倍" in rule_line("三家", plain, "zh-hant")
    assert "补他的不加倍" in rule_line("三家", plain, "zh-hans")
