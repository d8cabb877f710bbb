"""One lesson walked against the engine (pure, deterministic).

The tutor replays the lesson's deal to its start, then alternates: the bots' moves come from the
lesson's line (made by the game's heuristic bot with a fixed seed), and at the learner's turn the
current step says what to do. A move the engine refuses is answered with the engine's own
reason (`State.explain_illegal`: the rule's id and message); a legal move other than the one the
lesson asks for is answered as such and changes nothing. Every position, legal move and payment
here comes from the engine.

A lesson's progress is the list of the learner's accepted inputs (action codes, or `NEXT` for a
step that is only read), so that `Tutor.replay(lesson, inputs)` rebuilds any point of it: the
browser keeps that list, the server is stateless.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from yezi.core.errors import NotationError
from yezi.core.registry import load_game
from yezi.learn.lessons import ANY, Lesson, Step

NEXT = -1  # the input that goes past a step that is only read


@dataclass
class Outcome:
    """What the tutor answered to one input."""

    kind: str  # ok | illegal | not-this | bad-input
    move: int | None = None
    rule: str = ""
    message: str = ""  # the engine's message (illegal) or the notation error (bad-input)
    expected: list[int] = field(default_factory=list)  # not-this: the moves the step asks for
    typed: str = ""  # bad-input: the text that read as no move (the answer lists the moves in words)


class TutorError(ValueError):
    """Inputs that do not replay (a stale or edited progress list)."""


class Tutor:
    def __init__(self, lesson: Lesson):
        d = lesson.deal
        self.lesson = lesson
        self.game = load_game(lesson.game, d.preset, d.options)
        g = self.game
        self.state = g.new_state(g.parse_deal(d.deal)) if d.deal is not None else g.start(seed=d.seed)
        self.seat = d.seat
        self.line: list[int] = []
        for text in d.line:
            self.line.append(g.parse_action(text))
        for code in self.line[:lesson.start]:
            self.state.apply(code)
        self.begin = len(self.state.history)  # the lesson's own moves start here
        self.pos = lesson.start
        self.step_i = 0
        self.deviated = False
        self.inputs: list[int] = []
        self._bot: Any = None
        self._moves_in_step = 0
        self._run_others()

    # ---- where we are ----------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.step_i] if self.step_i < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        return self.step is None

    @property
    def my_turn(self) -> bool:
        return self.state.current_player == self.seat

    def legal(self) -> list[int]:
        return self.state.legal_actions() if self.my_turn else []

    def expected(self) -> list[int]:
        """The moves the current step asks for (all legal moves for a step that allows any)."""
        st = self.step
        if st is None or not st.is_move or not self.my_turn:
            return []
        legal = self.legal()
        if st.do == ANY:
            return legal
        codes = [self.game.parse_action(m) for m in st.do]
        return [a for a in legal if a in codes]

    def tries(self) -> list[int]:
        """Moves the step offers to try that the engine refuses (its `refuse` claims)."""
        st = self.step
        return [self.game.parse_action(m) for m in st.refuse] if st is not None and self.my_turn else []

    def view(self) -> dict[str, Any]:
        return self.state.view(self.seat)

    def log(self, lang: str) -> list[str]:
        """The lesson's moves so far as the learner saw them (a face-down move stays face down)."""
        s, g = self.state, self.game
        return [f"{g.seat_name(s.actor_of(i), lang)}: {s.action_text_for(i, self.seat, lang)}"
                for i in range(self.begin, len(s.history))]

    # ---- inputs ----------------------------------------------------------------------------
    def next(self) -> Outcome:
        """Go past a step that is only read."""
        st = self.step
        if st is None or st.is_move:
            return Outcome("bad-input", message="this step asks for a move")
        self.step_i += 1
        self.inputs.append(NEXT)
        if st.finish:
            self._run_others(everyone=True)
        self._run_others()
        return Outcome("ok")

    def attempt(self, move: int | str) -> Outcome:
        """The learner's move, as a code or in notation: refused with the engine's reason, or
        answered as not the lesson's move, or played."""
        st = self.step
        if st is None or not st.is_move or not self.my_turn:
            return Outcome("bad-input", message="this step asks for no move")
        if isinstance(move, str):
            try:
                move = self.game.parse_action(move)
            except NotationError as e:
                return Outcome("bad-input", message=str(e), typed=move)
        if not 0 <= move < self.game.action_space_size:
            return Outcome("bad-input", message=f"{move} is not a move of {self.game.name}")
        legal = self.state.legal_actions()
        if move not in legal:
            err = self.state.explain_illegal(move, legal)
            return Outcome("illegal", move, err.rule, err.message)
        expected = self.expected()
        if move not in expected:
            return Outcome("not-this", move, expected=expected)
        self._play_mine(move)
        self.inputs.append(move)
        self._moves_in_step += 1
        if self._moves_in_step >= st.times:
            self._moves_in_step = 0
            self.step_i += 1
        self._run_others()
        return Outcome("ok", move)

    @classmethod
    def replay(cls, lesson: Lesson, inputs: list[int]) -> Tutor:
        t = cls(lesson)
        for i, x in enumerate(inputs):
            out = t.next() if x == NEXT else t.attempt(int(x))
            if out.kind != "ok":
                raise TutorError(f"input {i + 1} ({x}) does not replay in lesson {lesson.id}: {out.kind}")
        return t

    # ---- the others' moves -----------------------------------------------------------------
    def _play_mine(self, move: int) -> None:
        if not self.deviated and self.pos < len(self.line):
            # the learner's consecutive moves may come in any order (a face-down discard of
            # several cards): take this one from the learner's run of moves in the line
            run_end = self.pos
            probe = self.state.clone()
            while run_end < len(self.line) and probe.current_player == self.seat:
                probe.apply(self.line[run_end])
                run_end += 1
            run = self.line[self.pos:run_end]
            if move in run:
                run.remove(move)
                self.line[self.pos:run_end] = [move, *run]
                self.pos += 1
            else:
                self.deviated = True
        else:
            self.deviated = True
        self.state.apply(move)

    def _run_others(self, everyone: bool = False) -> None:
        """Play everyone else's moves until the learner is to act or the deal is over (with
        `everyone`, the learner's too, to the end of the deal)."""
        s = self.state
        while s.current_player is not None and (everyone or s.current_player != self.seat):
            if not self.deviated and self.pos < len(self.line):
                s.apply(self.line[self.pos])
                self.pos += 1
            else:
                s.apply(self._bot_move())

    def _bot_move(self) -> int:
        from yezi.bots import make_bot

        if self._bot is None:
            self._bot = make_bot(self.game.name, "heuristic")
        s = self.state
        rng = random.Random(self.lesson.bot_seed * 100003 + len(s.history))
        return self._bot.choose(self.game, s.view(s.current_player), s.legal_actions(), rng)
