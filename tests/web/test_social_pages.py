"""The profile and settings pages in Chromium, and inviting a friend from the table (issue 22):
a host picks a friend in the table's links panel, the friend takes the seat from their settings
page and plays it. Screenshots of /u/<name> and /settings, desktop (1280×800) and phone (390×844),
in the three languages, for people to judge: artifacts/screenshots/social-*.png."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.web.helpers import DESKTOP, PHONE, chromium, playwright_or_skip, shot, watch_errors
from yezi.server.accounts import identity, seats
from yezi.server.db import make_engine

playwright_or_skip()
pytestmark = pytest.mark.slow

BOTS = {"game": "paigow", "num_deals": 2, "seats": [{"kind": "bot", "bot": "heuristic"}] * 4}
VIEWS = {"desktop": DESKTOP | {"viewport": {"width": 1280, "height": 800}}, "phone": PHONE}


def _user(engine, name: str) -> tuple[identity.User, str]:
    u = identity.create_user(engine, name)
    return u, identity.open_session(engine, u.id, "test")


def _post(web, secret: str, path: str, body: dict) -> dict:
    r = httpx.post(web.base + path, json=body, cookies={identity.SESSION_COOKIE: secret}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _signed_in(browser, web, secret: str, view: str = "desktop", locale: str = "zh-TW"):
    ctx = browser.new_context(locale=locale, **VIEWS[view])
    ctx.add_cookies([{"name": identity.SESSION_COOKIE, "value": secret, "url": web.base}])
    return ctx


def test_profile_and_settings_pages_and_a_friend_invited_from_the_table(web):
    engine = make_engine(web.database_url)
    ann, a_secret = _user(engine, "阿珍")
    bob, b_secret = _user(engine, "Bob")
    _post(web, a_secret, "/api/me/profile", {"bio": "逢星期日同屋企人打天九、牌九。\nSundays: 天九 and 牌九 with the family.",
                                             "languages": ["yue", "cmn", "en"], "avatar": "heaven"})
    _post(web, b_secret, "/api/me/profile", {"avatar": "lantern", "languages": ["en"]})
    _post(web, a_secret, "/api/me/friends/ask", {"name": "Bob"})
    _post(web, b_secret, "/api/me/friends/accept", {"name": "阿珍"})
    for _ in range(3):  # matches she played (bots at her seat: a profile reads the seats linked to her)
        t = web.create(**BOTS)
        end = time.monotonic() + 60
        while web.get(f"/api/tables/{t['id']}").json()["status"] != "finished":
            assert time.monotonic() < end
            time.sleep(0.05)
        seats.link_seats(engine, ann.id, [(t["id"], 1)])
    with chromium() as browser:
        for view in VIEWS:
            for lang in ("zh-hant", "zh-hans", "en"):
                page = _signed_in(browser, web, b_secret, view).new_page()
                errors = watch_errors(page)
                page.goto(f"{web.base}/u/阿珍?lang={lang}")
                page.wait_for_selector("#per-game")
                assert page.locator("#per-game .played").inner_text() == "3"
                assert page.locator("#recent tbody tr").count() == 3
                shot(page, f"social-profile-{lang}-{view}")
                page.goto(f"{web.base}/settings?lang={lang}")
                page.wait_for_selector("#profile-form")
                shot(page, f"social-settings-{lang}-{view}")
                assert not errors, errors
                page.context.close()
        # a stranger, once she shows her games to friends only; a name that is nobody's
        _post(web, a_secret, "/api/me/profile", {"privacy": {"games": "friends"}})
        page = browser.new_context(locale="en-US", **VIEWS["phone"]).new_page()
        page.goto(f"{web.base}/u/阿珍?lang=en")
        assert page.locator("#games-hidden").count() == 1 and page.locator("#recent").count() == 0
        shot(page, "social-profile-hidden-en-phone")
        assert page.goto(f"{web.base}/u/nobody-here?lang=zh-hant").status == 404
        shot(page, "social-profile-not-found-zh-hant-phone")
        page.context.close()
        _post(web, a_secret, "/api/me/profile", {"privacy": {"games": "everyone"}})
        # the host invites her friend from the table; he takes the seat from his settings page
        host = _signed_in(browser, web, a_secret).new_page()
        errors = watch_errors(host)
        host.goto(f"{web.base}/?lang=en")
        r = host.evaluate("""async () => (await fetch('/api/tables', {method: 'POST', headers: {'Content-Type':
            'application/json'}, body: JSON.stringify({game: 'paigow', name: '阿珍', seats: [{kind: 'human'},
            {kind: 'human', access: 'invite'}, {kind: 'bot', bot: 'heuristic'}, {kind: 'bot', bot: 'heuristic'}]})
            })).json()""")
        host.goto(f"{web.base}/t/{r['id']}?lang=en")
        host.wait_for_selector(".friend-row:not([hidden])")
        host.fill(".friend-name", "Bob")
        host.click(".invite-friend")
        host.wait_for_selector("#toast.show")
        shot(host, "social-table-invite-friend-en-desktop")
        guest = _signed_in(browser, web, b_secret, "phone", "en-US").new_page()
        guest_errors = watch_errors(guest)
        guest.goto(f"{web.base}/settings?lang=en")
        guest.wait_for_selector("#invitations [data-action=take]")
        shot(guest, "social-settings-invitation-en-phone")
        guest.click("#invitations [data-action=take]")
        guest.wait_for_url(f"**/t/{r['id']}")
        end = time.monotonic() + 20  # his page opened the seat's socket with the cookie the invitation set
        while not httpx.get(f"{web.base}/api/tables/{r['id']}").json()["players"][1]["connected"]:
            assert time.monotonic() < end, "the invited seat never connected"
            time.sleep(0.1)
        assert seats.users_of_table(engine, r["id"]).get(1) == bob.id
        assert not errors and not guest_errors, (errors, guest_errors)
    engine.dispose()
