"""Ma Diao in the web app: the SVG render module, its frame extras (public and own-hand only), a
whole hand through the real server, and (with Chromium) a new user playing it in the browser."""

from __future__ import annotations

import os
import random
import tempfile
import time

import pytest

from yezi.core.playout import random_playout
from yezi.core.record import Record
from yezi.games.madiao.game import MaDiao
from yezi.render import madiao as R


def test_assets_and_table_svg():
    for lang in ("zh-hant", "zh-hans", "en"):
        a = R.assets(lang)
        assert len(a["faces"]) == 40 and all(f.startswith("<svg") for f in a["faces"].values())
        assert (a["up"], a["down"], a["stake"], a["mian"]) == (0, 40, 80, 100)
    assert R.assets("en")["names"]["2"] == "Baiwan"
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
    from tests.web.helpers import Server
    from tests.web.test_api import play_random

    d = tempfile.mkdtemp(prefix="yezi-madiao-db-")
    srv = Server("sqlite:///" + os.path.join(d, "yezi.db")).start()
    try:
        games = {x["name"]: x for x in srv.get("/api/games").json()["games"]}
        assert games["madiao"]["renderer"] is True and "heuristic" in games["madiao"]["bots"]
        t = srv.create(game="madiao", name="Ann")
        cl = srv.client(t["id"], t["seats"]["0"]["token"])
        first = cl.state()
        assert "cards" not in first["view"]["deal"]
        end = play_random(cl, random.Random(4))
        assert end["deal_over"] and sum(end["payments"]) == 0
        assert end["extras"]["why"]["en"]
        rec = Record.from_text(srv.get(f"/api/tables/{t['id']}/deals/0/record.txt?lang=en").text)
        assert rec.replay().payments() == end["payments"]
        assert srv.get("/static/games/madiao.js").status_code == 200
        cl.close()
    finally:
        srv.stop()


CHROMIUM = os.environ.get("YEZI_CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]


def _act_once(page, tap) -> bool:
    seq = page.locator(".felt").get_attribute("data-seq")
    buttons = page.locator("#prompt button[data-action]")
    if buttons.count():
        tap(buttons.first)
    elif page.locator("#choices button[data-action]").count():
        tap(page.locator("#choices button[data-action]").first)
    elif page.locator("#hand[data-my-turn='1'] button.md-card.legal").count():
        tap(page.locator("#hand button.md-card.legal").first)
        if page.locator("#choices button[data-action]").count():
            return True
    else:
        return False
    deadline = time.time() + 10
    while time.time() < deadline:
        if page.locator("#settlement").count() or page.locator(".felt").get_attribute("data-seq") != seq:
            return True
        if page.locator("#choices button[data-action]").count():
            return True
        time.sleep(0.05)
    raise AssertionError("the table did not move after acting")


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_play_a_hand_in_the_browser(device):
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    from tests.web.helpers import ROOT, Server

    shots = os.path.join(ROOT, "artifacts", "screenshots")
    os.makedirs(shots, exist_ok=True)
    d = tempfile.mkdtemp(prefix="yezi-madiao-web-")
    srv = Server("sqlite:///" + os.path.join(d, "yezi.db"), bot_delay=0.02).start()
    try:
        with playwright_api.sync_playwright() as p:
            b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            if device == "phone":
                context = b.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                        device_scale_factor=2, accept_downloads=True)
            else:
                context = b.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
            page = context.new_page()

            def tap(loc):
                return loc.tap() if device == "phone" else loc.click()

            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.goto(srv.base + "/")
            page.wait_for_selector("#create-btn")
            page.select_option("#game", "madiao")
            page.wait_for_selector("select[data-seat='3']")
            page.click("#create-btn")
            page.wait_for_selector("#info")
            page.screenshot(path=os.path.join(shots, f"madiao-{device}-table.png"), full_page=True)
            deadline = time.time() + 120
            while not page.locator("#settlement").count():
                assert time.time() < deadline, "no settlement in time"
                if not _act_once(page, tap):
                    time.sleep(0.05)
            page.wait_for_selector("#why li")
            assert "馬弔脚例" in page.locator("#why").inner_text()
            page.screenshot(path=os.path.join(shots, f"madiao-{device}-settlement.png"), full_page=True)
            tap(page.locator("#langs [data-lang='en']"))
            playwright_api.expect(page.locator("#settlement h3")).to_contain_text("Settlement")
            with page.expect_download() as dl:
                page.click("#download-record")
            path = os.path.join(d, "record.txt")
            dl.value.save_as(path)
            with open(path, encoding="utf-8") as fh:
                rec = Record.from_text(fh.read())
            assert rec.game == "madiao" and rec.replay().current_player is None
            b.close()
            assert not [e for e in errors if "favicon" not in e], errors
    finally:
        srv.stop()
