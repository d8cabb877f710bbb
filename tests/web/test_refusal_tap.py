"""A refused card, tapped at a real table, says why (issue 21): the engine's reason in the page's
language in a bubble beside the card, on the phone by a tap and on the desktop by a click or by
Enter on the card (it stays in the keyboard's order), announced to screen readers (a live region
the card names), and nothing is played. Luk Fu's must-beat, Fishing, and 接龍 for the dominoes."""

from __future__ import annotations

import pytest

from tests.web.helpers import DESKTOP, PHONE, new_page, shot, tapper, watch_errors

# one-deal tables tried for a decision where the seat holds a refused card: by the engine, playing its
# first legal move against random bots, 49% of Luk Fu tables reach a must-beat follow (twenty leave about
# 1 run in 500,000 without); a Fishing or 接龍 deal nearly always has one (the drawn card's turn, a tile
# that does not join)
TABLES = 20
CASES = [("lukfu", "zh-hant"), ("fishing", "en"), ("jielong", "zh-hans")]

BOX = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); " \
      "return { l: r.left, t: r.top, r: r.right, b: r.bottom, w: innerWidth }; }"


def _wanted(game: str, f: dict, page) -> str | None:
    """The selector of a refused card to tap at this frame, if the page shows one (Luk Fu: one whose
    discard breaks must-beat)."""
    sel = "#hand button.refused[data-why]"
    if game == "lukfu":
        from yezi.games.lukfu.actions import DISCARD_BASE

        cards = page.locator(sel).evaluate_all("bs => bs.map((b) => b.dataset.why)")
        bad = [w for w in cards if any(int(a) >= DISCARD_BASE for a in w.split(","))]
        return f"#hand button.refused[data-why='{bad[0]}']" if bad else None
    return sel if page.locator(sel).count() else None


def _find_refusal(web, page, game: str):
    """Play seat 0 (its first legal move, through its own socket) until the page shows a refused card;
    opens the next table where a deal ends first. Returns (client, frame, selector)."""
    for _ in range(TABLES):
        t = web.create(game=game, name="Ann", hints=False)
        token = t["seats"]["0"]["token"]
        page.goto(f"{web.base}/t/{t['id']}?token={token}")
        cl = web.client(t["id"], token)
        f = cl.my_turn()
        for i in range(80):
            if f["deal_over"]:
                break
            seq = f["seq"]
            lone_tigers = game == "lukfu" and f["view"].get("phase") == "tigers" and len(f["legal"]) == 1
            if not lone_tigers:
                page.wait_for_selector(f".felt.my-turn[data-frame='{f['deal_no']}:{seq}']", timeout=15000)
                sel = _wanted(game, f, page)
                if sel:
                    return cl, f, sel
                legal = f["legal"]
                a = legal[-1] if game == "lukfu" and f["view"].get("phase") == "tigers" else legal[0]
                cl.send({"type": "action", "action": a, "id": f"m{i}", "seq": seq})
            f = cl.wait(lambda x, seq=seq: x["type"] == "state" and (x["deal_over"] or (
                x["seq"] > seq and bool(x.get("legal")))), timeout=30)
        cl.close()
    raise AssertionError(f"{game}: no refused card shown in {TABLES} deals")


def _refusal(web, browser, game: str, lang: str, profile: dict, tag: str) -> None:
    touch = profile is PHONE
    with new_page(browser, profile) as page:
        page.add_init_script(f"localStorage.setItem('yezi.name', 'Ann'); localStorage.setItem('yezi.motion', 'off');"
                             f"localStorage.setItem('yezi.lang', '{lang}')")
        errors = watch_errors(page)
        cl, f, sel = _find_refusal(web, page, game)
        try:
            card = page.locator(sel).first
            why = [int(a) for a in card.get_attribute("data-why").split(",")]
            assert not set(why) & set(f["legal"])  # what it explains is refused indeed
            # the server's own words for it, asked on the seat's socket in the page's language
            cl.send({"type": "lang", "lang": lang})
            cl.wait_type("state")
            cl.send({"type": "why", "id": "w-test", "actions": why})
            said = next(v for v in cl.wait(lambda x: x.get("id") == "w-test", 20)["refusals"].values() if v)
            # (Playwright calls an aria-disabled button not enabled and would wait: the tap is real all the same)
            tapper(touch)(card, force=True)
            bubble = page.locator("#refusal .why-said")
            bubble.wait_for(timeout=20000)
            assert bubble.inner_text() == "✗ " + said["message"]
            if said["rule_text"] and said["rule_text"] != said["message"]:
                assert page.locator("#refusal .why-rule").inner_text() == said["rule_text"]
            box = page.locator("#refusal")
            assert box.get_attribute("role") == "status" and box.get_attribute("aria-live") == "polite"
            assert card.get_attribute("aria-describedby") == "refusal" and card.get_attribute("aria-disabled") == "true"
            b = page.evaluate(BOX, "#refusal")
            c = card.evaluate("(e) => { const r = e.getBoundingClientRect(); return { l: r.left, t: r.top, r: r.right, b: r.bottom }; }")
            assert b["l"] >= 0 and b["r"] <= b["w"], b  # inside the screen's width
            assert b["b"] <= c["t"] + 1 or b["t"] >= c["b"] - 1, (b, c)  # beside the card, not over it
            assert min(abs(b["b"] - c["t"]), abs(b["t"] - c["b"])) < 40, (b, c)
            # nothing was played: the same move is still the seat's
            assert page.locator(f".felt.my-turn[data-frame='{f['deal_no']}:{f['seq']}']").count() == 1
            assert not page.locator("#toast.show").count()  # no error toast
            shot(page, f"refusal-{game}-{tag}")
            if not touch:  # the keyboard: Esc hides it, Enter on the focused card says it again
                page.keyboard.press("Escape")
                page.locator("#refusal").wait_for(state="hidden")
                card.focus()
                page.keyboard.press("Enter")
                bubble.wait_for(timeout=10000)
                assert bubble.inner_text() == "✗ " + said["message"]
        finally:
            cl.close()
        assert not [e for e in errors if "favicon" not in e], errors


@pytest.mark.parametrize(("game", "lang"), [*CASES, ("shiwuhu", "en")])
def test_a_refused_card_says_why_desktop(web, browser, game, lang):
    _refusal(web, browser, game, lang, DESKTOP, "desktop")


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_a_refused_card_says_why_phone(web, browser, game, lang):
    _refusal(web, browser, game, lang, PHONE, "phone")
