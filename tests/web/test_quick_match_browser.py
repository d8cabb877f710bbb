"""Quick match in the browser: two people press "Find players" for the same game, and once their wait
for people is over (bots after 30 s, on the server's simulated clock) both land at one table of the rules they chose, each in
a seat of their own with their hand, a bot in the seat nobody came for."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from tests.web.helpers import DESKTOP, PHONE, Server, new_page, watch_errors


def test_two_people_find_each_other_and_land_at_one_table(browser, tmp_path):
    clock = tmp_path / "clock"
    clock.write_text("0")
    db = Path(tempfile.mkdtemp(prefix="yezi-db-")) / "yezi.db"
    srv = Server(f"sqlite:///{db}", env={"YEZI_TEST_CLOCK": str(clock)}).start()
    try:
        with new_page(browser, DESKTOP) as ann, new_page(browser, PHONE) as bob:
            errors = watch_errors(ann) + watch_errors(bob)
            for page in (ann, bob):
                page.goto(f"{srv.base}/?lang=en")
                page.select_option("#quick-game", "fishing")
                page.select_option("#quick-preset", "mongkok")  # the game's rulesets, chosen per game
                page.select_option("#quick-bots", "30")
                page.click("#quick-find")
                page.wait_for_selector("#quick-status:has-text('Waiting for players')")
            assert ann.locator("#quick-cancel").is_visible()
            for ahead in (8, 16, 24, 31):  # their wait for people runs out (each page still asking)
                clock.write_text(str(ahead))
                time.sleep(2.5)
            for page in (ann, bob):  # the page goes there itself (an address change, no page load)
                page.wait_for_selector(".table-screen, .felt", timeout=20000)
                assert "/t/" in page.url
            assert ann.url == bob.url, "not at one table"
            for page in (ann, bob):
                page.wait_for_selector("#hand button, #hand .card, .hand button", timeout=20000)
            tid = ann.url.rsplit("/", 1)[1]
            info = srv.get(f"/api/tables/{tid}").json()
            assert info["preset"] == "mongkok", info
            kinds = sorted(p["kind"] for p in info["players"])
            assert kinds == ["bot", "human", "human"], info["players"]
            assert all(p["claimed"] for p in info["players"] if p["kind"] == "human")
            assert not [e for e in errors if "favicon" not in e], errors
    finally:
        srv.stop()
