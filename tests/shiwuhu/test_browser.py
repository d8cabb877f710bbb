"""十五胡 in real headless Chromium (as tests/fishing/test_browser.py does for Fishing).

A new user picks 十五胡 in the lobby (which shows the reconstruction notice), plays a whole deal
against three bots by clicking: selecting hand cards and pressing Play, passing, declaring; reads
the settlement explained, switches language, downloads the record and replays it. Screenshots go
to artifacts/screenshots/shiwuhu-*.png.
"""

from __future__ import annotations

import time

import pytest

from tests.web.helpers import (
    DESKTOP,
    PHONE,
    assert_no_page_errors,
    download_finished_record,
    new_page,
    playwright_or_skip,
    replay_to_end,
    tapper,
    wait_for_move,
    watch_errors,
)
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
    return wait_for_move(page, seq)


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
    rec = download_finished_record(page, "shiwuhu", tag)
    replay_to_end(page, rec)
    shot(page, f"{tag}-replay")
    assert_no_page_errors(errors)


# the desktop's whole deal by clicking is tests/web/test_every_game_end_to_end.py's (every game, default run);
# this one's settlement, language and record checks run on the phone by default, here in the slow run too
@pytest.mark.slow
def test_shiwuhu_desktop(web, browser):
    with new_page(browser, DESKTOP) as page:
        flow(web, page, "desktop")


def test_shiwuhu_phone(web, browser):
    with new_page(browser, PHONE) as page:
        flow(web, page, "phone", touch=True)
