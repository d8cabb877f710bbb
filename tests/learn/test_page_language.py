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
