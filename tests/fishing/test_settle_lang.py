"""`yezi settle fishing` speaks the language it is asked for: in 繁體 and 简体 every line it prints — the method, each
catch's cards and 決勝分, the payments, the questions it asks at a terminal and its input errors — is Chinese (no
English word left but the names it keeps on purpose, option names and the reader's own input that an error
quotes), and an error still names what is wrong; in English it prints, byte for byte, what it printed before its
messages moved into the catalogs (settle_en.json, written from that code)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ZH, settle_as_before_in_english, settle_in_chinese

GOLDEN = Path(__file__).parent / "settle_en.json"

#: the pen name the M1 method is named after (the catalogs keep it whole), and the method code ``plain``
#: listed among those `-m` takes
KEPT = ("The Suffocated", "plain")

DEAL = "A: 天 天 紅九 黑九 黑九 黑九 梅花×4\nB: 天 天 紅九 紅九\nC: 人 人 人 人 紅七\n"
SPECIALS = "A: 梅花×4 斧頭×4 紅頭十×4 天×4 黑九×4 紅九×4\nB: 長三 板凳\nC: 地\n"
#: case -> (arguments, input, answers at a terminal or None)
CASES = {
    "catches": (["-m", "M1"], DEAL, None),
    "specials": (["-m", "M1", "--no-check"], SPECIALS, None),
    "scores": (["-m", "M2", "--scores", "1110,700,400"], "", None),
    "asked": (["--players", "3", "--no-check"], "", ["A: 天 皇帝", "A: 天 紅九 黑九", "地", "人"]),
    "unreadable-card": ([], "A: 天 皇帝\nB: 地\n", None),
    "ambiguous-card": ([], "A: 雜九\nB: 地\n", None),
    "count-first": ([], "A: 3 天\nB: 地\n", None),
    "too-many": ([], "A: 天 天 天\nB: 天 天\n", None),
    "one-player": ([], "A: 天\n", None),
    "players-flag": (["--players", "3"], "A: 天\nB: 地\n", None),
    "bad-scores": (["--scores", "9x,1"], "", None),
    "uneven-scores": (["--scores", "1,2", "--jun", "1"], "", None),
    "unknown-method": (["-m", "M9", "--scores", "1,2"], "", None),
    "ended": (["--players", "3"], "", ["A: 天"]),
}
VALID = {"catches", "specials", "scores", "asked"}
#: case -> what its error must name in every language
NAMED = {
    "unreadable-card": "'皇帝'",
    "ambiguous-card": "'雜九'",
    "count-first": "'3'",
    "unknown-method": "'M9'",
    "bad-scores": "'9x,1'",
    "asked": "'皇帝'",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_english_is_as_it_was(case):
    argv, text, answers = CASES[case]
    settle_as_before_in_english(GOLDEN, case, ["fishing", *argv], text, answers)


@pytest.mark.parametrize("lang", ZH)
@pytest.mark.parametrize("case", sorted(CASES))
def test_chinese_has_no_english_and_names_what_is_wrong(case, lang):
    argv, text, answers = CASES[case]
    rc, out = settle_in_chinese(lang, ["fishing", *argv], text, answers, kept=KEPT)
    assert rc == (0 if case in VALID else 2), out
    if case in NAMED:
        assert NAMED[case] in out
