"""`yezi rules|play|simulate|replay|tournament shiwuhu` through the real CLI, and the option table."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

from yezi.cli.main import main
from yezi.core.playout import random_playout
from yezi.core.record import Record
from yezi.core.registry import load_game
from yezi.games.shiwuhu import text
from yezi.games.shiwuhu.game import Shiwuhu

GOLDEN = Path(__file__).parent / "golden"


def test_every_variant_id_has_an_option_and_every_choice_a_source():
    table = Shiwuhu.option_table()
    ids = {v for o in table.options.values() for v in o.variant_ids}
    assert ids == {f"V-15{c}" for c in "abcdefghi"}
    assert all(c.source for o in table.options.values() for c in o.choices)
    assert all(p.source and "econstruction" in p.title for p in table.presets.values())
    assert "reconstruction from a single reader's comment" in table.notice


def test_rules_lists_presets_options_and_the_reconstruction_notice(capsys):
    assert main(["rules", "shiwuhu"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Note: Shiwu Hu 十五胡 is a reconstruction")  # English glosses the name (issue 13)
    for word in ("provisional", "tiengow-turns", "pagat-3p", "V-15a", "V-15b", "Q12", "[S3 FC2]"):
        assert word in out


def test_the_game_title_says_reconstruction_in_every_language():
    assert "重構" in Shiwuhu.titles["zh-hant"] and "重构" in Shiwuhu.titles["zh-hans"]
    assert "reconstruction" in Shiwuhu.titles["en"]
    assert all(len(Shiwuhu.open_questions[lg]) == 12 for lg in ("zh-hant", "zh-hans", "en"))


def test_play_a_deal_to_the_end_in_the_terminal():
    script = "help\nfoo\n天×5\n99\n" + "1\n" * 200
    r = subprocess.run([sys.executable, "-m", "yezi.cli.main", "play", "shiwuhu", "--seed", "3", "--deals", "1",
                        "--lang", "en"], input=script, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Your hand: civil" in r.stdout and "reconstruct" in r.stdout
    assert "“foo” does not read as a move; the moves now:" in r.stdout and "there is no move 99" in r.stdout
    assert "Deal over." in r.stdout and "Σ P0" in r.stdout


def test_simulate_and_tournament_run(capsys):
    assert main(["simulate", "shiwuhu", "-n", "20", "--quiet"]) == 0
    assert "Banker" in capsys.readouterr().out
    assert main(["tournament", "shiwuhu", "--bots", "random,heuristic", "--deals", "4", "--jobs", "1", "--quiet"]) == 0
    assert "heuristic" in capsys.readouterr().out


def test_replay_a_golden_record_as_one_seat(capsys):
    assert main(["replay", str(GOLDEN / "shiwuhu-provisional.txt"), "--seat", "2", "--lang", "zh-hans"]) == 0
    assert "三家（你）" in capsys.readouterr().out


def test_replay_shows_a_declaration(tmp_path, capsys):
    """A deal of random play in which a seat declares (seed 2 is the first that does; no bot plays it, so
    retuning a bot changes nothing here), replayed as one seat."""
    state = random_playout(load_game("shiwuhu").start(seed=2), random.Random(2))
    path = tmp_path / "deal.txt"
    path.write_text(Record.from_state(state, seed=2).to_text("zh-hant"), encoding="utf-8")
    assert main(["replay", str(path), "--seat", "2", "--lang", "zh-hans"]) == 0
    out = capsys.readouterr().out
    assert "你的手牌" in out and re.search(r"[庄二三四]家 以 \d+ 胡宣告", out), out


def test_render_in_three_languages():
    g = load_game("shiwuhu")
    st = g.start(seed=4)
    for lang, word in (("zh-hant", "你的手牌"), ("zh-hans", "宣告线"), ("en", "Your hand")):
        assert word in text.render(g, st.view(1), lang)
    assert "Your hand" not in text.render(g, st.view(None), "en")
