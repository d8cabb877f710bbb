"""The table's chat in Chromium (issue 23): a seated player opens the chat under the table, taps a
ready phrase and sends a line; what a stranger wrote as markup shows as the characters they typed
(no element made of it, no link); a spectator's line never shows at the seat's page; the host's
page offers to remove a line and close the chat. Phone and desktop, screenshots."""

from __future__ import annotations

import pytest

from tests.web.helpers import DESKTOP, PHONE, new_page, playwright_or_skip, shot, watch_errors

WEB_BOT_DELAY = 0.0  # for the `web` fixture (tests/conftest.py)
playwright_or_skip()

EVIL = '<img src=x onerror="window.pwned=1"> see https://example.com/x'


@pytest.mark.parametrize("view", ["phone", "desktop"])
def test_the_chat_under_the_table_shows_text_as_text(web, browser, view):
    t = web.create(game="paigow", name="Ann", hints=False)
    with new_page(browser, PHONE if view == "phone" else DESKTOP) as page:
        page.add_init_script("localStorage.setItem('yezi.name', 'Ann'); localStorage.setItem('yezi.lang', 'en')")
        errors = watch_errors(page)
        page.goto(f"{web.base}/t/{t['id']}?token={t['seats']['0']['token']}")
        page.wait_for_selector("#chat:not([hidden])", timeout=20000)
        assert page.inner_text("#chat > summary").strip() == "Chat (players)"
        page.click("#chat > summary")
        page.click("#chat-phrases [data-phrase='good-hand']")
        page.wait_for_selector("#chat-lines li:has-text('Nice hand!')", timeout=10000)
        # a spectator speaks in their own room, and a stranger's markup arrives as text
        watcher = web.client(t["id"], None)
        watcher.send({"type": "chat", "id": "w1", "text": "psst: she holds 天", "name": "Kib"})
        watcher.wait(lambda x: x["type"] in ("ack", "error"))
        page.fill("#chat-input", EVIL)
        page.click("#chat-send")
        line = page.locator("#chat-lines li:has-text('example.com/x')")  # (the last line until it arrives is another)
        line.wait_for(timeout=10000)
        assert EVIL in line.inner_text()
        assert page.locator("#chat-lines img, #chat-lines a").count() == 0
        assert page.evaluate("window.pwned") is None
        assert "psst" not in page.inner_text("#chat")  # the spectators' room never reaches the seat
        assert page.locator("#chat-lines li .chat-remove").count() == 2  # the host may take a line down
        assert page.locator("#chat-lines li .chat-report").count() == 0  # nobody reports their own lines
        assert page.locator("#chat-close").is_visible()
        page.locator("#chat").scroll_into_view_if_needed()
        shot(page, f"chat-{view}")
        watcher.close()
        assert not [e for e in errors if "favicon" not in e], errors


WIDE = {"viewport": {"width": 1600, "height": 900}, "accept_downloads": True}


@pytest.mark.parametrize("game", ["lukfu", "paigow"])
def test_on_a_wide_screen_the_chat_is_open_beside_the_table(web, browser, game):
    """At 1600×900 the chat is a column beside the felt, open from the start, every part of it on the
    first screen, and the table as wide as it is without it; at the 1280-wide desktop it stays under
    the table, closed (the table takes the width)."""
    t = web.create(game=game, name="Ann", hints=False)
    widths = {}
    for name, profile in (("wide", WIDE), ("desktop", DESKTOP)):
        with new_page(browser, profile) as page:
            page.add_init_script("localStorage.setItem('yezi.name', 'Ann'); localStorage.setItem('yezi.lang', 'zh-hant')")
            errors = watch_errors(page)
            page.goto(f"{web.base}/t/{t['id']}?token={t['seats']['0']['token']}")
            page.wait_for_selector("#chat:not([hidden])", timeout=20000)
            felt = page.locator(".felt").bounding_box()
            chat = page.locator("#chat").bounding_box()
            widths[name] = felt["width"]
            if name == "wide":
                assert page.locator("#chat").evaluate("d => d.open")
                assert chat["x"] >= felt["x"] + felt["width"], (felt, chat)  # beside, not over, the felt
                assert chat["x"] + chat["width"] <= 1600 and chat["y"] + chat["height"] <= 900, chat
                for part in ("#chat-input", "#chat-send", "#chat-phrases"):
                    box = page.locator(part).bounding_box()
                    assert box and box["y"] + box["height"] <= 900, part
                page.click("#chat-phrases [data-phrase='thanks']")
                page.wait_for_selector("#chat-lines li:has-text('多謝')", timeout=10000)
                shot(page, f"chat-beside-{game}-wide")
            else:
                assert not page.locator("#chat").evaluate("d => d.open")
                assert chat["y"] >= felt["y"] + felt["height"] - 1, (felt, chat)  # under the table
            assert not [e for e in errors if "favicon" not in e], errors
    assert widths["wide"] >= widths["desktop"] - 2, widths
