"""`yezi play --autoplay --save` writes records that `yezi replay` reads back, starting position first (issue 12)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from yezi.core.record import Record
from yezi.core.registry import available_games

ROOT = Path(__file__).resolve().parents[2]


def _yezi(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "yezi.cli.main", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("game", available_games())
def test_autoplay_save_then_replay(game: str, tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    done = _yezi("play", game, "--autoplay", "--deals", "1", "--seed", "3", "--save", str(path))
    assert done.returncode == 0, done.stderr
    rec = Record.from_text(path.read_text(encoding="utf-8"))
    assert rec.game == game and rec.actions
    assert rec.replay().is_terminal()
    shown = _yezi("replay", str(path))
    assert shown.returncode == 0, shown.stderr
    assert "== 開局 ==" in shown.stdout
    # every seat's starting view is drawn, before the last move
    start = shown.stdout.index("== 開局 ==")
    assert start < shown.stdout.index(f"{len(rec.actions):>3}. ")


def test_save_writes_one_record_per_deal(tmp_path: Path) -> None:
    path = tmp_path / "m.txt"
    done = _yezi("play", "dingniu", "--autoplay", "--deals", "2", "--seed", "5", "--save", str(path))
    assert done.returncode == 0, done.stderr
    for p in (path, tmp_path / "m-2.txt"):
        assert Record.from_text(p.read_text(encoding="utf-8")).replay().is_terminal()


def _hand_lines(rec: Record) -> list[str]:
    """Each seat's starting hand line ("手牌: ...") as the game's own text renderer draws it for that seat."""
    import importlib

    game = rec.load()
    state = game.new_state(rec.deal)
    render = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".text").render
    return [next(ln for ln in render(game, state.view(s), "zh-hant").splitlines() if ln.startswith("手牌"))
            for s in range(game.num_seats)]


@pytest.mark.parametrize("game", ["lukfu", "dingniu"])
def test_replay_for_a_seat_hides_the_other_hands_until_the_end(game: str, tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    assert _yezi("play", game, "--autoplay", "--deals", "1", "--seed", "3", "--save", str(path)).returncode == 0
    rec = Record.from_text(path.read_text(encoding="utf-8"))
    lines = _hand_lines(rec)
    assert len(set(lines)) == len(lines), "the seats' hands differ"
    out = _yezi("replay", str(path), "--seat", "1").stdout
    start = out[out.index("== 開局 =="):out.index("  1. ")]
    assert lines[1] in start, "the seat's own hand is drawn"
    for s, line in enumerate(lines):
        if s != 1:
            assert line not in start, f"seat {s}'s hidden hand shown before the end"
    # with no seat chosen every starting hand is drawn
    everyone = _yezi("replay", str(path)).stdout
    assert all(line in everyone for line in lines)
    # once the deal is over, every starting hand may be shown
    assert "各家起手牌" in out[out.rindex(f"{len(rec.actions):>3}. "):]


def test_save_to_a_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    done = _yezi("play", "dingniu", "--autoplay", "--deals", "1", "--save", str(tmp_path / "no" / "f.txt"))
    assert done.returncode == 2
    assert "no such folder" in done.stderr and "Traceback" not in done.stderr


def test_autoplay_without_deals_ends_with_the_match(tmp_path: Path) -> None:
    done = _yezi("play", "dingniu", "--autoplay", "--seed", "1", "--lang", "en", "--save", str(tmp_path / "m.txt"))
    assert done.returncode == 0, done.stderr
    # the match ends with its totals and the settle-up (who pays whom)
    tail = done.stdout.rstrip().split("match over\n", 1)[1].splitlines()
    assert tail[0].startswith("Totals: P0(you) ") and tail[1] == "Settling up:" and " pays " in tail[2]
    assert (tmp_path / "m-2.txt").exists()
