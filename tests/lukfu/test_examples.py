"""Every worked example of seeds 000 (客家六虎牌例) and 001 (Wikipedia, Guangdong) as a test."""

from __future__ import annotations

import pytest

from yezi.components.lukfu_deck import mask_of, parse_card
from yezi.core.errors import IllegalAction
from yezi.games.lukfu import actions as A
from yezi.games.lukfu.plays import COMBO_BY_MASK, PLAYS, play_table
from yezi.games.lukfu.settlement import points, settle_win

from .helpers import act, cards, game, make_deal


def combo(text: str) -> int:
    return A.parse_action(text) - A.PLAY_BASE


def beats(a: str, b: str, **opts) -> bool:
    t = play_table(opts.get("straight_lengths", "3-9"), opts.get("ge_one", "hakka"), opts.get("unbeatable", "hakka"))
    return combo(a) in t.beaters[combo(b)]


# ---- 鬥牌: 各 and 順 comparisons (000, 鬥牌 2 and 3) ---------------------------------------------

def test_ge_compares_numbers_not_suits():
    assert beats("各八(貫索綫)", "各四(拾貫索)")  # 八貫八索八綫 > 四拾四貫四索


def test_four_cannot_beat_three_but_can_be_split():
    assert not beats("各八(拾貫索綫)", "各四(拾貫索)")
    assert beats("各八(拾貫索)", "各四(拾貫索)")  # 拆牌: a three out of the four


def test_ge_one_only_beaten_by_ge_nine_and_beats_nothing():
    assert beats("各九(拾貫索)", "各一(拾貫索)")
    assert not beats("各八(拾貫索)", "各一(拾貫索)")
    assert not beats("各一(拾貫索)", "各二(拾貫索)")


def test_ge_one_guangdong_ranks_below_nine():
    assert beats("各一(拾貫索)", "各八(拾貫索)", ge_one="guangdong")
    assert not beats("各一(拾貫索)", "各九(拾貫索)", ge_one="guangdong")


@pytest.mark.parametrize("hi, lo", [("九八七六貫", "五四三二貫"), ("五四三二貫", "八七六五綫"), ("八七六五綫", "四三二一綫"),
                                    ("七六五四三二一拾", "九八七六五四三索")])
def test_runs_compare_suit_first(hi, lo):
    assert beats(hi, lo)
    assert not beats(lo, hi)


def test_run_must_match_length():
    assert not beats("九八七拾", "六五四三索")


def test_straight_lengths_three_only_in_guangdong():
    t = play_table("3", "guangdong", "guangdong")
    assert all(p.size == 3 for p in t.legal_combos if p.kind == 2)


def test_singles_same_suit_only_and_unbeatables():
    t = play_table("3-9", "hakka", "hakka")
    nine_m, two_s = parse_card("九貫"), parse_card("二索")
    assert not t.higher[two_s] >> nine_m & 1  # 拾 does not beat 索, nor 貫
    for c in ("百子", "毛公", "雲綫"):
        assert t.higher[parse_card(c)] == 0


# ---- the must-beat rule and its discard (000, 鬥牌 worked example) ------------------------------

def discard_position(preset="hakka-hk", **opts):
    g = game(preset, **opts)
    deal = make_deal(4, {
        0: "二拾 二貫 二索",
        1: "六拾 五拾 四拾 四貫 四索 四綫 八綫 七綫 五綫 九拾 三貫 九索",
    })
    s = g.new_state(deal)
    act(s, "不報", "不報", "不報", "做", "各二(拾貫索)")
    assert s.current_player == 1
    return s


def test_discard_breaking_every_beater_is_legal():
    s = discard_position()
    act(s, "墊四貫", "墊四索", "墊五綫")
    assert s.current_player == 3


def test_discard_keeping_a_beater_is_illegal_and_changes_nothing():
    s = discard_position()
    act(s, "墊四索", "墊七綫")  # still completable (by 四貫, 四拾 or 四綫)
    before = s.view(1)
    with pytest.raises(IllegalAction) as e:
        s.apply("墊五綫")  # leaves 四拾四貫四綫, which beats 各二
    assert e.value.rule == "must-beat"
    assert s.view(1) == before


def test_strict_must_beat_forbids_discarding_when_able_to_beat():
    s = discard_position("huizhou")
    assert all(A.PLAY_BASE <= a < A.DISCARD_BASE for a in s.legal_actions())
    with pytest.raises(IllegalAction) as e:
        s.apply("墊四貫")
    assert e.value.rule == "must-beat"


# ---- the lead order and the privileged player (000, 先手出牌限制與特權玩家) ---------------------

PRIV_HAND = "九拾 七拾 四拾 一拾 八貫 四貫 八索 七索 六索 四索 三綫 一綫"


def privileged_position(bidder=1):
    """二家 bids holding the example hand; 頭家 leads 五拾, 二家 takes with 七拾, 三家 discards."""
    g = game()
    hands = {1: PRIV_HAND, 0: "五拾 六拾 九貫", 2: "八拾", 3: "二拾 三拾"}
    s = g.new_state(make_deal(4, hands))
    act(s, "不報", "不報", "不報")
    if bidder == 1:
        act(s, "唔做", "做")
    else:
        act(s, "做")
    act(s, "五拾", "七拾")
    _discard_any(s)
    assert s.current_player == 1 and s.tricks[-1]["winner"] == 1
    return s


def _discard_any(s):
    """The opponents 'only know how to discard' (假設對手一直都愚蠢得只識墊牌)."""
    while s.current_player is not None and s.current_player != 1:
        discards = [a for a in s.legal_actions() if a >= A.DISCARD_BASE]
        s.apply(discards[0])


def lead(s, text):
    s.apply(text)
    _discard_any(s)


def test_privileged_sequence_one_is_legal():
    s = privileged_position()
    for t in ("九拾", "四拾", "一綫", "一拾", "八貫"):
        lead(s, t)


def test_privileged_sequence_two_is_illegal():
    s = privileged_position()
    lead(s, "四拾")
    with pytest.raises(IllegalAction) as e:
        s.apply("八貫")  # 九拾 and 一拾 are still held: privilege only allows them early
    assert e.value.rule == "lead-order"


def test_privileged_sequence_three_is_legal():
    s = privileged_position()
    for t in ("八七六索", "四拾", "一拾", "九拾"):
        lead(s, t)


def test_without_privilege_the_old_nine_cannot_go_early():
    s = privileged_position()
    s.privileged = None  # the same hand led by a non-privileged player
    with pytest.raises(IllegalAction) as e:
        s.apply("九拾")
    assert e.value.rule == "lead-order"
    assert A.PLAY_BASE + parse_card("四拾") in s.legal_actions()


def test_combos_ignore_the_lead_order():
    # 000: with 九八七四貫 and 五貫 elsewhere, single 九貫 is illegal but 九八七貫 is legal.
    g = game(laosui="visible")
    s = g.new_state(make_deal(4, {0: "九貫 八貫 七貫 四貫 九索 八索 二索 三綫 二綫 六綫 五索 三索", 1: "五貫"}))
    act(s, "不報", "不報", "不報", "做")
    legal = s.legal_actions()
    assert A.PLAY_BASE + parse_card("四貫") in legal
    assert A.PLAY_BASE + parse_card("九貫") not in legal
    assert A.parse_action("九八七貫") in legal


def test_yun_xian_is_led_last():
    g = game()
    s = g.new_state(make_deal(4, {0: "雲綫 九綫 八綫 七綫 六綫 五綫 四綫 三綫 二綫 毛公 九索 八索"}))
    act(s, "不報", "不報", "不報", "做")
    assert A.PLAY_BASE + parse_card("雲綫") not in s.legal_actions()


# ---- 老歲 examples (000, 老歲牌) ------------------------------------------------------------------

def test_seven_becomes_old_once_eight_is_played():
    g = game(laosui="visible")
    s = g.new_state(make_deal(4, {0: "八綫 二拾", 1: "九綫 七綫", 3: "三拾"}))
    act(s, "不報", "不報", "不報", "做")
    assert not s.is_laosui(1, parse_card("七綫"))
    s.faceup |= mask_of(cards("八綫"))  # 其他人於上一輪已打了八綫
    s._version += 1
    assert s.is_laosui(1, parse_card("七綫"))


# ---- 食糊 (000, 勝出條件 worked example) --------------------------------------------------------

def test_declare_example_six_hu():
    """甲 has won 1 糊; holds 二拾 六貫 九綫 八綫 and 各七; 乙 leads 各五, 丙 discards, 甲 takes with 各七
    and declares 6 糊 with 九綫 and 八綫 as 老歲."""
    g = game("hakka-hk-3p", laosui="visible")
    jia, yi, bing = 0, 1, 2
    deal = make_deal(3, {
        jia: "二拾 六貫 九綫 八綫 七拾 七貫 七索",
        yi: "五拾 五貫 五索",
    })
    s = g.new_state(deal)
    act(s, "做")
    # shape the position: 甲 has already won one trick with a single and holds seven cards
    s.hands[jia] = mask_of(cards("二拾 六貫 九綫 八綫 七拾 七貫 七索"))
    s.hu[jia], s.won[jia] = 1, [parse_card("三拾")]
    s.to_act = yi
    s._version += 1
    act(s, "各五(拾貫索)")
    assert s.current_player == bing
    while s.current_player == bing:
        s.apply(next(a for a in s.legal_actions() if a >= A.DISCARD_BASE))
    act(s, "各七(拾貫索)")
    assert s.current_player == jia and s.hu[jia] == 4
    assert s.hu_count(jia) == 6
    assert A.DECLARE in s.legal_actions()
    s.apply("食糊")
    assert s.result.winner_hu == 6
    assert s.payments() == [2, -1, -1]


# ---- settlement (000, 結算; 001, 牌值) -----------------------------------------------------------

def test_points_table_doubling_and_12_gives_128():
    assert [points(n, "hakka") for n in range(6, 13)] == [1, 2, 4, 8, 16, 32, 128]


def test_points_variants():
    assert [points(n, "five_base") for n in (6, 7, 12)] == [2, 4, 128]
    assert points(12, "five_base", double_12=True) == 256
    assert [points(n, "huizhou") for n in range(6, 13)] == [1, 1, 2, 2, 3, 3, 4]
    assert points(12, "linear", reds=8) == 30 and points(7, "linear", reds=1) == 3


def test_baopei_worked_example():
    """二家 bids; the dummy holds 一索; 三家 wins with 各八 and 九綫 百子 雲綫 for 6 糊; dummy 7 糊:
    頭家 0, 二家 −6, 夢家 +4, 三家 +2."""
    g = game()
    used = mask_of(cards("八拾 八貫 八索 九綫 百子 雲綫"))
    st = settle_win(num_seats=4, active=[0, 1, 3], winner=3, hu=6, used_cards=used, match_cards=used,
                    dummy_seat=2, dummy_card=parse_card("一索"), privileged=1, rules=g.rules,
                    seat_names=["頭家", "二家", "夢家", "三家"])
    assert st.dummy_hu == 7
    assert st.payments == [0, -6, 4, 2]


def test_baopei_guangdong_double_to_winner():
    g = game("guangdong")
    used = mask_of(cards("八拾 八貫 八索 九綫 百子 雲綫"))
    st = settle_win(num_seats=4, active=[0, 1, 3], winner=3, hu=6, used_cards=used, match_cards=used,
                    dummy_seat=2, dummy_card=parse_card("一索"), privileged=1, rules=g.rules,
                    seat_names=["頭家", "二家", "夢家", "三家"])
    assert st.payments == [-2, -4, 4, 2]


def test_five_tigers_pays_winner_only():
    g = game()
    s = g.new_state(make_deal(4, {1: "雲綫 百子 一貫 一索 毛公"}))
    act(s, "不報")
    assert A.TIGERS in s.legal_actions()
    act(s, "五虎下山")
    assert s.outcome == "tigers" and s.payments() == [-4, 8, 0, -4]


def test_five_tigers_may_be_kept_quiet_and_others_cannot_claim_it():
    g = game()
    s = g.new_state(make_deal(4, {1: "雲綫 百子 一貫 一索 毛公"}))
    with pytest.raises(IllegalAction) as e:
        s.apply("五虎下山")
    assert e.value.rule == "five-tigers"
    act(s, "不報", "不報", "不報")
    assert s.phase == "bid"


def test_everyone_passes_void_deal():
    g = game()
    s = g.new_state(make_deal(4, {}))
    act(s, "不報", "不報", "不報", "唔做", "唔做", "唔做")
    assert s.outcome == "void" and s.payments() == [0, 0, 0, 0]
    assert g.dealer_shift(s) == 1


def test_strong_pass_forbidden_measure():
    """000 爭議: 百子, 毛公, 雲綫 and 五四三綫順 are six non-overlapping cards: 頭家 must bid."""
    g = game(strong_pass="forbidden")
    s = g.new_state(make_deal(4, {0: "百子 毛公 雲綫 五綫 四綫 三綫 二拾 三貫 六索 二索 七貫 四拾"}))
    act(s, "不報", "不報", "不報")
    assert s.strength_measure(0) >= 6
    with pytest.raises(IllegalAction) as e:
        s.apply("唔做")
    assert e.value.rule == "strong-pass"


def test_dealer_rotation_hakka_and_winner():
    g = game()
    s = g.new_state(make_deal(4, {}))
    act(s, "不報", "不報", "不報", "唔做", "做")
    s.outcome, s.winner = "win", 1
    assert g.dealer_shift(s) == 1
    gw = game("guangdong")
    s2 = gw.new_state(make_deal(4, {}))
    s2.outcome, s2.winner = "win", 3
    assert gw.dealer_shift(s2) == 3


def test_notation_round_trips_every_action():
    g = game()
    for a in range(g.action_space_size):
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            assert g.parse_action(g.format_action(a, lang)) == a, (a, lang)


def test_combo_table_sizes():
    assert len(PLAYS) == 194 and len(COMBO_BY_MASK) == 157


@pytest.mark.parametrize("preset", ["hakka-hk", "guangdong", "hakka-hk-3p"])
@pytest.mark.parametrize("mode", ["visible", "cascade", "deduce"])
def test_laosui_mask_agrees_with_per_card_status_and_explanation(preset, mode):
    import random

    g = game(preset, laosui=mode)
    for seed in range(4):
        s = g.start(seed=seed)
        rng = random.Random(seed)
        while s.current_player is not None:
            for p in g.active_seats():
                m = s.laosui_mask(p, s.hands[p])
                for c in range(37):
                    if s.hands[p] >> c & 1:
                        assert bool(m >> c & 1) == s.is_laosui(p, c)
                        text = s.explain_laosui(p, c)
                        assert ("is a boss card 老歲" in text) == bool(m >> c & 1), text
            s.apply(rng.choice(s.legal_actions()))


def test_cascade_promotes_after_face_up_play_only():
    g = game("guangdong")
    s = g.new_state(make_deal(4, {1: "八綫 毛公", 3: "九綫 七綫"}))
    assert s.is_laosui(1, parse_card("毛公")) and not s.is_laosui(1, parse_card("八綫"))
    s.faceup |= mask_of(cards("九綫"))
    s._version += 1
    assert s.is_laosui(1, parse_card("八綫"))


@pytest.mark.parametrize("scoring", ["hakka", "five_base", "huizhou", "linear"])
def test_five_tigers_value_6_is_6_points_per_loser_under_any_scoring(scoring):
    """five_tigers_value=6 is DS's "6 points per loser"; under the default scoring it paid 1."""
    g = game(five_tigers_value="6", scoring=scoring)
    s = g.new_state(make_deal(4, {1: "雲綫 百子 一貫 一索 毛公"}))
    act(s, "不報")
    act(s, "五虎下山")
    assert s.outcome == "tigers" and s.payments() == [-6, 12, 0, -6]
