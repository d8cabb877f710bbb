"""The browser tab says where the player is, in the page's language (it said "葉子 yezi" on every page):
the lobby, a table (its game), the replay page and the learn pages, in English and 繁體, and a language
switch retitles the tab at once. Real headless Chromium (tests/web/helpers.py)."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import DESKTOP, playwright_or_skip

WEB_BOT_DELAY = 0.03  # for the `web` fixture (tests/conftest.py)
playwright_api = playwright_or_skip()
expect = playwright_api.expect

CJK = re.compile(r"[\u3400-\u9fff]")


def _lang(page, lang: str) -> None:
    page.click(f"#langs [data-lang='{lang}']")


def test_lobby_table_and_replay_tabs_name_the_place_in_the_pages_language(web, browser):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    _lang(page, "zh-hant")
    expect(page).to_have_title("大堂 · 葉子 yezi")
    _lang(page, "en")
    expect(page).to_have_title("Lobby · yezi")
    _lang(page, "zh-hans")
    expect(page).to_have_title("大厅 · 叶子 yezi")

    _lang(page, "en")
    page.click("[data-play-now='lukfu']")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".felt")
    # a <title> holds no markup: the English tab leaves out the game's characters
    expect(page).to_have_title("Luk Fu (Six Tigers) · yezi")
    _lang(page, "zh-hant")
    expect(page).to_have_title("六虎牌 · 葉子 yezi")

    page.goto(web.base + "/replay")
    page.wait_for_selector("#record-file")
    expect(page).to_have_title("重播 · 葉子 yezi")
    _lang(page, "en")
    expect(page).to_have_title("Replay · yezi")

    page.goto(web.base + "/t/no-such-table")
    page.wait_for_selector("#not-found")
    expect(page).to_have_title("Not found · yezi")
    page.click("#back-to-lobby")
    page.wait_for_selector("#create-btn")
    expect(page).to_have_title("Lobby · yezi")
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "zh-hant"])
def test_learn_pages_name_the_game_in_the_tab(web, browser, lang):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(f"{web.base}/learn/lukfu?lang={lang}")
    page.wait_for_selector("#learn")
    title = page.title()
    if lang == "en":
        assert title == "Learn Luk Fu (Six Tigers) · yezi" and not CJK.search(title), title
    else:
        assert title == "六虎牌教學 · 葉子 yezi", title
    page.goto(f"{web.base}/learn?lang={lang}")
    assert page.title().endswith(" · yezi" if lang == "en" else " · 葉子 yezi"), page.title()
    assert page.title() not in ("yezi", "葉子 yezi")
    ctx.close()
