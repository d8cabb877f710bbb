"""`yezi settle lukfu`: the worked example of seed 000 (結算), every preset against the engine's own
payments for random deals, input errors (exit status 2, one line), three languages."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from tests.cli_helpers import run_settle as run
from tests.cli_helpers import settle_totals as totals
from yezi.components.lukfu_deck import cards_of, name
from yezi.core.playout import random_playout
from yezi.core.registry import load_game
from yezi.games.lukfu.plays import PLAYS

EXAMPLE = "bid: 二家\nwinner: 三家\ncards: 八拾 八貫 八索 九綫 百子 雲綫\ndummy: 一索\n"


def test_worked_example_baopei():
    """Seed 000 (S0 SW 結算): 二家 bids; the dummy holds 一索; 三家 wins with 各八 and 九綫 百子 雲綫
    for 6 糊; the dummy's 百子 and 雲綫 give it 7 糊: 頭家 0, 二家 −6, 夢家 +4, 三家 +2."""
    rc, out = run(["lukfu"], EXAMPLE)
    assert rc == 0 and totals(out) == [0, -6, 4, 2]
    assert "三家食6糊" in out and "5 + 2 = 7糊" in out and "二家賠夢家 4分（包賠夢家）" in out
    rc, out = run(["lukfu", "--lang", "en"], EXAMPLE.replace("二家", "Second").replace("三家", "Third"))
    assert rc == 0 and "Second pays Dummy 4 (paying for the others 包賠, to the dummy)" in out
    rc, out = run(["lukfu", "--lang", "zh-hans"], EXAMPLE)
    assert "二家赔梦家 4分（包赔梦家）" in out and "合计" in out
    # S1 包輸 (guangdong): the winner is paid double by the bidder; the dummy matches the hand
    rc, out = run(["lukfu", "--preset", "guangdong"], EXAMPLE + "hand: 九綫 百子 雲綫\n")
    assert rc == 0 and totals(out) == [-2, -4, 4, 2]
    # -o overrides a preset's option like `yezi play`
    rc, out = run(["lukfu", "-o", "baopei=double_winner"], EXAMPLE)
    assert totals(out) == [-2, -4, 4, 2]


def test_hu_alone_void_draw_tigers():
    rc, out = run(["lukfu", "--preset", "hakka-hk-3p"], "bid: 頭家\nwinner: 二家\nhu: 8\n")
    assert rc == 0 and totals(out) == [-4, 8, -4]  # 2^(8-6) from each loser
    rc, out = run(["lukfu", "--lang", "en"], "bid: none\n")
    assert rc == 0 and "void" in out and totals(out) == [0, 0, 0, 0]
    rc, out = run(["lukfu", "--lang", "en"], "bid: Lead\nwinner: none\n")
    assert rc == 0 and "draw" in out
    rc, out = run(["lukfu"], "tigers: 三家\n")
    assert rc == 0 and totals(out) == [-4, -4, 0, 8] and "五虎下山" in out


@pytest.mark.parametrize("preset", ["hakka-hk", "hakka-hk-3p", "guangdong", "huizhou", "sung-1996"])
def test_calculator_pays_what_the_engine_pays(preset):
    """Random engine deals of every preset: the facts the table sees at the end (who bid, the
    winner's won cards and shown 老歲, his hand, the dummy's card) settle exactly as the engine did."""
    game = load_game("lukfu", preset)
    wins = 0
    for seed in range(400):
        st = game.start(seed=seed)
        random_playout(st, random.Random(seed))
        if st.outcome == "win":
            won = [c for pid in st.won[st.winner] for c in cards_of(PLAYS[pid].mask)]
            used = won + list(st.revealed["laosui"])
            text = (f"bid: {st.bidder}\nwinner: {st.winner}\ncards: {' '.join(name(c, 'ascii') for c in used)}\n"
                    f"hand: {' '.join(name(c, 'ascii') for c in cards_of(st.hands[st.winner]))}\n")
            if st.dummy is not None:
                text += f"dummy: {name(st.revealed['dummy'], 'ascii')}\n"
            wins += 1
        elif st.outcome == "tigers":
            text = f"tigers: {st.winner}\n"
        else:
            text = f"bid: {st.bidder if st.bidder is not None else 'none'}\n"
        rc, out = run(["lukfu", "--preset", preset, "--lang", "en"], text)
        assert rc == 0, out
        assert totals(out) == st.payments(), (seed, text, out)
        if wins >= 12:
            break
    assert wins >= 12


def cli(*args, text=""):
    return subprocess.run([sys.executable, "-m", "yezi.cli.main", "settle", "lukfu", *args], input=text,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("text,args,expect", [
    ("bid: 二家\nwinner: 三家\ncards: 八拾 皇帝\ndummy: 一索\n", [], "'皇帝'"),
    ("bid: 二家\nwinner: 夢家\nhu: 7\ndummy: 一索\n", [], "the dummy does not declare"),
    ("bid: none\nwinner: 三家\n", [], "void"),
    ("bid: 二家\nwinner: 三家\nhu: 5\ndummy: 一索\n", [], "at least 6"),
    ("bid: 二家\nwinner: 三家\nhu: seven\ndummy: 一索\n", [], "whole number"),
    ("bid: 二家\nwinner: 三家\ncards: 八拾 八拾 八索 九綫 百子 雲綫\ndummy: 一索\n", [], "named twice"),
    ("bid: 二家\nwinner: 三家\nhu: 7\ncards: 八拾 八貫 八索 九綫 百子 雲綫\ndummy: 一索\n", [], "hu 7 but 6"),
    ("bid: 二家\nwinner: 三家\nhu: 7\n", [], "dummy's card"),
    ("bid: 二家\nwinner: 三家\nhu: 7\ndummy: 一索\n", [], "give them"),
    ("bid: 二家\nwinner: 三家\nhu: 7\n", ["--preset", "hakka-hk-3p", "-o", "scoring=linear"], "red cards"),
    ("bid: 二家\nwinner: 三家\nhu: 7\ndummy: 一索\n", ["--preset", "hakka-hk-3p"], "no dummy"),
    ("bid: 二家\nwinner: 二家\ncards: 八拾 八貫 八索 九綫 百子 雲綫\n", ["--preset", "hakka-hk-3p"], "not in the 36"),
    ("winner 三家\n", [], "key: value"),
    ("bid: 二家\nbid: 三家\n", [], "given twice"),
    ("tigers: 二家\n", ["--preset", "hakka-hk-3p"], "five_tigers is off"),
    ("bid: 二家\n", ["-o", "scoring=nonsense"], "nonsense"),
])
def test_errors_are_one_line_with_status_2(text, args, expect):
    r = cli(*args, "--lang", "en", text=text)  # the English messages (the default --lang words them in 繁體)
    assert r.returncode == 2, r.stdout
    assert expect in r.stderr and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_help_describes_the_input_with_an_example():
    r = cli("--help")
    assert r.returncode == 0 and "example" in r.stdout and "dummy" in r.stdout and "--preset" in r.stdout
    r = cli("--lang", "en", text=EXAMPLE)
    assert r.returncode == 0 and "Totals: Dealer +0, Second -6, Dummy +4, Third +2" in r.stdout
