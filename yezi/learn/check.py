"""Checks that a lesson's text can trust: its line replays in the engine, every move it asks for
is the line's move and legal, every claim holds in the engine (moves legal, moves refused with the
named rule, view values, payments), every refused rule has words in rules.toml, and every text
renders (its glossary terms and cards exist). Used by tests/learn and by lesson authors."""

from __future__ import annotations

from yezi.core.errors import IllegalAction
from yezi.learn import LANGS
from yezi.learn.labels import has_rule_text
from yezi.learn.lessons import ANY, Lesson
from yezi.learn.tutor import Tutor


def _line_replays(le: Lesson) -> list[str]:
    try:
        Tutor(le)
    except (IllegalAction, ValueError) as e:
        return [f"{le.id}: the line does not replay to its start: {e}"]
    return []


def check_lesson(le: Lesson) -> list[str]:
    """Problems of one lesson (empty: every claim holds). Walks the lesson taking, at each step,
    the line's move (so that the positions are the ones the texts describe)."""
    from yezi.learn.text import step_text

    problems = _line_replays(le)
    if problems:
        return problems
    t = Tutor(le)
    g = t.game
    deviated_at: int | None = None
    while not t.done:
        i = t.step_i
        st = t.step
        assert st is not None
        where = f"{le.game}/{le.id} step {i + 1}"
        for lang in LANGS:
            try:
                step_text(le.game, st.text[lang], lang)
            except (KeyError, ValueError) as e:
                problems.append(f"{where} ({lang}): {e}")
        has_claims = bool(st.legal or st.refuse or st.claims)
        if deviated_at is not None and has_claims:
            problems.append(f"{where}: makes claims after step {deviated_at}, where the learner may leave the line")
        legal = t.state.legal_actions() if t.my_turn else []
        for m in st.legal:
            if g.parse_action(m) not in legal:
                problems.append(f"{where}: says {m} is legal; the engine's legal moves are "
                                + " ".join(g.format_action(a, "zh-hant") for a in legal))
        for m, rule in st.refuse.items():
            code = g.parse_action(m)
            if code in legal:
                problems.append(f"{where}: says {m} is refused; the engine allows it")
            else:
                got = t.state.explain_illegal(code, legal).rule
                if got != rule:
                    problems.append(f"{where}: says {m} breaks {rule}; the engine names {got}")
                if not has_rule_text(le.game, got):
                    problems.append(f"{where}: rule {got} has no words in yezi/learn/rules.toml")
        for key, want in st.claims.get("view", {}).items():
            got = t.view().get(key)
            if got != want:
                problems.append(f"{where}: says the view's {key} is {want!r}; the engine has {got!r}")
        if "payments" in st.claims:
            got = list(t.state.payments()) if t.state.is_terminal() else None
            if got != list(st.claims["payments"]):
                problems.append(f"{where}: says the payments are {st.claims['payments']}; the engine: {got}")
        if not st.is_move:
            t.next()
            continue
        if not t.my_turn:
            problems.append(f"{where}: asks for a move but it is not the learner's turn")
            break
        for _ in range(st.times):
            line_move = t.line[t.pos] if t.pos < len(t.line) else None
            if st.do != ANY:
                asked = [g.parse_action(m) for m in st.do]
                bad = [m for m, a in zip(st.do, asked, strict=True) if a not in t.legal()]
                if bad:
                    problems.append(f"{where}: asks for {', '.join(bad)}, which the engine refuses")
                if len(set(asked)) > 1 or st.times > 1:
                    deviated_at = deviated_at or i + 1
            else:
                deviated_at = deviated_at or i + 1
            if line_move is None or line_move not in t.expected():
                problems.append(f"{where}: the line's move is not one the step asks for")
                return problems
            out = t.attempt(line_move)
            if out.kind != "ok":
                problems.append(f"{where}: the line's move was answered {out.kind}")
                return problems
    return problems
