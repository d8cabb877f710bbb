"""'Your games' (issue 12): a deal finished against bots is listed in this browser and replays from
there with the starting hands shown; desktop and a 390x844 phone. Screenshots in artifacts/screenshots/."""

from __future__ import annotations

import re

from tests.web.helpers import DESKTOP, PHONE, playwright_or_skip, shot, tapper, watch_errors
from tests.web.test_browser import play_to_settlement

playwright_api = playwright_or_skip()
expect = playwright_api.expect


def _listed_hand(text: str) -> list[str]:
    """The cards of the line "手牌：拾：百子* 八 二  |  貫：六 五 …（* = 老歲）" as names (百子, 八拾 …), sorted:
    a rank takes its suit's name, a card with a name of its own (百子, 毛公, 雲綫) keeps it."""
    line = next(ln for ln in text.splitlines() if ln.startswith("手牌"))
    cards = []
    for group in re.split(r"[:：]", line, maxsplit=1)[1].split("（")[0].split("(")[0].split("|"):
        suit, _, ranks = group.replace("：", ":").rpartition(":")
        for r in ranks.replace("*", "").split():
            cards.append(r + suit.strip() if len(r) == 1 else r)
    return sorted(cards)


def my_games_flow(web, page, tag: str, touch: bool) -> None:
    errors = watch_errors(page)
    tap = tapper(touch)
    page.goto(web.base + "/games")
    page.wait_for_selector("#my-games-none")  # a new browser has played nothing yet
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    tap(page.locator("#create-btn"))
    page.wait_for_selector("#hand button.card")
    # the cards' names (九拾, 七貫 …): a card's visible text also holds its index (9T) and a 老 mark
    mine = page.locator("#hand button.card").evaluate_all("bs => bs.map((b) => b.title)")
    assert len(mine) == 12 and all(len(c) == 2 for c in mine), mine
    play_to_settlement([page], touch=touch)
    page.wait_for_selector("#settlement")
    tap(page.locator("#home"))
    tap(page.locator("#to-my-games"))
    page.wait_for_selector("#my-games")
    rows = page.locator("#my-games tbody tr")
    expect(rows).to_have_count(1)
    assert "六虎牌" in rows.first.inner_text()
    assert page.locator("#main").inner_text().count("null") == 0
    shot(page, f"{tag}-mygames-01-list")
    if touch:
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    tap(page.locator("#my-games a.my-replay").first)
    page.wait_for_selector("#replay-start")
    assert page.locator("#replay-seat").input_value() == "0"  # replayed from the seat played
    start = page.locator("#replay-start")
    # issue 21: the replay opens on the board (the starting hands' text pushed it to y = 783), the hands folded
    felt = page.locator(".replay-view .felt").first.bounding_box()
    assert felt["y"] < page.viewport_size["height"] / 2, felt
    assert start.get_attribute("open") is None
    tap(start.locator("summary"))
    expect(start.locator(".start-seat")).to_have_count(1)  # only my hand before the end
    text = start.inner_text()
    assert "手牌" in text
    assert _listed_hand(text) == sorted(mine), text  # the hand I was dealt, card for card
    assert "null" not in page.locator(".replay-page").inner_text()
    shot(page, f"{tag}-mygames-02-replay-start")
    tap(page.locator("#replay-last"))
    # the deal is over, and still only my hand: the others' would name their face-down discards (issue 26)
    expect(start.locator(".start-seat")).to_have_count(1)
    shot(page, f"{tag}-mygames-03-replay-end")
    page.click("#langs [data-lang='en']")
    expect(page.locator("#replay-start summary")).to_have_text("Starting hands")
    page.click("#langs [data-lang='zh-hans']")
    expect(page.locator("#replay-start summary")).to_have_text("起手牌")
    page.click("#langs [data-lang='zh-hant']")
    if touch:
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    assert not [e for e in errors if "favicon" not in e], errors


def test_my_games_desktop(web, browser):
    ctx = browser.new_context(**DESKTOP)
    my_games_flow(web, ctx.new_page(), "desktop", touch=False)
    ctx.close()


def test_my_games_phone(web, browser):
    ctx = browser.new_context(**PHONE)
    my_games_flow(web, ctx.new_page(), "phone", touch=True)
    ctx.close()
