"""Every worked example of the sources (docs/paigow.md, "Worked examples") as a test."""

from __future__ import annotations

import pytest

from yezi.components import tiengow as tg
from yezi.core.registry import load_game
from yezi.games.paigow.actions import SET_CODE
from yezi.games.paigow.hands import HandRules, hand_key, hand_name, points

HR = HandRules()


def deal_with(game, hands: list[list[int]], dice: list[int]) -> dict:
    """A deal whose stacks give `hands[s]` to seat s under these dice; the rest of the set fills the pile."""
    first = game.first_seat(dice)
    pool = list(game.set_counts)
    stacks: dict[int, list[int]] = {}
    for s, h in enumerate(hands):
        stacks[game.stack_of(s, first)] = list(h)
        for k in h:
            pool[k] -= 1
    assert min(pool) >= 0
    rest = tg.expand(pool)
    pile: list[int] = []
    for i in range(32 // game.tiles):
        pile += stacks[i] if i in stacks else [rest.pop() for _ in range(game.tiles)]
    return {"dice": dice, "woodpile": pile}


def test_navpil_modulo_ten():
    """[NP-GG]: [6:5] counts 1 point; [3:3][5:4] count 5 points."""
    assert tg.PIPS[tg.HATCHET] % 10 == 1
    assert points(tg.LONG_THREE, tg.RED_NINE) == 5
    assert hand_name(tg.LONG_THREE, tg.RED_NINE, HR, "zh-hant") == "五點"


def test_navpil_only_the_highest_tile_counts():
    """[NP-PG]: [6:5][5:1] and [6:5][4:2] are both 7 with highest tile [6:5]: a technical tie, the banker's."""
    a = hand_key(tg.HATCHET, tg.MALLET_SIX, HR)
    b = hand_key(tg.HATCHET, tg.BIG_SIX, HR)
    assert points(tg.HATCHET, tg.MALLET_SIX) == points(tg.HATCHET, tg.BIG_SIX) == 7
    assert a == b
    # played out: the player holding either loses to the banker holding the other
    game = load_game("paigow", "xiaopaijiu", {"players": 2})
    deal = deal_with(game, [[tg.HATCHET, tg.BIG_SIX], [tg.HATCHET, tg.MALLET_SIX]], [1, 1])
    st = game.new_state(deal)
    st.apply("open")
    st.apply("open")
    assert st.payments() == [1, -1]


def test_navpil_wong_and_kong():
    """[NP-PG]: Wong (天/地 + nine) above Kong (天/地 + eight, [4:4] included), 天 above 地; both below
    the pairs and above nine points."""
    heaven_king = hand_key(tg.HEAVEN, tg.BLACK_NINE, HR)
    assert heaven_king == hand_key(tg.HEAVEN, tg.RED_NINE, HR)
    earth_king = hand_key(tg.EARTH, tg.RED_NINE, HR)
    heaven_gong = hand_key(tg.HEAVEN, tg.MAN, HR)
    assert heaven_gong == hand_key(tg.HEAVEN, tg.FLAT_EIGHT, HR) == hand_key(tg.HEAVEN, tg.BENT_EIGHT, HR)
    earth_gong = hand_key(tg.EARTH, tg.MAN, HR)
    nine_points = hand_key(tg.RED_TEN, tg.BLACK_NINE, HR)
    lowest_pair = hand_key(tg.RED_FIVE, tg.BLACK_FIVE, HR)
    assert lowest_pair > heaven_king > earth_king > heaven_gong > earth_gong > nine_points
    assert hand_name(tg.HEAVEN, tg.MAN, HR, "zh-hant") == "天槓"
    assert hand_name(tg.EARTH, tg.BLACK_NINE, HR, "zh-hans") == "地王"


def test_pairs_in_order_and_supreme_on_top():
    """[NP-PG], [WP-PG]: 至尊, then the 11 civil pairs in Tien Gow order, then 雜九, 雜八, 雜七, 雜五."""
    keys = [hand_key(tg.BIG_SIX, tg.LITTLE_THREE, HR)]
    keys += [hand_key(k, k, HR) for k in tg.CIVIL]
    keys += [hand_key(*tg.ZA_PAIRS[n], HR) for n in ("雜九", "雜八", "雜七", "雜五")]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == 16


def test_wikipedia_man_with_an_eight_is_no_pair():
    """[WP-PG]: 人 [4:4] with a [5:3] is not a pair though both have eight pips: it is 6 points."""
    k = hand_key(tg.MAN, tg.BENT_EIGHT, HR)
    assert k < hand_key(tg.RED_FIVE, tg.BLACK_FIVE, HR)
    assert points(tg.MAN, tg.BENT_EIGHT) == 6


def test_gee_joon_tiles_count_three_or_six():
    """[NP-GG], [WP-PG]: a lone [4:2] or [2:1] counts 3 or 6, whichever is better; not in the Korean way."""
    assert points(tg.BIG_SIX, tg.HATCHET) == 7  # 6 + 11 = 17 beats 3 + 11 = 14
    assert points(tg.LITTLE_THREE, tg.RED_TEN) == 6  # 6 + 10 beats 3 + 10
    assert points(tg.LITTLE_THREE, tg.RED_TEN, wild=False) == 3


@pytest.mark.parametrize("zero_ties,expected", [("high-tile", [-1, 1]), ("banker", [1, -1])])
def test_casino_zero_zero_goes_to_the_banker(zero_ties, expected):
    """[CAS]: every 0-0 tie is the banker's; [NP-PG] has no such exception (the higher tile wins)."""
    game = load_game("paigow", "xiaopaijiu", {"players": 2, "zero_ties": zero_ties})
    banker = [tg.BENCH, tg.LONG_THREE]  # 4 + 6 = 0 points, highest 長三
    player = [tg.PLUM, tg.RED_TEN]  # 10 + 10 = 0 points, highest 梅花
    st = game.new_state(deal_with(game, [banker, player], [2, 3]))
    st.apply("開牌")
    st.apply("開牌")
    assert st.payments() == expected


def test_supreme_tiles_lowest_as_singles_in_the_casino():
    """[CAS], [PG-PG]: the Gee Joon tiles are the lowest single tiles; in Tien Gow order [4:2] is above the fives."""
    a = (tg.BIG_SIX, tg.RED_FIVE)  # 8 points either way of counting
    b = (tg.BLACK_FIVE, tg.LITTLE_THREE)  # 8 points
    tiengow = HandRules()
    casino = HandRules(supreme_lowest=True)
    assert hand_key(*a, tiengow) > hand_key(*b, tiengow)
    assert hand_key(*a, casino) == hand_key(*b, casino)


def test_split_pushes_and_both_decide():
    """[NP-PG], [WP-PG], [ZH-SUM]: both hands won = win the stake, both lost = lose it, one each = push."""
    game = load_game("paigow", "dapaijiu", {"players": 2})
    banker = [tg.HEAVEN, tg.HEAVEN, tg.LITTLE_THREE, tg.RED_SEVEN]  # 雙天 | 三丁+紅七 (3 or 6 + 7 → 3)
    player = [tg.EARTH, tg.EARTH, tg.RED_TEN, tg.BLACK_NINE]  # 雙地 | 紅頭十+黑九 = 9
    st = game.new_state(deal_with(game, [banker, player], [1, 2]))
    st.apply(SET_CODE[(tg.RED_TEN, tg.BLACK_NINE)])
    st.apply(SET_CODE[(tg.RED_SEVEN, tg.LITTLE_THREE)])
    assert st.view(None)["result"]["outcomes"][1] == [True, False]
    assert st.payments() == [0, 0]


def test_tie_break_none_gives_equal_points_to_the_banker():
    """V-PG2 `none`: equal points go to the banker whatever the tiles (同點莊贏)."""
    hr = HandRules(tie_break=False)
    assert hand_key(tg.HEAVEN, tg.HATCHET, hr) == hand_key(tg.BENCH, tg.BLACK_NINE, hr)  # 3 points each


@pytest.mark.parametrize("dice,players,count_from,first", [
    ([3, 3, 3], 8, "banker", 0),  # [CAS]: the banker is counted 1, 9, 17
    ([6, 6, 5], 8, "banker", 0),
    ([1, 1, 1], 8, "banker", 2),
    ([2, 3], 4, "right", 1),  # [CU-KTS]: counted from the thrower's right: 1 2 3 banker, then 1 again
    ([2, 2], 4, "right", 0),
])
def test_dice_name_the_first_stack(dice, players, count_from, first):
    game = load_game("paigow", "dapaijiu", {"players": players, "dice": len(dice), "count_from": count_from})
    assert game.first_seat(dice) == first
    deal = game.deal_from_seed(5)
    deal["dice"] = dice
    hands = game.hands_of(deal)
    assert list(hands[first]) == sorted(deal["woodpile"][:4])
    assert list(hands[(first + 1) % players]) == sorted(deal["woodpile"][4:8])


def wenzhou() -> HandRules:
    return HandRules.from_rules(load_game("paigow", "wenzhou").rules)


def test_wenzhou_order_heavens_and_earths_above_the_supreme():
    """[WZ] 雙天 > 雙地 > 至尊 > 雙人: the Supreme pair is third; elsewhere it is first."""
    WZ = wenzhou()
    heavens, earths, men = (hand_key(k, k, WZ) for k in (tg.HEAVEN, tg.EARTH, tg.MAN))
    supreme = hand_key(tg.BIG_SIX, tg.LITTLE_THREE, WZ)
    assert heavens > earths > supreme > men
    assert hand_key(tg.BIG_SIX, tg.LITTLE_THREE, HR) > hand_key(tg.HEAVEN, tg.HEAVEN, HR)
    assert hand_name(tg.HEAVEN, tg.HEAVEN, WZ, "zh-hant") == "雙天"
    assert hand_name(tg.EARTH, tg.EARTH, WZ, "en") == "pair of Earths"
    assert hand_name(tg.LITTLE_THREE, tg.BIG_SIX, WZ, "zh-hans") == "至尊"
    for preset, paid in (("wenzhou", [1, -1]), ("dapaijiu", [-1, 1])):  # the banker's 雙地 against 至尊, played out
        game = load_game("paigow", preset, {"tiles": 2, "players": 2})
        st = game.new_state(deal_with(game, [[tg.EARTH, tg.EARTH], [tg.BIG_SIX, tg.LITTLE_THREE]], [1, 1]))
        st.apply("open")
        st.apply("open")
        assert st.payments() == paid, preset


def test_wenzhou_has_no_earth_king_and_names_the_high_nines():
    """[WZ] no 地王 (地 + a nine is one point); 天高九 and 地高九 (天 / 地 with a seven) are named, above every
    other nine and below 地槓; the 至尊 tiles count their own pips."""
    WZ = wenzhou()
    assert hand_name(tg.EARTH, tg.RED_NINE, WZ, "zh-hant") == "一點"
    assert hand_key(tg.EARTH, tg.RED_NINE, WZ) < hand_key(tg.HEAVEN, tg.BLACK_NINE, WZ)
    heaven_high, earth_high = hand_key(tg.HEAVEN, tg.RED_SEVEN, WZ), hand_key(tg.EARTH, tg.LONG_SEVEN, WZ)
    assert hand_key(tg.EARTH, tg.MAN, WZ) > heaven_high > earth_high
    assert earth_high > hand_key(tg.RED_TEN, tg.BLACK_NINE, WZ)  # another nine
    assert [hand_name(tg.HEAVEN, tg.BLACK_SEVEN, WZ, lg) for lg in ("zh-hant", "zh-hans", "en")] == [
        "天高九", "天高九", "Heaven High Nine"]
    assert hand_name(tg.EARTH, tg.RED_SEVEN, WZ, "zh-hant") == "地高九"
    assert hand_name(tg.HEAVEN, tg.RED_SEVEN, HR, "zh-hant") == "九點"  # unnamed in the other presets
    assert points(tg.BIG_SIX, tg.PLUM, WZ.wild) == 6  # [4:2] is 6 only: 6 + 10


def test_wenzhou_every_zero_tie_goes_to_the_banker():
    """[WZ], [CAS], [NP-J]: a 0–0 goes to the banker whatever the tiles (under dapaijiu the higher tile wins)."""
    WZ = wenzhou()
    plum_ten, bench_three = (tg.PLUM, tg.RED_TEN), (tg.BENCH, tg.LONG_THREE)  # 10 + 10 and 4 + 6: zero points
    assert points(*plum_ten) == points(*bench_three) == 0
    assert hand_key(*plum_ten, WZ) == hand_key(*bench_three, WZ)  # equal keys: the banker's
    assert hand_key(*plum_ten, HR) > hand_key(*bench_three, HR)
    game = load_game("paigow", "wenzhou", {"tiles": 2, "players": 2})
    st = game.new_state(deal_with(game, [list(bench_three), list(plum_ten)], [1, 1]))
    st.apply("open")
    st.apply("open")
    assert st.payments() == [1, -1]  # the banker (seat 0) holds the lower zero and still wins
