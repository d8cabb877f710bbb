"""The lobby's create form as a player reads it, with the rule options open: no internal id and no English
sentence starting lowercase on screen, nothing wider than a phone; screenshots in English and 简体 at
desktop and phone sizes (artifacts/screenshots/lobby-words-*.png). Real headless Chromium."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import DESKTOP, PHONE, playwright_or_skip, shot

WEB_BOT_DELAY = 0.03  # for the `web` fixture (tests/conftest.py)
playwright_api = playwright_or_skip()
expect = playwright_api.expect

SNAKE = re.compile(r"[A-Za-z0-9]+_[A-Za-z0-9_]+")


def _says_twice(label: str, clause: str) -> bool:
    """Whether `clause` begins with `label` as a whole word ("B" does not begin "Banker-centred")."""
    if not clause.lower().startswith(label.lower()):
        return False
    return bool(re.search(r"[\u3400-\u9fff]$", label)) or not re.match(r"\w", clause[len(label):])


@pytest.mark.parametrize("vp", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("lang", ["en", "zh-hans"])
@pytest.mark.parametrize("game", ["lukfu", "madiao"])
def test_open_options_read_as_text(web, browser, game, lang, vp):
    ctx = browser.new_context(**vp)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.click(f"#langs [data-lang='{lang}']")
    page.select_option("#game", game)
    page.wait_for_selector(f"#create[data-ready='{game}']")
    page.click("#options summary")
    texts = page.eval_on_selector_all(
        "#options .opt > span, #options .optdesc, #options option", "els => els.map((e) => e.textContent.trim())")
    assert len(texts) > 20
    bad = [t for t in texts if SNAKE.search(t) or (lang == "en" and re.match(r"[a-z]", t))]
    assert bad == [], bad[:10]
    # a choice's words: no bracket left open by the cut ("(4 under"), no label said twice ("Yes — Yes, …")
    choices = page.eval_on_selector_all("#options option", "els => els.map((e) => e.textContent.trim())")
    unclosed = [t for t in choices if not t.endswith("…")
                and t.count("(") + t.count("（") != t.count(")") + t.count("）")]
    assert unclosed == [], unclosed[:10]
    twice = [t for t in choices if " — " in t and _says_twice(*t.split(" — ", 1))]
    assert twice == [], twice[:10]
    size = "phone" if vp is PHONE else "desktop"
    shot(page, f"lobby-words-{game}-{lang}-{size}")
    if vp is PHONE:  # the open options are no wider than the phone
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "zh-hant", "zh-hans"])
def test_the_lobby_shows_no_program_value_as_text(web, browser, lang):
    """What a signed-out visitor reads first: no `null`, `undefined`, `NaN` or `[object …]` where a
    row or a word was left out (Node.append writes a null argument as the text "null")."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.click(f"#langs [data-lang='{lang}']")
    page.wait_for_selector("#quick-find")
    for game in ("lukfu", "paigow"):
        page.select_option("#game", game)
        page.wait_for_selector(f"#create[data-ready='{game}']")
        text = page.evaluate("document.body.innerText")
        bad = re.findall(r"\b(?:null|undefined|NaN)\b|\[object \w+\]", text)
        assert not bad, (game, bad, text[:400])
    ctx.close()
