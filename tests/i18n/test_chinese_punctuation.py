"""What the command line prints in 繁體 and 简体 is punctuated as Chinese: after Chinese text comes a full-width
``：`` ``，`` ``；``, never the ASCII ``:`` ``,`` ``;`` of a machine's output (``合計: A +600, B -600`` reads as
English; ``合計：A +600，B -600`` reads as Chinese). Every settlement calculator and `yezi replay` of a record
of every game (the moves only, the whole table, one seat's view) are checked in both scripts.

Allowed: the deal that `replay` prints after its start label is the record's own notation (``莊家: 天 地 |
尾家: ...``), which people type and share, so it stays as the record writes it; the calculators echo no input
in a valid run."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tests.cli_helpers import ZH, settle_transcript

ROOT = Path(__file__).resolve().parents[2]

#: a Chinese character or a full-width mark, then an ASCII colon, comma or semicolon
ASCII_AFTER_CHINESE = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef][:,;]")

#: game -> (calculator arguments, input): a valid deal each
SETTLE = {
    "fishing": (["fishing", "-m", "M1"], "A: 天 天 紅九 黑九 黑九 黑九 梅花×4\nB: 天 天 紅九 紅九\nC: 人 人 人 人 紅七\n"),
    "fishing-specials": (["fishing", "-m", "M1", "--no-check"],
                         "A: 梅花×4 斧頭×4 紅頭十×4 天×4 黑九×4 紅九×4\nB: 長三 板凳\nC: 地\n"),
    "fishing-scores": (["fishing", "-m", "M2", "--scores", "1110,700,400"], ""),
    "fishing-2p": (["fishing"], "A: 天 天 地 地 人 人 和 和\nB: 梅 梅 長三 長三\n"),
    "lukfu": (["lukfu"], "bid: 二家\nwinner: 三家\ncards: 八拾 八貫 八索 九綫 百子 雲綫\ndummy: 一索\n"),
    "lukfu-void": (["lukfu"], "bid: none\n"),
    "lukfu-linear": (["lukfu", "--preset", "hakka-hk-3p", "-o", "scoring=linear"], "bid: 二家\nwinner: 三家\ncards: 八拾 八貫 八索 九綫 百子 七索\n"),
    "madiao": (["madiao"], "face: 六索\nsecond: 七索\n樁家: 萬萬 六十 五十 一萬 二十 二錢 八萬 五萬\n"
                           "下首: 百萬 六萬 八十 四萬 二萬 九錢 半文 一錢\n對面: 三錢 四錢 七十 七萬 三萬 四十 一索 八索\n"
                           "上首: 七錢 八錢 九索 空文 五錢 九萬 三十 六錢\n"
                           "tricks: 樁家 萬萬, 下首 百萬, 樁家 六十, 下首 八十, 對面 三錢, 樁家 五十, 下首 四萬, 對面 四錢\n"),
    "jielong": (["jielong"], "莊家: 天 地\n二家: -\n三家: 梅花 長三×2\n四家: 6-6, 5-4\n"),
    "tseding": (["tseding"], "A: 天 地\nB: -\nC: 梅花 長三\nD: 6-6 5-4 3-1 6-1 5-1 2-1 6-5 6-4\n"),
    "dingniu": (["dingniu"], "莊家: 地 | 大天\n二家: | 地 一五\n三家: | 大五 一六\n四家: 一五 | 大五 一六 算帳\n"),
}

#: a record of each game the tests keep
RECORDS = sorted(p for p in ROOT.glob("tests/*/golden/*.txt") if p.read_text(encoding="utf-8").startswith("[Game "))


def ascii_after_chinese(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The lines of `text` where an ASCII ``:`` ``,`` or ``;`` follows Chinese text (each `allowed` string
    taken out of its line first)."""
    bad = []
    for line in text.splitlines():
        for a in allowed:
            line = line.replace(a, "")
        if ASCII_AFTER_CHINESE.search(line):
            bad.append(line)
    return bad


@pytest.mark.parametrize("lang", ZH)
@pytest.mark.parametrize("case", sorted(SETTLE))
def test_settle_is_punctuated_as_chinese(case, lang):
    argv, text = SETTLE[case]
    rc, out = settle_transcript([*argv, "--lang", lang], text)
    assert rc == 0, out
    assert ascii_after_chinese(out) == [], out


def _replay(path: Path, lang: str, *extra: str) -> str:
    from yezi.cli.main import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main(["replay", str(path), "--lang", lang, *extra])
    assert rc in (0, None)
    return out.getvalue()


def _deal_notation(path: Path) -> tuple[str, ...]:
    """The record's deal as its notation writes it (which `replay` prints after its start label)."""
    from yezi.cli.replay import read_record

    rec = read_record(str(path))
    return (rec.load().format_deal(rec.deal),) if rec.deal else ()


@pytest.mark.parametrize("lang", ZH)
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
@pytest.mark.parametrize("extra", [["--brief"], [], ["--seat", "1"]], ids=["brief", "table", "seat"])
def test_replay_is_punctuated_as_chinese(path, lang, extra):
    out = _replay(path, lang, *extra)
    bad = ascii_after_chinese(out, _deal_notation(path))
    assert bad == [], "\n".join(bad[:20])


def test_the_check_sees_ascii_after_chinese_and_english_is_left_alone():
    assert ascii_after_chinese("合計: A +600, B -600") == ["合計: A +600, B -600"]
    assert ascii_after_chinese("天 ×2: 小魚, 20") == ["天 ×2: 小魚, 20"]
    assert ascii_after_chinese("合計：A +600，B -600") == []
    assert ascii_after_chinese("Totals: A +600, B -600") == []
    assert ascii_after_chinese("發牌：莊家: 天 地", allowed=("莊家: 天 地",)) == []
