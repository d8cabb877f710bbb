"""Perft counts: how many legal-action sequences of each length, up to a small depth, leave a fixed
position, for every preset of every game (as chess engines count moves to check their move generator).

A golden of random play sees one path per deal; a perft count sees every legal action along every path
to its depth, so a rule change that adds or removes a legal move anywhere near the position (a follow
duty, a must-beat slot, what may be led) changes a number here even where random play would not meet it.
Two positions per preset: the deal's start, and halfway through one seeded random playout of it (the
bidding or staking that opens a deal is then behind, so play itself is counted).

Expected counts live in tests/core/perft/<game>.json, keyed by preset. After an intended rule change
(or a new preset), regenerate with ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/core/test_perft.py`` and
review the diff: each changed count is a change in which moves are legal.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tests.golden_helpers import REGEN, presets, seed_of
from yezi.core.protocol import State
from yezi.core.registry import GAMES, load_game

EXPECTED = Path(__file__).parent / "perft"
DEPTH = {"tiengow": 3}
"""Depth per game (4 unless named): 打天九 opens with up to 150 plays a trick, so depth 4 would count
some 70 000 sequences a preset; depth 3 keeps the whole file well under a second."""


def perft(state: State, depth: int) -> list[int]:
    """counts[d]: the number of legal-action sequences of length d + 1 from `state` (a sequence that ends
    the deal earlier is counted at its own length only)."""
    counts = [0] * depth

    def walk(node: State, d: int) -> None:
        if node.current_player is None:
            return
        legal = node.legal_actions()
        counts[d] += len(legal)
        if d + 1 < depth:
            for action in legal:
                child = node.clone()
                child.apply_unchecked(action)
                walk(child, d + 1)

    walk(state, 0)
    return counts


def halfway(state: State, seed: int) -> tuple[State, int]:
    """The position halfway through a seeded uniformly random playout of `state`, and its length."""
    rng = random.Random(seed)
    whole = state.clone()
    moves = []
    while whole.current_player is not None:
        legal = whole.legal_actions()
        moves.append(legal[rng.randrange(len(legal))])
        whole.apply_unchecked(moves[-1])
    middle = state.clone()
    for action in moves[: len(moves) // 2]:
        middle.apply_unchecked(action)
    return middle, len(moves) // 2


def counts_of(name: str) -> dict[str, Any]:
    depth = DEPTH.get(name, 4)
    out: dict[str, Any] = {}
    for preset in presets(name):
        game = load_game(name, preset)
        seed = seed_of("perft", name, preset)
        start = game.start(seed=seed)
        middle, after = halfway(start, seed)
        out[preset] = {"seed": seed, "depth": depth, "start": perft(start, depth),
                       "halfway": {"after": after, "counts": perft(middle, depth)}}
    return out


def dump(counts: dict[str, Any]) -> str:
    """One preset a line, so a diff (or a merge of two branches' counts) names the preset that moved."""
    rows = [f" {json.dumps(preset)}: {json.dumps(entry)}" for preset, entry in counts.items()]
    return "{\n" + ",\n".join(rows) + "\n}\n"


@pytest.mark.parametrize("name", GAMES)
def test_perft_counts(name):
    path = EXPECTED / f"{name}.json"
    got = counts_of(name)
    if REGEN or not path.exists():
        path.write_text(dump(got), encoding="utf-8")
        if not REGEN:
            pytest.fail(f"{path.name} was missing and has been written; review and commit it")
    expected = json.loads(path.read_text(encoding="utf-8"))
    changed = {p: (expected.get(p), got.get(p)) for p in sorted({*expected, *got}) if expected.get(p) != got.get(p)}
    assert not changed, f"legal moves changed (preset: (expected, now)); if intended, regenerate with " \
        f"YEZI_REGEN_GOLDEN=1: {changed}"


def test_perft_counts_every_sequence():
    """The counter itself, on a position counted by hand: 牌九 (大牌九) has each of the four seats set
    its four tiles in one of three ways, one after another, so 3, 9, 27 and 81 sequences."""
    game = load_game("paigow", "dapaijiu")
    state = game.start(seed=seed_of("perft", "paigow", "dapaijiu"))
    assert [len(state.legal_actions())] == [3]
    assert perft(state, 4) == [3, 9, 27, 81]
    assert perft(state, 6) == [3, 9, 27, 81, 0, 0]  # the deal is over after four settings
