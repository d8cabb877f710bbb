"""Screenshots of every game's table at the start of a deal, in the middle and at the settlement,
on a desktop (1280 × 800) and a phone (390 × 844), for people to judge (issue 12):
artifacts/screenshots/screen-<game>-<moment>-<view>.png. Seat 0 plays random legal moves over its
WebSocket against the heuristic bots; each picture waits until the browser shows that very frame.

Each picture also checks the seated table: the seat to act is marked (aria-current and a marker,
not a colour alone) and the others sit around the middle in seating order (tests/web/seating.py)."""

from __future__ import annotations

import os
import random

import pytest

from tests.web.helpers import PHONE, SHOTS, playwright_or_skip, watch_errors
from tests.web.seating import check_seating

WEB_BOT_DELAY = 0.0  # for the `web` fixture (tests/conftest.py)
playwright_or_skip()

VIEWS = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = ["lukfu", "madiao", "fishing", "jielong", "tseding", "dingniu", "tiengow", "shiwuhu", "paigow"]
SETTLE = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
}"""


MOVED = {"fishing", "jielong", "tseding", "dingniu"}  # the motion marks checked here (issue 12)


def _newest_seat(game: str, f: dict) -> int | None:
    """Who made the newest move, from the frame: Fishing says so in its extras; in the domino
    games action i is seat i mod n's."""
    if game == "fishing":
        return ((f.get("extras") or {}).get("last") or {}).get("seat")
    h = f["view"].get("history") or []
    return (len(h) - 1) % f["view"]["seats"] if h else None


def _shoot(page, game: str, moment: str, f: dict) -> None:
    for view, (w, h) in VIEWS.items():
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate(SETTLE)
        page.screenshot(path=os.path.join(SHOTS, f"screen-{game}-{moment}-{view}.png"))
        check_seating(page, (game, moment, view), wide=view == "desktop")
        who = _newest_seat(game, f) if game in MOVED else None
        if who is not None:  # the newest move is marked for motion.js, from its seat, and stays ringed
            marks = page.eval_on_selector_all("[data-play-key]", "es => es.map((e) => [e.dataset.from, "
                                              "e.classList.contains('last-play')])")
            assert [str(who), True] in [list(m) for m in marks], (game, moment, who, marks)


TABLES = 4  # tables tried for a deal that asks the seat something (see `test_screens`)


# the seating is checked at every decision the default run measures (tests/web/test_decision_regions.py,
# phone and desktop); these pictures of each game's start, middle and settlement come in the slow run
@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_screens(web, browser, game):
    games = [g["name"] for g in web.get("/api/games").json()["games"]]
    if game not in games:
        pytest.skip(f"{game} not in this registry")
    rng = random.Random(7)
    errors: list[str] = []
    # the deal is the server's: a Luk Fu deal can end before it asks the seat anything (a random bot
    # declares five tigers while the page answers the seat's lone 不報 by itself: 1 deal in 540, by the
    # engine), and then the next table is dealt
    for _ in range(TABLES):
        if _screens_at_table(web, browser, game, rng, errors):
            break
    else:
        raise AssertionError(f"the seat never had to act in {TABLES} deals")
    assert not [e for e in errors if "favicon" not in e], errors


def _screens_at_table(web, browser, game: str, rng: random.Random, errors: list[str]) -> bool:
    """The pictures of one deal at a new table (the page's errors added to `errors`); False where the deal
    ended before the seat had to act."""
    t = web.create(game=game, name="Ann", hints=False)
    token = t["seats"]["0"]["token"]
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('yezi.name', 'Ann'); localStorage.setItem('yezi.motion', 'off')")
    page_errors = watch_errors(page)
    page.goto(f"{web.base}/t/{t['id']}?token={token}")
    cl = web.client(t["id"], token)
    shot = {"start": False, "mid": False}
    try:
        turns = 0
        for i in range(200):
            f = cl.my_turn()
            if f["deal_over"]:
                break
            if game == "lukfu" and f["view"].get("phase") == "tigers" and len(f["legal"]) == 1:
                seq = f["seq"]  # the page answers a lone 不報 by itself
                cl.last_state = None
                cl.last_state = cl.wait(lambda x, seq=seq: x["type"] == "state" and (x["deal_over"] or (
                    x["seq"] > seq and bool(x.get("legal")))), timeout=30)
                continue
            turns += 1
            page.wait_for_selector(f".felt.my-turn[data-frame='{f['deal_no']}:{f['seq']}']", timeout=15000)
            if not shot["start"]:
                _shoot(page, game, "start", f)
                shot["start"] = True
            elif turns in (2, 4):  # the middle: the fourth decision where the deal has one, else the second
                _shoot(page, game, "mid", f)
                shot["mid"] = True
            legal = f["legal"]
            en = {a: ((f.get("labels") or {}).get(str(a)) or {}).get("en", "") for a in legal}
            a = rng.choice([a for a in legal if not en[a].startswith("declare")] or legal)
            cl.send({"type": "action", "action": a, "id": f"m{i}", "seq": f["seq"]})
            cl.wait(lambda x: x["type"] in ("ack", "error"))
            cl.last_state = None
        page.wait_for_selector("#settlement", timeout=20000)
        if not f["deal_over"]:
            f = cl.wait(lambda x: x["type"] == "state" and x["deal_over"], 30)
        _shoot(page, game, "settlement", f)
    finally:
        cl.close()
        ctx.close()
        errors += page_errors
    return shot["start"]
