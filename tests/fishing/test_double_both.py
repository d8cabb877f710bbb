"""Option `double_both` (M2): when both players of a pair are 過山, is their difference doubled?"""

from yezi.games.fishing.settlement import M2, Standing


def _pair(settlement, payer, payee):
    return next(p.amount for p in settlement.pairs if (p.payer, p.payee) == (payer, payee))


def test_m2_double_both():
    scores = [Standing(1200), Standing(1050), Standing(400)]
    plain = M2(double_both=False).settle(scores)
    both = M2(double_both=True).settle(scores)
    assert _pair(plain, 1, 0) == 150  # both 過山: the plain difference (rules-notes A-6 default)
    assert _pair(both, 1, 0) == 300  # doubled
    assert _pair(plain, 2, 0) == _pair(both, 2, 0) == 1600  # a lone 過山 doubles either way
