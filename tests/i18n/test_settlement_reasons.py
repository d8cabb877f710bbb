"""Issue 21: a settlement says the rule that decided it, in words a player reads, in all three languages.

打天九 never said why a seat was paid (the last trick decides; each other player pays 4 − his tricks); 牌九
wrote "back 9 points > 9 points → +0" without the tie-break; 斜釘 wrote "(16 − 13) × 1: none vs none" with
"tags" and 通牌 unexplained; Ma Diao's 免鬭 showed "+ pool: Banker −8 … pool 0 → 32" under a "net" of 0.
And a count meets its noun in the right form ("1 trick", never "1 tricks", "trick(s)" or "0tricks")."""

from __future__ import annotations

import random
import re

from yezi.core.registry import load_game

LANGS = ("zh-hant", "zh-hans", "en")
BAD_PLURAL = re.compile(r"\(s\)|\b1 (cards|tricks|tiles|units)\b|\d(tricks|cards)\b")


def _played(game, seed: int, pick=None):
    st = game.start(seed=seed)
    rng = random.Random(seed)
    while st.current_player is not None:
        legal = st.legal_actions()
        st.apply(pick(legal, rng) if pick else rng.choice(legal))
    return st


def test_tiengow_names_the_last_trick_and_the_rule_and_counts_its_tricks():
    from yezi.games.tiengow.text import render, settlement_lines

    game = load_game("tiengow")
    one = None
    for seed in range(200):  # a deal where some payer took exactly one trick (about one deal in three)
        st = _played(game, seed)
        r = st.view(None)["result"]
        if any(ln["why"] == "tricks" and ln["tricks"] == 1 for ln in r["lines"]):
            one = st
            break
    assert one is not None
    view = one.view(None)
    winner = view["result"]["winner"]
    for lang in LANGS:
        lines = settlement_lines(game, view, lang)
        rule = lines[0]
        assert game.seat_name(winner, lang) in rule and ("結牌" in rule or "结牌" in rule), rule
        assert ("4 − " in rule), rule  # the 4 − tricks rule of the default (Hong Kong) rules
        text = "\n".join(lines) + "\n" + render(game, view, lang)
        assert not BAD_PLURAL.search(text), BAD_PLURAL.search(text)
    en = "\n".join(settlement_lines(game, view, "en"))
    assert "1 trick: 4 − 1" in en


def test_paigow_says_how_equal_points_were_decided():
    from yezi.games.paigow.text import settlement_lines

    game = load_game("paigow")
    for seed in range(300):  # a comparison of two hands of the same points (about one deal in four)
        view = _played(game, seed).view(None)
        r = view["result"]
        if any(r["names"][s]["en"][i] == r["names"][0]["en"][i]
               for s in range(1, view["seats"]) for i in range(len(r["outcomes"][s]))):
            break
    else:
        raise AssertionError("no tie in 300 deals")
    words = {"en": ("higher single tile", "banker wins ties"), "zh-hant": ("比單張大牌", "莊家贏"),
             "zh-hans": ("比单张大牌", "庄家赢")}
    for lang in LANGS:
        lines = settlement_lines(game, view, lang)
        assert any(w in " ".join(lines[1:]) for w in words[lang]), lines
        # and how two hands against the banker's make a payment (both won, both lost, one each)
        assert lines[0].count("0") >= 1 and len(lines) == view["seats"], lines


def test_tseding_glosses_its_tags():
    from yezi.games.dominoes.text import settlement_lines

    game = load_game("tseding")
    view = _played(game, 3).view(0)
    en = "\n".join(settlement_lines(game, view, "en"))
    assert "none vs none" not in en and " vs " not in en and "tags" not in en, en
    first = en.index("通牌")  # glossed where it is first met: "all his tiles placed (通牌)"
    assert en[first - 8:first] == "placed (", en[:first + 4]
    assert "ordinary finish" in en


def test_madiao_no_contest_table_and_explanation_agree():
    from yezi.games.madiao.text import explain

    game = load_game("madiao")
    for seed in range(400):
        st = _played(game, seed, lambda legal, rng: 100 if 100 in legal else rng.choice(legal))
        if st.end_reason == "mian" and st.pool_change():
            break
    else:
        raise AssertionError("no 免鬭 in 400 deals")
    view = st.view(None)
    lines = explain(game, view, "en").splitlines()
    between = next(ln for ln in lines if ln.startswith("between the players"))
    with_pool = next(ln for ln in lines if ln.startswith("with the pool"))
    assert all(f"{game.seat_name(s, 'en')} {p:+}".replace("+0", "0") in between for s, p in enumerate(st.payments()))
    assert all(f"{game.seat_name(s, 'en')} {p}" in with_pool for s, p in enumerate(st.net()))
    assert sum(st.net()) + st.pool_change() == 0


def test_shiwuhu_units_take_their_plural():
    from yezi.games.shiwuhu.text import settlement_lines

    game = load_game("shiwuhu")
    for seed in range(100):  # a deal declared for one unit (one deal in six of random play)
        view = _played(game, seed).view(None)
        if (view.get("result") or {}).get("units") == 1:
            break
    else:
        raise AssertionError("no one-unit deal")
    for lang in LANGS:
        text = "\n".join(settlement_lines(game, view, lang))
        assert not BAD_PLURAL.search(text), text
    assert settlement_lines(game, view, "en")[0].endswith(": 1 unit")
