"""`yezi settle fishing`: reading catches in any notation, the printed reasons and arithmetic."""

import io

import pytest

from tests.cli_helpers import run_settle as run
from yezi.cli.settle import InputError, main, parse_catch
from yezi.components import tiengow as tg


def test_counts_and_names_in_every_form():
    c = parse_catch("天×2 紅九 6-3 x3 黑七=2 2×人 Long Three".replace(" Long Three", ""))
    assert c[tg.HEAVEN] == 2 and c[tg.RED_NINE] == 1 and c[tg.BLACK_NINE] == 3
    assert c[tg.BLACK_SEVEN] == 2 and c[tg.MAN] == 2
    c = parse_catch("Heaven x2, Long Three, red nine 3, 大天")
    assert c[tg.HEAVEN] == 3 and c[tg.LONG_THREE] == 1 and c[tg.RED_NINE] == 3
    c = parse_catch("天 2 地 长衫")
    assert c[tg.HEAVEN] == 2 and c[tg.EARTH] == 1 and c[tg.LONG_THREE] == 1


def test_bad_card_is_named_with_what_was_expected():
    with pytest.raises(InputError, match=r"'皇帝'.*expected"):
        parse_catch("天 皇帝")
    rc, _ = run(["fishing"], "A: 天 皇帝\nB: 地\n")
    assert rc == 2


def test_ambiguous_name_asks_which():
    with pytest.raises(InputError, match="紅九"):
        parse_catch("雜九")


def test_scores_mode_reproduces_the_mong_kok_example():
    rc, out = run(["fishing", "--method", "M2", "--players", "3", "--scores", "1110,700,400"])
    assert rc == 0
    assert "B → A 820" in out and "C → A 1420" in out and "C → B 300" in out
    assert "2 × (1110 − 700) = 820" in out


def test_scores_mode_reproduces_the_fc1_example():
    rc, out = run(["fishing", "-m", "M3", "--di", "3", "--scores", "680,660,550", "--jun", "2,0,1"])
    assert rc == 0
    assert "B → A 600" in out and "C → A 600" in out and "C → B 400" in out


def test_catches_are_classified_with_reasons_and_settled(tmp_path):
    f = tmp_path / "deal.txt"
    f.write_text("# three players\nA: 天 天 紅九 黑九 黑九 黑九 梅花×4\nB: 天 天 紅九 紅九\nC: 人 人 人 人 紅七\n",
                 encoding="utf-8")
    rc, out = run(["fishing", "--method", "M1", "--players", "3", str(f), "--lang", "en", "--no-check"])
    assert rc == 0
    assert "Heaven ×2: big fish, 60" in out
    assert "Red Nine ×2: small fish" in out and "missing Black Nine" in out
    assert "決勝分 300" in out  # A: 10 big fish
    assert "Payments:" in out and "Totals:" in out
    rc, out = run(["fishing", "--wenwu", "any", str(f), "--lang", "en", "--no-check"])
    assert "Man ×4: medium fish, 80" in out


def test_too_many_copies_and_wrong_player_count():
    rc, _ = run(["fishing"], "A: 天 天 天\nB: 天 天\n")
    assert rc == 2
    rc, _ = run(["fishing", "--players", "3"], "A: 天\nB: 地\n")
    assert rc == 2


def test_interactive(monkeypatch):
    answers = iter(["A: 天 紅九 黑九", "B: 皇帝", "B: 地", "C: 人"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))

    class TTY(io.StringIO):
        def isatty(self):
            return True

    out = io.StringIO()
    assert main(["fishing", "--players", "3", "--no-check"], stdin=TTY(), stdout=out) == 0
    assert "A → " not in out.getvalue() and "→ A" in out.getvalue()


def test_presets_supply_the_method_and_flags_override_them():
    rc, out = run(["fishing", "--preset", "fc1-group", "--di", "3", "--scores", "680,660,550", "--jun", "2,0,1"])
    assert rc == 0 and out.startswith("M3") and "C → B 400" in out
    rc, out = run(["fishing", "--preset", "mongkok", "--scores", "1110,700,400"])
    assert out.startswith("M2") and "B → A 820" in out
    rc, out = run(["fishing", "--preset", "mongkok", "--method", "M1", "--scores", "900,700,600"])
    assert out.startswith("M1") and "B → A 700" in out
    rc, out = run(["fishing", "--preset", "tiu-u", "--lang", "en"], "A: 天 山雞 大雞六 板凳\nB: 人 地\n")
    assert rc == 0 and "2 points a pip" in out and "B → A 8:" in out


def test_m3_overmountain_threshold_is_the_option_as_in_the_engine():
    """One source of truth for the three-player 過山 threshold: the option `overmountain_3p`
    (default 1000; fc1-group sets 700). With 800, 500, 300 under M3 and the default, nobody is
    過山: B pays A 3 + 1 底 = 400 (the calculator once forced 700 for M3 and said 900)."""
    from yezi.core.registry import load_game
    from yezi.games.fishing.settlement import Standing

    rc, out = run(["fishing", "-m", "M3", "--scores", "800,500,300"])
    assert rc == 0 and "B → A 400" in out
    engine = load_game("fishing", None, {"settlement": "M3"}).method.settle([Standing(800), Standing(500), Standing(300)])
    assert "B → A 400" in out and engine.pairs[0].amount == 400
    rc, out = run(["fishing", "--preset", "fc1-group", "--scores", "800,500,300"])
    assert rc == 0 and "B → A 900" in out  # the preset's 700
    rc, out = run(["fishing", "-m", "M3", "-o", "overmountain_3p=700", "--scores", "800,500,300"])
    assert rc == 0 and "B → A 900" in out
    rc, out = run(["fishing", "-m", "M3", "--overmountain", "700", "--scores", "800,500,300"])
    assert rc == 0 and "B → A 900" in out


def test_pair_arithmetic_in_each_language():
    rc, out = run(["fishing", "-m", "M1", "--scores", "900,700,600"])
    assert rc == 0 and "A勝B：差額 900 − 700 = 200；底分 500；合共 200 + 500 = 700；B付A 700" in out and "合計：" in out
    rc, out = run(["fishing", "-m", "M3", "--lang", "zh-hans", "--preset", "fc1-group", "--scores", "800,500,300"])
    assert "A过山（800 ≥ 700）：B的鱼作0计" in out and "（以百计）；B付A 900" in out and "合计：" in out
    rc, out = run(["fishing", "-m", "M2", "--lang", "en", "--scores", "1110,700,400"])
    assert "A over the mountain 過山: 2 × (1110 − 700) = 820; B pays A 820" in out and "Totals:" in out
