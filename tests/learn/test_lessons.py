"""Lesson data against the engine: every game has lessons; every scripted position is reachable
(the line replays), every move a step asks for is legal, every claim (legal moves, refusals and
the rule named, view values, payments) holds; and the tutor answers with the engine's reasons."""

from __future__ import annotations

import dataclasses

import pytest

from yezi.core.registry import GAMES
from yezi.learn import LANGS, has_lessons
from yezi.learn.answers import answer
from yezi.learn.check import check_lesson
from yezi.learn.lessons import lesson, load
from yezi.learn.tutor import NEXT, Tutor, TutorError

LESSONS = [(g, le.id) for g in GAMES if has_lessons(g) for le in load(g)]
LUKFU_TOPICS = {"cards", "bidding", "leading", "beating", "must-beat", "declare", "boss-cards"}


def test_every_game_has_lessons():
    assert [g for g in GAMES if not has_lessons(g)] == []
    assert {le.id for le in load("lukfu")} >= LUKFU_TOPICS


@pytest.mark.parametrize("game,lesson_id", LESSONS)
def test_every_claim_holds_in_the_engine(game, lesson_id):
    le = lesson(game, lesson_id)
    assert check_lesson(le) == []
    for st in le.steps:
        assert set(st.text) == set(LANGS)


def test_a_false_claim_is_caught():
    le = lesson("lukfu", "leading")
    st = le.steps[0]
    wrong_rule = dataclasses.replace(st, refuse={"一貫": "must-beat"})
    wrong_legal = dataclasses.replace(st, legal=("一貫",))
    for bad in (wrong_rule, wrong_legal):
        problems = check_lesson(dataclasses.replace(le, steps=(bad, *le.steps[1:])))
        assert problems and "一貫" in problems[0]
    wrong_pay = dataclasses.replace(lesson("lukfu", "declare"))
    last = dataclasses.replace(wrong_pay.steps[-1], claims={"payments": [1, -1, 0, 0]})
    assert "payments" in check_lesson(dataclasses.replace(wrong_pay, steps=(*wrong_pay.steps[:-1], last)))[0]


def test_refusal_is_the_engines_reason():
    t = Tutor(lesson("lukfu", "leading"))
    out = t.attempt("一貫")
    assert (out.kind, out.rule) == ("illegal", "lead-order")
    assert "first class of your hand" in out.message  # the engine's own message
    assert t.step_i == 0 and t.inputs == []  # nothing changed
    assert "lead-order" in answer(t, out, "en") and out.message in answer(t, out, "en")
    assert "單張出頭" in answer(t, out, "zh-hant") and "单张出头" in answer(t, out, "zh-hans")
    other = t.attempt("三二一拾")  # legal, but not the lesson's move
    assert other.kind == "not-this" and t.game.format_action(other.expected[0], "en") in answer(t, other, "en")
    assert t.attempt("no such move").kind == "bad-input"
    assert t.next().kind == "bad-input"  # a move step is not read past
    assert t.attempt("各二(拾貫索)").kind == "ok" and t.step_i == 1


def test_progress_replays_and_stale_progress_is_refused():
    le = lesson("lukfu", "boss-cards")
    t = Tutor(le)
    t.attempt("不報")
    t.attempt("唔做")
    again = Tutor.replay(le, t.inputs)
    assert again.state.history == t.state.history and again.step_i == t.step_i == 2
    with pytest.raises(TutorError):
        Tutor.replay(le, [NEXT])  # the first step asks for a move


def test_a_several_card_discard_may_come_in_any_order():
    """The must-beat lesson's fours: the learner may discard them in another order than the line's."""
    le = lesson("lukfu", "must-beat")
    a, b = Tutor(le), Tutor(le)
    for m in ("墊四索", "墊七綫", "墊四綫"):
        assert a.attempt(m).kind == "ok"
    for m in ("墊四索", "墊七綫", "墊四拾"):
        assert b.attempt(m).kind == "ok"
    assert not a.deviated and b.deviated  # b left the line: the bots play on from the engine
    assert a.step_i == b.step_i == 3
    for t in (a, b):
        for _ in range(4):
            assert t.attempt(t.legal()[0]).kind == "ok"
        assert t.state.is_terminal() and not t.done  # the last step says how the deal ended
        assert t.next().kind == "ok" and t.done


@pytest.mark.parametrize("game", [g for g in GAMES if has_lessons(g)])
def test_no_lesson_ends_on_a_deal_its_steps_never_showed_ending(game):
    """Findings: lesson 6 ended on the settlement of a deal the learner never saw finish, lesson 3 on "It is
    your turn." followed by "Lesson complete!". A lesson whose deal is over when it ends shows a step read
    after the end (it says how the deal ended); no last step tells the learner to act."""
    for le in load(game):
        t = Tutor(le)
        over_at_last_step = False
        while not t.done:
            if t.step_i == len(le.steps) - 1:
                over_at_last_step = t.state.is_terminal()
            if t.step.is_move:
                t.attempt(t.expected()[0])
            else:
                t.next()
        if t.state.is_terminal():
            assert over_at_last_step, f"{game}/{le.id}: the deal ends after the lesson's last step was shown"
        assert "It is your turn" not in le.steps[-1].text["en"], f"{game}/{le.id}"


def test_the_end_of_a_deal_is_settled_by_the_engine():
    from yezi.learn.text import settlement

    t = Tutor(lesson("lukfu", "declare"))
    t.attempt("食糊")
    assert t.state.is_terminal()
    lines = settlement(t, "en")
    assert any("Dummy holds 9 Myriads" in x for x in lines) and lines[-1].startswith("Payments")
