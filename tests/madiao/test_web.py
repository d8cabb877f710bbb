"""Ma Diao in the web app: the SVG render module, its frame extras (public and own-hand only), a
whole hand through the real server, and (with Chromium) a new user playing it in the browser."""

from __future__ import annotations

import os
import random
import time

import pytest

from tests.web.helpers import full_record
from yezi.core.playout import random_playout
from yezi.games.madiao.game import MaDiao
from yezi.render import madiao as R


def test_assets_and_table_svg():
    for lang in ("zh-hant", "zh-hans", "en"):
        a = R.assets(lang)
        assert len(a["faces"]) == 40 and all(f.startswith("<svg") for f in a["faces"].values())
        assert (a["up"], a["down"], a["stake"], a["mian"]) == (0, 40, 80, 100)
    assert R.assets("en")["names"]["2"] == "Hundred-Myriad"  # readable English names (issue 13)
    g = MaDiao.from_preset()
    st = random_playout(g.start(seed=3), random.Random(0))
    for seat in (None, 0, 1, 2, 3):
        s = R.table_svg(st.view(seat), "zh-hant")
        assert s.startswith("<svg") and s.endswith("</svg>")
    started = g.start(seed=1)
    started.apply(started.legal_actions()[0])
    assert "&lt;" in R.table_svg(started.view(0), "en", ["<b>", "B", "C", "D"])


def test_frame_extras_depend_only_on_what_the_seat_knows():
    g = MaDiao.from_preset()
    rng = random.Random(2)
    for seed in range(12):
        st = g.start(seed=seed)
        for _ in range(rng.randrange(1, 30)):
            if st.current_player is None:
                break
            la = st.legal_actions()
            st.apply(la[rng.randrange(len(la))])
        for seat in range(4):
            base = R.frame_extras(st, seat)
            for _ in range(2):
                assert R.frame_extras(st.sample_state(seat, rng), seat) == base
    end = random_playout(g.start(seed=5), rng)
    assert "《馬弔脚例》" in "\n".join(R.frame_extras(end, 0)["why"]["zh-hant"])


def test_a_whole_hand_through_the_server():
    pytest.importorskip("websockets")
    pytest.importorskip("starlette")
    from tests.web.helpers import play_random, sqlite_server, table_against_bots

    with sqlite_server(prefix="yezi-madiao-db-") as srv:
        t, cl = table_against_bots(srv, "madiao")
        first = cl.state()
        assert "cards" not in first["view"]["deal"]
        end = play_random(cl, random.Random(4))
        assert end["deal_over"]
        assert end["extras"]["why"]["en"]
        rec = full_record(srv, t["id"])
        replayed = rec.replay()
        assert sum(replayed.payments()) == 0  # between the players: zero-sum
        # the frame books each seat's whole result, the 官堆 flows included: what the pool gained the seats lost
        assert end["payments"] == list(replayed.net())
        assert sum(end["payments"]) + replayed.pool_change() == 0
        assert srv.get("/static/games/madiao.js").status_code == 200
        cl.close()


WEB_BOT_DELAY = 0.02  # for the `web` fixture (tests/conftest.py)


def _act_once(page, tap) -> bool:
    """One step of this seat's play through the UI; False if there was nothing to do.

    The table re-renders whenever a frame arrives, so an element found a moment ago may be gone
    (the deal ended, the turn passed): a tap that finds nothing within a few seconds counts as
    "nothing to do", and the caller's deadline still catches a table that really stalls."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    def tap_or_gone(loc) -> bool:
        try:
            tap(loc.first, timeout=5000)
        except PlaywrightTimeout:
            return False
        return True

    seq = page.locator(".felt").get_attribute("data-seq")
    buttons = page.locator("#prompt button[data-action]")
    selecting = False  # a card tapped to show its choices, not an action sent
    if buttons.count():
        tapped = tap_or_gone(buttons)
    elif page.locator("#choices button[data-action]").count():
        tapped = tap_or_gone(page.locator("#choices button[data-action]"))
    elif page.locator("#hand[data-my-turn='1'] button.md-card.legal").count():
        tapped = tap_or_gone(page.locator("#hand[data-my-turn='1'] button.md-card.legal"))
        selecting = True
    else:
        return False
    if not tapped:
        return False
    deadline = time.time() + 10
    while time.time() < deadline:
        if page.locator("#settlement").count() or page.locator(".felt").get_attribute("data-seq") != seq:
            return True
        # After a choice is sent its buttons stay until the server answers: wait for the move,
        # or the same action would be sent again and the next tap would wait on a vanished button.
        if selecting and page.locator("#choices button[data-action]").count():
            return True
        time.sleep(0.05)
    raise AssertionError("the table did not move after acting")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_play_a_hand_in_the_browser(device, browser, web, tmp_path):
    from tests.web.helpers import DESKTOP, PHONE, download_record, shot, tapper, watch_errors

    expect = pytest.importorskip("playwright.sync_api").expect
    context = browser.new_context(**(PHONE if device == "phone" else DESKTOP))
    page = context.new_page()
    tap = tapper(device == "phone")
    errors = watch_errors(page)
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "madiao")
    page.wait_for_selector("select[data-seat='3']")
    page.click("#create-btn")
    page.wait_for_selector("#info")
    shot(page, f"madiao-{device}-table")
    deadline = time.time() + 120
    while not page.locator("#settlement").count():
        assert time.time() < deadline, "no settlement in time"
        if not _act_once(page, tap):
            time.sleep(0.05)
    page.wait_for_selector("#why li")
    assert "馬弔脚例" in page.locator("#why").inner_text()
    shot(page, f"madiao-{device}-settlement")
    tap(page.locator("#langs [data-lang='en']"))
    expect(page.locator("#settlement h3")).to_contain_text("Settlement")
    rec = download_record(page, os.path.join(tmp_path, "record.txt"))
    assert rec.game == "madiao" and rec.replay().current_player is None
    context.close()
    assert not [e for e in errors if "favicon" not in e], errors
