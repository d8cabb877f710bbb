"""`yezi madiao` session commands, the text renderer and the generic CLI with Ma Diao."""

import io

from yezi.cli.madiao import main
from yezi.core.record import Record
from yezi.games.madiao.game import MaDiao
from yezi.games.madiao.text import COMMANDS, render


def test_simulate_sessions():
    out = io.StringIO()
    assert main(["simulate", "-n", "5", "--bots", "heuristic,random", "--seed", "1"], out=out) == 0
    text = out.getvalue()
    assert "banker per hand" in text and "散家 per hand" in text


def test_watch_a_session():
    out = io.StringIO()
    assert main(["play", "--watch", "--seed", "3", "-o", "session_end=hands,session_length=1"], out=out) == 0
    assert "本場結束：" in out.getvalue()  # --lang zh-hant by default


def test_play_a_session_as_a_human():
    out = io.StringIO()
    moves = io.StringIO("1\n" * 400)
    assert main(["play", "--seed", "5", "--seat", "2", "-o", "session_end=hands", "-o", "session_length=1"],
                stdin=moves, out=out) == 0
    assert "本場結束：" in out.getvalue()


def test_explain_a_record(tmp_path):
    g = MaDiao.from_preset()
    s = g.start(seed=9)
    while s.current_player is not None:
        s.apply(s.legal_actions()[0])
    f = tmp_path / "hand.txt"
    f.write_text(Record.from_state(s, seed=9).to_text(), encoding="utf-8")
    out = io.StringIO()
    assert main(["explain", str(f)], out=out) == 0
    assert "《馬弔脚例》" in out.getvalue()


def test_render_every_language_and_commands():
    g = MaDiao.from_preset()
    s = g.start(seed=2)
    for _ in range(7):
        s.apply(s.legal_actions()[0])
    for lang in ("zh-hant", "zh-hans", "en"):
        assert g.seat_name(0, lang) in render(g, s.view(s.current_player), lang)
    while s.current_player is not None:
        s.apply(s.legal_actions()[-1])
    v = s.view(0)
    assert "《馬弔脚例》" in render(g, v, "zh-hant")
    assert "Feng's rule:" in COMMANDS["why"](g, v, "", "en")  # English: Feng's clauses translated


def test_notation_round_trip():
    g = MaDiao.from_preset()
    for a in range(g.action_space_size):
        if 80 <= a < 100 and a - 79 > 20:
            continue
        for lang in ("zh-hant", "zh-hans", "en", "ascii"):
            assert g.parse_action(g.format_action(a, lang)) == a
    assert g.parse_action("滅 百老") == 40 + 2 and g.parse_action("捉千萬") == 1


def test_generic_cli_play_and_replay(tmp_path):
    from argparse import Namespace

    from yezi.cli.play import run_play

    out = io.StringIO()
    args = Namespace(game="madiao", preset=None, option=[], lang="zh-hant", bots="heuristic", seed=4,
                     deals=2, seat=0, notation=None)
    assert run_play(args, stdin=io.StringIO("1\n" * 200), stdout=out) == 0
