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


@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans"])
def test_the_lessons_luk_fu_table_counts_in_the_play_tables_words(lang):
    """A learner moving from a lesson to a real table reads the same seat line in both: the lesson's
    drawing said "12 隻 · 0墩 · 0糊" (十五胡's classifier, through a msgid written twice in the
    catalog) where the play table says "12 張 · 0 墩 · 0 糊" (i18n.js's words, a space after
    each number)."""
    from pathlib import Path

    from yezi.learn.html import frame
    from yezi.learn.lessons import load
    from yezi.server import catalog

    js = (Path(catalog.__file__).parent.parent / "web" / "i18n.js").read_text(encoding="utf-8")
    block = js.split(f'"{lang}": {{', 1)[1]
    word = {k: re.search(rf'\b{k}: "([^"]+)"', block).group(1) for k in ("cards", "tricks", "hu")}
    board = frame("lukfu", load("lukfu")[0].id, lang, [])["board"]
    lines = [t for t in re.findall(r">([^<>]+)<", board) if word["tricks"] in t]
    assert len(lines) == 4, lines  # four seats (the dummy's too)
    for line in lines:
        counts = line.split("：", 1)[1].rstrip(" ▶").split(" · ")
        assert [re.sub(r"^\d+ ", "", c) for c in counts] == [word["cards"], word["tricks"], word["hu"]], line
