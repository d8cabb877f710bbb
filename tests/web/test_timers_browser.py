"""Move timers, away / I'm back and rematch in real headless Chromium (issue 12): a table made from
the lobby with a move timer, a countdown on screen, the player idle until the timer runs out (the
bot's move is played and the seat marked away), "I'm back", the deal played out, and a rematch from
the end screen; desktop and phone. Screenshots go to artifacts/screenshots/timer-*.png."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.web.helpers import DESKTOP, PHONE, SHOTS, Server, new_page, playwright_or_skip, shot, tapper, watch_errors

# these tests hold wall-clock bounds while servers run: under pytest-xdist they take turns on one
# worker with the other such modules (tests/conftest.py)
pytestmark = pytest.mark.xdist_group("clock")

playwright_api = playwright_or_skip()
expect = playwright_api.expect


def _server(tmp_path, scale: str) -> Server:
    return Server("sqlite:///" + str(tmp_path / "yezi.db"), bot_delay=0.03,
                  env={"YEZI_TIMER_SCALE": scale, "YEZI_TIMEOUT_MOVE_PAD": "0"}).start()


@pytest.fixture
def fast_web(tmp_path):
    srv = _server(tmp_path, "0.15")  # 15 s -> 2.25 s a decision, a 9 s bank
    yield srv
    srv.stop()


def _table(srv: Server, page) -> dict:
    return httpx.get(f"{srv.base}/api/tables/{page.url.rsplit('/t/', 1)[1]}").json()


# the phone run joins the slow suite (the default CI run keeps under its time; the layout checks cover the phone)
@pytest.mark.parametrize("vp,touch", [(DESKTOP, False), pytest.param(PHONE, True, marks=pytest.mark.slow)],
                         ids=["desktop", "phone"])
def test_timer_runs_out_seat_away_back_and_rematch(fast_web, browser, vp, touch):
    srv = fast_web
    kind = "phone" if touch else "desktop"
    tap = tapper(touch)
    with new_page(browser, vp) as page:
        errors = watch_errors(page)
        page.goto(srv.base + "/")
        page.wait_for_selector("#create-btn")
        page.select_option("#move-timer", "15")
        expect(page.locator("#timer-note")).to_be_visible()
        page.select_option("#num_deals", "3")  # a deal may end before the seat is asked much: the match goes on
        tap(page.locator("#create-btn"))
        page.wait_for_url("**/t/*")
        page.wait_for_selector(".felt")
        first = _table(srv, page)
        assert first["clock"]["move"] == pytest.approx(2.25) and first["players"][0]["kind"] == "human"
        # the player does nothing: the countdown shows, then the bot plays for the seat, which is marked away
        page.wait_for_selector("[data-clock]", timeout=20000)
        page.wait_for_selector("#away-banner", timeout=30000)
        tb = _table(srv, page)
        assert tb["clock"]["away"][0] and tb["clock"]["timeouts"][0] >= 1
        expect(page.locator("#im-back")).to_be_visible()
        expect(page.locator("#away-banner")).to_contain_text("超")  # zh-hant: 你超咗時…
        # a spectator sees the mark beside the seat
        with new_page(browser, vp) as watch:
            watch.goto(f"{srv.base}/t/{tb['id']}")
            watch.wait_for_selector("[data-away='0']", timeout=15000)
            watch.wait_for_timeout(300)
            watch.screenshot(path=f"{SHOTS}/timer-away-spectator-{kind}.png")
        # I'm back: no longer away (until the timer, 2.25 s at this scale, runs out again)
        tap(page.locator("#im-back"))
        deadline = time.time() + 10
        while time.time() < deadline:
            c = _table(srv, page)["clock"]
            if c["timeouts"][0] == 0:
                break
            time.sleep(0.05)
        assert c["timeouts"][0] == 0, c
        # left alone again, the seat times out, a bot holds it and the match is played out; the end of
        # the match shows on the first screen with the rematch
        page.wait_for_selector("#rematch-btn", timeout=150000)
        expect(page.locator("#match-end")).to_be_in_viewport()
        expect(page.locator("#play-again")).to_be_visible()
        shot(page, f"timer-end-screen-{kind}")
        page.screenshot(path=f"{SHOTS}/timer-end-screen-first-screen-{kind}.png")  # what the player sees
        old = page.url
        tap(page.locator("#rematch-btn"))  # the only person: the rematch table opens at once
        page.wait_for_url(lambda u: u != old and "/t/" in u, timeout=15000)
        page.wait_for_selector(".felt")
        new = _table(srv, page)
        assert new["id"] != tb["id"] and new["players"][0]["claimed"] and new["clock"]["move"] == pytest.approx(2.25)
        assert [p["bot"] for p in new["players"]] == [p["bot"] for p in tb["players"]]
        # this browser holds the seat at the new table (its cookie came with the answer)
        seats = page.evaluate(f"fetch('/t/{new['id']}/session').then(r => r.json())")
        assert seats["positions"] == [0]
        assert not [e for e in errors if "favicon" not in e], errors


@pytest.mark.parametrize("vp,kind", [(DESKTOP, "desktop"), (PHONE, "phone")], ids=["desktop", "phone"])
def test_clock_beside_the_seat_to_act_screenshots(tmp_path, browser, vp, kind):
    """At real speed: another person's seat is to act and its clock runs beside it (the player of
    seat 0 sees it); screenshots of the table with a running clock."""
    srv = _server(tmp_path, "1")
    try:
        t = srv.create(game="lukfu", name="Ann", move_timer=30, seats=[
            {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot", "bot": "heuristic"}])
        with new_page(browser, vp) as page:
            page.goto(f"{srv.base}/t/{t['id']}#seat={t['seats']['0']['token']}")
            page.wait_for_selector(".felt")
            mine_shot = False
            deadline = time.time() + 60
            while time.time() < deadline:
                if page.locator(".felt .seats [data-clock]").count():
                    break
                if not mine_shot and page.locator("#prompt [data-clock]").count():
                    shot(page, f"timer-my-clock-{kind}")
                    mine_shot = True
                quiet = page.locator("#act-5")  # 不報, when this seat holds five tigers
                if quiet.count() and quiet.is_enabled():
                    quiet.click()
                time.sleep(0.1)
            clock = page.locator(".felt .seats [data-clock]")
            expect(clock).to_be_visible()
            assert ":" in clock.inner_text()
            page.screenshot(path=f"{SHOTS}/timer-running-{kind}.png")  # the first screen, as the player sees it
            shot(page, f"timer-running-full-{kind}")
            box = clock.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= vp["viewport"]["width"] + 1
    finally:
        srv.stop()
