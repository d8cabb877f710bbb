"""`yezi play|simulate|rules fishing` through the real CLI, and the option table's coverage."""

import io
import subprocess
import sys

from yezi.cli.main import main
from yezi.core.registry import load_game
from yezi.games.fishing import text
from yezi.games.fishing.game import Fishing


def test_every_variant_id_has_an_option_and_every_choice_a_source():
    table = Fishing.option_table()
    ids = {v for o in table.options.values() for v in o.variant_ids}
    assert ids >= {f"V-F{i}" for i in range(1, 12)} | {"V-T1"}
    assert all(c.source for o in table.options.values() for c in o.choices)
    assert all(p.source for p in table.presets.values())


def test_rules_lists_presets_and_variant_ids(capsys):
    assert main(["rules", "fishing"]) == 0
    out = capsys.readouterr().out
    for word in ("suffocated", "mongkok", "fc1-group", "yuenlong-elders", "tiu-u", "V-F8", "V-T1"):
        assert word in out


def test_simulate_reports_each_seat(capsys):
    assert main(["simulate", "fishing", "-n", "30", "--quiet", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "Tail" in out and "top score: Tail" in out


def test_play_a_deal_in_the_terminal():
    script = "why\nhint\nfoo\n" + "1\n" * 40 + "q\n"
    r = subprocess.run([sys.executable, "-m", "yezi.cli.main", "play", "fishing", "--seed", "3", "--deals", "1",
                        "--lang", "en"], input=script, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "Lake:" in r.stdout and "Your hand:" in r.stdout and "“foo” does not read as a move; the moves now:" in r.stdout
    assert "Dealer: score" in r.stdout  # the why command
    assert " pays " in r.stdout and "→" in r.stdout  # the end of the deal explains each pair's payment


def test_render_in_three_languages_hides_nothing_it_should_show():
    g = load_game("fishing")
    st = g.start(seed=4)
    for lang, word in (("zh-hant", "湖"), ("zh-hans", "牌龙"), ("en", "Lake")):
        s = text.render(g, st.view(2), lang)
        assert word in s
    assert "尾牌" in text.render(g, st.view(2), "zh-hant")
    assert "尾牌" not in text.render(g, st.view(0), "zh-hant")
    out = io.StringIO()
    out.write(text.why(g, st.view(0), "尾家", "zh-hant"))
    assert out.getvalue().startswith("尾家")


def test_why_names_an_unknown_seat_in_the_readers_language():
    g = load_game("fishing")
    v = g.start(seed=4).view(0)
    assert text.why(g, v, "皇帝", "zh-hant") == "沒有 '皇帝' 這個座位；座位有：莊家，二家，尾家"
    assert text.why(g, v, "皇帝", "zh-hans") == "没有 '皇帝' 这个座位；座位有：庄家，二家，尾家"
    assert text.why(g, v, "emperor", "en") == "unknown seat 'emperor'; seats: Dealer, Second, Tail"
