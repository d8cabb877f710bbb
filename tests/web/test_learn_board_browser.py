"""The lesson's table drawing on a phone: cut to what it shows so that the cards are as large as
the width allows, but never magnified past twice its drawn size: Ma Diao's first lesson, whose
drawing before the deal is the one line "衝：？ · 官堆：0", filled the phone's width with letters a
centimetre high (3.2× their size)."""

from __future__ import annotations

from tests.web.helpers import PHONE, playwright_or_skip
from yezi.core.registry import GAMES
from yezi.learn import has_lessons


def test_no_lesson_board_is_blown_up_on_a_phone(web, browser):
    pw = playwright_or_skip()
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    seen = {}
    for game in [g for g in GAMES if has_lessons(g)]:
        page.goto(f"{web.base}/learn/{game}?lang=zh-hant")
        svg = page.locator("#lesson svg").first
        pw.expect(svg).to_be_visible()
        page.wait_for_timeout(200)  # the fit runs once the drawing is laid out
        scale, width = page.evaluate("""() => { const s = document.querySelector('#lesson svg');
            const r = s.getBoundingClientRect(); return [r.width / s.viewBox.baseVal.width, r.width]; }""")
        seen[game] = round(scale, 2)
        assert scale <= 2.01, (game, scale)
        assert width <= PHONE["viewport"]["width"], (game, width)  # and it still fits the phone
    assert seen["madiao"] == 2.0 and min(seen.values()) < 1, seen  # capped there; Luk Fu's wide table shrinks
    ctx.close()
