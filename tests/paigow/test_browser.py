"""牌九 in real headless Chromium: a new user picks 牌九 in the lobby, plays whole deals against
three bots by clicking (a split of four tiles in 大牌九; stakes and a split in the casino preset),
reads the opened hands and why each payment is what it is, switches language, downloads the record
and replays it. Screenshots go to artifacts/screenshots/paigow-*.png."""

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

WEB_BOT_DELAY = 0.02
playwright_api = playwright_or_skip()
expect = playwright_api.expect


def shot(page, name: str) -> None:
    save_shot(page, f"paigow-{name}")


def act_once(page, tap) -> bool:
    """Click the seat's choice if it is its turn; True when the table moved on."""
    if page.locator("#hand[data-my-turn='1']").count() == 0:
        return False
    seq = page.locator(".felt").get_attribute("data-seq")
    if page.locator("#splits button").count():
        tap(page.locator("#splits button").last)
    elif page.locator("#stakes button").count():
        tap(page.locator("#stakes button").nth(1))
    elif page.locator("#open-btn").count():
        tap(page.locator("#open-btn"))
    else:
        return False
    return wait_for_move(page, seq)


def flow(web, page, tag, preset=None, touch=False, seat=0):
    errors = watch_errors(page)
    tap = tapper(touch)
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "paigow")
    if preset:
        page.select_option("#preset", preset)
    page.wait_for_selector("select[data-seat='7']" if preset == "casino" else "select[data-seat='3']")
    if seat:  # sit as a player: the banker's chair goes to a bot
        page.select_option(f"select[data-seat='{seat}']", "you")
        page.select_option("select[data-seat='0']", "bot:heuristic")
        expect(page.locator(f"select[data-seat='{seat}']")).to_have_value("you")
        expect(page.locator("select[data-seat='0']")).to_have_value("bot:heuristic")
    tap(page.locator("#create-btn"))
    page.wait_for_selector("#seats")
    page.wait_for_selector("#dice")
    shot(page, f"{tag}-table")
    deadline = time.time() + 120
    clicked = 0
    staked = False
    while not page.locator("#settlement").count():
        assert time.time() < deadline, "no settlement in time"
        if page.locator("#stakes button").count() and not staked:
            assert page.locator("#stakes button").count() == 3 and page.locator("#hand .pg-tile").count() == 0
            shot(page, f"{tag}-stakes")
            staked = True
        if page.locator("#splits button").count() and not clicked:
            assert page.locator("#hand .pg-tile").count() == 4
            shot(page, f"{tag}-splits")
        if act_once(page, tap):
            clicked += 1
        else:
            time.sleep(0.05)
    assert clicked == (2 if preset == "casino" else 1)
    page.wait_for_selector("#pay-why li")
    shot(page, f"{tag}-settlement")
    n = page.locator(".pg-seat").count()
    assert page.locator("#pay-why li").count() == n  # how a payment is made (issue 21), then one line per player
    assert page.locator(".pg-seat .pg-tile").count() == 4 * n  # every hand opened
    page.click("#langs [data-lang='en']") if not touch else page.locator("#langs [data-lang='en']").tap()
    expect(page.locator("#settlement h3")).to_contain_text("Settlement")
    expect(page.locator("#pay-why")).to_contain_text("front")
    shot(page, f"{tag}-english")
    rec = download_finished_record(page, "paigow", tag)
    if preset == "casino":
        assert rec.replay().stakes[seat] == 2  # the stake clicked (the second button)
    replay_to_end(page, rec)
    shot(page, f"{tag}-replay")
    assert_no_page_errors(errors)


# the desktop's whole deal by clicking is tests/web/test_every_game_end_to_end.py's (every game, default run);
# this one's settlement, language and record checks run on the phone by default, here in the slow run too
@pytest.mark.slow
def test_paigow_desktop(web, browser):
    with new_page(browser, DESKTOP) as page:
        flow(web, page, "desktop")


def test_paigow_casino_phone(web, browser):
    with new_page(browser, PHONE) as page:
        flow(web, page, "casino-phone", preset="casino", touch=True, seat=1)
