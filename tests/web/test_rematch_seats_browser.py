"""One player's seat open in two browsers (a laptop and a phone, each with its own cookies) when the
match ends, in real headless Chromium: the laptop presses rematch and lands at the new table in its
seat; the phone's page, told of the new table, collects the seat by itself and lands there in the
seat too; then the laptop's page is reloaded, and a new tab on the laptop opens the old table: every
one of them still plays the seat (the phone's collect used to void the laptop's credential, and the
reloaded laptop page sat at its own rematch as a spectator). A stranger's browser only watches.

What the WebSocket tests (tests/web/test_rematch_seats.py) do not see: the pages' own flow, the
automatic collect of app.js and the cookie each browser keeps."""

from __future__ import annotations

import random

import httpx

from tests.web.helpers import DESKTOP, new_page, play_random, playwright_or_skip, shot

WEB_BOT_DELAY = 0.0  # for the `web` fixture (tests/conftest.py): the bots answer at once
playwright_api = playwright_or_skip()
expect = playwright_api.expect


def _seated(page, tid: str, position: int) -> None:
    """The page is at table `tid` playing seat `position`: its cookie opens the seat and the page shows
    the seat's hand, not a spectator's view (common.js marks a spectator 旁觀中)."""
    page.wait_for_url(f"**/t/{tid}", timeout=15000)
    page.wait_for_selector(".felt")
    assert page.evaluate(f"fetch('/t/{tid}/session').then(r => r.json())")["positions"] == [position]
    expect(page.locator("#main")).not_to_contain_text("旁觀中")
    expect(page.locator("#hand")).to_have_count(1)


def test_a_seat_open_in_two_browsers_keeps_its_rematch_seat_in_both(web, browser):
    t = web.create(game="lukfu", name="Ann")
    tid, tok = t["id"], t["seats"]["0"]["token"]
    cl = web.client(tid, tok)
    play_random(cl, random.Random(5))
    cl.close()
    with new_page(browser, DESKTOP) as laptop, new_page(browser, DESKTOP) as phone:
        for page in (laptop, phone):
            page.add_init_script("localStorage.setItem('yezi.motion', 'off')")
            page.goto(f"{web.base}/t/{tid}#seat={tok}")  # the seat link, opened in each browser
            page.wait_for_selector("#match-end #rematch-btn", timeout=15000)
        laptop.click("#rematch-btn")  # the only person at the table: the rematch opens at once
        laptop.wait_for_url(lambda u: "/t/" in u and tid not in u, timeout=15000)
        new = laptop.url.rsplit("/t/", 1)[1]
        _seated(laptop, new, 0)
        _seated(phone, new, 0)  # the phone collected the seat by itself
        shot(phone, "rematch-second-browser")
        laptop.reload()
        _seated(laptop, new, 0)
        tab = laptop.context.new_page()  # the laptop opens the finished table again in a new tab
        tab.goto(f"{web.base}/t/{tid}")
        _seated(tab, new, 0)
        phone.reload()
        _seated(phone, new, 0)
        with new_page(browser, DESKTOP) as stranger:
            stranger.goto(f"{web.base}/t/{new}")
            stranger.wait_for_selector(".felt")
            expect(stranger.locator("#main")).to_contain_text("旁觀中")
            assert stranger.evaluate(f"fetch('/t/{new}/session').then(r => r.json())")["positions"] == []
    assert httpx.get(f"{web.base}/api/tables/{new}").json()["players"][0]["claimed"]
