"""The `yezi` command as a user meets it: play with bad input, simulate, replay, rules."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from yezi.cli.main import main

GOLDEN = Path(__file__).parent / "golden"


def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
    p = subprocess.run([sys.executable, "-m", "yezi.cli.main", *args], input=stdin, capture_output=True,
                       text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_play_answers_bad_input_with_legal_moves_and_never_a_traceback():
    script = "\n".join(["help", "nonsense", "99", "墊九拾", "why 9T", "why xx", "moves", "hint", "1"] * 3 + ["quit"]) + "\n"
    code, out, err = run("play", "lukfu", "--seed", "4", "--lang", "en", stdin=script)
    assert code == 0, err
    assert "Traceback" not in out + err
    assert "“nonsense” does not read as a move; the moves now:" in out
    assert "1)" in out  # legal moves listed


def test_play_a_whole_deal_by_choosing_first_legal_moves():
    code, out, err = run("play", "lukfu", "--seed", "2", "--deals", "1", "--lang", "zh-hant", stdin="1\n" * 200)
    assert code == 0, err
    assert "結算" in out and "Σ" in out


def test_play_three_players_simplified_chinese():
    code, out, err = run("play", "lukfu", "--preset", "hakka-hk-3p", "--seed", "5", "--deals", "1",
                         "--lang", "zh-hans", stdin="1\n" * 200)
    assert code == 0, err
    assert "结算" in out


def test_simulate_reports_intervals_and_rates(capsys):
    assert main(["simulate", "lukfu", "--games", "60", "--bots", "heuristic,random", "--seed", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "bid (做牌)" in out and "draw (打和)" in out


def test_simulate_with_option_override(capsys):
    assert main(["simulate", "lukfu", "--games", "20", "-o", "laosui=visible,scoring=huizhou", "--quiet"]) == 0
    assert "Dealer" in capsys.readouterr().out


def test_rules_lists_variant_ids_and_sources(capsys):
    assert main(["rules", "lukfu"]) == 0
    out = capsys.readouterr().out
    for i in range(1, 15):
        assert f"V-LF{i}" in out, i
    for preset in ("hakka-hk", "hakka-hk-3p", "guangdong", "huizhou", "sung-1996"):
        assert preset in out
    assert "source:" in out


def test_replay_prints_moves_and_settlement(tmp_path, capsys):
    text = (GOLDEN / "hakka-hk-seed1.txt").read_text(encoding="utf-8")
    record = text
    f = tmp_path / "game.txt"
    f.write_text(record, encoding="utf-8")
    assert main(["replay", str(f), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "declare" in out and "Settlement" in out
    assert main(["replay", str(f), "--seat", "1"]) == 0


def test_replay_brief_labels_the_payments_in_the_readers_language(tmp_path, capsys):
    """``--brief`` ends with the payments: labelled in --lang (it read "payments:" in every language)."""
    text = (GOLDEN / "hakka-hk-seed1.txt").read_text(encoding="utf-8")
    f = tmp_path / "game.txt"
    f.write_text(text, encoding="utf-8")
    last = {}
    for lang in ("en", "zh-hant", "zh-hans"):
        assert main(["replay", str(f), "--brief", "--lang", lang]) == 0
        last[lang] = capsys.readouterr().out.splitlines()[-1]
    assert last["en"].startswith("payments: Dealer ")
    assert last["zh-hant"].startswith("收付：頭家 ")
    assert last["zh-hans"].startswith("收付：头家 ")


def test_unknown_game_and_preset_are_clear_errors(capsys):
    assert main(["simulate", "nosuchgame", "--games", "1"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["simulate", "lukfu", "--preset", "nope", "--games", "1"]) == 2
    assert "no preset" in capsys.readouterr().err


def test_play_in_process_with_streams():
    from types import SimpleNamespace

    from yezi.cli.play import run_play

    args = SimpleNamespace(game="lukfu", preset=None, option=[], lang="en", bots="random", seed=1, deals=1, seat=0,
                           notation="ascii")
    out = io.StringIO()
    assert run_play(args, stdin=io.StringIO("1\n" * 100), stdout=out) == 0
    assert "Settlement" in out.getvalue()
