"""The tutorial's own words (buttons, prompts, answers), translated in the gettext catalogs, and the
rules the engine names when it refuses a move (``rules.toml``: one sentence per rule id and language,
content kept beside the lessons' own three-language texts)."""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources

from yezi.i18n import NP_, _c

#: the tutorial's words: key -> English msgid, translated under the context ``learn:<key>`` (as the web
#: client's strings are under ``web:<key>``; the English words repeat elsewhere with other translations).
#: ``{}`` placeholders are filled by the callers, and by learn.js, which receives the whole table.
LABELS: dict[str, str] = {
    "learn": NP_("learn:learn", "Learn to play"),
    "learn_game": NP_("learn:learn_game", "Learn {}"),
    "intro": NP_("learn:intro", "Each lesson is a fixed deal against computer players. Follow the prompts; "
                                "when a move breaks a rule, the engine says which rule and why."),
    "lesson": NP_("learn:lesson", "Lesson {}"),
    "step": NP_("learn:step", "Step {} of {}"),
    "next": NP_("learn:next", "Next"),
    "restart": NP_("learn:restart", "Restart this lesson"),
    "next_lesson": NP_("learn:next_lesson", "Next lesson"),
    "done": NP_("learn:done", "Lesson complete!"),
    "all_done": NP_("learn:all_done", "All lessons done. You are ready to play a table."),
    "legal": NP_("learn:legal", "Legal now"),
    "try": NP_("learn:try", "Try these (the engine refuses them)"),
    "type": NP_("learn:type", "or type a move"),
    "refused": NP_("learn:refused", "✗ Not allowed"),
    "rule": NP_("learn:rule", "rule"),
    "not_this": NP_("learn:not_this", "That move is legal, but this lesson asks for: {}"),
    "bad_input": NP_("learn:bad_input", "Not a move: {}"),
    "played": NP_("learn:played", "✓ Played {}"),
    "log": NP_("learn:log", "Moves in this lesson ({})"),
    "payments": NP_("learn:payments", "Payments"),
    "why": NP_("learn:why", "How it was settled"),
    "waiting": NP_("learn:waiting", "Someone else is to act"),
    "guide": NP_("learn:guide", "Player's guide"),
    "all_games": NP_("learn:all_games", "All games"),
    "lobby": NP_("learn:lobby", "Lobby"),
    "lessons": NP_("learn:lessons", "Lessons"),
    "completed": NP_("learn:completed", "done"),
    "terminal": NP_("learn:terminal", "In a terminal: "),
    "prompt_next": NP_("learn:prompt_next", "Press Enter to go on (q to quit)"),
    "prompt_move": NP_("learn:prompt_move", "Type a move's number or its notation (moves lists them, q quits)"),
    "you_are": NP_("learn:you_are", "You sit as {}"),
    "bye": NP_("learn:bye", "bye"),
    "suggested": NP_("learn:suggested", "this lesson's move"),
    "hint": NP_("learn:hint", "★ This lesson asks for: {}"),
    "hint_any": NP_("learn:hint_any", "★ Any legal move will do here."),
    "prompt_more": NP_("learn:prompt_more", "hint: the lesson's move; help: the game's commands"),
}


def label(key: str, lang: str) -> str:
    """The tutorial's word `key` in `lang`, from the catalogs (``{}`` placeholders left for the caller)."""
    return _c(lang, f"learn:{key}", LABELS[key])


@lru_cache(maxsize=1)
def _rules() -> dict[str, dict[str, dict[str, str]]]:
    return tomllib.loads((resources.files("yezi.learn") / "rules.toml").read_text(encoding="utf-8"))


def rule_text(game: str, rule: str, lang: str) -> str | None:
    """What the rule with this id says, in words (the game's own entry, else the shared one)."""
    r = _rules()
    entry = r.get(game, {}).get(rule) or r.get("all", {}).get(rule)
    return entry[lang] if entry else None


def has_rule_text(game: str, rule: str) -> bool:
    return rule_text(game, rule, "en") is not None
