"""Issue 21's small things at a real table, in the browser: an invited friend is told which seat is his,
in his language; the Luk Fu dummy is the dummy (夢家), not "Bot · Experienced"; a count meets its noun in
the right form ("1 card"); an unknown table is a real 404 that says so in the reader's language."""

from __future__ import annotations

import pytest

from tests.web.helpers import DESKTOP, PHONE, new_page, playwright_or_skip

playwright_or_skip()

FRIEND = [{"kind": "human"}, {"kind": "human", "access": "invite"}, {"kind": "bot", "bot": "heuristic"},
          {"kind": "bot", "bot": "heuristic"}]


def _lang(page, web, lang: str) -> None:
    page.goto(web.base + "/")
    page.evaluate(f"localStorage.setItem('yezi.lang', '{lang}')")


@pytest.mark.parametrize(("lang", "seat"), [("zh-hant", "二家"), ("en", "Second")])
def test_an_invited_friend_is_told_his_seat(web, browser, lang, seat):
    t = web.create(game="lukfu", name="Ann", seats=FRIEND)
    with new_page(browser, PHONE) as page:
        _lang(page, web, lang)
        page.goto(web.base + t["seats"]["1"]["link"])
        page.wait_for_selector("#name-form:not([hidden])")
        assert seat in page.locator("#your-seat").inner_text()
        # and the table's head says it too, for as long as he sits there
        head = page.locator(".tbl-head").inner_text()
        assert (f"你坐{seat}" if lang != "en" else f"you: {seat}") in head, head


def test_the_dummy_is_the_dummy_and_one_card_is_a_card(web, browser):
    t = web.create(game="lukfu", name="Ann")  # four players: a dummy opposite the lead
    with new_page(browser, DESKTOP) as page:
        _lang(page, web, "en")
        page.goto(web.base + t["seats"]["0"]["link"])
        page.wait_for_selector(".chip.dummy")
        dummy = page.locator(".chip.dummy")
        assert "Bot" not in dummy.inner_text() and "Experienced" not in dummy.inner_text()
        assert dummy.locator(".pname").inner_text() == "does not play"  # its role says Dummy
        assert dummy.locator(".counts").inner_text().strip() == "1\u00a0card"  # a no-break space: one line
        assert "1 cards" not in page.locator(".felt").inner_text()


def test_an_unknown_table_is_a_404_page_in_the_readers_language(web, browser):
    with new_page(browser, PHONE) as page:
        _lang(page, web, "zh-hans")
        r = page.goto(web.base + "/t/no-such-table")
        assert r is not None and r.status == 404
        page.wait_for_selector("#not-found")
        assert "没有这张桌" in page.locator("#not-found").inner_text()
        assert page.locator("#back-to-lobby").is_visible()


@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans"])
def test_a_count_after_chinese_words_is_in_chinese_brackets(web, browser, lang):
    # the record's and the moves' counts in a Chinese page: 記錄（3）, not 記錄 (3), which reads as a
    # machine's English; checked over the whole table page once a few moves are in the record
    import re

    t = web.create(game="lukfu", name="Ann")
    with new_page(browser, PHONE) as page:
        _lang(page, web, lang)
        page.goto(web.base + t["seats"]["0"]["link"])
        page.wait_for_selector("details.log > summary")
        page.wait_for_function("() => /\\d/.test(document.querySelector('details.log > summary').textContent)")
        text = page.locator("body").inner_text()
        summary = page.locator("details.log > summary").inner_text()
        assert re.fullmatch(r"(記錄|记录)（\d+）", summary.strip()), summary
        assert not re.findall(r"[\u3400-\u9fff] ?\(\d", text), re.findall(r".{8}[\u3400-\u9fff] ?\(\d.{4}", text)
