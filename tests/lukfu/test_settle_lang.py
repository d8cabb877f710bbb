"""`yezi settle lukfu` speaks the language it is asked for: in 繁體 and 简体 every line it prints — the settlement, the
questions it asks at a terminal and its input errors — is Chinese (no English word left but the names it keeps
on purpose, option names and the reader's own input that an error quotes), and an error still names what is
wrong; in English it prints, byte for byte, what it printed before its messages moved into the catalogs
(settle_en.json, written from that code)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ZH, option_identifiers, settle_as_before_in_english, settle_in_chinese

GOLDEN = Path(__file__).parent / "settle_en.json"

EXAMPLE = "bid: 二家\nwinner: 三家\ncards: 八拾 八貫 八索 九綫 百子 雲綫\ndummy: 一索\n"
#: case -> (arguments, input, answers at a terminal or None)
CASES = {
    "example": ([], EXAMPLE, None),
    "void": ([], "bid: none\n", None),
    "draw": ([], "bid: 二家\nwinner: none\n", None),
    "asked": ([], "", ["二家", "三家", "八拾 八貫 八索 九綫 百子 雲綫", "一索"]),
    "unreadable-card": ([], "bid: 二家\nwinner: 三家\ncards: 八拾 皇帝\ndummy: 一索\n", None),
    "unreadable-seat": ([], "bid: 皇帝\n", None),
    "dummy-declares": ([], "bid: 二家\nwinner: 夢家\nhu: 7\ndummy: 一索\n", None),
    "void-declared": ([], "bid: none\nwinner: 三家\n", None),
    "few-hu": ([], "bid: 二家\nwinner: 三家\nhu: 5\ndummy: 一索\n", None),
    "hu-word": ([], "bid: 二家\nwinner: 三家\nhu: seven\ndummy: 一索\n", None),
    "named-twice": ([], "bid: 二家\nwinner: 三家\ncards: 八拾 八拾 八索 九綫 百子 雲綫\ndummy: 一索\n", None),
    "hu-and-cards": ([], "bid: 二家\nwinner: 三家\nhu: 7\ncards: 八拾 八貫 八索 九綫 百子 雲綫\ndummy: 一索\n", None),
    "no-dummy-card": ([], "bid: 二家\nwinner: 三家\nhu: 7\n", None),
    "cards-for-dummy": ([], "bid: 二家\nwinner: 三家\nhu: 7\ndummy: 一索\n", None),
    "linear": (["--preset", "hakka-hk-3p", "-o", "scoring=linear"], "bid: 二家\nwinner: 三家\nhu: 7\n", None),
    "three-players": (["--preset", "hakka-hk-3p"], "bid: 二家\nwinner: 三家\nhu: 7\ndummy: 一索\n", None),
    "not-in-deck": (["--preset", "hakka-hk-3p"], "bid: 二家\nwinner: 二家\ncards: 八拾 八貫 八索 九綫 百子 雲綫\n", None),
    "no-key": ([], "winner 三家\n", None),
    "key-twice": ([], "bid: 二家\nbid: 三家\n", None),
    "tigers-off": (["--preset", "hakka-hk-3p"], "tigers: 二家\n", None),
    "no-bid": ([], "winner: 三家\n", None),
    "ended": ([], "", ["二家"]),
    "unknown-preset": (["--preset", "nowhere"], EXAMPLE, None),
    "bad-option-value": (["-o", "scoring=nonsense"], EXAMPLE, None),
}
#: the refusals of a bad --preset or -o, which list the ids, names and values a player may type
OPTION_ERRORS = {"unknown-preset", "bad-option-value"}
VALID = {"example", "void", "draw", "asked"}
#: case -> what its error must name in every language
NAMED = {
    "unreadable-card": "'皇帝'",
    "unreadable-seat": "'皇帝'",
    "named-twice": "八拾",
    "key-twice": "做",
    "unknown-preset": "'nowhere'",
    "bad-option-value": "'nonsense'",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_english_is_as_it_was(case):
    argv, text, answers = CASES[case]
    settle_as_before_in_english(GOLDEN, case, ["lukfu", *argv], text, answers)


@pytest.mark.parametrize("lang", ZH)
@pytest.mark.parametrize("case", sorted(CASES))
def test_chinese_has_no_english_and_names_what_is_wrong(case, lang):
    argv, text, answers = CASES[case]
    kept = option_identifiers("lukfu") if case in OPTION_ERRORS else ()
    rc, out = settle_in_chinese(lang, ["lukfu", *argv], text, answers, kept=kept)
    assert rc == (0 if case in VALID else 2), out
    if case in NAMED:
        assert NAMED[case] in out
