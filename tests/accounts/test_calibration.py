"""The bots' calibrated ratings are reproducible from the command the docs give
(`yezi ratings calibrate`): the same arguments write the same entry, whatever the number of
processes; the committed file's entries are what their recorded commands write."""

from __future__ import annotations

import json
import shlex

import pytest

from yezi.cli.ratings import main
from yezi.sim.rating import DATA, calibrate, load_calibration


def test_a_tiny_calibration_is_reproducible(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    args = ["calibrate", "--game", "lukfu", "--levels", "random,heuristic", "--deals", "4", "--seed", "7"]
    assert main([*args, "--out", str(a)]) == 0
    assert main([*args, "--jobs", "2", "--out", str(b)]) == 0
    assert a.read_text() == b.read_text()
    entry = json.loads(a.read_text())["families"]["lukfu-4p"]
    assert entry == calibrate("lukfu", ["random", "heuristic"], 4, 7)
    assert entry["command"] == "yezi ratings calibrate --game lukfu --levels random,heuristic --deals 4 --seed 7"
    levels = load_calibration(a)["lukfu-4p"]
    assert levels["heuristic"].mu != levels["random"].mu
    assert main(["calibrate", "--game", "lukfu", "--levels", "random,random", "--out", str(a)]) == 2


def test_every_committed_family_names_its_command():
    data = json.loads(DATA.read_text())
    for fam, entry in data["families"].items():
        assert entry["family"] == fam and entry["command"].startswith("yezi ratings calibrate --game ")
        assert len(entry["levels"]) >= 2


def _again(fam: str, tmp_path) -> None:
    entry = json.loads(DATA.read_text())["families"][fam]
    out = tmp_path / "again.json"
    assert main([*shlex.split(entry["command"])[2:], "--jobs", "2", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["families"][fam] == entry


def test_a_cheap_committed_calibration_is_what_its_command_writes(tmp_path):
    _again("tseding-2p", tmp_path)  # random and heuristic, 100 deals: seconds


@pytest.mark.slow
def test_a_committed_calibration_with_search_levels_is_what_its_command_writes(tmp_path):
    _again("fishing-2p", tmp_path)  # search-easy and search-normal at their budgets: minutes
