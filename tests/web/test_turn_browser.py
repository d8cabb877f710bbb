"""A turn-based game moves to another device: opened on a laptop, played on a phone signed in to the
same account (no seat link, no seat cookie there). The phone's header says "Your move", its list
leads to the table, and the table gives the seat its hand and its decision with its day's clock, not a spectator's view."""

from __future__ import annotations

import re
import time

from tests.web.helpers import DESKTOP, PHONE, new_page, watch_errors

PASSWORD = "sunday luk fu at noon"
SIGN_UP = """async (n) => (await fetch('/api/account/signup', {method: 'POST', headers: {'content-type':
  'application/json'}, body: JSON.stringify({name: n, password: 'PASSWORD'})})).status""".replace("PASSWORD", PASSWORD)
SIGN_IN = SIGN_UP.replace("/signup", "/signin")
OPEN = """async () => { const r = await fetch('/api/tables', {method: 'POST', headers: {'content-type':
  'application/json'}, body: JSON.stringify({game: 'lukfu', name: 'Grandma', pace: 'turn', move_days: 1,
  num_deals: 2, seats: [{kind: 'human'}, {kind: 'bot', bot: 'heuristic'}, {kind: 'bot', bot: 'heuristic'},
  {kind: 'bot', bot: 'heuristic'}]})}); return [r.status, await r.json()]; }"""


def test_the_phone_signed_in_to_the_account_plays_the_laptops_turn_based_game(web, browser):
    with new_page(browser, DESKTOP) as laptop:
        laptop.goto(f"{web.base}/?lang=en")
        assert laptop.evaluate(SIGN_UP, "Grandma") in (200, 201)
        status, t = laptop.evaluate(OPEN)
        assert status == 201, t
    tid = t["id"]
    end = time.monotonic() + 20  # the bots play until it is hers
    with new_page(browser, PHONE) as phone:
        errors = watch_errors(phone)
        phone.goto(f"{web.base}/?lang=en")
        assert phone.evaluate(SIGN_IN, "Grandma") == 200
        while True:
            phone.goto(f"{web.base}/?lang=en")
            badge = phone.locator("#your-move")
            try:
                badge.wait_for(state="visible", timeout=3000)
                break
            except Exception:
                if time.monotonic() > end:
                    raise
        assert badge.inner_text().strip() == "Your move · 1"
        badge.click()
        row = phone.locator(f"#awaiting [data-awaiting='{tid}']")
        row.wait_for(timeout=10000)
        assert "Luk Fu" in row.inner_text() and "left" in row.inner_text()
        row.locator("a.button").click()
        phone.wait_for_url(f"**/t/{tid}**")
        phone.wait_for_selector("#hand > button", timeout=20000)  # her hand: the seat, not a watcher's view
        prompt = phone.locator(".felt #prompt, .felt .prompt").first
        prompt.wait_for(timeout=10000)
        assert prompt.locator("[data-clock]").count() == 1  # her decision, with her day to make it
        # a day to move: "1 d 0 h" at once, "23 h 59 min" a minute on (the reserve on a line of its own)
        clock = prompt.locator("[data-clock]").inner_text().splitlines()[0]
        assert re.fullmatch(r"1 d 0 h|23 h \d+ min", clock.strip()), clock
        assert phone.locator("#hand > button").count() >= 10
        assert not [e for e in errors if "401" not in e], errors
