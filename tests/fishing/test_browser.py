"""Fishing in real headless Chromium (as tests/web/test_browser.py does for Luk Fu).

A new user picks Fishing in the lobby, plays a whole deal against two bots by clicking hand cards
and the lake cards they light up (and the drawn card's release button), reads the settlement with
the reasons and the pairwise arithmetic, switches language, downloads the record and replays it.
Screenshots go to artifacts/screenshots/fishing-*.png.
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

WEB_BOT_DELAY = 0.02  # for the `web` fixture (tests/conftest.py)
playwright_api = playwright_or_skip()
expect = playwright_api.expect


def shot(page, name: str) -> None:
    save_shot(page, f"fishing-{name}")


def act_once(page, tap) -> bool:
    if page.locator("#hand[data-my-turn='1']").count() == 0:
        return False
    seq = page.locator(".felt").get_attribute("data-seq")
    selecting = False
    target = page.locator("#lake button.fish-card.target")
    if target.count():
        tap(target.first)
    elif page.locator("#release-drawn").count():
        tap(page.locator("#release-drawn"))
    elif page.locator("#keep").count():
        tap(page.locator("#keep"))
    elif page.locator("#choices button").count():
        tap(page.locator("#choices button").first)
    else:
        tap(page.locator("#hand button.fish-card.legal").first)
        selecting = True
    # a hand card with several captures lights its targets up instead of playing at once
    return wait_for_move(page, seq, lambda: selecting and bool(page.locator("#lake button.fish-card.target").count()
                                                               or page.locator("#choices button").count()))


def flow(web, page, tag, touch=False):
    errors = watch_errors(page)
    tap = tapper(touch)
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "fishing")
    page.wait_for_selector("select[data-seat='2']")
    tap(page.locator("#create-btn"))
    page.wait_for_selector("#hand")
    page.wait_for_selector("#lake")
    assert page.locator("#hand button.fish-card").count() == 10
    shot(page, f"{tag}-table")
    deadline = time.time() + 120
    clicked = False
    while not page.locator("#settlement").count():
        assert time.time() < deadline, "no settlement in time"
        if act_once(page, tap):
            clicked = True
            if page.locator("#lake button.fish-card.target").count() and not page.locator("#drawn-card").count():
                shot(page, f"{tag}-targets")
        else:
            time.sleep(0.05)
    assert clicked
    page.wait_for_selector("#pairs li")
    shot(page, f"{tag}-settlement")
    assert page.locator("#pairs li").count() == 3
    page.click("#why summary") if not touch else page.locator("#why summary").tap()
    expect(page.locator("#why")).to_contain_text("—")
    page.click("#langs [data-lang='en']")
    expect(page.locator("#settlement h3")).to_contain_text("Settlement")
    expect(page.locator("#why")).to_contain_text("fish")
    shot(page, f"{tag}-english")
    rec = download_finished_record(page, "fishing", tag)
    replay_to_end(page, rec)
    shot(page, f"{tag}-replay")
    assert_no_page_errors(errors)


# the desktop's whole deal by clicking is tests/web/test_every_game_end_to_end.py's (every game, default run);
# this one's settlement, language and record checks run on the phone by default, here in the slow run too
@pytest.mark.slow
def test_fishing_desktop(web, browser):
    with new_page(browser, DESKTOP) as page:
        flow(web, page, "desktop")


def test_fishing_phone(web, browser):
    with new_page(browser, PHONE) as page:
        flow(web, page, "phone", touch=True)
