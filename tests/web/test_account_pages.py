"""The account pages in Chromium: a guest who played on a phone signs up there (the recovery codes
shown once; the table they played is the account's), the header names them on every page; the
same account signs in on a desktop and signs the phone out from "signed-in devices". Screenshots
of /signup, /signin and /account, phone and desktop: artifacts/screenshots/account-*.png."""

from __future__ import annotations

import re

from tests.web.helpers import DESKTOP, PHONE, new_page, playwright_or_skip, shot, watch_errors

WEB_BOT_DELAY = 30.0  # for the `web` fixture (tests/conftest.py): the bots never move while the pages are shot
playwright_or_skip()
PW = "a long phrase for yezi"
SPEC = {"game": "paigow", "num_deals": 1, "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"},
                                                    {"kind": "bot"}]}
CREATE = """async (spec) => {
  const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(spec)});
  const t = await r.json();
  localStorage.setItem("yezi.invites." + t.id, JSON.stringify({host: t.host, links: {}, watch: t.watch}));
  return t;
}"""


def test_sign_up_on_a_phone_and_in_on_a_desktop(web, browser):
    with new_page(browser, PHONE) as phone, new_page(browser, DESKTOP) as desk:
        errors = watch_errors(phone) + watch_errors(desk)
        phone.goto(web.base + "/?lang=en")
        phone.locator("#to-my-games").wait_for()  # the lobby drawn (a view still loading would draw over the next)
        who = phone.locator("#who")
        who.wait_for()
        assert who.inner_text() == "Sign in"
        table = phone.evaluate(CREATE, SPEC)  # played as a guest: the host's seat cookie is this browser's

        who.click()
        phone.locator("#signin-form").wait_for()
        shot(phone, "account-signin-phone")
        phone.click("#to-signup")
        phone.locator("#signup-form").wait_for()
        assert phone.locator(".passkey-slot[data-passkey='signup']").count() == 1
        phone.fill("#signup-name", "Mei")
        phone.fill("#signup-password", PW)
        shot(phone, "account-signup-phone")
        phone.click("#signup-submit")
        phone.locator("#recovery-codes").wait_for()
        codes = phone.locator(".codes li").all_inner_texts()
        assert len(codes) == 10 and all(re.fullmatch(r"[2-9A-Z]{4}(-[2-9A-Z]{4}){3}", c) for c in codes), codes
        assert who.inner_text() == "Mei"
        shot(phone, "account-codes-phone")
        phone.click("#codes-kept")
        phone.locator("#account-devices").wait_for()
        # every part of the page shown is a card of its own (the passkeys' part was bare on the page)
        parts = phone.eval_on_selector_all(".account-grid > div > *",
                                           "els => els.filter((e) => e.childElementCount).map((e) => [e.id, e.className])")
        assert parts and all("panel" in cls.split() for _id, cls in parts), parts
        shot(phone, "account-phone")
        games = phone.evaluate("fetch('/api/account/games').then((r) => r.json())")["games"]
        assert [(g["table"], g["seat"]) for g in games] == [(table["id"], table["host"])]  # the guest's game kept
        phone.goto(web.base + "/games")
        phone.locator("#account-games").wait_for()
        assert who.inner_text() == "Mei"  # the header names them on every page

        desk.goto(web.base + "/signin?lang=zh-hant")
        desk.locator("#signin-form").wait_for()
        assert desk.locator("#who").inner_text() == "登入"
        shot(desk, "account-signin-desktop")
        desk.fill("#signin-name", "mei")
        desk.fill("#signin-password", PW)
        desk.click("#signin-submit")
        desk.locator("#account-devices").wait_for()
        assert desk.locator("#who").inner_text() == "Mei"
        assert desk.locator(".device").count() == 2 and desk.locator(".device.current").count() == 1
        shot(desk, "account-desktop")
        desk.locator(".device:not(.current) .revoke").click()
        desk.wait_for_function("() => document.querySelectorAll('.device').length === 1")
        phone.reload()
        phone.locator("#my-games").wait_for()
        phone.wait_for_function("() => document.getElementById('who').textContent === 'Sign in'")

        desk.goto(web.base + "/signup?lang=en")
        desk.locator("#signup-form").wait_for()
        shot(desk, "account-signup-desktop")
        assert not errors, errors
