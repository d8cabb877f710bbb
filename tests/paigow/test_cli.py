"""`yezi play|simulate|rules|replay|tournament paigow`, as a new user runs them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_helpers import yezi

ROOT = Path(__file__).resolve().parents[2]


def test_rules_list_presets_and_sourced_options():
    out = yezi("rules", "paigow")
    for word in ("dapaijiu", "xiaopaijiu", "casino", "modern variant", "[NP-PG]", "[CAS]", "[CU-KTS]"):
        assert word in out
    for i in range(1, 10):
        assert f"V-PG{i}" in out


def test_play_a_deal_typing_junk_a_refused_move_and_a_number():
    # seed 2324 (its first deal gives seat 3, 閒三, 梅 鵝 長三 板凳), seat 3: first junk, then a front hand that is higher than its back, then move 1
    out = yezi("play", "paigow", "--seed", "2324", "--deals", "1", "--seat", "3", "--lang", "en",
               stdin="nonsense\nf55+31\n1\n")
    assert "“nonsense” does not read as a move; the moves now:" in out
    assert "may not rank above the back hand" in out  # 梅鵝 (4) in front of 長三板凳 (0)
    assert "1) front Long Three[33] Bench[22] 0 points | back Goose[31] Plum[55] 4 points" in out
    assert "pays" in out and "Banker" in out and "front" in out


def test_play_casino_stakes_in_chinese():
    out = yezi("play", "paigow", "--preset", "casino", "--seed", "1", "--deals", "1", "--seat", "1",
               stdin="押3注\n1\n")
    assert "押3注" in out or "注 3" in out
    assert "收付" in out


def test_play_xiaopaijiu_needs_no_decision():
    out = yezi("play", "paigow", "--preset", "xiaopaijiu", "--seed", "2", "--deals", "1", stdin="")
    assert "開牌" in out and "收付" in out


def test_simulate_replay_and_tournament(tmp_path):
    out = yezi("simulate", "paigow", "-n", "40", "--quiet", "--bots", "heuristic,random,random,random")
    assert "mean payment" in out
    golden = ROOT / "tests" / "paigow" / "golden" / "paigow-casino.txt"
    out = yezi("replay", str(golden), "--lang", "en")
    assert "pays" in out
    out = yezi("tournament", "paigow", "--bots", "random,heuristic", "--deals", "6", "--jobs", "1", "--quiet")
    assert "heuristic" in out and "random" in out


@pytest.mark.parametrize("args", [["play", "paigow", "--preset", "nope"], ["rules", "paigow", "-o", "tiles=3"]])
def test_bad_options_are_explained(args):
    r = subprocess.run([sys.executable, "-m", "yezi.cli.main", *args], capture_output=True, text=True, cwd=ROOT,
                       timeout=60, input="")
    assert r.returncode != 0
    assert "nope" in r.stderr + r.stdout or "tiles" in r.stderr + r.stdout
