"""Passkeys end to end in Chromium with its virtual authenticator (CDP ``WebAuthn``: a CTAP2 platform
authenticator with resident keys and user verification), on /account/passkeys: sign up with a
passkey, sign out, sign in with it (no name typed), add a second passkey on another authenticator,
remove one, and revoke a device (its session revoked, that browser is signed out). Screenshots of the
signed-out and the manage views, desktop and phone: artifacts/screenshots/passkeys-*.png."""

from __future__ import annotations

import pytest

from tests.web.helpers import DESKTOP, PHONE, playwright_or_skip, shot, sqlite_server, watch_errors
from yezi.server.accounts import identity
from yezi.server.db import make_engine

playwright_or_skip()


@pytest.fixture(scope="module")
def srv():
    with sqlite_server() as s:
        yield s


def authenticator(page) -> tuple[object, str]:
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable", {"enableUI": False})
    auth = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    return cdp, auth["authenticatorId"]


def open_page(page, base: str, state: str) -> None:
    page.goto(base + "/account/passkeys")
    page.wait_for_selector(f"body[data-passkeys='{state}']")


def test_sign_up_out_in_add_remove_and_revoke_a_device(browser, srv):
    base = f"http://localhost:{srv.port}"  # a host name: WebAuthn takes no IP address
    engine = make_engine(srv.database_url)
    ctx = browser.new_context(**DESKTOP, locale="en-US")
    page = ctx.new_page()
    errors = watch_errors(page)
    page.on("dialog", lambda d: d.accept())
    cdp, first = authenticator(page)
    open_page(page, base, "signed-out")
    assert page.title() == "Passkeys · yezi" and page.locator("h1").inner_text() == "Passkeys"
    shot(page, "passkeys-signed-out-desktop")
    page.click("#langs button[data-lang='zh-hans']")  # the page's own language buttons
    page.wait_for_function("() => document.querySelector('#pk-signin').textContent === '用通行密钥登录'")
    page.click("#langs button[data-lang='en']")
    page.wait_for_function("() => document.querySelector('#pk-signin').textContent === 'Sign in with a passkey'")
    page.fill("#pk-name", "Ann")
    page.click("#pk-signup")
    page.wait_for_selector("body[data-passkeys='signed-in']")
    assert page.locator(".pk-who").inner_text() == "Signed in as Ann"
    assert page.locator(".pk-item").count() == 1
    assert page.locator(".pk-remove").is_disabled()  # the only way in
    [cred] = cdp.send("WebAuthn.getCredentials", {"authenticatorId": first})["credentials"]
    assert cred["isResidentCredential"]

    # sign out (the session revoked, as the account page's sign-out does), then in again with the passkey
    secret = next(c["value"] for c in ctx.cookies() if c["name"] == identity.SESSION_COOKIE)
    identity.revoke_session(engine, secret)
    open_page(page, base, "signed-out")
    page.click("#pk-signin")
    page.wait_for_selector("body[data-passkeys='signed-in']")
    again = next(c["value"] for c in ctx.cookies() if c["name"] == identity.SESSION_COOKIE)
    assert again != secret and identity.user_of_session(engine, again).name == "Ann"

    # a second passkey on another authenticator (a security key), then the first removed
    cdp.send("WebAuthn.setAutomaticPresenceSimulation", {"authenticatorId": first, "enabled": False})
    second = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "usb", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})["authenticatorId"]
    page.click("#pk-add")
    page.wait_for_function("() => document.querySelectorAll('.pk-item').length === 2")
    shot(page, "passkeys-manage-desktop")
    page.locator(".pk-remove").first.click()
    page.wait_for_function("() => document.querySelectorAll('.pk-item').length === 1")
    assert page.locator(".pk-remove").is_disabled()
    cdp.send("WebAuthn.removeVirtualAuthenticator", {"authenticatorId": first})

    # another device (a phone) signs in with the remaining passkey; revoking its session signs it out
    phone_ctx = browser.new_context(**PHONE, locale="zh-TW")
    phone = phone_ctx.new_page()
    phone_errors = watch_errors(phone)
    phone_cdp, phone_auth = authenticator(phone)
    # the passkey that is left lives on `second` (a security key): the phone's authenticator gets a copy
    [left] = cdp.send("WebAuthn.getCredentials", {"authenticatorId": second})["credentials"]
    phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_auth, "credential": left})
    open_page(phone, base, "signed-out")
    shot(phone, "passkeys-signed-out-phone")
    phone.click("#pk-signin")
    phone.wait_for_selector("body[data-passkeys='signed-in']")
    shot(phone, "passkeys-manage-phone")
    phone.goto(base + "/account")  # the account page's passkeys: a card like its neighbours, not bare on the page
    phone.locator("#account-passkeys .pk-who").wait_for()
    parts = phone.eval_on_selector_all(".account-grid > div > *",
                                       "els => els.filter((e) => e.childElementCount).map((e) => [e.id, e.className])")
    assert ["account-passkeys", "passkey-slot panel"] in [list(p) for p in parts], parts
    assert all("panel" in cls.split() for _id, cls in parts), parts
    shot(phone, "account-passkeys-phone")
    device = next(c["value"] for c in phone_ctx.cookies() if c["name"] == identity.SESSION_COOKIE)
    identity.revoke_session(engine, device)
    assert phone.evaluate("fetch('/api/account/passkeys').then((r) => r.status)") == 401
    open_page(phone, base, "signed-out")
    open_page(page, base, "signed-in")  # the desktop's own session still holds
    # signed out, the page asks who this is first: no refusal (the phone's one is the probe above)
    assert errors == [] and [e for e in phone_errors if "401" not in e] == []
    phone_ctx.close()
    ctx.close()
    engine.dispose()


def test_a_guest_who_signs_up_with_a_passkey_keeps_their_games(browser, srv):
    """A guest plays a table from the lobby, then makes an account with a passkey in the same browser:
    the table is the account's ("your games" from any device), its seat opened through the account."""
    base = f"http://localhost:{srv.port}"
    ctx = browser.new_context(**DESKTOP, locale="en-US")
    page = ctx.new_page()
    errors = watch_errors(page)
    refused = []
    page.on("response", lambda r: refused.append(r.url) if r.status == 401 else None)
    try:
        authenticator(page)
        page.goto(base + "/?lang=en")
        page.click("[data-play-now='paigow']")
        page.wait_for_selector(".felt", timeout=20000)
        tid = page.url.split("/t/")[1].split("?")[0].split("#")[0]
        open_page(page, base, "signed-out")
        page.fill("#pk-name", "Guest Gu")
        page.click("#pk-signup")
        page.wait_for_selector("body[data-passkeys='signed-in']")
        def games():
            return page.evaluate("async () => (await (await fetch('/api/account/games')).json()).games.map((g) => g.table)")
        for _ in range(50):  # the page hands this browser's seats to the account just after signing up
            if tid in games():
                break
            page.wait_for_timeout(100)
        assert tid in games()
        assert not [e for e in errors if "favicon" not in e], (errors, refused)
    finally:
        ctx.close()
