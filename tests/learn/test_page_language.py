"""A tutorial page speaks the reader's language to the last character: the English page's <title> had
the game's characters and 葉子 in it, and the 简体 page wrote the project's name 葉子 in 繁體."""

from __future__ import annotations

import re

import pytest

from yezi.core.registry import GAMES
from yezi.guides.purity import check_html
from yezi.learn import has_lessons
from yezi.learn.html import game_page

CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.mark.parametrize("game", [g for g in GAMES if has_lessons(g)])
def test_titles_and_brand_in_the_readers_script(game):
    en = game_page(game, "en")
    title = re.search(r"<title>(.*?)</title>", en).group(1)
    assert not CJK.search(title), title
    assert not check_html(en, "en"), check_html(en, "en")[:3]
    hans = game_page(game, "zh-hans")
    shown = hans.split('<script type="application/json"')[0]  # the page, not the glossary's data
    assert "叶子" in shown and "葉子" not in shown
    assert not [f for f in check_html(hans, "zh-hans") if f.category == "hans-trad"]


def _js_words(path, lang: str, keys: tuple[str, ...]) -> dict[str, str]:
    """The words a play table's script uses in `lang` (its `"zh-hant": { ... }` block)."""
    block = path.read_text(encoding="utf-8").split(f'"{lang}": {{', 1)[1]
    return {k: re.search(rf'\b{k}: "([^"]+)"', block).group(1) for k in keys}


#: per game: the play table's script, the words its seat line uses, and the seat line's counts as
#: the play table writes them (a number, a space, the game's own word: 十五湖 cards and 打天九's
#: tiles are 隻, Luk Fu's cards and the dominoes are 張)
SEAT_LINES = {
    "lukfu": ("i18n.js", ("cards", "tricks", "hu"), [r"\d+ {cards}", r"\d+ {tricks}", r"\d+ {hu}"]),
    "fishing": ("games/fishing.js", ("cards", "catch"), [r"\d+ {cards}", r"{catch} \d+"]),
    "tiengow": ("games/tiengow.js", ("tiles", "won", "tricks"), [r"\d+ {tiles}", r"{won} \d+ {tiles}", r"\d+ {tricks}"]),
    "shiwuhu": ("games/shiwuhu.js", ("cards", "hu"), [r"\d+ {cards}", r"\d+/\d+ {hu}"]),
    "jielong": ("games/dominoes.js", ("tiles", "down"), [r"\d+ {tiles}", r"{down} \d+"]),
    "tseding": ("games/dominoes.js", ("tiles", "down"), [r"\d+ {tiles}", r"{down} \d+"]),
    "dingniu": ("games/dominoes.js", ("tiles", "down"), [r"\d+ {tiles}", r"{down} \d+"]),
}


@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans"])
@pytest.mark.parametrize("game", list(SEAT_LINES))
def test_the_lessons_table_counts_in_the_play_tables_words(game, lang):
    """A learner moving from a lesson to a real table reads the same seat line in both: the lesson's
    Luk Fu drawing said "12 隻 · 0墩 · 0糊" (十五胡's classifier, through a msgid written twice in
    the catalog) where the play table says "12 張 · 0 墩 · 0 糊", and 打天九's said "7 張 · 贏0張"
    where its table says "7 隻 · 得牌 0 隻"."""
    from pathlib import Path

    from yezi.learn.html import frame
    from yezi.learn.lessons import load
    from yezi.server import catalog

    script, keys, parts = SEAT_LINES[game]
    word = _js_words(Path(catalog.__file__).parent.parent / "web" / script, lang, keys)
    board = frame(game, load(game)[0].id, lang, [])["board"]
    seat_names = set(re.findall(r">([^<>：]+)：", board))
    lines = [t for t in re.findall(r">([^<>]+)<", board) if "：" in t and t.split("：", 1)[0] in seat_names
             and " · " in t]
    assert len(lines) >= 2, re.findall(r">([^<>]+)<", board)
    want = [re.compile(p.format(**{k: re.escape(v) for k, v in word.items()}) + "$") for p in parts]
    for line in lines:
        counts = line.split("：", 1)[1].rstrip(" ▶").split(" · ")
        assert len(counts) == len(want) and all(w.match(c) for w, c in zip(want, counts)), (line, word)


@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans"])
def test_the_lessons_luk_fu_hand_says_what_its_hu_are_made_of(lang):
    """Above the hand, the play table writes "1 糊（贏牌 0 + 老歲 1）"; the lesson's drawing wrote
    "1 糊" alone, and a learner at the first lesson, who has won nothing, could not tell where the
    1 came from."""
    from pathlib import Path

    from yezi.learn.html import frame
    from yezi.learn.lessons import load
    from yezi.server import catalog

    word = _js_words(Path(catalog.__file__).parent.parent / "web" / "i18n.js", lang, ("won", "laosui"))
    board = frame("lukfu", load("lukfu")[0].id, lang, [])["board"]
    line = re.compile(rf" · (\d+) 糊（{word['won']} (\d+) \+ {word['laosui']} (\d+)）$")
    found = [m for t in re.findall(r">([^<>]+)<", board) if (m := line.search(t))]
    assert len(found) == 1, re.findall(r">([^<>]+)<", board)
    total, won, boss = map(int, found[0].groups())
    assert total == won + boss and boss == board.count(">老<")  # the mark under each boss card
