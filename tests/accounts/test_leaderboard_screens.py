"""The leaderboards as a player sees them, on a phone and a desktop (screenshots in
artifacts/screenshots/leaderboard-*.png), and the lobby's "rated table" box, offered to a signed-in
player only."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import insert

from tests.web.helpers import DESKTOP, PHONE, assert_no_page_errors, new_page, shot, watch_errors
from yezi.server.accounts import identity, ratings
from yezi.server.accounts.ratings_model import ratings_t
from yezi.server.db import make_engine

PLAYERS = [("陳大文", 31.2, 2.9, 64), ("Ann Lee", 29.8, 3.1, 41), ("李小龍", 28.4, 3.4, 33), ("Bob", 27.0, 3.9, 22),
           ("Mei", 26.1, 4.0, 20), ("黃阿婆", 33.5, 5.6, 7), ("Sam", 24.0, 6.8, 2)]


def _fill(url: str) -> str:
    """Players and ratings in the server's database; returns a session secret for 李小龍."""
    engine = make_engine(url)
    try:
        secret = ""
        for name, mu, sigma, deals in PLAYERS:
            u = identity.create_user(engine, name)
            with engine.begin() as c:
                c.execute(insert(ratings_t).values(user_id=u.id, family="lukfu-4p", mu=mu, sigma=sigma, deals=deals,
                                                   updated_at=time.time()))
                if deals > 30:
                    c.execute(insert(ratings_t).values(user_id=u.id, family="lukfu-3p", mu=mu - 2, sigma=sigma + 1,
                                                       deals=deals // 2, updated_at=time.time()))
            if name == "李小龍":
                secret = identity.open_session(engine, u.id, "test")
        return secret
    finally:
        engine.dispose()


@pytest.mark.slow  # a server and a browser (~45 s here); the boards' content is tests/accounts/test_leaderboard.py
def test_leaderboard_pages_on_phone_and_desktop(web, browser):
    secret = _fill(web.database_url)
    for profile, tag in ((DESKTOP, "desktop"), (PHONE, "phone")):
        for lang in ("en", "zh-hant", "zh-hans"):
            with new_page(browser, profile) as page:
                page.context.add_cookies([{"name": identity.SESSION_COOKIE, "value": secret, "url": web.base}])
                errors = watch_errors(page)
                page.goto(f"{web.base}/leaderboard/lukfu?lang={lang}")
                rows = page.locator("#family-lukfu-4p table.board:not(.bots) tbody tr")
                assert rows.count() == len(PLAYERS)
                assert page.locator("#family-lukfu-4p tr.mine").count() == 1
                assert page.locator("#family-lukfu-4p tr[data-provisional]").count() == 2
                assert page.locator("#you-lukfu-4p").count() == 1
                # nothing wider than the screen: a phone scrolls down, never sideways
                assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
                shot(page, f"leaderboard-lukfu-{tag}-{lang}")
                if lang == "en":
                    page.goto(f"{web.base}/leaderboard?lang={lang}")
                    assert page.locator("section.game").count() >= 9
                    shot(page, f"leaderboard-{tag}-{lang}")
                assert_no_page_errors(errors)
    with new_page(browser, DESKTOP) as page:  # the lobby: the rated box for a signed-in player only
        page.goto(f"{web.base}/?lang=en")
        page.wait_for_selector("#create-btn")
        assert page.locator("#rated").count() == 0 and page.locator("#to-leaderboard").count() == 1
        page.context.add_cookies([{"name": identity.SESSION_COOKIE, "value": secret, "url": web.base}])
        page.reload()
        page.wait_for_selector("#rated")
        page.locator("#rated").check()
        page.locator("#create").screenshot(path=shot(page, "lobby-rated-desktop").replace(".png", "-form.png"))
    assert ratings.MIN_DEALS == 20  # the provisional rows above are those below it
