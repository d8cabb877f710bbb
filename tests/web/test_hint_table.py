"""The hint on the table (issue 21): in every game the suggested move is marked on the table itself
(its cards or tiles in the hand, the lake card it catches, its button), never only on the folded
"All moves" list, and it reads as one line in the page's language with each choice's outcomes and
no ± (the statistics fold away under Details). Desktop for every game, the phone for three."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.web.helpers import DESKTOP, PHONE, new_page, shot, watch_errors

GAMES = ["lukfu", "madiao", "fishing", "jielong", "tseding", "dingniu", "tiengow", "shiwuhu", "paigow"]
PHONE_GAMES = ["lukfu", "fishing", "jielong"]
LANG = {g: ("en", "zh-hant", "zh-hans")[i % 3] for i, g in enumerate(GAMES)}
SUGGESTED = {"en": "Suggested: ", "zh-hant": "建議：", "zh-hans": "建议："}
TABLES = 4  # one-deal tables tried for a decision of the seat with a choice

# the marked elements a player sees: not inside a folded panel, drawn, and on top at their centre
# once scrolled into view (what is there is the mark or inside it)
MARKS = """() => [...document.querySelectorAll('.felt .hinted')].filter((e) => {
  if (e.closest('details:not([open])')) return false;
  e.scrollIntoView({ block: 'center', inline: 'center' });
  const r = e.getBoundingClientRect();
  if (r.width < 4 || r.height < 4) return false;
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!top && (top === e || e.contains(top));
}).map((e) => e.closest('#hand') ? 'hand' : e.id || e.dataset.action || e.className)"""


def _decision(web, cl, game: str):
    """The seat's first decision with a choice at this table (None: the deal ended first)."""
    f = cl.my_turn()
    for i in range(60):
        if f["deal_over"]:
            return None
        if len(f["legal"]) >= 2:
            return f
        seq = f["seq"]
        if not (game == "lukfu" and f["view"].get("phase") == "tigers"):  # the page answers a lone 不報 itself
            cl.send({"type": "action", "action": f["legal"][0], "id": f"m{i}", "seq": seq})
        cl.last_state = cl.wait(lambda x, seq=seq: x["type"] == "state" and (x["deal_over"] or (
            x["seq"] > seq and bool(x.get("legal")))), timeout=30)
        f = cl.last_state
    return None


def _hint_marks(web, browser, game: str, profile: dict, tag: str) -> None:
    lang = LANG[game]
    with new_page(browser, profile) as page:
        page.add_init_script(f"localStorage.setItem('yezi.name', 'Ann'); localStorage.setItem('yezi.motion', 'off');"
                             f"localStorage.setItem('yezi.lang', '{lang}')")
        errors = watch_errors(page)
        for _ in range(TABLES):
            t = web.create(game=game, name="Ann")
            token = t["seats"]["0"]["token"]
            page.goto(f"{web.base}/t/{t['id']}?token={token}")
            cl = web.client(t["id"], token)
            try:
                f = _decision(web, cl, game)
            finally:
                cl.close()
            if f is not None:
                break
        else:
            raise AssertionError(f"{game}: {TABLES} deals ended before the seat had a choice")
        page.wait_for_selector(f".felt.my-turn[data-frame='{f['deal_no']}:{f['seq']}']", timeout=15000)
        page.click("#hint-btn")
        line = page.locator("#hint-line")
        expect(line).to_contain_text(SUGGESTED[lang], timeout=60000)
        text = page.locator("#hint-text").inner_text()
        assert "±" not in text and "simulations" not in text, (game, text)
        assert not page.locator("#hint-details[open]").count()  # the statistics: folded until asked for
        deadline = time.time() + 5  # a frame arriving with the answer redraws the table, then marks it again
        while not (marks := page.evaluate(MARKS)) and time.time() < deadline:
            page.wait_for_timeout(100)
        assert marks, (game, "the hint marks nothing a player can see on the table")
        page.locator("#hint-box").scroll_into_view_if_needed()
        shot(page, f"hint-{game}-{tag}")
        assert not [e for e in errors if "favicon" not in e], errors


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_marks_the_table_desktop(web, browser, game):
    _hint_marks(web, browser, game, DESKTOP, "desktop")


@pytest.mark.parametrize("game", PHONE_GAMES)
def test_the_hint_marks_the_table_phone(web, browser, game):
    _hint_marks(web, browser, game, PHONE, "phone")
