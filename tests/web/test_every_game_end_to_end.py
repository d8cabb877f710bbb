"""Every game from end to end in real headless Chromium (issue 12): open the lobby, pick the game,
create a one-deal table against the bots from the form, play the whole deal by clicking what the page
offers (lit cards and tiles, the game's buttons), see the settlement, press rematch in the end bar and
land at the new table in the same seat, then open "your games" and replay the finished deal.

Desktop (1280 × 800) for all nine games, the 390 × 844 phone for Luk Fu and Fishing. The clicking
reuses each game's own browser-test helpers where they exist. Screenshots of the settlement and the
rematch table go to artifacts/screenshots/e2e-<game>-<view>-*.png."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import httpx
import pytest

from tests.fishing.test_browser import act_once as fishing_act
from tests.madiao.test_web import _act_once as madiao_act
from tests.paigow.test_browser import act_once as paigow_act
from tests.shiwuhu.test_browser import act_once as shiwuhu_act
from tests.web.helpers import (
    PHONE,
    assert_no_page_errors,
    new_page,
    playwright_or_skip,
    shot,
    tapper,
    wait_for_move,
    watch_errors,
)
from tests.web.test_browser import act_once as lukfu_act

WEB_BOT_DELAY = 0.0  # for the `web` fixture (tests/conftest.py): the bots answer at once
playwright_api = playwright_or_skip()
expect = playwright_api.expect

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
GAMES = ["lukfu", "madiao", "fishing", "jielong", "tseding", "dingniu", "tiengow", "shiwuhu", "paigow"]
PHONE_GAMES = ["lukfu", "fishing"]
MY_TURN = "#hand[data-my-turn='1']"
TABLES = 4  # one-deal tables tried for a deal that asks the seat something (see `_end_to_end`)


def _moved(page, frame: str | None) -> bool:
    return bool(page.locator("#settlement").count()) or page.locator(".felt").get_attribute("data-frame") != frame


def _domino_act(page, tap, rng: random.Random) -> bool:
    """接龍 / 斜釘 / 頂牛: tap a lit tile; where it has several moves, tap one of the choices shown.
    (The domino felt names its frame in data-frame, common.js, not data-seq.)"""
    if page.locator(MY_TURN).count() == 0:
        return False
    frame = page.locator(".felt").get_attribute("data-frame")
    tiles = page.locator(f"{MY_TURN} button.tile.legal")
    if not tiles.count():
        return False
    tap(tiles.nth(rng.randrange(tiles.count())))
    choices = page.locator("#choices button.primary")
    deadline = time.time() + 10
    chose = False
    while time.time() < deadline:
        if _moved(page, frame):
            return True
        if not chose and choices.count():
            tap(choices.nth(rng.randrange(choices.count())))
            chose = True
        time.sleep(0.03)
    raise AssertionError("the domino table did not move after acting")


def _tiengow_act(page, tap, rng: random.Random) -> bool:
    """天九: select as many tiles as the lead asks (one to lead), then play them face up when the page
    allows it, else face down."""
    if page.locator(MY_TURN).count() == 0:
        return False
    seq = page.locator(".felt").get_attribute("data-seq")
    n = int(page.locator("#hand").get_attribute("data-n") or 0)
    count = page.locator("#hand button.tile").count()
    for i in [0] if n == 0 else sorted(rng.sample(range(count), n)):
        tap(page.locator(f"#hand button.tile[data-i='{i}']"))
    up = page.locator("#play-up")
    tap(up if up.is_enabled() else page.locator("#play-down"))
    return wait_for_move(page, seq)


def _actor(game: str, touch: bool) -> Callable[[object], bool]:
    """One decision of `game` by clicking (the per-game helpers of the game's own browser tests)."""
    tap = tapper(touch)
    rng = random.Random(11)
    counts = {"play": 0, "pass": 0, "declare": 0}
    return {
        "lukfu": lambda page: lukfu_act(page, touch),
        "madiao": lambda page: madiao_act(page, tap),
        "fishing": lambda page: fishing_act(page, tap),
        "shiwuhu": lambda page: shiwuhu_act(page, tap, counts),
        "paigow": lambda page: paigow_act(page, tap),
        "tiengow": lambda page: _tiengow_act(page, tap, rng),
        "jielong": lambda page: _domino_act(page, tap, rng),
        "tseding": lambda page: _domino_act(page, tap, rng),
        "dingniu": lambda page: _domino_act(page, tap, rng),
    }[game]


def _table(web, page) -> dict:
    return httpx.get(f"{web.base}/api/tables/{page.url.rsplit('/t/', 1)[1]}").json()


def _slow_first_rematch_answer(page) -> None:
    """Hold the answer to the page's first rematch request back for a second (a slow network): the
    frame announcing the new table arrives before it."""
    held = {"n": 0}

    def handle(route) -> None:
        resp = route.fetch()
        held["n"] += 1
        if held["n"] == 1:
            time.sleep(1.0)
        route.fulfill(response=resp)

    page.route("**/rematch", handle)


def _end_to_end(web, browser, game: str, view: str, slow_answer: bool = False) -> None:
    """The whole path at a new one-deal table, in a fresh browser (its "your games" lists that table alone).
    The deal is the server's: a Luk Fu deal can end before it asks the seat anything (a bot declares five
    tigers, and the page answers the seat's lone 不報 by itself: 1 deal in 350, by the engine), and then
    the path is taken again at a new table."""
    for _ in range(TABLES):
        if _end_to_end_once(web, browser, game, view, slow_answer):
            return
    raise AssertionError(f"{game}: each of {TABLES} deals ended before the seat was asked anything")


def _end_to_end_once(web, browser, game: str, view: str, slow_answer: bool) -> bool:
    """`_end_to_end` at one table; False where the deal ended before the seat acted
    (only the page's errors checked)."""
    touch = view == "phone"
    tap = tapper(touch)
    act = _actor(game, touch)
    with new_page(browser, PHONE if touch else DESKTOP) as page:
        page.add_init_script("localStorage.setItem('yezi.motion', 'off')")
        page.on("dialog", lambda d: d.accept())  # a domino move that risks 包庄 asks first
        errors = watch_errors(page)
        page.goto(web.base + "/")
        page.wait_for_selector("#create-btn")
        page.select_option("#game", game)
        page.wait_for_selector("select[data-seat='1']")
        assert page.locator("#num_deals").input_value().startswith("own")  # the game's own match by default
        page.select_option("#num_deals", "1")  # one deal: this test plays a deal, then the match's end
        tap(page.locator("#create-btn"))
        page.wait_for_url("**/t/*")
        page.wait_for_selector(".felt")
        first = _table(web, page)
        assert first["game"] == game and first["num_deals"] == 1
        assert first["players"][0]["kind"] == "human" and all(p["kind"] == "bot" for p in first["players"][1:])
        # the whole deal, by clicking
        acted = 0
        deadline = time.time() + 120
        while not page.locator("#settlement").count():
            assert time.time() < deadline, f"{game}: no settlement in time after {acted} moves"
            if act(page):
                acted += 1
            else:
                time.sleep(0.03)
        if acted == 0:  # the deal ended before the seat was asked anything: a new table
            assert_no_page_errors(errors)
            return False
        page.wait_for_selector("#match-end #rematch-btn", timeout=15000)
        expect(page.locator("#play-again")).to_be_visible()
        shot(page, f"e2e-{game}-{view}-settlement")
        # rematch: the only person at the table, so the new table opens at once, this browser in seat 0
        old = page.url
        if slow_answer:
            _slow_first_rematch_answer(page)
        tap(page.locator("#rematch-btn"))
        page.wait_for_url(lambda u: u != old and "/t/" in u, timeout=15000)
        page.wait_for_selector(".felt")
        new = _table(web, page)
        assert new["id"] != first["id"] and new["game"] == game
        assert new["players"][0]["claimed"] and new["players"][0]["kind"] == "human"
        assert [p["bot"] for p in new["players"]] == [p["bot"] for p in first["players"]]
        seats = page.evaluate(f"fetch('/t/{new['id']}/session').then(r => r.json())")
        assert seats["positions"] == [0]
        # and the page plays that seat: not a spectator's view (common.js marks a spectator 旁觀中)
        page.wait_for_selector(".felt")
        expect(page.locator("#main")).not_to_contain_text("旁觀中")
        expect(page.locator("#hand")).to_have_count(1)  # this seat's hand (the first frame may be a moment late)
        shot(page, f"e2e-{game}-{view}-rematch")
        # "your games": the finished deal is listed and replays to its settlement
        page.goto(web.base + "/games")
        page.wait_for_selector("#my-games")
        # (the rematch's deal is listed too if it ended by now: a Ma Diao deal can end without asking the
        # seat anything, and on a busy machine the bots finish it before this page opens)
        rows = page.locator("#my-games tbody tr", has=page.locator(f"a.my-replay[href*='table={first['id']}']"))
        expect(rows).to_have_count(1)
        assert page.locator("#my-games tbody tr").count() <= 2
        tap(rows.locator("a.my-replay").first)
        page.wait_for_selector("#replay-slider")
        assert first["id"] in page.url
        assert int(page.locator("#replay-slider").get_attribute("max")) >= acted
        tap(page.locator("#replay-last"))
        page.wait_for_selector("#settlement")
        shot(page, f"e2e-{game}-{view}-replay")
        if touch:
            assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        assert_no_page_errors(errors)
    return True


@pytest.mark.parametrize("game", GAMES)
def test_every_game_end_to_end_desktop(web, browser, game):
    _end_to_end(web, browser, game, "desktop")


@pytest.mark.parametrize("game", PHONE_GAMES)
def test_every_game_end_to_end_phone(web, browser, game):
    _end_to_end(web, browser, game, "phone")


def test_rematch_keeps_the_seat_when_the_answer_is_slow(web, browser):
    """The rematch answer comes after the frame that announces the new table: the page must not open
    the new table before the answer's cookie has arrived (when each answer issued a fresh credential
    that voided the one before, a second request made the page open the new table with a void cookie
    and sit there as a spectator)."""
    _end_to_end(web, browser, "paigow", "desktop-slow", slow_answer=True)
