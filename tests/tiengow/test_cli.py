"""`yezi play|simulate|rules|replay|tournament tiengow`, as a new user runs them."""

from __future__ import annotations

from pathlib import Path

from tests.cli_helpers import yezi as run_yezi

GOLDEN = Path(__file__).parent / "golden"


def yezi(*args: str, stdin: str = "") -> str:
    return run_yezi(*args, stdin=stdin, timeout=300)  # the longer limit this file always had


def test_rules_list_presets_and_sourced_options():
    out = yezi("rules", "tiengow")
    for word in ("hongkong", "celko-kam", "culin-1893", "V-TG1", "V-TG3", "V-TG7", "navpil", "pagat", "source:"):
        assert word in out


def test_play_a_deal_typing_numbers_notation_and_junk():
    out = yezi("play", "tiengow", "--seed", "4", "--deals", "1", stdin="nonsense\n天 天 天\n" + "1\n" * 40)
    assert "看不懂「nonsense」這一招；現在可以：" in out and "結算" in out and "付" in out


def test_play_in_english_with_ascii_moves():
    out = yezi("play", "tiengow", "--seed", "2", "--deals", "1", "--lang", "en", "--notation", "ascii",
               stdin="1\n" * 40)
    assert "Settlement" in out and " pays " in out


def test_simulate_reports_every_seat():
    out = yezi("simulate", "tiengow", "-n", "60", "--bots", "heuristic,random", "--seed", "1", "--quiet")
    assert "Banker" in out and "Fourth" in out and "last trick" in out


def test_replay_a_golden_record_as_a_seat():
    out = yezi("replay", str(GOLDEN / "tiengow-hongkong.txt"), "--seat", "2")
    assert "墊1隻" in out  # the others' face-down tiles stay hidden from seat 2


def test_tournament_runs():
    out = yezi("tournament", "tiengow", "--bots", "random,heuristic", "--deals", "4", "--seed", "3")
    assert "heuristic" in out


def test_play_starts_with_the_banker_drawn_by_lot():
    from yezi.core.registry import load_game

    g = load_game("tiengow")
    seed = next(s for s in range(50) if g.first_dealer(s) != 0)
    first = g.first_dealer(seed)
    out = yezi("play", "tiengow", "--seed", str(seed), "--deals", "1", "--lang", "en", stdin="1\n" * 40)
    # you are player 0; with the banker at position `first`, you hold seat (0 - first) % 4
    assert f"#### 1 · {g.seat_name((0 - first) % 4, 'en')} ####" in out
