"""The tutorial's and the guides' fixed words (yezi/learn/labels.py, yezi/guides/labels.py) come from the
gettext catalogs, as every other user-facing string does: the modules hold English msgids marked for
extraction under the contexts ``learn:KEY`` / ``guide:KEY``, and the 繁體 and 简体 texts are catalog
translations a translator sees (before, they were in-code dicts of three languages)."""

from __future__ import annotations

import pathlib
import re

import pytest

from yezi.guides import labels as guide_labels
from yezi.i18n.catalog import load_po
from yezi.learn import labels as learn_labels

ROOT = pathlib.Path(__file__).parents[2]
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
MODULES = {"learn": learn_labels, "guide": guide_labels}
ZH = ("zh-hant", "zh-hans")


@pytest.mark.parametrize("prefix", sorted(MODULES))
def test_label_module_holds_no_chinese(prefix):
    src = pathlib.Path(MODULES[prefix].__file__).read_text(encoding="utf-8")
    assert CJK.findall(src) == [], f"{prefix}: Chinese text belongs in the catalogs (yezi/locale/*/yezi.po)"


@pytest.fixture(scope="module")
def extracted() -> set[tuple[str | None, str]]:
    from yezi.i18n.tools import extract

    return {(m.context, m.id) for m in extract() if isinstance(m.id, str) and m.id}


@pytest.mark.parametrize("prefix", sorted(MODULES))
def test_every_label_is_extracted_and_translated_in_both_scripts(prefix, extracted):
    mod = MODULES[prefix]
    cats = {lang: load_po(lang) for lang in ZH}
    assert len(mod.LABELS) >= 25
    for key, msgid in mod.LABELS.items():
        assert isinstance(msgid, str) and not CJK.search(msgid), (prefix, key, msgid)
        ctx = f"{prefix}:{key}"
        assert (ctx, msgid) in extracted, f"{ctx} is not marked as NP_({ctx!r}, {msgid!r})"
        assert mod.label(key, "en") == msgid
        for lang in ZH:
            text = cats[lang].contexts.get((ctx, msgid))
            assert text and CJK.search(text), (lang, ctx, msgid, text)
            assert mod.label(key, lang) == text
            # the callers (and learn.js) fill positional {} placeholders: the translation keeps them all
            assert re.findall(r"\{\w*\}", text) == re.findall(r"\{\w*\}", msgid), (lang, ctx, text)


def test_the_same_english_word_keeps_its_own_translation_per_module():
    """Why the contexts: "Payments" is 結算 in the tutorial and 收付 in a guide's worked example."""
    assert learn_labels.LABELS["payments"] == guide_labels.LABELS["payments"] == "Payments"
    assert learn_labels.label("payments", "zh-hant") == "結算"
    assert guide_labels.label("payments", "zh-hant") == "收付"
