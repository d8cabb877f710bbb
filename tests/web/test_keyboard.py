"""Keyboard-only play (issue 12): a whole Luk Fu deal and a whole Fishing deal played in the
browser with the keyboard alone (H to the hand, arrows among the cards, Space / Enter to choose,
P / D to play or discard, Tab to the other choices; the hand one Tab stop), the focus visible and back in the hand when
the seat's turn comes again, every card and tile on the table named for a screen reader, and the
seated table (tests/web/seating.py) at every turn.

The page is driven only by key presses; a WebSocket client on the same seat only reads the frames
(what is legal, when the page has moved) to decide which keys to press."""

from __future__ import annotations

import random
import time

from tests.web.helpers import playwright_or_skip, watch_errors
from tests.web.seating import check_seating

WEB_BOT_DELAY = 0.0  # for the `web` fixture (tests/conftest.py)
playwright_or_skip()

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
ACTIVE = """() => { const a = document.activeElement;
  return a ? { tag: a.tagName, id: a.id, action: a.dataset.action ?? null, card: a.dataset.card ?? a.dataset.kind ?? null,
    inHand: !!a.closest('#hand'), outline: getComputedStyle(a).outlineStyle,
    cls: a.className && a.className.baseVal === undefined ? a.className : '' } : null; }"""
# every card or tile drawn in the page has a name a screen reader reads (its own or its holder's)
UNNAMED = """() => [...document.querySelectorAll('#main svg')].filter((s) => s.getClientRects().length
  && !((s.getAttribute('aria-label') || '').trim() || (s.closest('[aria-label]')?.getAttribute('aria-label') || '').trim()))
  .map((s) => s.outerHTML.slice(0, 80))"""


def _active(page) -> dict:
    return page.evaluate(ACTIVE) or {}


def _tab_to(page, pred, back: bool = False, limit: int = 80) -> dict:
    """Press Tab (Shift+Tab) until the focused element satisfies `pred`."""
    a = _active(page)
    if pred(a):
        return a
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        a = _active(page)
        if pred(a):
            return a
    raise AssertionError("Tab never reached the control")


def _arrow_to(page, card: str) -> None:
    """From the hand's first usable card, arrow right to `card`."""
    page.keyboard.press("h")
    for _ in range(40):
        a = _active(page)
        assert a.get("inHand"), a
        if a.get("card") == card:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"card {card} not reached with the arrows")


def _next_state(cl, seq: int, timeout: float = 20) -> dict:
    return cl.wait(lambda x: x["type"] == "state" and (x["deal_over"] or x["seq"] > seq), timeout)


def _settled(cl, seq: int) -> dict:
    """The first frame after `seq` that is not in the middle of a multi-card discard."""
    f = _next_state(cl, seq)
    while not f["deal_over"] and f["view"].get("pending_discard") and f["view"].get("to_act") == 0:
        f = _next_state(cl, f["seq"])
    return f


def _wait_page(page, f) -> None:
    page.wait_for_selector(f".felt.my-turn[data-frame='{f['deal_no']}:{f['seq']}']", timeout=15000)


def _check_table(page, where) -> None:
    assert not page.evaluate(UNNAMED), (where, page.evaluate(UNNAMED)[:3])
    check_seating(page, where, wide=True)
    # the hand is one Tab stop (the arrows move inside it)
    stops, usable = page.eval_on_selector_all("#hand button", "bs => [bs.filter((b) => b.tabIndex >= 0).length, "
                                              "bs.filter((b) => !b.disabled).length]")
    assert usable == 0 or stops == 1, (where, stops, usable)


def _luk_fu_deal_by_keyboard(web, page, A: dict, rng: random.Random, kinds: dict[str, int]) -> int:
    """Play one Luk Fu deal at a new table by the keyboard; count the kinds of moves made in `kinds`
    and return how many times the focus came back to the hand by itself."""
    pb, db = A["play_base"], A["discard_base"]
    t = web.create(game="lukfu", name="Ann", hints=False)
    token = t["seats"]["0"]["token"]
    page.goto(f"{web.base}/t/{t['id']}?token={token}")
    cl = web.client(t["id"], token)
    back_in_hand = 0
    try:
        f = cl.my_turn()
        for _ in range(80):
            if f["deal_over"]:
                break
            if not f.get("legal") or f["view"].get("to_act") != 0:
                f = cl.wait(lambda x: x["type"] == "state" and (x["deal_over"] or bool(x.get("legal"))), 30)
                continue
            legal, v = f["legal"], f["view"]
            if v.get("phase") == "tigers" and len(legal) == 1:  # the page answers a lone 不報 by itself
                f = _next_state(cl, f["seq"], 30)
                continue
            _wait_page(page, f)
            _check_table(page, ("lukfu", f["seq"]))
            if v.get("phase") == "play" and _active(page).get("inHand"):
                back_in_hand += 1  # the focus came back to the hand by itself
            words = [a for a in legal if a < pb and not A["words"][str(a)].lower().startswith("declare")]
            plays = [a for a in legal if pb <= a < db]
            if words or (not plays and all(a < pb for a in legal)):
                a = rng.choice(words or legal)
                page.keyboard.press("h")
                _tab_to(page, lambda x, a=a: x.get("action") == str(a))
                page.keyboard.press("Enter")
                kinds["word"] += 1
            elif plays:
                a = rng.choice(plays)
                for c in A["play_cards"][a - pb]:
                    _arrow_to(page, str(c))
                    page.keyboard.press("Space")
                    page.wait_for_selector(f"#hand button.card.selected[data-card='{c}']")
                    assert _active(page).get("card") == str(c), "the focus stays on the card chosen"
                page.keyboard.press("p")
                kinds["play"] += 1
            else:  # only face-down discards: as many cards as were led, then D
                page.keyboard.press("h")
                while page.locator("#discard-btn:disabled").count():
                    a = _active(page)
                    assert a.get("inHand") and a.get("outline") not in ("none", ""), a  # focus visible
                    page.keyboard.press("Space")
                    page.wait_for_timeout(50)
                    if page.locator("#discard-btn:disabled").count():
                        page.keyboard.press("ArrowRight")
                page.keyboard.press("d")
                kinds["discard"] += 1
            f = _settled(cl, f["seq"])
        if not f["deal_over"]:
            f = cl.wait(lambda x: x["type"] == "state" and x["deal_over"], 30)
        page.wait_for_selector("#settlement", timeout=15000)
    finally:
        cl.close()
    return back_in_hand


def test_luk_fu_deal_by_keyboard_only(web, browser):
    A = web.get("/api/games/lukfu/assets?lang=en").json()
    rng = random.Random(5)
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('yezi.name', 'Ann'); localStorage.setItem('yezi.motion', 'off')")
    errors = watch_errors(page)
    kinds = {"word": 0, "play": 0, "discard": 0}
    back_in_hand = 0
    try:
        # the deal is dealt at random, and some deals end before the seat has made three moves (nobody
        # bids: 流局; 五虎下山; a bidder who wins at once): then the next table's deal is played too
        for _ in range(4):
            back_in_hand += _luk_fu_deal_by_keyboard(web, page, A, rng, kinds)
            if kinds["play"] >= 1 and sum(kinds.values()) >= 3 and back_in_hand >= 1:
                break
    finally:
        ctx.close()
    assert kinds["play"] >= 1 and sum(kinds.values()) >= 3, kinds
    assert back_in_hand >= 1, "the focus never came back to the hand on the seat's turn"
    assert not [e for e in errors if "favicon" not in e], errors


def test_fishing_deal_by_keyboard_only(web, browser):
    rng = random.Random(3)
    t = web.create(game="fishing", name="Ann", hints=False)
    token = t["seats"]["0"]["token"]
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('yezi.name', 'Ann'); localStorage.setItem('yezi.motion', 'off')")
    errors = watch_errors(page)
    page.goto(f"{web.base}/t/{t['id']}?token={token}")
    cl = web.client(t["id"], token)
    caught = moves = 0
    try:
        f = cl.my_turn()
        for _ in range(120):
            if f["deal_over"]:
                break
            _wait_page(page, f)
            _check_table(page, ("fishing", f["seq"]))
            assert page.locator("#keys-help").is_visible()
            before = sum(f["view"]["catches"][0])
            targets = page.locator("button.fish-card.target")
            if f["view"]["phase"] == "draw" and targets.count() and rng.random() < 0.8:
                page.keyboard.press("h")  # the release / keep buttons; the lake's targets come before them
                _tab_to(page, lambda x: "target" in x.get("cls", ""), back=True)
                page.keyboard.press("Enter")
            else:
                cards = page.locator("#hand button.fish-card:not([disabled])")  # a refused card too: it says why
                if cards.count():
                    page.keyboard.press("h")
                    for _ in range(rng.randrange(cards.count())):
                        page.keyboard.press("ArrowRight")
                    if page.evaluate("document.activeElement.getAttribute('aria-disabled') === 'true'"):
                        page.keyboard.press("h")  # a card the rules keep out: back to the first one that plays
                page.keyboard.press("Enter")  # a card with one move plays; with several its choices show
                deadline = time.time() + 1.5
                while time.time() < deadline and page.locator(f".felt[data-frame='{f['deal_no']}:{f['seq']}']").count():
                    if page.locator("#choices, button.fish-card.target").count():
                        break
                    page.wait_for_timeout(50)
                if page.locator(f".felt[data-frame='{f['deal_no']}:{f['seq']}']").count():
                    if page.locator("button.fish-card.target").count():  # capture: back to the lake's targets
                        _tab_to(page, lambda x: "target" in x.get("cls", ""), back=True)
                    else:  # release / stack: forward to the choices
                        _tab_to(page, lambda x: x.get("action") is not None and not x.get("inHand"))
                    page.keyboard.press("Enter")
            moves += 1
            f = _next_state(cl, f["seq"])
            if not f["deal_over"] and sum(f["view"]["catches"][0]) > before:
                caught += 1
            if not f["deal_over"] and not (f.get("legal") and f["view"].get("to_act") == 0):
                f = cl.my_turn()
        page.wait_for_selector("#settlement", timeout=15000)
    finally:
        cl.close()
        ctx.close()
    assert moves >= 4 and caught >= 1, (moves, caught)
    assert not [e for e in errors if "favicon" not in e], errors
