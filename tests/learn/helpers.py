"""What a learner types to walk a lesson: for each step, Enter (a step only read) or the moves the
step offers to try (each refused) and then the line's move."""

from __future__ import annotations

from yezi.learn.lessons import Lesson
from yezi.learn.tutor import Tutor


def learner_script(le: Lesson) -> tuple[list[str], int]:
    """The input lines that complete `le`, and how many of them the engine refuses."""
    t = Tutor(le)
    g = t.game
    lines: list[str] = []
    refused = 0
    while not t.done:
        st = t.step
        assert st is not None
        if not st.is_move:
            lines.append("")
            t.next()
            continue
        for m in st.refuse:
            lines.append(m)
            refused += 1
        for _ in range(st.times):
            move = t.line[t.pos]
            lines.append(g.format_action(move, "zh-hant"))
            assert t.attempt(move).kind == "ok"
    return lines, refused
