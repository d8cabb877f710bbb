"""The web client's strings come from the catalogs: i18n.js's Chinese blocks are the catalogs'
translations of its English block (context ``web:KEY``), and `yezi i18n web` writes them there."""

from __future__ import annotations

import importlib
import shutil

from yezi.i18n.web import I18N_JS, flatten, read_strings, sync, web_strings


def test_every_key_in_three_languages():
    data = read_strings()
    keys = {lang: set(dict(flatten(block))) for lang, block in data.items()}
    assert set(keys) == {"zh-hant", "zh-hans", "en"}
    assert keys["zh-hant"] == keys["en"] == keys["zh-hans"]


def test_chinese_blocks_are_the_catalogs_translations():
    data = read_strings()
    for lang in ("zh-hant", "zh-hans"):
        assert dict(flatten(data[lang])) == web_strings(lang), lang


def test_sync_writes_the_catalog_into_i18n_js(tmp_path):
    copy = tmp_path / "i18n.js"
    shutil.copy(I18N_JS, copy)
    text = copy.read_text(encoding="utf-8")
    edited = text.replace('hintBtn: "提示"', 'hintBtn: "舊字"', 1)
    assert edited != text
    copy.write_text(edited, encoding="utf-8")
    assert sync(copy) == 1
    assert copy.read_text(encoding="utf-8") == text
    assert sync(copy) == 0


def test_import_fills_new_keys_from_i18n_js(tmp_path, monkeypatch):
    """After a merge adds a key to i18n.js in three languages, `yezi i18n extract` makes an empty
    catalog entry and `web --import` fills it from i18n.js's Chinese blocks."""
    from babel.messages.pofile import read_po, write_po

    from yezi.i18n.web import import_translations

    C = importlib.import_module("yezi.i18n.catalog")  # the module (the package's `catalog` is a function)

    copies = {}
    for lang in ("zh-hant", "zh-hans"):
        src = C.po_path(lang)
        with src.open("rb") as f:
            cat = read_po(f, locale=C.LOCALES[lang], domain="yezi")
        cat.get("Hint", context="web:hintBtn").string = ""  # as if the key were new
        dst = tmp_path / f"{lang}.po"
        with dst.open("wb") as f:
            write_po(f, cat)
        copies[lang] = dst
    monkeypatch.setattr(C, "po_path", lambda lang: copies[lang])
    try:
        assert import_translations() == 2
        with copies["zh-hans"].open("rb") as f:
            assert read_po(f, locale="zh_Hans").get("Hint", context="web:hintBtn").string == "提示"
    finally:
        C.catalog.cache_clear()
