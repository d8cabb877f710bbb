"""Ma Diao's liability warnings (D1 / D2, '願認者聽') and `yezi madiao play` speak the reader's language:
the browser's frame carries each warning in 繁體, 简体 and English, the record's comments (`annotate`)
are in the record's language, and a Chinese session at the terminal prints no English word of its own."""

from __future__ import annotations

import io
import re

import pytest

from tests.cli_helpers import ZH, english_words
from tests.madiao.test_liability import D1_DEAL, D2_DEAL, L1_DEAL
from yezi.cli.madiao import main
from yezi.games.madiao.game import DOWN, MaDiao, stake_code
from yezi.render import madiao as R

#: the rule ids name Feng's clauses and stay in every language
RULE_IDS = ("D1", "D2", "L1")
#: each language's word for what the warning says happens: the offender bears the 開 (代認開)
BEARS = {"zh-hant": "代認開", "zh-hans": "代认开", "en": "you bear the payments"}


def _d1():
    """Seat 1 to act, holding 千萬 without 百老 before 百老 has appeared (L2 → D1 on discarding it)."""
    s = MaDiao.from_preset().new_state(D1_DEAL)
    s.apply(stake_code(2))
    s.apply(22)
    return s, DOWN + 1, "D1"


def _l1():
    """Seat 1 to lead a low 十 without 百老 (L1 → D1)."""
    s = MaDiao.from_preset().new_state(L1_DEAL)
    s.apply(stake_code(2))
    return s, 10, "L1"


def _d2():
    """Seat 1 could capture the banker's 七索 with 八索 and discards instead (故縱 → D2)."""
    s = MaDiao.from_preset().new_state(D2_DEAL)
    s.apply(stake_code(2))
    s.apply(22)
    return s, DOWN + 25, "D2"


POSITIONS = {"d1": _d1, "l1": _l1, "d2": _d2}


@pytest.mark.parametrize("case", POSITIONS)
def test_frame_carries_each_warning_in_every_language(case):
    s, action, rule = POSITIONS[case]()
    seat = s.current_player
    warned = R.frame_extras(s, seat)["warnings"]
    assert set(warned) == {"zh-hant", "zh-hans", "en"}
    for lang, by_action in warned.items():
        texts = by_action[str(action)]
        assert any(rule in t and BEARS[lang] in t for t in texts), (lang, texts)
    for lang in ZH:
        for texts in warned[lang].values():
            for t in texts:
                assert english_words(t) == [], (lang, t)
    assert warned["en"][str(action)] == s.warnings(action)  # English as before
    for other in (0, 1, 2, 3):
        if other != seat:
            assert "warnings" not in R.frame_extras(s, other)  # only the seat to act is warned


def test_warnings_read_from_the_catalogs():
    s, action, _ = _d2()
    assert s.warnings(action) == ["D2: letting the banker's card pass on purpose; if his 賞 then lives you bear the payments"]
    assert s.warnings(action, "zh-hant") == ["D2：故縱樁牌（能捉而滅）；若樁家之賞因此成活，由你代認開"]
    assert s.warnings(action, "zh-hans") == ["D2：故纵桩牌（能捉而灭）；若桩家之赏因此成活，由你代认开"]


@pytest.mark.parametrize("case", POSITIONS)
def test_annotate_speaks_the_records_language(case):
    s, action, rule = POSITIONS[case]()
    assert s.annotate(action, "en") == "; ".join(s.warnings(action))
    for lang in ZH:
        note = s.annotate(action, lang)
        assert rule in note and BEARS[lang] in note and english_words(note) == [], note
    assert s.annotate(action, "ascii") == s.annotate(action, "en")  # the ASCII notation reads English


def _session(lang: str | None) -> str:
    out = io.StringIO()
    argv = ["play", "--seed", "5", "--seat", "2", "-o", "session_end=hands", "-o", "session_length=1"]
    assert main(argv + (["--lang", lang] if lang else []), stdin=io.StringIO("1\n" * 400), out=out) == 0
    return out.getvalue()


@pytest.mark.parametrize("lang", ZH)
def test_a_chinese_session_at_the_terminal_prints_no_english(lang):
    text = _session(lang)
    assert "⚠ D1" in text  # seed 5 reaches a D1 warning for the player
    assert english_words(text) == [], [ln for ln in text.splitlines() if english_words(ln)]
    risk = {"zh-hant": "（願認者聽）", "zh-hans": "（愿认者听）"}[lang]
    assert risk in text and "(願認者聽)" not in text
    assert re.search(r"^座次（出牌方向）：P1 → P2（你） → P0 → P3$", text, re.M)
    assert "第 1 牌" in text and "：P0 " in text  # the session's total, after a full-width colon


def test_an_english_session_reads_as_before():
    text = _session("en")
    lines = text.splitlines()
    assert lines[0] == "seats (play direction): P1 → P2(you) → P0 → P3"
    assert "#### hand 1 · 樁 P3 · 官堆 0 ####" in lines
    assert any(ln.startswith("session over: P0 ") for ln in lines)
    assert any(ln.startswith(">   ⚠ D1: playing 千萬 or 萬萬 before 百老 has appeared;") and ln.endswith(" (願認者聽)")
               for ln in lines)
