"""`yezi settle jielong|tseding|dingniu` speaks the language it is asked for: in 繁體 and 简体 every line it prints —
each player's tiles and score, the payments, the questions it asks at a terminal and its input errors — is
Chinese (no English word left but the names it keeps on purpose, option names and the reader's own input that an
error quotes), and an error still names what is wrong; in English it prints, byte for byte, what it printed
before its messages moved into the catalogs (settle_en.json, written from that code)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ZH, option_identifiers, settle_as_before_in_english, settle_in_chinese

GOLDEN = Path(__file__).parent / "settle_en.json"

#: the source a preset's title credits by his user name (the catalogs keep it: 頂牛's recommended rules)
KEPT = ("navpil",)

#: case -> (arguments, input, answers at a terminal or None)
CASES = {
    "jielong": (["jielong"], "莊家: 天 地\n二家: -\n三家: 梅花 長三×2\n四家: 6-6, 5-4\n", None),
    "tseding": (["tseding"], "A: 天 地\nB: -\nC: 梅花 長三\nD: 6-6 5-4 3-1 6-1 5-1 2-1 6-5 6-4\n", None),
    "dingniu": (["dingniu"], "莊家: 地 | 大天\n二家: | 地 一五\n三家: | 大五 一六\n四家: 一五 | 大五 一六 算帳\n", None),
    "asked": (["dingniu"], "", ["地 | 大天", "| 地 一五", "| 大五 一六", "一五 | 大五 一六 算帳"]),
    "unreadable-tile": (["jielong"], "A: 天 皇帝\nB: -\nC: -\nD: -\n", None),
    "suanzhang": (["jielong"], "A: 天 算帳\nB: -\nC: -\nD: -\n", None),
    "bajue": (["jielong"], "A: 天 八掘\nB: -\nC: -\nD: -\n", None),
    "bar": (["jielong"], "A: 天 | 地\nB: -\nC: -\nD: -\n", None),
    "lines": (["dingniu"], "A: 6-6\nB: -\n", None),
    "too-many": (["jielong"], "A: 天 天 天\nB: -\nC: -\nD: -\n", None),
    "hand-size": (["dingniu"], "A: 6-6 6-6 5-5 4-4 3-3 2-2 1-1\nB: -\nC: -\nD: -\n", None),
    "bajue-whole-hand": (["tseding"], "A: 天 八掘\nB: -\nC: -\nD: -\n", None),
    "ended": (["jielong"], "", ["天"]),
    "unknown-option": (["dingniu", "-o", "nonsense=1"], "", None),
    "not-name-value": (["dingniu", "-o", "oops"], "", None),
}
#: the refusals of a bad -o, which list the option names a player may type
OPTION_ERRORS = {"unknown-option", "not-name-value"}
VALID = {"jielong", "tseding", "dingniu", "asked"}
#: case -> what its error must name in every language
NAMED = {
    "unreadable-tile": "'皇帝'",
    "hand-size": "7",
    "unknown-option": "'nonsense'",
    "not-name-value": "'oops'",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_english_is_as_it_was(case):
    argv, text, answers = CASES[case]
    settle_as_before_in_english(GOLDEN, case, argv, text, answers)


@pytest.mark.parametrize("lang", ZH)
@pytest.mark.parametrize("case", sorted(CASES))
def test_chinese_has_no_english_and_names_what_is_wrong(case, lang):
    argv, text, answers = CASES[case]
    kept = KEPT + (option_identifiers(argv[0]) if case in OPTION_ERRORS else ())
    rc, out = settle_in_chinese(lang, argv, text, answers, kept=kept)
    assert rc == (0 if case in VALID else 2), out
    if case in NAMED:
        assert NAMED[case] in out
