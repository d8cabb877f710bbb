"""The tutor's answer to one input, in words (shared by the terminal and the web page)."""

from __future__ import annotations

from yezi.learn.labels import label, rule_text
from yezi.learn.tutor import Outcome, Tutor


def answer(t: Tutor, out: Outcome, lang: str) -> str:
    """The engine's reason for a refusal (its rule id and message: in English the engine's own words about
    this move, in Chinese the rule's sentence of rules.toml, one or the other so that nothing is said
    twice), or what the lesson asks for, or, for typed text that is no move, the moves that work now."""
    g = t.game
    if out.kind == "ok":
        return label("played", lang).format(g.format_action(out.move, lang)) if out.move is not None else ""
    if out.kind == "illegal":
        move = g.format_action(out.move, lang)
        said = rule_text(g.name, out.rule, lang)
        if lang == "en":  # the engine's own words, which say it of this move (the rule's sentence would repeat them)
            return f"{label('refused', lang)}: {move} ({label('rule', lang)} {out.rule}): {out.message or said}"
        return f"{label('refused', lang)}：{move}（{label('rule', lang)} {out.rule}）" + (f"：{said}" if said else "")
    if out.kind == "not-this":
        sep = ", " if lang == "en" else "、"
        return label("not_this", lang).format(sep.join(g.format_action(a, lang) for a in out.expected))
    if out.typed:  # typed text that reads as no move: the reader's words, and the moves that work now
        from yezi.core.unreadable import unreadable

        return unreadable(g, out.typed, t.legal(), lang)
    return label("bad_input", lang).format(out.message)
