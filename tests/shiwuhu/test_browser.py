"""十五胡 in real headless Chromium (as tests/fishing/test_browser.py does for Fishing).

A new user picks 十五胡 in the lobby (which shows the reconstruction notice), plays a whole deal
against three bots by clicking: selecting hand cards and pressing Play, passing, declaring; reads
the settlement explained, switches language, downloads the record and replays it. Screenshots go
to artifacts/screenshots/shiwuhu-*.png.
"""

from __future__ import annotations

import os
import time

from tests.web.helpers import DESKTOP, PHONE, SHOTS, download_record, playwright_or_skip, tapper, watch_errors
from tests.web.helpers import shot as save_shot

WEB_BOT_DELAY = 0.01  # for the `web` fixture (tests/conftest.py)
playwright_api = playwright_or_skip()
expect = playwright_api.expect


def shot(page, name: str) -> None:
    save_shot(page, f"shiwuhu-{name}")


def act_once(page, tap, counts) -> bool:
    """One decision by clicking: declare; else select the first lit card (and a second while the
    Play button stays disabled) and play it; else pass."""
    if page.locator("#hand[data-my-turn='1']").count() == 0:
        return False
    seq = page.locator(".felt").get_attribute("data-seq")
    if page.locator("#declare-btn").count():
        tap(page.locator("#declare-btn"))
        counts["declare"] += 1
    else:
        played = False
        for _ in range(12):
            lit = page.locator("#hand button.sw-card.legal:not(.selected)")
            if not lit.count():
                break
            tap(lit.first)
            if page.locator("#play-btn:not([disabled])").count():
                tap(page.locator("#play-btn"))
                counts["play"] += 1
                played = True
                break
        if not played:
            if page.locator("#pass-btn").count():
                tap(page.locator("#pass-btn"))
                counts["pass"] += 1
            else:  # a lead whose lit cards never completed a play: clear and lead a single card
                tap(page.locator("#clear-btn"))
                tap(page.locator("#hand button.sw-card.legal").first)
                tap(page.locator("#play-btn"))
                counts["play"] += 1
    deadline = time.time() + 10
    while time.time() < deadline:
        if page.locator("#settlement").count() or page.locator(".felt").get_attribute("data-seq") != seq:
            return True
        time.sleep(0.05)
    raise AssertionError("the table did not move after acting")


def flow(web, page, tag, touch=False):
    errors = watch_errors(page)
    tap = tapper(touch)
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "shiwuhu")
    page.wait_for_selector("select[data-seat='3']")
    expect(page.locator("#game-notice")).to_contain_text("重構")
    tap(page.locator("#create-btn"))
    page.wait_for_selector("#hand")
    assert page.locator("#hand button.sw-card").count() == 21
    tap(page.locator("#notice summary"))
    assert page.locator("#questions li").count() == 12
    shot(page, f"{tag}-table")
    counts = {"play": 0, "pass": 0, "declare": 0}
    deadline = time.time() + 180
    while not page.locator("#settlement").count():
        assert time.time() < deadline, "no settlement in time"
        if not act_once(page, tap, counts):
            time.sleep(0.05)
    assert counts["play"] >= 1, counts
    page.wait_for_selector("#explain li")
    shot(page, f"{tag}-settlement")
    page.click("#langs [data-lang='en']")
    expect(page.locator("#settlement h3")).to_contain_text("Settlement")
    expect(page.locator("#notice summary")).to_contain_text("reconstruct")
    rec = download_record(page, os.path.join(SHOTS, f"shiwuhu-{tag}-record.txt"))
    assert rec.game == "shiwuhu" and rec.replay().current_player is None
    page.click("#open-replay")
    page.wait_for_selector("#replay-slider")
    assert int(page.locator("#replay-slider").get_attribute("max")) == len(rec.actions)
    page.click("#replay-last")
    page.wait_for_selector("#settlement")
    shot(page, f"{tag}-replay")
    assert not [e for e in errors if "favicon" not in e], errors


def test_shiwuhu_desktop(web, browser):
    ctx = browser.new_context(**DESKTOP)
    flow(web, ctx.new_page(), "desktop")
    ctx.close()


def test_shiwuhu_phone(web, browser):
    ctx = browser.new_context(**PHONE)
    flow(web, ctx.new_page(), "phone", touch=True)
    ctx.close()
