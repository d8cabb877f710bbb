"""`yezi settle jielong|tseding|dingniu`: the hand-worked examples, the engine's own payments for
random deals, input errors (exit status 2, one line), the explanation in three languages."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from tests.cli_helpers import run_settle as run
from tests.cli_helpers import settle_totals as totals
from yezi.components import tiengow as tg
from yezi.core.playout import random_playout
from yezi.core.registry import load_game


def dice(kinds) -> str:
    return " ".join(tg.KINDS[k].dice for k in kinds) or "-"


def test_jielong_by_hand():
    # face-down pips 5, 12, 0, 20 (test_settle.py's example): [17, −11, 37, −43]
    rc, out = run(["jielong", "--lang", "en"], "A: 3-2\nB: 6-6\nC: -\nD: 6-6 4-4\n")
    assert rc == 0, out
    assert totals(out) == [17, -11, 37, -43]
    assert "B pays A 7 (12 − 5)" in out and "D pays C 20 (20 − 0)" in out


def test_tseding_multipliers_by_hand():
    # scores 0, 10, 52, 12; tags 通牌 (the dealer put nothing down), none, 尾八 (a non-dealer placed
    # nothing: all eight down), none. Pairs: (A,B) ×2 B→A 20; (A,C) ×4 C→A 208; (A,D) ×2 D→A 24;
    # (B,C) ×2 C→B 84; (B,D) ×1 D→B 2; (C,D) ×2 C→D 80 — A +252, B +66, C −372, D +54.
    lines = "A: -\nB: 5-5\nC: 1-1 2-2 3-3 4-4 1-3 5-6 4-6 1-6\nD: 6-6\n"
    rc, out = run(["tseding", "--lang", "en", "-o", "lone_pass_double=yes"], lines)
    assert rc == 0, out
    assert totals(out) == [252, 66, -372, 54]
    assert "C pays A 208 ((52 − 0) × 4: penalty head-seven 頭七 or tail-eight 尾八 against all placed (通牌))" in out
    # issue 21: "(12 − 10) × 1: none vs none" said nothing to a player; the tags are named in plain words
    assert "D pays B 2 ((12 − 10) × 1: both ordinary finishes)" in out
    assert " none" not in out and "tags" not in out
    rc, out = run(["tseding", "--lang", "zh-hant", "-o", "lone_pass_double=no"], lines)
    assert totals(out) == [252 - 10 - 12, 66 + 10, -372, 54 + 12] and "通牌對無×1" in out


def test_dingniu_by_hand_plain_success_and_baozhuang():
    # scores 10, 4, 20, 15 (test_settle.py): winner seat 1; payments [−1, 6, −3, −2]
    lines = "莊家: 5-5\n二家: | 2-2\n三家: 6-6 | 4-4\n四家: 6-5 | 3-1\n"
    rc, out = run(["dingniu", "--lang", "en"], lines)
    assert rc == 0 and totals(out) == [-1, 6, -3, -2]
    assert "莊家 (third loser 小庄, 10) pays 二家 1" in out
    rc, out = run(["dingniu", "--lang", "en"], lines.replace("| 2-2", "| 2-2 算帳"))
    assert totals(out) == [-2, 12, -6, -4] and "deliberate block 算帳 and scores below everyone: it succeeds" in out
    rc, out = run(["dingniu"], lines.replace("6-6 | 4-4", "6-6 | 4-4 算帳"))
    assert totals(out) == [0, 12, -12, 0] and "包庄" in out and "三家算帳而輸（大庄）" in out
    rc, out = run(["dingniu", "--lang", "zh-hans"], lines)
    assert "点数是手中剩余加扣牌的点数" in out and "合计" in out


def test_tseding_bajue():
    """Seat B holds eight doubles (掘牌): [NP-J] every other player pays twice his own hand's pips."""
    from yezi.games.dominoes.chain import DOUBLE

    tiles = tg.domino_set()
    doubles = [k for k in tiles if DOUBLE[k]][:8]
    rest = list(tiles)
    for k in doubles:
        rest.remove(k)
    hands = [rest[0:8], doubles, rest[8:16], rest[16:24]]
    lines = "".join(f"{'ABCD'[s]}: {dice(h)}{' 八掘' if s == 1 else ''}\n" for s, h in enumerate(hands))
    rc, out = run(["tseding", "--lang", "en"], lines)
    assert rc == 0, out
    due = [2 * sum(tg.PIPS[k] for k in h) for h in hands]
    assert totals(out) == [-due[0], due[0] + due[2] + due[3], -due[2], -due[3]]
    assert "B has eight doubles 八掘" in out and f"A pays B {due[0]} (2 × {due[0] // 2})" in out
    rc, out = run(["tseding", "--lang", "en", "--preset", "wikipedia"], lines)  # [S4]: twice the difference
    gap = [2 * max(0, d // 2 - due[1] // 2) for d in due]
    assert rc == 0 and "twice the difference" in out
    assert totals(out) == [-gap[0], gap[0] + gap[2] + gap[3], -gap[2], -gap[3]]


@pytest.mark.parametrize("name,presets", [
    ("jielong", ["wikipedia", "navpil", "pagat"]),
    ("tseding", ["pairwise", "wikipedia", "pagat"]),
    ("dingniu", ["recommended", "wikipedia", "navpil"]),
])
def test_calculator_pays_what_the_engine_pays(name, presets):
    """Random engine deals: the public facts at the end (tiles face down and left in hand, the 算帳
    notes) given to the calculator settle exactly as the engine did."""
    n = 0
    for preset in presets:
        game = load_game(name, preset)
        for seed in range(12):
            st = game.start(seed=seed)
            random_playout(st, random.Random(seed))
            view = st.view(None)
            res = view["result"]
            if res.get("reason") == "redeal":
                continue
            if res.get("reason") == "bajue":
                lines = [f"{dice(h)}{' 八掘' if s == res['winner'] else ''}" for s, h in enumerate(view["deal"]["hands"])]
            else:
                sz = {nt["seat"] for nt in view["notes"].values() if nt["kind"] == "suanzhang"}
                lines = []
                for s in range(view["seats"]):
                    line = dice(view["down"][s])
                    if name == "dingniu":
                        line += " | " + dice(view["hands_left"][s]) + (" 算帳" if s in sz else "")
                    lines.append(line)
            rc, out = run([name, "--preset", preset, "--lang", "en"], "\n".join(lines) + "\n")
            assert rc == 0, out
            assert totals(out) == st.payments(), (preset, seed, lines, out)
            n += 1
    assert n >= 30


def cli(*args, text=""):
    return subprocess.run([sys.executable, "-m", "yezi.cli.main", "settle", *args], input=text,
                          capture_output=True, text=True, timeout=60)


def test_cli_errors_are_one_line_with_status_2():
    r = cli("dingniu", "--lang", "en", text="A: 6-6\nB: -\n")
    assert r.returncode == 2 and "one per player" in r.stderr and "Traceback" not in r.stderr
    r = cli("jielong", "--lang", "en", text="A: 天 皇帝\nB: -\nC: -\nD: -\n")
    assert r.returncode == 2 and "line 1" in r.stderr and "'皇帝'" in r.stderr and len(r.stderr.splitlines()) == 1
    r = cli("jielong", "--lang", "en", text="A: 天 天 天\nB: -\nC: -\nD: -\n")
    assert r.returncode == 2 and "set has 2" in r.stderr
    r = cli("jielong", "--lang", "en", text="A: 天 | 地\nB: -\nC: -\nD: -\n")
    assert r.returncode == 2 and "only 頂牛" in r.stderr
    r = cli("dingniu", "--lang", "en", "-o", "nonsense=1", text="")
    assert r.returncode == 2 and "no option 'nonsense'" in r.stderr
    r = cli("tseding", "--lang", "en", "--preset", "nowhere", text="")
    assert r.returncode == 2 and "no preset" in r.stderr
    r = cli("dingniu", "--lang", "en", text="A: 6-6 6-6 5-5 4-4 3-3 2-2 1-1\nB: -\nC: -\nD: -\n")
    assert r.returncode == 2 and "a hand has 6" in r.stderr
    r = cli("tseding", "--lang", "en", text="A: 6-6 八掘\nB: -\nC: -\nD: -\n")
    assert r.returncode == 2 and "whole hand" in r.stderr


def test_cli_help_describes_the_input_with_an_example():
    for name in ("jielong", "tseding", "dingniu"):
        r = cli(name, "--help")
        assert r.returncode == 0 and "example" in r.stdout and "--preset" in r.stdout
    r = cli("dingniu", "--lang", "en", text="A: 5-5\nB: | 2-2\nC: 6-6 | 4-4\nD: 6-5 | 3-1\n")
    assert r.returncode == 0 and "Totals: A -1, B +6, C -3, D -2" in r.stdout
