"""`yezi analyze`: report files, paired differences, settlement rescoring equal to replaying."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("numpy")
pytest.importorskip("matplotlib")

from yezi import load_game
from yezi.analysis.run import play_config, rescore
from yezi.analysis.summary import summarise
from yezi.cli.analyze import variants
from yezi.cli.main import main


def test_analyze_writes_report_json_and_charts(tmp_path, capsys):
    out = tmp_path / "an"
    code = main(["analyze", "fishing", "--preset", "suffocated", "--vary", "heaven_earth,settlement",
                 "--rescore", "settlement", "-n", "40", "-j", "1", "-q", "--out", str(out)])
    assert code == 0
    res = json.loads((out / "results.json").read_text())
    block = res["presets"]["suffocated"]
    assert set(block["variants"]) == {"heaven_earth=True", "settlement=M2 (rescored)", "settlement=M3 (rescored)",
                                      "settlement=YL (rescored)", "settlement=plain (rescored)"}
    assert abs(sum(m for m, _ in block["baseline"]["seat_payment"])) < 1e-6  # zero-sum means
    assert (out / "fishing-suffocated.png").stat().st_size > 1000
    report = (out / "report.md").read_text()
    assert "Preset `suffocated`" in report and "Paired differences" in report
    assert "Preset `suffocated`" in capsys.readouterr().out


def test_paired_difference_of_the_same_rules_is_zero():
    recs = play_config("dingniu", "recommended", {}, "random", 30, seed=1, jobs=1)
    again = play_config("dingniu", "recommended", {}, "random", 30, seed=1, jobs=1)
    s = summarise(again, 4, base=recs)
    assert all(m == 0 and h == 0 for m, h in s["paired"]["seat_payment"])
    assert s["first_player_share"][0][0] + s["first_player_share"][1][0] > 0


def test_fishing_rescore_equals_replaying_under_the_other_settlement():
    base = load_game("fishing", "suffocated")
    for method in ("M2", "M3", "YL", "plain"):
        other = load_game("fishing", "suffocated", {"settlement": method})
        for seed in range(6):
            state, rng = base.start(seed=seed), random.Random(seed)
            while state.current_player is not None:
                state.apply(rng.choice(state.legal_actions()))
            assert rescore(other, state.deal, state) == other.replay(state.deal, state.history).payments()


def test_lukfu_bid_facts_and_variants():
    recs = play_config("lukfu", "hakka-hk-3p", {}, "heuristic", 30, seed=0, jobs=1)
    s = summarise(recs, 3)
    assert len(s["bid_share"]) == 3 and 0 <= s["no_bid_share"][0] <= 1
    pairs = variants("lukfu", "hakka-hk", ["laosui"], {})
    assert pairs and all(o == "laosui" and v != load_game("lukfu", "hakka-hk").rules["laosui"] for o, v in pairs)


def test_analyze_rejects_an_unknown_option(tmp_path, capsys):
    assert main(["analyze", "dingniu", "--vary", "nosuch", "-n", "2", "-q", "--out", str(tmp_path)]) == 2
    assert "nosuch" in capsys.readouterr().err
