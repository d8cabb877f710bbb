"""打天九 in the web app: listed with its renderer and assets, a full deal over the WebSocket API with
hidden face-down tiles, the record, and (slow: Chromium) the browser table played by clicking tiles."""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

from tests.web.helpers import full_record, play_random, sqlite_server
from yezi.core.registry import load_game


@pytest.fixture(scope="module")
def server():
    with sqlite_server(prefix="yezi-tg-") as srv:
        yield srv


def test_listed_with_renderer_bots_and_assets(server):
    games = {g["name"]: g for g in server.get("/api/games").json()["games"]}
    assert games["tiengow"]["renderer"] and "heuristic" in games["tiengow"]["bots"]
    a = server.get("/api/games/tiengow/assets?lang=zh-hant").json()
    assert len(a["faces"]) == 21 and a["names"]["0"] == "天" and a["back"].startswith("<svg")


@pytest.mark.parametrize("preset", ["hongkong", "culin-1893"])
def test_full_deal_over_the_api(server, preset):
    t = server.create(game="tiengow", preset=preset, name="Ann")
    cl = server.client(t["id"], t["seats"]["0"]["token"])
    first = cl.state()
    assert first["dealer"] in range(4) and first["seat"] == (0 - first["dealer"]) % 4  # the banker by lot

    def check(f):
        assert all(str(x) in f["labels"] and str(x) in f["extras"]["tiles"] for x in f["legal"])
        for trick in (f["view"]["trick"], *f["view"]["past"]):  # others' face-down tiles stay hidden
            assert all(p["tiles"] is None for p in trick["plays"] if p["down"] and p["seat"] != f["seat"])

    end = play_random(cl, random.Random(3), max_moves=60, check=check)
    assert end["deal_over"] and sum(end["payments"]) == 0
    why = end["extras"]["why"]
    assert set(why) == {"zh-hant", "zh-hans", "en"}
    from yezi.games.tiengow.text import settlement_lines

    assert why["en"] == settlement_lines(load_game("tiengow", preset), end["view"], "en")
    rec = full_record(server, t["id"])
    assert rec.replay().payments() == end["payments"]
    cl.close()


@pytest.mark.slow
def test_browser_table_plays_to_the_end_by_clicking_tiles(server, browser):
    t = server.create(game="tiengow", name="Ann")
    errors: list[str] = []
    page = browser.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + t["seats"]["0"]["link"])
    page.wait_for_selector("#hand", timeout=15000)
    assert page.locator("#hand button.tile").count() == 8
    rng = random.Random(1)
    ups = downs = 0
    for _ in range(300):
        if page.query_selector("#settlement"):
            break
        if not page.query_selector("#hand[data-my-turn='1']"):
            time.sleep(0.1)
            continue
        seq = page.get_attribute(".felt", "data-seq")
        n = int(page.get_attribute("#hand", "data-n") or 0)
        tiles = page.query_selector_all("#hand button.tile")
        picks = [0] if n == 0 else sorted(rng.sample(range(len(tiles)), n))
        for i in picks:
            page.click(f"#hand button.tile[data-i='{i}']")
        if page.is_enabled("#play-up") and (n == 0 or rng.random() < 0.7):
            page.click("#play-up")
            ups += 1
        else:
            page.click("#play-down")
            downs += 1
        deadline = time.time() + 10
        while page.get_attribute(".felt", "data-seq") == seq and not page.query_selector("#settlement"):
            assert time.time() < deadline, "the table did not move"
            time.sleep(0.05)
    page.wait_for_selector("#settlement", timeout=20000)
    assert page.query_selector_all("#settlement #pay-why li")
    assert ups and downs
    page.close()
    assert not errors
