"""The harness the golden tests share, so each game's test_golden.py says only what is particular to
it: which presets, options and seeds, and how its final table is drawn.

A *rule* golden is played by seeded, uniformly random legal play (as OpenSpiel's playthroughs), never
by a bot, so that it changes when a rule, a view, the notation or a renderer changes and never when a
bot is retuned (bots have their own small golden, tests/bots/golden/). The file is an annotated record
(``Record.to_text("zh-hant", comments=True)``) followed by the playthrough as ``{ ... }`` comment lines,
so the file is itself a record `yezi replay` reads:

* per step: the seat to act, its legal actions (code and ASCII notation), the action chosen, then what
  every view learned since the step before: ``all:`` lines changed alike in every seat's view and the
  public one, then each seat's own changes (``seat 2:``) and the public view's (``public:``); a view is
  flattened to dotted keys, and a list that kept its head is written from the first changed item
  (``tricks[3:] = ...``), so a diff points at the exact fact that moved;
* at the end: the payments and the game's own final table.

Regenerate after an intended change with ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/<game>/test_golden.py``
(every golden and count at once: ``YEZI_REGEN_GOLDEN=1 python3 -m pytest tests/*/test_golden.py
tests/bots/test_bot_golden.py tests/core/test_perft.py``) and review the diff;
the same switch rewrites the perft counts (tests/core/test_perft.py). Regeneration is deterministic:
nothing in a golden depends on the hash seed, the clock or the machine.
"""

from __future__ import annotations

import json
import os
import random
import zlib
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

from yezi.core.playout import play_deal
from yezi.core.protocol import Game, State
from yezi.core.record import Record
from yezi.core.registry import load_game

REGEN = os.environ.get("YEZI_REGEN_GOLDEN") == "1"


def presets(name: str) -> list[str]:
    """Every preset of a game, so a preset added later gets its golden (written on the first run, then reviewed)."""
    return list(load_game(name).option_table().presets)


def seed_of(*parts: object) -> int:
    """A deal's seed named by the case it plays (``seed_of("paigow", "casino")``): the same on every run
    and machine (``zlib.crc32``, never the salted ``hash()``), and a preset added later moves no other seed."""
    return zlib.crc32("/".join(map(str, parts)).encode("utf-8"))


def play_recorded(game: Any, bots: Sequence[Any], seed: int) -> tuple[Any, Record]:
    """Play one deal from ``seed`` with ``bots`` and return the final state and its record (bot goldens)."""
    state = play_deal(game, bots, game.deal_from_seed(seed), random.Random(seed))
    return state, Record.from_state(state, seed=seed)


# --- the playthrough of random play ----------------------------------------------------------------


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)


def _flatten(view: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """A view as dotted keys (nested objects opened), so a change names the one fact that moved."""
    out: dict[str, Any] = {}
    for key, value in view.items():
        if isinstance(value, dict) and value:
            out.update(_flatten(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def view_changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What a flattened view learned between two steps, one line per key, in key order."""
    lines = []
    for key in sorted(set(old) | set(new)):
        if key not in new:
            lines.append(f"{key} removed")
            continue
        value = new[key]
        if key in old and old[key] == value:
            continue
        before = old.get(key)
        if isinstance(before, list) and isinstance(value, list) and before and value:
            same = 0
            while same < min(len(before), len(value)) and before[same] == value[same]:
                same += 1
            if same:
                lines.append(f"{key}[{same}:] = {_json(value[same:])}")
                continue
        lines.append(f"{key} = {_json(value)}")
    return lines


def _step_lines(state: State, seen: list[dict[str, Any]]) -> list[str]:
    """Every view's changes since `seen` (updated in place): shared ones once, then each reader's own."""
    game = state.game
    readers: list[int | None] = [*range(game.num_seats), None]
    changes = []
    for i, reader in enumerate(readers):
        flat = _flatten(state.view(reader))
        changes.append(view_changes(seen[i], flat))
        seen[i] = flat
    shared = set(changes[0]).intersection(*changes[1:])
    lines = [f"all: {line}" for line in changes[0] if line in shared]
    for reader, lines_of in zip(readers, changes):
        who = "public" if reader is None else f"seat {reader}"
        lines += [f"{who}: {line}" for line in lines_of if line not in shared]
    return lines


def random_playthrough(game: Game, seed: int) -> tuple[State, Record, list[str]]:
    """One deal from ``seed`` played by uniformly random legal choices (``random.Random(seed)`` picks
    ``legal[randrange(len(legal))]``): the final state, its record and the playthrough lines."""
    rng = random.Random(seed)
    state = game.start(seed=seed)
    seen: list[dict[str, Any]] = [{} for _ in range(game.num_seats + 1)]
    lines = [f"playthrough: uniformly random legal play, random.Random({seed})"]
    step = 0
    while (seat := state.current_player) is not None:
        step += 1
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        choices = " ".join(f"{a}:{game.format_action(a, 'ascii')}" for a in legal)
        lines += [
            "", f"step {step}: {game.seat_name(seat, 'en')} (seat {seat}) to act", *_step_lines(state, seen),
            f"legal: {choices}",
            f"chosen: {action}:{game.format_action(action, 'ascii')}",
        ]
        state.apply(action)
    lines += ["", f"end after {step} steps", *_step_lines(state, seen), f"payments: {_json(state.payments())}"]
    return state, Record.from_state(state, seed=seed), lines


def _comment(line: str) -> str:
    """A line as a record comment: braces inside would end it early, so they are written as parentheses."""
    return "{ " + line.replace("{", "(").replace("}", ")") + " }" if line else ""


def record_with_table(rec: Record, table_lines: Iterable[str]) -> str:
    """The annotated record, a blank line, then each line as a ``{ line }`` comment (blank lines stay blank)."""
    text = rec.to_text("zh-hant", comments=True)
    return text + "\n" + "\n".join(_comment(line) for line in table_lines) + "\n"


def rule_golden(game: Game, seed: int, table: Any) -> tuple[str, Record]:
    """The rule golden of one deal: the record, the playthrough of random play, then ``table(game, state)``'s
    lines (the game's own final table and settlement)."""
    state, rec, lines = random_playthrough(game, seed)
    return record_with_table(rec, [*lines, "", "final table", *table(game, state)]), rec


def check_golden(path: Path, text: str, rec: Record) -> None:
    """Compare ``text`` with the golden file at ``path`` (writing it under YEZI_REGEN_GOLDEN=1; a missing
    one is written and the test fails, so that it is reviewed and committed), and check the file
    replays as a record to the same actions and payments."""
    if REGEN or not path.exists():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if not REGEN:
            pytest.fail(f"golden file {path.name} was missing and has been written; review and commit it")
    expected = path.read_text(encoding="utf-8")
    assert text == expected, f"{path.name} changed; regenerate with YEZI_REGEN_GOLDEN=1 if intended, review the diff"
    back = Record.from_text(expected)
    assert back.actions == rec.actions
    assert back.replay().payments() == rec.replay().payments()
