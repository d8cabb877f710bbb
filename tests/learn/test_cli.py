"""`yezi learn GAME` driven end to end through its prompts (the CLI's main with standard input):
every lesson of every game, refusals answered with the engine's
reasons, the settlement at the end; bad arguments answered in one line."""

from __future__ import annotations

import io

import pytest

from tests.learn.helpers import learner_script
from yezi.cli.main import main as yezi_main
from yezi.core.registry import GAMES
from yezi.learn import has_lessons
from yezi.learn.lessons import load


def run_learn(argv: list[str], lines: list[str]) -> tuple[int, str]:
    from yezi.cli.learn import main

    out = io.StringIO()
    code = main(argv, stdin=io.StringIO("".join(x + "\n" for x in lines)), stdout=out)
    return code, out.getvalue()


def test_the_whole_lukfu_tutorial_in_english():
    lines: list[str] = []
    refused = 0
    for le in load("lukfu"):
        s, r = learner_script(le)
        lines += s
        refused += r
    code, out = run_learn(["lukfu", "--lang", "en"], lines)
    assert code == 0
    assert out.count("Lesson complete!") == len(load("lukfu")) and "All lessons done" in out
    assert out.count("✗ Not allowed") == refused
    assert "(rule must-beat)" in out and "(rule lead-order)" in out and "(rule must-top)" in out
    assert "Dealer declares 6 points 糊: each loser owes 1" in out  # the engine's settlement line (glossed)
    assert "Second pays Dealer 2 (paying for the others 包賠" in out and "Payments: Dealer +2  Second -6  Dummy +4  Third +0" in out


@pytest.mark.parametrize("game", [g for g in GAMES if has_lessons(g) and g != "lukfu"])
def test_every_other_game_whole_tutorial(game):
    lines: list[str] = []
    refused = 0
    for le in load(game):
        s, r = learner_script(le)
        lines += s
        refused += r
    code, out = run_learn([game, "--lang", "zh-hans"], lines)
    assert code == 0
    assert out.count("✗ 不合规则") == refused and out.count("本课完成！") == len(load(game))
    assert "结算：" in out and "全部课程完成" in out  # a deal was played out and paid


def test_one_lesson_alone():
    le = load("fishing")[0]
    lines, _ = learner_script(le)
    code, out = run_learn(["fishing", "--lang", "en", "--lesson", le.id], lines)
    assert code == 0 and out.count("Lesson complete!") == 1 and "All lessons done" not in out


def test_wrong_moves_numbers_and_quitting():
    code, out = run_learn(["lukfu", "--lang", "zh-hant", "--lesson", "leading"], ["一貫", "9", "99", "q"])
    assert code == 0
    assert "不合規則：一貫（規則 lead-order）" in out
    assert "本課要你出：各二(拾貫索)" in out  # 9) is a legal move, not the lesson's
    assert "沒有第 99 招：請選 1 至 9，或輸入招式" in out  # as `yezi play` says it
    assert "再見" in out


@pytest.mark.parametrize("lang,words", [("en", ["“xyz” does not read as a move", "set of 2s (Tens, Myriads, Strings)"]),
                                        ("zh-hant", ["看不懂「xyz」這一招", "各二(拾貫索)"]),
                                        ("zh-hans", ["看不懂「xyz」这一招", "各二(拾贯索)"])])
def test_typed_text_that_is_no_move_is_answered_in_the_learners_words(lang, words):
    """Findings N5: "cannot read 'xyz' as a Luk Fu action; expected 做/唔做/…" was English in every language
    and listed only Chinese keywords; the answer now lists the moves that work, as the reader writes them."""
    code, out = run_learn(["lukfu", "--lang", lang, "--lesson", "leading"], ["xyz", "q"])
    assert code == 0
    for w in words:
        assert w in out
    assert "cannot read" not in out and "expected" not in out


def test_one_move_numbers_hint_and_the_games_commands():
    """With one legal move, "2" is refused as `yezi play` refuses it; `hint` names the lesson's move; the
    game's own commands (why CARD) work as in `yezi play`."""
    code, out = run_learn(["lukfu", "--lang", "en", "--lesson", "cards"], ["", "", "2", "hint", "why 百子", "1"])
    assert code == 0
    assert "there is no move 2: choose 1 to 1" in out
    assert "★ This lesson asks for: keep quiet" in out
    assert "百子 is a boss card" in out
    assert "Lesson complete!" in out


def test_the_terminal_locale_chooses_the_language():
    from yezi.cli.learn import locale_lang

    assert locale_lang({"LANG": "en_US.UTF-8"}) == "en"
    assert locale_lang({"LANG": "zh_CN.UTF-8"}) == "zh-hans"
    assert locale_lang({"LC_ALL": "zh_TW.UTF-8", "LANG": "en_US.UTF-8"}) == "zh-hant"
    assert locale_lang({"LANG": "C.UTF-8"}) == "zh-hant"


def test_bad_arguments(capsys):
    assert yezi_main(["learn", "nosuch", "--lang", "en"]) == 2
    assert "no lessons for 'nosuch'" in capsys.readouterr().err
    assert yezi_main(["learn", "lukfu", "--lesson", "nosuch", "--lang", "en"]) == 2
    assert "lessons: cards" in capsys.readouterr().err


def test_bad_arguments_are_refused_in_the_learners_language(capsys):
    assert yezi_main(["learn", "nosuch"]) == 2  # --lang is 繁體 by default
    err = capsys.readouterr().err
    assert "'nosuch' 沒有課程；有課程的遊戲：" in err and "lukfu，" in err
    assert yezi_main(["learn", "lukfu", "--lesson", "nosuch", "--lang", "zh-hans"]) == 2
    assert "lukfu 没有 'nosuch' 这一课；各课：cards，" in capsys.readouterr().err
