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


def _finished(seed: int):
    import random

    from yezi.core.registry import load_game

    game = load_game("dingniu")
    state, rng = game.start(seed=seed), random.Random(seed)
    while state.current_player is not None:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_replay_reads_a_file_of_several_deals_one_by_one(tmp_path: Path, capsys) -> None:
    from yezi.cli.main import main
    from yezi.core.record import records_text

    states = [_finished(s) for s in (1, 2)]
    path = tmp_path / "match.txt"
    path.write_text(records_text([Record.from_state(s, seed=i) for i, s in enumerate(states, 1)], "en"), encoding="utf-8")
    assert main(["replay", str(path), "--brief", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "## deal 1 of 2 ##" in out and "## deal 2 of 2 ##" in out and out.count("payments: ") == 2
    assert main(["replay", str(path), "--brief", "--lang", "zh-hant", "--deal", "2"]) == 0
    out = capsys.readouterr().out
    assert "## " not in out and out.count("收付：") == 1
    assert main(["replay", str(path), "--brief", "--deal", "3"]) == 2
    assert "--deal is 1 to 2" in capsys.readouterr().err


def test_replay_refuses_a_forged_result_in_the_readers_language(tmp_path: Path, capsys) -> None:
    from yezi.cli.main import main

    state = _finished(3)
    text = Record.from_state(state, seed=3).to_text("zh-hant")
    line = next(ln for ln in text.splitlines() if ln.startswith("[Result "))
    first = line.split('"')[1].split(", ")[0]
    forged = first.rsplit(" ", 1)[0] + " +999"
    path = tmp_path / "forged.txt"
    path.write_text(text.replace(first, forged, 1), encoding="utf-8")
    assert main(["replay", str(path), "--brief", "--lang", "zh-hant"]) == 2
    err = capsys.readouterr().err
    assert "[Result] 與重播不符" in err and "在 [Result] 是 +999" in err and "Traceback" not in err
