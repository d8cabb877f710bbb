"""The web client's strings come from the catalogs: i18n.js's Chinese blocks are the catalogs'
translations of its English block (context ``web:KEY``), and `yezi i18n web` writes them there."""

from __future__ import annotations

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
