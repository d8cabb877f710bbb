"""The lessons' texts in three pure languages: English with Chinese only inside elements marked as
Chinese (the names players need), 简体 exactly the simplified form of 繁體 (no traditional-only
characters left), every UI label in all three."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from yezi.core.registry import GAMES
from yezi.learn import LANGS, has_lessons
from yezi.learn.html import text_html
from yezi.learn.labels import LABELS, label
from yezi.learn.lessons import load

CJK = re.compile(r"[\u3400-\u9fff]")
TEXTS = [(g, le.id, i, st) for g in GAMES if has_lessons(g) for le in load(g) for i, st in enumerate(le.steps)]


class _Unmarked(HTMLParser):
    """Chinese characters in text whose nearest lang is not Chinese."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str | None] = []
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.stack.append(dict(attrs).get("lang"))

    def handle_endtag(self, tag):
        self.stack.pop()

    def handle_data(self, data):
        lang = next((x for x in reversed(self.stack) if x), "en")
        if not lang.startswith("zh") and CJK.search(data):
            self.found.append(data)


def test_english_marks_every_chinese_name():
    for game, lesson_id, i, st in TEXTS:
        p = _Unmarked()
        p.feed(text_html(game, st.text["en"], "en"))
        assert p.found == [], (game, lesson_id, i + 1)


def test_simplified_is_the_simplified_form_of_traditional():
    pytest.importorskip("opencc")
    import importlib.util
    import pathlib

    spec = importlib.util.spec_from_file_location(
        "learn_hans", pathlib.Path(__file__).parents[2] / "tools" / "learn_hans.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)

    convert = tool.simplified  # OpenCC t2s, then the mainland words (甚么 → 什么, 枱 → 桌)
    for game, lesson_id, i, st in TEXTS:
        assert st.text["zh-hans"] == convert(st.text["zh-hant"]), (game, lesson_id, i + 1)
    for g in GAMES:
        for le in load(g) if has_lessons(g) else ():
            assert le.title["zh-hans"] == convert(le.title["zh-hant"])
    from yezi.learn.labels import _rules

    for game, rules in _rules().items():
        for rule, texts in rules.items():
            assert texts["zh-hans"] == convert(texts["zh-hant"]), (game, rule)
            assert not CJK.search(texts["en"]), (game, rule)


def test_labels_in_three_languages():
    for key in LABELS:
        texts = {lang: label(key, lang) for lang in LANGS}
        assert not CJK.search(texts["en"]), key
        assert CJK.search(texts["zh-hant"]) and CJK.search(texts["zh-hans"]), (key, texts)
