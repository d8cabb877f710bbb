"""`yezi settle`: the per-game dispatch and the questions asked at a terminal, for every calculator."""

from __future__ import annotations

import io
import subprocess
import sys

from yezi.cli.settle import CALCULATORS, main


def cli(*args, text=""):
    return subprocess.run([sys.executable, "-m", "yezi.cli.main", "settle", *args], input=text,
                          capture_output=True, text=True, timeout=60)


def test_dispatch_usage_and_unknown_game():
    r = cli()
    assert r.returncode == 2 and "yezi settle GAME --help" in r.stdout
    r = cli("--help")
    assert r.returncode == 0 and all(g in r.stdout for g in CALCULATORS)
    r = cli("poker", "--lang", "en")
    assert r.returncode == 2 and "no calculator for 'poker'" in r.stderr and "lukfu" in r.stderr
    for lang, text in (("zh-hans", "没有 'poker' 的结算器"), (None, "沒有 'poker' 的結算器")):  # --lang's default: 繁體
        r = cli("poker", *(("--lang", lang) if lang else ()))
        assert r.returncode == 2 and text in r.stderr and "lukfu" in r.stderr, r.stderr
    r = cli("--scores", "900,700,600", "-m", "M2")  # the old form still means Fishing
    assert r.returncode == 0 and "B → A 200" in r.stdout


class TTY(io.StringIO):
    def isatty(self):
        return True


def ask(monkeypatch, answers):
    it = iter(answers)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(it))


def test_lukfu_asks_at_a_terminal(monkeypatch):
    ask(monkeypatch, ["二家", "三家", "八拾 八貫 八索 九綫 百子 雲綫", "一索"])
    out = io.StringIO()
    assert main(["lukfu"], stdin=TTY(), stdout=out) == 0
    assert "合計：頭家 +0，二家 -6，夢家 +4，三家 +2" in out.getvalue()


def test_dominoes_ask_at_a_terminal(monkeypatch):
    ask(monkeypatch, ["5-5", "| 2-2", "6-6 | 4-4", "6-5 | 3-1"])
    out = io.StringIO()
    assert main(["dingniu", "--lang", "en"], stdin=TTY(), stdout=out) == 0
    assert "Totals: Dealer -1, Second +6, Third -3, Fourth -2" in out.getvalue()


def test_madiao_asks_at_a_terminal(monkeypatch):
    ask(monkeypatch, ["六索", "七索", "萬萬 六十 五十 一萬 二十 二錢 八萬 五萬", "百萬 六萬 八十 四萬 二萬 九錢 半文 一錢",
                      "三錢 四錢 七十 七萬 三萬 四十 一索 八索", "七錢 八錢 九索 空文 五錢 九萬 三十 六錢",
                      "樁家 萬萬, 下首 百萬, 樁家 六十, 下首 八十, 對面 三錢, 樁家 五十, 下首 四萬, 對面 四錢"])
    out = io.StringIO()
    assert main(["madiao"], stdin=TTY(), stdout=out) == 0
    assert "合計：樁家 -5，下首 +15，對面 -4，上首 -6" in out.getvalue()


def test_input_ending_early_at_a_terminal_is_an_error(monkeypatch):
    def eof(prompt=""):
        raise EOFError

    monkeypatch.setattr("builtins.input", eof)
    for game in ("lukfu", "dingniu", "madiao"):
        assert main([game], stdin=TTY(), stdout=io.StringIO()) == 2
