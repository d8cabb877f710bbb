"""`yezi settle madiao` speaks the language it is asked for: in 繁體 and 简体 every line it prints — the settlement
with its clauses, the questions it asks at a terminal and its input errors — is Chinese (no English word left
but the names it keeps on purpose, option names and the reader's own input that an error quotes), and an error
still names what is wrong; in English it prints, byte for byte, what it printed before its messages moved into
the catalogs (settle_en.json, written from that code)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import ZH, settle_as_before_in_english, settle_in_chinese

GOLDEN = Path(__file__).parent / "settle_en.json"

EXAMPLE = ("face: 六索\nsecond: 七索\n樁家: 萬萬 六十 五十 一萬 二十 二錢 八萬 五萬\n下首: 百萬 六萬 八十 四萬 二萬 九錢 半文 一錢\n"
           "對面: 三錢 四錢 七十 七萬 三萬 四十 一索 八索\n上首: 七錢 八錢 九索 空文 五錢 九萬 三十 六錢\n"
           "tricks: 樁家 萬萬, 下首 百萬, 樁家 六十, 下首 八十, 對面 三錢, 樁家 五十, 下首 四萬, 對面 四錢\n")
#: case -> (arguments, input, answers at a terminal or None)
CASES = {
    "example": ([], EXAMPLE, None),
    "asked": ([], "", [ln.split(": ", 1)[1] for ln in EXAMPLE.splitlines()]),
    "unreadable-card": ([], EXAMPLE.replace("face: 六索", "face: 皇帝"), None),
    "seven-tricks": ([], EXAMPLE.replace("tricks: 樁家 萬萬, ", "tricks: "), None),
    "not-dealt": ([], EXAMPLE.replace("tricks: 樁家 萬萬", "tricks: 下首 萬萬"), None),
    "unreadable-seat": ([], EXAMPLE.replace("tricks: 樁家 萬萬", "tricks: 莊 萬萬"), None),
    "missing-seat": ([], "\n".join(ln for ln in EXAMPLE.splitlines() if not ln.startswith("上首")), None),
    "stake": ([], EXAMPLE + "stake: 3\n", None),
    "pool-word": ([], EXAMPLE + "pool: lots\n", None),
    "key-twice": ([], EXAMPLE + "face: 五索\n", None),
    "no-long-suit": ([], EXAMPLE + "mian: 下首\n", None),
    "no-key": ([], EXAMPLE + "nonsense\n", None),
    "trick-without-card": ([], EXAMPLE.replace("tricks: 樁家 萬萬", "tricks: 樁家"), None),
    "no-face": ([], EXAMPLE.replace("face: 六索\n", ""), None),
}
VALID = {"example", "asked"}
#: case -> what its error must name in every language
NAMED = {
    "unreadable-card": "'皇帝'",
    "unreadable-seat": "'莊'",
    "pool-word": "'lots'",
    "trick-without-card": "'樁家'",
    "stake": "3",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_english_is_as_it_was(case):
    argv, text, answers = CASES[case]
    settle_as_before_in_english(GOLDEN, case, ["madiao", *argv], text, answers)


@pytest.mark.parametrize("lang", ZH)
@pytest.mark.parametrize("case", sorted(CASES))
def test_chinese_has_no_english_and_names_what_is_wrong(case, lang):
    argv, text, answers = CASES[case]
    rc, out = settle_in_chinese(lang, ["madiao", *argv], text, answers)
    assert rc == (0 if case in VALID else 2), out
    if case in NAMED:
        assert NAMED[case] in out


def test_an_impossible_play_reads_in_chinese_and_is_named():
    """The engine's refusals of a table's plays (`FactsError`) read in --lang, the play named."""
    import random

    from tests.madiao.test_settle_cli import facts_text
    from yezi.core.playout import random_playout
    from yezi.games.madiao.game import MaDiao

    g = MaDiao.from_preset()
    st = g.start(seed=3)
    random_playout(st, random.Random(3))
    plays = [g.format_action(sn["a"], "zh-hant") for sn in st.play_log]
    text = facts_text(g, st, stake=st.stake, pool=st.pool_before)
    for lang in ZH:
        rc, out = settle_in_chinese(lang, ["madiao"], text + "plays: " + " ".join(plays[:-1]) + "\n", None)
        assert rc == 2 and "31" in out and "32" in out
        rc, out = settle_in_chinese(lang, ["madiao"], text + "plays: " + " ".join([plays[1], *plays[1:]]) + "\n", None)
        assert rc == 2 and plays[1] in out
