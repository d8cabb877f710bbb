"""The site's first page speaks the browser's language until the reader picks one (findings: "the site
always opens in 繁體"; a friend with an en-US browser opening an English host's invite got a Cantonese
page): the server by Accept-Language, the lobby's script by navigator.languages, by one rule."""

from __future__ import annotations

import httpx
import pytest

from tests.web.helpers import DESKTOP, new_page
from yezi.i18n.negotiate import from_accept_language


@pytest.mark.parametrize("header,lang", [
    ("en-US,en;q=0.9", "en"),
    ("zh-TW,zh;q=0.9,en;q=0.8", "zh-hant"),
    ("zh-HK", "zh-hant"),
    ("zh-CN,zh;q=0.9", "zh-hans"),
    ("fr-FR,fr;q=0.9,zh-CN;q=0.8", "zh-hans"),  # French first: the first language yezi has
    ("fr-FR,fr;q=0.9", "en"),                  # none yezi has: English
    ("en;q=0.5, zh-Hans", "zh-hans"),           # preference by q, not by order
    ("", "zh-hant"),                            # a script that says nothing: the default
])
def test_accept_language(header, lang):
    assert from_accept_language(header) == lang


def test_guides_and_lessons_follow_the_browser(web):
    for path in ("/rules/lukfu", "/learn/lukfu", "/rules"):
        for header, html_lang in (("en-US,en;q=0.9", "en"), ("zh-CN,zh;q=0.9", "zh-Hans"), ("zh-TW", "zh-Hant")):
            r = httpx.get(web.base + path, headers={"Accept-Language": header}, timeout=60)
            assert f'<html lang="{html_lang}"' in r.text, (path, header)


@pytest.mark.parametrize("locale,html_lang,word", [("en-US", "en", "English"), ("zh-CN", "zh-Hans", "简体"),
                                                   ("zh-TW", "zh-Hant", "繁體")])
def test_the_lobby_opens_in_the_browsers_language_until_the_reader_picks(web, browser, locale, html_lang, word):
    with new_page(browser, {**DESKTOP, "locale": locale}) as page:
        page.goto(web.base + "/")
        page.wait_for_selector("#langs button[aria-pressed=true]")
        assert page.evaluate("document.documentElement.lang") == html_lang
        assert page.locator("#langs button[aria-pressed=true]").inner_text() == word
        assert page.evaluate("localStorage.getItem('yezi.lang')") is None  # not a pick: the browser's
        other = "zh-hant" if locale != "zh-TW" else "en"
        page.click(f'#langs button[data-lang="{other}"]')
        page.reload()
        page.wait_for_selector("#langs button[aria-pressed=true]")
        assert page.locator("#langs button[aria-pressed=true]").get_attribute("data-lang") == other
