"""Every payment a guide or a lesson states, in every game and language, is the engine's settlement of
the deal it names ({pays:EXAMPLE a b c …}); a payment rule named in words (包賠, 包庄) is shown on such
a deal; and the check catches the rule the Luk Fu guide once taught wrongly (a 頭家 who bids and loses
paying for everybody, where seed 000 says 頭家做牌並無額外權責…不算特權玩家)."""

from __future__ import annotations

import pytest

from yezi.core.registry import GAMES
from yezi.guides.claims import engine_payments, text_problems
from yezi.guides.markup import parse_inline
from yezi.learn.claims import claims, problems


@pytest.mark.parametrize("game", GAMES)
def test_every_stated_payment_is_the_engines(game):
    assert problems(game) == []


def test_luk_fu_states_who_pays_for_a_losing_bidder_in_every_language():
    stated = {(c.example, c.amounts) for c in claims("lukfu")}
    # the lead bids and loses: he pays his own share, as the second player does (no 包賠)
    assert ("lead-bids-loses", (-3, -3, 4, 2)) in stated
    assert engine_payments("lukfu", "lead-bids-loses") == (-3, -3, 4, 2)
    # the second player bids and loses: he pays for the third player too (包賠)
    assert ("declare-baopei", (2, -2, 0, 0)) in stated
    wheres = {c.where.split(" (")[0] for c in claims("lukfu") if c.example == "lead-bids-loses"}
    assert {"yezi/guides/lukfu/en.md", "yezi/guides/lukfu/zh-hant.md", "yezi/guides/lukfu/zh-hans.md"} <= wheres
    assert any("lesson bidding" in w for w in wheres)


@pytest.mark.parametrize("text", [
    # the guide's and lesson 2's old sentences: 包賠 taught in words, on no deal
    "The first who bids takes a risk: if he does not win, he pays for everybody ([[包賠]]).",
    "The first to bid takes a risk: if someone else wins, he pays for everybody ([[包賠]]).",
    "第一個說做的人承擔風險：他若輸了，要替所有輸家付錢，叫[[包賠]]。",
    "先说做的人要担风险：若别人食糊，他要[[包赔]]。",
    # the same rule as a claim on the deal where the lead bids and loses: the engine says otherwise
    "The lead who bids and loses pays for everybody {pays:lead-bids-loses -6 0 +4 +2}.",
])
def test_the_old_baopei_statement_is_caught(text):
    assert text_problems("lukfu", "test", parse_inline(text)) != []


def test_a_claim_naming_no_example_is_caught():
    assert text_problems("lukfu", "test", parse_inline("{pays:no-such-deal 1 -1 0 0}")) != []
