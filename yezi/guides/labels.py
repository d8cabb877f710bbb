"""The few fixed words of a guide page (headings the renderers add), translated in the gettext catalogs."""

from __future__ import annotations

from yezi.i18n import NP_, _c

#: key -> English msgid, translated under the context ``guide:<key>`` (the English words repeat elsewhere
#: with other translations: the tutorial's "Payments" and "All games" are not worded as a guide's)
LABELS: dict[str, str] = {
    "rules": NP_("guide:rules", "How to play"),
    "all_games": NP_("guide:all_games", "All games"),
    "lobby": NP_("guide:lobby", "Lobby"),
    "contents": NP_("guide:contents", "Contents"),
    "gallery": NP_("guide:gallery", "Every card and tile"),
    "reference": NP_("guide:reference", "Appendix: the option table"),
    "reference_note": NP_("guide:reference_note",
                          "Generated from the engine's option table, with the source of every choice."),
    "presets": NP_("guide:presets", "Presets"),
    "example": NP_("guide:example", "Worked example"),
    "to_act": NP_("guide:to_act", "To act"),
    "legal": NP_("guide:legal", "Legal answers"),
    "payments": NP_("guide:payments", "Payments"),
    "refused": NP_("guide:refused", "The engine refuses"),
    "rule": NP_("guide:rule", "rule"),
    "why": NP_("guide:why", "How it was settled"),
    "record": NP_("guide:record", "The record the engine replays"),
    "deal": NP_("guide:deal", "Deal"),
    "actions": NP_("guide:actions", "Actions"),
    "scores": NP_("guide:scores", "Scores"),
    "preset": NP_("guide:preset", "Preset"),
    "seen_by": NP_("guide:seen_by", "Seen by"),
    "everyone": NP_("guide:everyone", "everyone"),
    "learn_it": NP_("guide:learn_it", "Learn it step by step"),
    "play_it": NP_("guide:play_it", "Play it"),
    "terminal": NP_("guide:terminal", "In a terminal: "),
    "roman": NP_("guide:roman", "Said"),
    "games": NP_("guide:games", "Used in"),
    "glossary": NP_("guide:glossary", "Glossary"),
    "default": NP_("guide:default", "default"),
    "source": NP_("guide:source", "source"),
}


def label(key: str, lang: str) -> str:
    """The guide's word `key` in `lang`, from the catalogs."""
    return _c(lang, f"guide:{key}", LABELS[key])
