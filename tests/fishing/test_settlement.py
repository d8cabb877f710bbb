"""Settlement methods against every worked example of seed 003."""

from yezi.games.fishing.settlement import M1, M2, M3, Plain, Standing, YuenLongElders


def pay(settlement, payer, payee):
    for p in settlement.pairs:
        if (p.payer, p.payee) == (payer, payee):
            return p.amount
    for p in settlement.pairs:
        if (p.payer, p.payee) == (payee, payer):
            return -p.amount
    raise AssertionError("no such pair")


A, B, C = 0, 1, 2


def test_m1_general_example_a900_b700_c600():
    """Seed 003: A 900, B 700, C 600: C pays A and B, B pays A; M1 adds 500 and rounds up."""
    s = M1().settle([Standing(900), Standing(700), Standing(600)])
    assert pay(s, B, A) == 200 + 500
    assert pay(s, C, A) == 300 + 500
    assert pay(s, C, B) == 100 + 500
    assert sum(s.payments) == 0


def test_m2_general_example_a900_b700_c600():
    s = M2().settle([Standing(900), Standing(700), Standing(600)])
    assert (pay(s, B, A), pay(s, C, A), pay(s, C, B)) == (200, 300, 100)


def test_m2_overmountain_example():
    """Seed 003: A 1110, B 700, C 400 → B pays A 2×(1110−700) = 820, C pays A 1420, C pays B 300."""
    s = M2().settle([Standing(1110), Standing(700), Standing(400)])
    assert pay(s, B, A) == 820
    assert pay(s, C, A) == 1420
    assert pay(s, C, B) == 300
    assert s.payments == [2240, -520, -1720]


def test_m1_overmountain_same_scores():
    """M1: a lone 過山 winner gets 2 × his score rounded up; B-C (neither 過山) still 300 + 500."""
    s = M1().settle([Standing(1110), Standing(700), Standing(400)])
    assert pay(s, B, A) == 2300  # 2 × 1110 = 2220 → 2300
    assert pay(s, C, A) == 2300
    assert pay(s, C, B) == 800
    assert "2 × 1110 = 2220" in s.pairs[0].arithmetic


def test_m1_jun_against_jun():
    """Seed 003 鈞頂鈞: A one 鈞, B two, C none, A highest: C pays A 100 more, B does not."""
    s = M1().settle([Standing(900, jun=1), Standing(800, jun=2), Standing(600, jun=0)])
    assert pay(s, B, A) == 100 + 500  # B's two 鈞 cancel A's one: no bonus
    assert pay(s, C, A) == 300 + 100 + 500
    assert pay(s, C, B) == 200 + 200 + 500
    # a winner with 三鈞 gets no 鈞 difference (already doubled)
    s = M1().settle([Standing(990, jun=3, three_jun=True), Standing(500)])
    assert pay(s, 1, 0) == 1000  # 490 + 500 = 990 → 1000 (with the 鈞 bonus it would be 1300)


def test_m1_rounds_up_only_the_amount():
    s = M1().settle([Standing(430), Standing(310)])
    assert pay(s, 1, 0) == 700  # 120 + 500 = 620 → 700
    s = M1().settle([Standing(400), Standing(400)])
    assert s.payments == [0, 0]


def test_m3_worked_example_three_di():
    """FC1: A 680 (two 鈞), B 660, C 550 (one 鈞), 3 底 → A wins 600 from B and C, B 400 from C."""
    s = M3(players=3, di=3).settle([Standing(680, jun=2), Standing(660), Standing(550, jun=1)])
    assert pay(s, B, A) == 600
    assert pay(s, C, A) == 600
    assert pay(s, C, B) == 400
    assert s.payments == [1200, -200, -1000]


def test_m3_overmountain_zeroes_the_loser_without_doubling_and_jun_still_counts():
    """FC1: 3 players 過山 at 700 (the fc1-group preset's overmountain_3p; the method itself has no
    second default); the opponent's fish count 0, no doubling; 鈞頭 in every case."""
    s = M3(players=3, di=1, overmountain=700).settle([Standing(750), Standing(400, jun=1), Standing(100)])
    assert pay(s, B, A) == 800  # 750 → 8, + 1 底 = 9, − 1 鈞 = 8
    assert pay(s, C, A) == 900
    assert pay(s, C, B) == 500  # 300 → 3 + 1 + 1 鈞
    two = M3(players=2, di=1).settle([Standing(750), Standing(400)])
    assert pay(two, 1, 0) == 500  # two players: 過山 is 1000, so 350 → 4 + 1


def test_m3_one_three_five():
    s = M3(players=3, di=1, jun_scale="1-3-5").settle([Standing(500, jun=2), Standing(400, jun=0)])
    assert pay(s, 1, 0) == 100 * (1 + 1 + 3)


def test_yuen_long_elders_have_no_jun_bonus():
    s = YuenLongElders().settle([Standing(900, jun=2), Standing(600, jun=0)])
    assert pay(s, 1, 0) == 800


def test_plain():
    s = Plain().settle([Standing(34), Standing(70), Standing(10)])
    assert s.payments == [-12, 96, -84]
