"""`yezi play|simulate|rules|replay` for the three domino games, as a new user runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import yezi

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game,preset,word", [
    ("jielong", "navpil", "結算"), ("tseding", "wikipedia", "結算"), ("dingniu", "wikipedia", "結算"),
])
def test_play_a_deal_typing_numbers_and_junk(game, preset, word):
    out = yezi("play", game, "--preset", preset, "--seed", "4", "--deals", "1",
               stdin="nonsense\nwhy\nunseen\nhint\n" + "1\n" * 40)
    assert "看不懂「nonsense」這一招；現在可以：" in out and word in out


def test_play_in_english_with_ascii_moves():
    out = yezi("play", "dingniu", "--seed", "2", "--deals", "1", "--lang", "en", "--notation", "ascii",
               stdin="P11>\n" + "1\n" * 40)
    assert "Settlement" in out and ("P" in out or "L" in out)
    # the end of the deal explains every payment (issue 12)
    assert "the lowest wins and the losers pay 1, 2 and 3" in out and " pays " in out


@pytest.mark.parametrize("game,line", [
    ("jielong", "點數是扣牌的點數"), ("tseding", "點數是扣牌的點數"), ("dingniu", "點數是手中剩餘加扣牌的點數"),
])
def test_play_explains_each_payment_at_the_end(game, line):
    out = yezi("play", game, "--seed", "5", "--deals", "1", stdin="1\n" * 40)
    assert line in out and "付" in out


@pytest.mark.parametrize("game,ids", [
    ("jielong", ["V-J1"]), ("tseding", ["V-S1", "V-S2", "V-S3"]), ("dingniu", ["V-D1", "V-D2", "V-D3"]),
])
def test_rules_show_variant_ids_and_sources(game, ids):
    out = yezi("rules", game)
    for vid in ids:
        assert vid in out
    assert "source:" in out and "[S4]" in out


def test_simulate_and_replay():
    out = yezi("simulate", "tseding", "-n", "30", "--quiet")
    assert "mean payment" in out
    golden = ROOT / "tests" / "dominoes" / "golden" / "dingniu-recommended.txt"
    out = yezi("replay", str(golden), "--lang", "en")
    assert "Settlement" in out


def test_why_breaks_the_tseding_settlement_into_pairs():
    import random
    import re

    from yezi.core.playout import random_playout
    from yezi.core.registry import load_game
    from yezi.games.dominoes.text import why

    game = load_game("tseding", None, {"discard": "always"})
    names = [game.seat_name(s, "en") for s in range(4)]
    multipliers = set()
    for seed in range(40):
        st = game.start(seed=seed)
        random_playout(st, random.Random(seed))
        net = [0] * 4
        text = why(game, st.view(0), "", "en")
        for a, b, x, m in re.findall(r"(\w+) pays (\w+) (\d+) \(\(\d+ − \d+\) × (\d)", text):
            net[names.index(a)] -= int(x)
            net[names.index(b)] += int(x)
            multipliers.add(int(m))
        assert net == st.payments()
    assert {1, 2} <= multipliers
