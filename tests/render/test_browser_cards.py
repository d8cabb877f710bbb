"""The card art in real Chromium on a 390 × 844 phone (issue 12): in the Fishing and Luk Fu tables
every card is drawn at least 36 px wide and your whole hand is in the first screen without
scrolling; the switch to plain text tiles works, is remembered across a reload and switches back;
each card names itself in the page's language. Screenshots: artifacts/screenshots/cards-*.png."""

from __future__ import annotations

import random
import re

from tests.web.helpers import PHONE, playwright_or_skip, watch_errors
from tests.web.helpers import shot as save_shot

WEB_BOT_DELAY = 0.0  # for the `web` fixture (tests/conftest.py)
playwright_or_skip()

MEASURE = """() => {
  const box = (e) => e.getBoundingClientRect();
  const shown = [...document.querySelectorAll("#main svg.card")].filter((s) => box(s).width > 0 && box(s).height > 0);
  return {
    widths: shown.map((s) => Math.round(box(s).width * 10) / 10),
    names: shown.map((s) => s.getAttribute("aria-label") || ""),
    hand: [...document.querySelectorAll("#hand > .card, #hand > .fish-card, #drawn-card")].map((b) => box(b).toJSON()),
    scrollY: window.scrollY, vw: window.innerWidth, vh: window.innerHeight,
  };
}"""


def _mid_deal(web, game: str, moves: int, until=None) -> dict:
    """A table against bots whose human seat has played a few random moves (so that a trick, a lake
    and catches are on the table) and must act again (in a frame `until` accepts, where given)."""
    t = web.create(game=game, name="Ann", hints=False)
    cl = web.client(t["id"], t["seats"]["0"]["token"])
    rng = random.Random(5)
    for i in range(200):
        f = cl.my_turn()
        if f["deal_over"] or (i >= moves and (until is None or until(f))):
            break
        cl.send({"type": "action", "action": rng.choice(f["legal"]), "id": f"m{i}", "seq": f["seq"]})
        cl.wait(lambda x: x["type"] in ("ack", "error"))
        cl.last_state = None
    cl.close()
    return t


def _open(browser, web, t):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('yezi.name', 'Ann')")
    errors = watch_errors(page)
    page.goto(f"{web.base}/t/{t['id']}?token={t['seats']['0']['token']}")
    # the bots have answered once the seat must act (or the deal is over): nothing moves after that
    # (a fixed pause measured whatever phase a loaded machine had reached)
    page.wait_for_selector(".felt.my-turn #hand svg.card, #settlement")
    return ctx, page, errors


def _check_phone_layout(page, game: str) -> dict:
    m = page.evaluate(MEASURE)
    assert m["vw"] == 390 and m["vh"] == 844
    assert m["widths"] and min(m["widths"]) >= 36, (game, sorted(m["widths"])[:5])
    assert m["scrollY"] == 0 and m["hand"]
    for r in m["hand"]:  # the whole hand (and a card just drawn) in the first screen
        assert r["left"] >= 0 and r["right"] <= m["vw"] and r["top"] >= 0 and r["bottom"] <= m["vh"], (game, r)
    assert all(m["names"]), "a card without its name"
    return m


def test_fishing_phone_cards_readable_and_hand_on_screen(web, browser):
    t = _mid_deal(web, "fishing", 4, until=lambda f: f["view"]["phase"] == "draw")  # a card drawn, to place
    ctx, page, errors = _open(browser, web, t)
    page.wait_for_selector("#lake svg.card")
    page.wait_for_selector("#drawn-card svg.card")
    m = _check_phone_layout(page, "fishing")
    assert len(m["hand"]) >= 5
    assert page.locator(".fish-fan.catch").count() == 3  # every seat's catch as a fan …
    assert re.search(r"\d", page.locator(".seats .counts").first.inner_text())  # … with its count and score
    save_shot(page, "cards-fishing-phone")
    assert not [e for e in errors if "favicon" not in e], errors
    ctx.close()


def test_lukfu_phone_cards_readable_and_hand_on_screen(web, browser):
    t = _mid_deal(web, "lukfu", 3)
    ctx, page, errors = _open(browser, web, t)
    _check_phone_layout(page, "lukfu")
    save_shot(page, "cards-lukfu-phone")
    assert not [e for e in errors if "favicon" not in e], errors
    ctx.close()


def test_plain_text_switch_is_remembered_and_cards_are_named(web, browser):
    t = _mid_deal(web, "lukfu", 0)
    ctx, page, errors = _open(browser, web, t)
    first = page.locator("#hand svg").first
    assert "plain" not in (first.get_attribute("class") or "")
    assert re.fullmatch(r"[一二三四五六七八九][拾貫索綫]|百子|毛公|雲綫", first.get_attribute("aria-label"))
    switch = page.locator("#card-style")
    assert switch.get_attribute("aria-pressed") == "false"
    switch.tap()
    page.wait_for_selector("#hand svg.plain")
    assert page.evaluate("localStorage.getItem('yezi.cards')") == "plain"
    _check_phone_layout(page, "lukfu plain")
    save_shot(page, "cards-lukfu-phone-plain")
    page.reload()
    page.wait_for_selector("#hand svg.plain")
    assert page.locator("#card-style").get_attribute("aria-pressed") == "true"
    page.click("#langs [data-lang='en']")
    page.wait_for_function("() => /^[1-9] |^(Pak Tsz|Mo Kung|Wan Tsin)/.test("
                           "document.querySelector('#hand svg').getAttribute('aria-label'))")
    hand = page.locator("#hand svg").first
    assert hand.locator("title").text_content() == hand.get_attribute("aria-label")
    page.locator("#card-style").tap()
    page.wait_for_selector("#hand svg.card:not(.plain)")
    assert page.evaluate("localStorage.getItem('yezi.cards')") == "traditional"
    assert page.locator("#hand svg.plain").count() == 0
    assert not [e for e in errors if "favicon" not in e], errors
    ctx.close()
