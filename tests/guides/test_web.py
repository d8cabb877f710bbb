"""/rules and /rules/<game> over HTTP from a real server, in three languages, and the Luk Fu
guide opened from the lobby in Chromium on a desktop and a 390×844 phone, with a glossary term
hovered or tapped. Screenshots go to artifacts/screenshots/guide-*.png."""

from __future__ import annotations

import os
import re

import httpx
import pytest

from tests.web.helpers import DESKTOP, PHONE, SHOTS, playwright_or_skip, tapper, watch_errors
from yezi.core.registry import GAMES
from yezi.guides import LANGS, SECTIONS, has_guide

GUIDED = [g for g in GAMES if has_guide(g)]


@pytest.mark.parametrize("lang", LANGS)
def test_rules_pages_over_http(web, lang):
    r = httpx.get(f"{web.base}/rules?lang={lang}", timeout=30)
    assert r.status_code == 200
    for game in GUIDED:
        assert f'href="/rules/{game}?lang={lang}"' in r.text
        page = httpx.get(f"{web.base}/rules/{game}?lang={lang}", timeout=120)
        assert page.status_code == 200, game
        assert re.findall(r'data-section="([a-z-]+)"', page.text) == [*SECTIONS, "reference"]
        assert 'data-engine="example:' in page.text
        assert f'<html lang="{ {"en": "en", "zh-hant": "zh-Hant", "zh-hans": "zh-Hans"}[lang] }"' in page.text
        assert "Content-Security-Policy" in page.headers


def test_unknown_guide_is_404(web):
    assert httpx.get(f"{web.base}/rules/nosuch", timeout=30).status_code == 404


def save_shot(page, name: str) -> None:
    """What the reader sees in the window (not the whole page: a guide is long)."""
    os.makedirs(SHOTS, exist_ok=True)
    page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def _flow(web, browser, ctx_opts, tag, touch):
    ctx = browser.new_context(**ctx_opts)
    page = ctx.new_page()
    errors = watch_errors(page)
    tap = tapper(touch)
    page.goto(web.base + "/")
    page.wait_for_selector("#rules-lukfu")
    save_shot(page, f"guide-{tag}-lobby")
    tap(page.locator("#rules-lukfu"))
    page.wait_for_selector("#s-about")
    save_shot(page, f"guide-{tag}-top")
    term = page.locator("#s-scoring .term").first
    term.scroll_into_view_if_needed()
    if touch:
        tap(term)
    else:
        term.hover()
    pop = page.locator(".gloss-pop")
    pop.wait_for(state="visible")
    assert "老歲" in pop.inner_text() or "老岁" in pop.inner_text()
    save_shot(page, f"guide-{tag}-gloss")
    page.locator("#ex-must-beat").scroll_into_view_if_needed()
    save_shot(page, f"guide-{tag}-example")
    page.locator("#s-cards .gallery").scroll_into_view_if_needed()
    save_shot(page, f"guide-{tag}-gallery")
    tap(page.locator("nav.langs a[lang=en]"))
    page.wait_for_selector("html[lang=en] #s-about")
    term = page.locator("#s-deal .term").first
    term.scroll_into_view_if_needed()
    if touch:
        tap(term)
    else:
        term.hover()
    pop.wait_for(state="visible")
    assert "first player" in pop.inner_text()
    save_shot(page, f"guide-{tag}-en-gloss")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= ctx_opts["viewport"]["width"] + 1, f"the page scrolls sideways ({width}px)"
    assert not errors, errors
    ctx.close()


def test_luk_fu_guide_from_the_lobby_desktop(web, browser):
    playwright_or_skip()
    _flow(web, browser, DESKTOP, "desktop", touch=False)


def test_luk_fu_guide_from_the_lobby_phone(web, browser):
    playwright_or_skip()
    _flow(web, browser, PHONE, "phone", touch=True)


@pytest.mark.slow  # an all-bot table's first marked log line can take over a minute on a loaded CI machine
def test_glossary_at_the_table_log(web, browser):
    """At a Luk Fu table of four bots, terms in the log (做, 唔做 …) are marked and show their gloss."""
    playwright_or_skip()
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#game", "lukfu")
    page.wait_for_selector("select[data-seat='3']")  # the seats of the ruleset are drawn (a race otherwise)
    seat0 = page.locator("select[data-seat='0']")
    seat0.select_option("bot:heuristic")
    playwright_or_skip().expect(seat0).to_have_value("bot:heuristic")
    page.click("#create-btn")
    page.wait_for_selector("#rules-link")
    assert page.locator("#rules-link").get_attribute("href").startswith("/rules/lukfu?lang=")
    page.wait_for_selector(".log li .term", state="attached", timeout=60000)
    page.locator("details.log").first.evaluate("d => { d.open = true; }")
    term = page.locator(".log li .term").first
    term.evaluate("e => e.scrollIntoView({block: 'center'})")
    term.hover()
    pop = page.locator(".gloss-pop")
    pop.wait_for(state="visible")
    assert pop.inner_text().strip()
    save_shot(page, "guide-table-log-gloss")
    assert not errors, errors
    ctx.close()
