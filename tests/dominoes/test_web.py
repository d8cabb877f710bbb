"""The domino games in the web app: assets, full deals over the WebSocket API, records, and (slow,
needs Chromium and Playwright) the browser table played by clicking tiles."""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")
pytest.importorskip("httpx")

from tests.web.helpers import full_record, play_random, sqlite_server

GAMES = [("jielong", "wikipedia"), ("tseding", "pairwise"), ("dingniu", "recommended"), ("dingniu", "wikipedia")]


@pytest.fixture(scope="module")
def server():
    with sqlite_server(prefix="yezi-dom-") as srv:
        yield srv


def check_labels(f: dict) -> None:
    assert all(str(x) in f["labels"] for x in f["legal"])


def test_games_listed_with_renderer_and_assets(server):
    games = {g["name"]: g for g in server.get("/api/games").json()["games"]}
    for name, _ in GAMES:
        assert games[name]["renderer"] and "heuristic" in games[name]["bots"]
    a = server.get("/api/games/tseding/assets?lang=zh-hant").json()
    assert len(a["faces"]) == 21 and len(a["lying"]) == 36 and a["names"]["3"] == "斜釘"
    assert server.get("/api/games/dingniu/assets?lang=en").json()["names"]["11"] == "Black Nine"


@pytest.mark.parametrize("name,preset", GAMES)
def test_full_deal_over_the_api(server, name, preset):
    t = server.create(game=name, preset=preset, name="Ann")
    cl = server.client(t["id"], t["seats"]["0"]["token"])
    end = play_random(cl, random.Random(3), max_moves=100, check=check_labels)
    assert end["deal_over"] and sum(end["payments"]) == 0
    # face-down tiles of the others stay hidden until the end, then everything is shown
    assert end["view"]["result"] is not None and all(d is not None for d in end["view"]["down"])
    # every payment explained in each language, as the engine explains it (issue 12)
    why = end["extras"]["why"]
    assert set(why) == {"zh-hant", "zh-hans", "en"} and all(why.values())
    from yezi.core.registry import load_game

    game = load_game(name, preset)
    assert why["en"] == game.settlement_lines(end["view"]["result"], "en")
    rec = full_record(server, t["id"])
    assert rec.replay().payments() == end["payments"]
    cl.close()


@pytest.mark.slow
@pytest.mark.parametrize("name,preset", [*GAMES, ("jielong", "pagat")])
def test_browser_table_plays_to_the_end(server, browser, name, preset):
    t = server.create(game=name, preset=preset, name="Ann")
    errors: list[str] = []
    page = browser.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    page.goto(server.base + t["seats"]["0"]["link"])
    page.wait_for_selector("#hand", timeout=15000)
    rng = random.Random(1)
    for _ in range(200):
        if page.query_selector("#settlement"):
            break
        tiles = page.query_selector_all("#hand button.tile.legal")
        if not tiles:
            time.sleep(0.2)
            continue
        tiles[rng.randrange(len(tiles))].click()
        time.sleep(0.1)
        choices = page.query_selector_all("#choices button.primary")
        if choices:
            choices[rng.randrange(len(choices))].click()
        time.sleep(0.2)
    page.wait_for_selector("#settlement", timeout=20000)
    assert page.query_selector_all("#lines .domino-line")
    assert page.query_selector_all("#settlement #pay-why li")  # each payment with its reason
    page.close()
    assert not errors
