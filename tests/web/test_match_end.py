"""The end of a web match: each seat's total and who pays whom in the fewest transfers, shown on
the match-end bar on the phone and the desktop, and the match taken home (every deal's record and
the settle-up) in the reader's language."""

from __future__ import annotations

import io
import os
import random
import zipfile
from fractions import Fraction

from tests.web.helpers import DESKTOP, PHONE, assert_no_page_errors, new_page, play_random, watch_errors
from yezi.core.record import Record, read_records

SCREENS = os.path.join(os.path.dirname(__file__), "..", "..", "artifacts", "screens")


def _finished_match(web) -> tuple[dict, str]:
    """A Luk Fu table of its own match (one round) for a person against random bots, played out."""
    t = web.create(name="Ann", match="own", seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3)
    cl = web.client(t["id"], t["seats"]["0"]["token"])
    rng = random.Random(5)
    try:
        while True:
            f = play_random(cl, rng)
            if f["match_over"]:
                return f, t
            done = f["deal_no"]
            cl.send({"type": "next_deal", "id": f"next-{done}"})
            cl.last_state = None
            cl.wait(lambda x, done=done: x["type"] == "state" and x["deal_no"] > done)
    finally:
        cl.close()


def test_the_match_end_shows_totals_and_who_pays_whom(web, browser):
    frame, t = _finished_match(web)
    settle = frame["table"]["match"]["settle"]
    assert len(frame["finished_deals"]) >= 4  # a round: every player led, where one deal was a match before
    net = [Fraction(0)] * 4
    for a, b, x in settle["transfers"]:
        net[a] -= Fraction(x)
        net[b] += Fraction(x)
    assert net == [Fraction(x) for x in settle["totals"]] == [Fraction(x) for x in frame["totals"]]
    os.makedirs(SCREENS, exist_ok=True)
    for name, profile, lang in (("desktop", DESKTOP, "en"), ("phone", PHONE, "en"), ("phone-zh-hant", PHONE, "zh-hant"),
                                ("desktop-zh-hans", DESKTOP, "zh-hans")):
        with new_page(browser, profile) as page:
            page.add_init_script(f"localStorage.setItem('yezi.lang', '{lang}')")
            errors = watch_errors(page)
            page.goto(f"{web.base}/t/{t['id']}?lang={lang}#seat={t['seats']['0']['token']}")
            page.wait_for_selector("#match-end #settle-up")
            rows = page.locator("#match-end [data-settle-total]")
            assert rows.count() == 4
            transfers = page.locator("#settle-up li")
            assert transfers.count() == max(1, len(settle["transfers"]))
            if settle["transfers"]:
                a, b, x = settle["transfers"][0]
                line = transfers.first.inner_text()
                assert line.endswith(str(x)) and {"en": " pays ", "zh-hant": " 俾 ", "zh-hans": " 付给 "}[lang] in line
            page.locator("#match-end").scroll_into_view_if_needed()
            page.locator("#match-end").screenshot(path=os.path.join(SCREENS, f"match-end-{name}-panel.png"))
            page.screenshot(path=os.path.join(SCREENS, f"match-end-{name}.png"))
            if name == "desktop":  # the match to take home: every deal's record and the settle-up
                with page.expect_download() as dl:
                    page.click("#download-match")
                z = zipfile.ZipFile(dl.value.path())
                records = sorted((n for n in z.namelist() if n.endswith(".txt") and n != "settle-up.txt"
                                  and not n.endswith("-match.txt")), key=lambda n: int(n.rsplit("-", 1)[1][:-4]))
                assert len(records) == len(frame["finished_deals"])
                for n in records:
                    assert Record.from_text(z.read(n).decode("utf-8")).replay().current_player is None
                match = next(n for n in z.namelist() if n.endswith("-match.txt"))  # all in one file, in order
                assert [r.actions for r in read_records(z.read(match).decode("utf-8"))] == [
                    Record.from_text(z.read(n).decode("utf-8")).actions for n in records]
                text = z.read("settle-up.txt").decode("utf-8")
                assert text.startswith("Totals: Ann ") and "Settling up:" in text
            assert_no_page_errors(errors)
    zh = web.get(f"/api/tables/{t['id']}/match.zip?lang=zh-hant")
    text = zipfile.ZipFile(io.BytesIO(zh.content)).read("settle-up.txt").decode("utf-8")
    assert text.startswith("總分：Ann ") and "埋數" in text
