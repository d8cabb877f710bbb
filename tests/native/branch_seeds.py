"""Fixed deals, found by search and committed as data, that reach the rule branches random play
seldom reaches (`yezi.core.branches`), for the branch-coverage tests of tests/native.

A deal is named by its deal seed alone: the differential's own scheme (`_diff_games`) draws the
native engine's choices from it, so the deal and every choice replay exactly, and both engines
are compared on it as on any random deal. `branch_seeds.json` holds, per game, cases of
(preset, overrides, seeds, the branches those seeds were found for); regenerate one game with

    PYTHONPATH=. python3 -m tests.native.branch_seeds GAME

after a rule change that moves a branch (the test then says which branch no seed reaches).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from yezi.core import branches
from yezi.core.registry import load_game
from yezi.native.base import _replay

DATA = Path(__file__).with_name("branch_seeds.json")

#: the cases to search per game: (preset, overrides, the branches wanted there)
SEARCH: dict[str, list[tuple[str, dict[str, Any], list[str]]]] = {
    "tiengow": [
        ("hongkong", {"two_pairs": True}, [
            "tiengow.lead.wenwu-22", "tiengow.lead.two-pairs-military", "tiengow.beat.wenwu-21",
            "tiengow.beat.wenwu-22", "tiengow.beat.two-pairs-military", "tiengow.special.qin",
            "tiengow.special.si-da-he"]),
    ],
    # 通牌 against 頭七/尾八: the ×4 pair
    "tseding": [("pairwise", {}, ["tseding.multiplier-4"])],
}


def _native(game_name: str, preset: str, overrides: dict[str, Any]):
    from yezi.native.registry import native_game

    nat = native_game(load_game(game_name, preset, dict(overrides)))
    assert nat is not None, f"no native engine for {game_name}"
    return nat


def deal_branches(nat, deal_seed: int) -> tuple[Counter[str], str | None]:
    """The branches the Python replay of one differential deal ran, and its mismatch (None: agreed)."""
    with branches.counting() as hits:
        state = nat.game.start(seed=deal_seed)
        bad = _replay(state, nat.trace(state, random.Random(deal_seed ^ 0x5DEECE66D).getrandbits(64)))
    return hits, bad


def replay_cases(game_name: str) -> Counter[str]:
    """Replay every committed deal of `game_name` with both engines; the branches they reached."""
    seen: Counter[str] = Counter()
    for case in json.loads(DATA.read_text())[game_name]:
        nat = _native(game_name, case["preset"], case["overrides"])
        for s in case["seeds"]:
            hits, bad = deal_branches(nat, s)
            assert bad is None, (case["preset"], case["overrides"], s, bad)
            seen.update(hits)
    return seen


def search(game_name: str, limit: int = 400_000) -> list[dict[str, Any]]:
    """For each case of `SEARCH[game_name]`, the first deal seeds that reach each wanted branch."""
    out = []
    for preset, overrides, wanted in SEARCH[game_name]:
        nat = _native(game_name, preset, overrides)
        found: dict[str, int] = {}
        for s in range(limit):
            hits, bad = deal_branches(nat, s)
            assert bad is None, (preset, overrides, s, bad)
            for b in wanted:
                if b in hits and b not in found:
                    found[b] = s
            if len(found) == len(wanted):
                break
        missing = sorted(set(wanted) - set(found))
        if missing:
            raise SystemExit(f"{game_name} {preset} {overrides}: no deal in {limit} reaches {missing}")
        out.append({"preset": preset, "overrides": overrides, "seeds": sorted(set(found.values())),
                    "reaches": sorted(found)})
    return out


def main(argv: list[str]) -> int:
    data = json.loads(DATA.read_text()) if DATA.exists() else {}
    for game_name in argv or sorted(SEARCH):
        data[game_name] = search(game_name)
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
