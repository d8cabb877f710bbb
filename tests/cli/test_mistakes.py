"""The `yezi` command as a new user meets it: every mistake ends in one line naming the problem and
the accepted values, with exit status 2, and never in a Python traceback.

Each case runs the real command (`python3 -m yezi.cli.main ...` from the worktree root) in a
subprocess, so that what is checked is what a user sees.
"""

from __future__ import annotations

import os
import random
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from yezi.core.record import Record

ROOT = Path(__file__).resolve().parents[2]
LUKFU_GOLDEN = ROOT / "tests" / "lukfu" / "golden" / "hakka-hk-seed1.txt"


def run(*args: str, stdin: str = "", env: dict[str, str] | None = None, timeout: float = 120) -> tuple[int, str, str]:
    p = subprocess.run([sys.executable, "-m", "yezi.cli.main", *args], input=stdin, capture_output=True, text=True,
                       cwd=ROOT, timeout=timeout, env={**os.environ, **(env or {})})
    return p.returncode, p.stdout, p.stderr


def assert_one_line_error(code: int, err: str, *words: str) -> None:
    assert code == 2, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for w in words:
        assert w in lines[0], (w, lines[0])


@pytest.fixture
def lukfu_record(tmp_path) -> Path:
    text = LUKFU_GOLDEN.read_text(encoding="utf-8")
    f = tmp_path / "lukfu.txt"
    f.write_text(text, encoding="utf-8")
    return f


# ---- play ---------------------------------------------------------------------------------------
def test_unknown_bot_names_the_bots_that_exist():
    code, _out, err = run("play", "lukfu", "--bots", "smart", stdin="q\n")
    assert_one_line_error(code, err, "unknown bot 'smart'", "random", "heuristic", "search-strong", "search@N")


def test_unknown_notation_names_the_notations():
    code, _out, err = run("play", "lukfu", "--notation", "klingon", stdin="q\n")
    assert_one_line_error(code, err, "--notation", "klingon", "zh-hant", "zh-hans", "en", "ascii")


@pytest.mark.parametrize("seat", ["7", "-1"])
def test_a_seat_the_table_lacks(seat):
    code, out, err = run("play", "lukfu", "--seat", seat, stdin="q\n")
    assert_one_line_error(code, err, f"--seat {seat}", "seats 0 to 3")
    assert out == ""  # refused before anything is dealt


def test_zero_deals_is_refused():
    code, out, err = run("play", "lukfu", "--deals", "0", stdin="1\n" * 50)
    assert_one_line_error(code, err, "--deals", "at least 1")
    assert out == ""


def test_a_move_number_out_of_range_says_which_numbers_exist():
    code, out, err = run("play", "lukfu", "--seed", "4", "--lang", "en", stdin="99\nq\n")
    assert code == 0, err
    m = re.search(r"there is no move 99: choose 1 to (\d+)", out)
    assert m, out
    assert f"{m.group(1)}) " in out  # the last number offered is a listed move
    assert "cannot read '99'" not in out
    code, out, err = run("play", "lukfu", "--seed", "4", "--lang", "zh-hant", stdin="99\nq\n")
    assert "沒有第 99 招：請選 1 至" in out


def test_the_luk_fu_table_marks_your_seat():
    code, out, err = run("play", "lukfu", "--seed", "4", "--seat", "1", "--lang", "en", stdin="q\n")
    assert code == 0, err
    assert "Second(you) 12" in out, out
    code, out, err = run("play", "lukfu", "--seed", "4", "--lang", "zh-hans", stdin="q\n")
    assert "（你） 12" in out


def test_play_explains_every_fishing_payment():
    code, out, err = run("play", "fishing", "--seed", "3", "--deals", "1", "--lang", "en", stdin="1\n" * 200)
    assert code == 0, err
    pays = re.findall(r"^  \S+ over \S+.*; (\S+) pays (\S+) (\d+)$|^  .*equal, nothing paid$", out, re.M)
    assert len(pays) == 3, out  # three players: three pairs, each with its arithmetic
    assert re.search(r"^  Dealer(\(you\))?: score \d+$", out, re.M) or "Dealer: score" in out, out


# ---- simulate -----------------------------------------------------------------------------------
def test_simulate_negative_games():
    code, out, err = run("simulate", "lukfu", "--games", "-5")
    assert_one_line_error(code, err, "--games", "-5", "at least 1")
    assert "nan" not in out and "deals/s" not in out


def test_simulate_unknown_bot():
    code, _out, err = run("simulate", "lukfu", "--games", "2", "--bots", "heuristic,smart", "--quiet")
    assert_one_line_error(code, err, "unknown bot 'smart'", "random")


# ---- replay and explain -------------------------------------------------------------------------
def test_replay_a_missing_file():
    code, _out, err = run("replay", "nonexistent.txt")
    assert_one_line_error(code, err, "nonexistent.txt", "no such file")


def test_replay_a_file_that_is_not_utf8(tmp_path):
    f = tmp_path / "latin1.txt"
    f.write_bytes("[Game \"lukfu\"]\n1. 頭家 做\n".encode("big5"))
    code, _out, err = run("replay", str(f))
    assert_one_line_error(code, err, str(f), "not UTF-8", "UTF-8 text or JSON")


def test_replay_non_utf8_from_standard_input():
    p = subprocess.run([sys.executable, "-m", "yezi.cli.main", "replay", "-"], input=b"\xff\xfe\x00junk",
                       capture_output=True, cwd=ROOT, timeout=60)
    assert_one_line_error(p.returncode, p.stderr.decode(), "not UTF-8")


def test_replay_a_seat_the_table_lacks(lukfu_record):
    code, _out, err = run("replay", str(lukfu_record), "--seat", "9")
    assert_one_line_error(code, err, "--seat 9", "seats 0 to 3")


def test_madiao_explain_refuses_a_luk_fu_record(lukfu_record):
    code, _out, err = run("madiao", "explain", str(lukfu_record))
    assert_one_line_error(code, err, "record of lukfu", "Ma Diao", "yezi replay")


def test_madiao_explain_a_missing_file():
    code, _out, err = run("madiao", "explain", "nonexistent.txt")
    assert_one_line_error(code, err, "no such file")


def test_madiao_explain_an_unfinished_hand(tmp_path):
    from yezi.games.madiao.game import MaDiao

    s = MaDiao.from_preset().start(seed=9)
    s.apply(s.legal_actions()[0])
    f = tmp_path / "hand.txt"
    f.write_text(Record.from_state(s, seed=9).to_text(), encoding="utf-8")
    code, _out, err = run("madiao", "explain", str(f))
    assert_one_line_error(code, err, "not finished")


def test_madiao_play_seat_out_of_range():
    code, _out, err = run("madiao", "play", "--seat", "9", stdin="q\n")
    assert_one_line_error(code, err, "--seat", "0, 1, 2, 3")


def test_replay_prints_the_fishing_settlement(tmp_path):
    from yezi.bots import RandomBot
    from yezi.core.registry import load_game

    g = load_game("fishing")
    s = g.start(seed=5)
    rng = random.Random(5)
    while s.current_player is not None:
        s.apply(RandomBot().choose(g, {}, s.legal_actions(), rng))
    f = tmp_path / "fishing.txt"
    f.write_text(Record.from_state(s, seed=5).to_text(), encoding="utf-8")
    code, out, err = run("replay", str(f), "--lang", "zh-hant")
    assert code == 0, err
    # each pair's arithmetic in the reader's language: 「…；尾家付莊家 700」 or 「…：相等，不用付」
    pays = re.findall(r"；(\S+?)付(\S+?) (\d+)$", out, re.M)
    assert "決勝分" in out and len(pays) + out.count("相等，不用付") == 3, out
    net = dict.fromkeys((g.seat_name(i, "zh-hant") for i in range(3)), 0)
    for payer, payee, amount in pays:
        net[payer] -= int(amount)
        net[payee] += int(amount)
    assert list(net.values()) == s.payments()  # the explanation adds up to what the engine paid


# ---- rules | head ------------------------------------------------------------------------------
@pytest.mark.parametrize("reader", ["head -1", "true"])
def test_a_closed_pipe_ends_quietly(reader):
    # `true` exits without reading, so the write always meets a closed pipe; `head -1` is the usual case.
    cmd = f"{sys.executable} -m yezi.cli.main rules lukfu | {reader}; echo \"status ${{PIPESTATUS[0]}}\" >&2"
    p = subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert "Traceback" not in p.stderr and "Exception ignored" not in p.stderr, p.stderr
    status = p.stderr.strip().splitlines()[-1]
    assert status in ("status 0", "status 141"), p.stderr
    if reader == "true":
        assert status == "status 141"


# ---- help ---------------------------------------------------------------------------------------
def test_top_level_help_describes_every_command():
    code, out, _err = run("--help")
    assert code == 0
    from yezi.cli.main import EXTERNAL, build_parser

    commands = ["play", "simulate", "replay", "rules", "games", *EXTERNAL]
    flat = " ".join(out.split())
    for name in commands:
        m = re.search(rf"\b{name} (\S+ \S+)", flat)
        assert m and not m.group(1).startswith("see "), (name, out)
    assert build_parser().format_help() == out


def test_serve_help_names_host_port_and_the_database_location(tmp_path):
    code, out, _err = run("serve", "--help", env={"XDG_DATA_HOME": str(tmp_path), "YEZI_DATA_DIR": ""})
    assert code == 0
    flat = " ".join(out.split())
    assert re.search(r"--host HOST \S+", flat) and re.search(r"--port PORT \S+", flat)
    assert str(tmp_path / "yezi" / "yezi.db") in flat.replace(" ", "") or str(tmp_path / "yezi" / "yezi.db") in flat


# ---- serve --------------------------------------------------------------------------------------
def test_serve_port_out_of_range():
    code, out, err = run("serve", "--port", "99999")
    assert_one_line_error(code, err, "--port", "99999", "0 to 65535")
    assert "serving on" not in out


@pytest.mark.parametrize("url, words", [
    ("foo://x", ["unknown kind of database", "foo://x", "sqlite:///", "postgresql://"]),
    ("nonsense", ["cannot read the database URL", "sqlite:///", "postgresql://"]),
])
def test_serve_bad_database_url(tmp_path, url, words):
    code, out, err = run("serve", "--port", "0", "--database-url", url, env={"XDG_DATA_HOME": str(tmp_path)})
    assert_one_line_error(code, err, *words)
    assert "serving on" not in out


def test_serve_on_a_busy_port_says_so_before_serving(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, out, err = run("serve", "--port", str(port), "--database-url", f"sqlite:///{tmp_path}/t.db")
    assert_one_line_error(code, err, f"port {port}", "already in use", "--port")
    assert "serving on" not in out


def _serve_until_ready(env: dict[str, str], *args: str) -> str:
    """Start `yezi serve --port 0`, return its first line once it serves, stop it."""
    p = subprocess.Popen([sys.executable, "-m", "yezi.cli.main", "serve", "--port", "0", *args], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={**os.environ, **env})
    try:
        deadline = time.time() + 60
        line = ""
        while time.time() < deadline and "serving on" not in line:
            line = p.stdout.readline()
            if not line and p.poll() is not None:
                break
        return line
    finally:
        p.terminate()
        p.wait(timeout=30)


def test_the_database_lives_in_the_per_user_data_directory(tmp_path):
    data = tmp_path / "xdg"
    work = tmp_path / "elsewhere"
    work.mkdir()
    env = {"XDG_DATA_HOME": str(data), "YEZI_DATA_DIR": "", "YEZI_DATABASE_URL": ""}
    line = _serve_until_ready(env)
    assert f"database: sqlite:///{data}/yezi/yezi.db" in line, line
    assert (data / "yezi" / "yezi.db").exists()
    assert not (ROOT / "yezi.db").exists() or (ROOT / "yezi.db").stat().st_mtime < time.time() - 60
    # an explicit URL still wins, from the environment or the command line
    other = tmp_path / "other.db"
    line = _serve_until_ready({**env, "YEZI_DATABASE_URL": f"sqlite:///{other}"})
    assert f"database: sqlite:///{other}" in line, line
    line = _serve_until_ready(env, "--database-url", f"sqlite:///{tmp_path}/third.db")
    assert f"database: sqlite:///{tmp_path}/third.db" in line, line


def test_settings_follow_xdg(monkeypatch, tmp_path):
    from yezi.server.config import Settings, default_database_path

    monkeypatch.delenv("YEZI_DATABASE_URL", raising=False)
    monkeypatch.delenv("YEZI_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert Settings().database_url == f"sqlite:///{tmp_path}/yezi/yezi.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")  # the spec says to ignore a relative path
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_database_path() == tmp_path / "home" / ".local" / "share" / "yezi" / "yezi.db"
    monkeypatch.setenv("YEZI_DATA_DIR", str(tmp_path / "d"))
    assert default_database_path() == tmp_path / "d" / "yezi.db"


# ---- tournament ---------------------------------------------------------------------------------
def test_tournament_zero_deals():
    code, _out, err = run("tournament", "lukfu", "--bots", "random,heuristic", "--deals", "0")
    assert_one_line_error(code, err, "--deals", "at least 1")


# ---- counts in English -------------------------------------------------------------------------
def test_one_card_and_one_tile_in_english():
    from yezi.core.registry import load_game
    from yezi.games.dominoes.text import render as render_dominoes
    from yezi.games.fishing.text import render as render_fishing

    g = load_game("fishing")
    view = g.start(seed=1).view(0)
    view["hand_sizes"] = [1, 2, 0]
    text = render_fishing(g, view, "en")
    assert ": 1 card;" in text and ": 2 cards;" in text and "1 cards" not in text
    assert "1 隻牌" in render_fishing(g, view, "zh-hant")
    g = load_game("dingniu")
    view = g.start(seed=1).view(0)
    view["hand_counts"] = [1, 2, 1, 0]
    text = render_dominoes(g, view, "en")
    assert " 1 tile " in text and " 2 tiles " in text and "1 tiles" not in text


def test_advise_argument_errors_are_one_line():
    code, _out, err = run("advise", "九拾", "--deals", "0")
    assert_one_line_error(code, err, "--deals", "at least 1")
