"""The club's pages in Chromium, on the phone and the desktop: a member opens the invite link and is
in the club (the secret gone from the address bar), takes a seat of this week's table with one
click, and the club's home and ledger show the matches' totals, who owes whom and the organiser's
note, in the reader's language. Screenshots: artifacts/screenshots/club-*.png."""

from __future__ import annotations

import random
from fractions import Fraction

import httpx
import pytest

from tests.web.helpers import DESKTOP, PHONE, Client, assert_no_page_errors, new_page, shot, watch_errors
from yezi.server.accounts import identity
from yezi.server.db import make_engine

STANDING = {"game": "paigow", "num_deals": 1,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"},
                      {"kind": "bot", "bot": "random"}]}


def _user(web, name: str) -> tuple[identity.User, str]:
    """A user in the server's database and a session secret for it (the sign-in pages are tested apart)."""
    engine = make_engine(web.database_url)
    try:
        user = identity.create_user(engine, name)
        return user, identity.open_session(engine, user.id, "test")
    finally:
        engine.dispose()


def _http(web, secret: str) -> httpx.Client:
    return httpx.Client(base_url=web.base, cookies={identity.SESSION_COOKIE: secret}, timeout=20)


def _play_out(web, tid: str, tokens: list[str], rng: random.Random) -> None:
    """The people's seats play random legal moves, in turn, until the match is over."""
    cls = [Client(f"{web.ws_base}/ws/{tid}", headers={"Authorization": f"Bearer {t}"}) for t in tokens]
    try:
        for _ in range(400):
            for cl in cls:
                f = cl.sync()
                if f["match_over"]:
                    return
                if f.get("legal") and not f["deal_over"]:
                    cl.send({"type": "action", "action": rng.choice(f["legal"]), "seq": f["seq"],
                             "id": f"m{f['seq']}-{rng.random()}"})
                    cl.wait(lambda x: x["type"] in ("ack", "error"))
        raise AssertionError("the match did not end")
    finally:
        for cl in cls:
            cl.close()


@pytest.fixture(scope="module")
def club(web):
    """A private club of Ann (owner) and Bob with two finished matches and a note, and an invite link."""
    sa, sb = _user(web, "Ann")[1], _user(web, "Bob 陳")[1]
    a, b = _http(web, sa), _http(web, sb)
    cid = a.post("/api/clubs", json={"name": "陳家星期日", "languages": ["zh-hant", "en"]}).json()["id"]
    link = a.post(f"/api/clubs/{cid}/invite").json()["link"]
    assert b.post(f"/api/clubs/{cid}/join", json={"invite": link.split("#join=")[1]}).status_code == 200
    assert a.post(f"/api/clubs/{cid}/standing", json=STANDING).status_code == 200
    for k in range(2):
        tid = a.post(f"/api/clubs/{cid}/open").json()["table"]
        tokens = [c.post(f"/api/clubs/{cid}/tables/{tid}/take", json={"position": p}).json()["token"]
                  for p, c in ((0, a), (1, b))]
        _play_out(web, tid, tokens, random.Random(k))
        if k == 0:
            assert a.post(f"/api/clubs/{cid}/notes", json={"text": "Sunday at grandma's"}).status_code == 201
    tid = b.post(f"/api/clubs/{cid}/open").json()["table"]  # this week's table, its seats free
    link = a.post(f"/api/clubs/{cid}/invite").json()["link"]
    yield {"id": cid, "ann": sa, "bob": sb, "open": tid, "link": link, "ledger": b.get(f"/api/clubs/{cid}/ledger").json()}
    a.close()
    b.close()


def _signed_in(browser, web, profile, secret: str, lang: str):
    page = new_page(browser, profile)
    p = page.__enter__()
    p.context.add_cookies([{"name": identity.SESSION_COOKIE, "value": secret, "url": web.base}])
    p.add_init_script(f"localStorage.setItem('yezi.lang', '{lang}')")
    return page, p


@pytest.mark.parametrize("profile,lang", [
    pytest.param(DESKTOP, "en", id="desktop-en"), pytest.param(PHONE, "zh-hant", id="phone-zh-hant", marks=pytest.mark.slow),
    pytest.param(PHONE, "en", id="phone-en", marks=pytest.mark.slow),
    pytest.param(DESKTOP, "zh-hans", id="desktop-zh-hans", marks=pytest.mark.slow)])
def test_the_club_home_and_ledger_pages(web, browser, club, profile, lang):
    cm, page = _signed_in(browser, web, profile, club["bob"], lang)
    try:
        errors = watch_errors(page)
        page.goto(f"{web.base}/c/{club['id']}")
        page.wait_for_selector("#club-board")
        assert page.locator("#club-title").inner_text() == "陳家星期日"
        assert page.locator("#club-board tbody tr").count() == 2
        assert page.locator("#club-recent .club-match").count() == 2
        assert page.locator(f"[data-club-table='{club['open']}'] [data-club-take]").count() == 2
        assert page.locator("#club-invite-new").count() == 0  # Bob is a member, not an organiser
        name = "desktop" if profile is DESKTOP else "phone"
        shot(page, f"club-home-{name}-{lang}")
        page.click("#club-to-ledger")
        page.wait_for_selector("#ledger-transfers")
        led = club["ledger"]
        assert page.locator("#ledger-transfers li[data-transfer]").count() == len(led["transfers"])
        assert page.locator("#ledger-balance [data-balance]").count() == sum(1 for v in led["balance"].values()
                                                                               if Fraction(v))
        assert page.locator("#ledger-history .club-match").count() == 2
        assert page.locator("#ledger-history .club-note").inner_text().count("Sunday at grandma's") == 1
        assert page.locator("#ledger-note").count() == 0  # only an organiser annotates
        apart = {"en": "counted apart", "zh-hant": "分開計", "zh-hans": "分开计算"}[lang]
        assert apart in page.locator("#ledger-apart").inner_text()
        if led["transfers"]:
            pays = {"en": " pays ", "zh-hant": " 俾 ", "zh-hans": " 付给 "}[lang]
            assert pays in page.locator("#ledger-transfers li").first.inner_text()
        shot(page, f"club-ledger-{name}-{lang}")
        assert_no_page_errors(errors)
    finally:
        cm.__exit__(None, None, None)


def test_an_invite_link_joins_and_a_seat_is_taken_in_one_click(web, browser, club):
    _dan, secret = _user(web, "Dan")
    cm, page = _signed_in(browser, web, PHONE, secret, "en")
    try:
        errors = watch_errors(page)
        page.goto(web.base + club["link"])
        page.wait_for_selector("#club-role")
        assert "#join=" not in page.url  # the secret left the address bar
        page.click(f"[data-club-take='{club['open']}:0']")
        page.wait_for_url(f"**/t/{club['open']}")
        page.wait_for_selector("#main .felt")
        seats = httpx.get(f"{web.base}/api/clubs/{club['id']}", cookies={identity.SESSION_COOKIE: club["ann"]}).json()
        taken = next(t for t in seats["open"] if t["table"] == club["open"])["seats"][0]
        assert taken["claimed"] and taken["name"] == "Dan"
        assert_no_page_errors(errors)
    finally:
        cm.__exit__(None, None, None)
    # a guest's browser sees a private club's name, and nothing of its members, games or ledger
    cm, page = _signed_in(browser, web, DESKTOP, "not-a-session", "en")
    try:
        page.goto(f"{web.base}/c/{club['id']}")
        page.wait_for_selector("#club-closed")
        assert page.locator("#club-board, #club-members, [data-club-take]").count() == 0
        shot(page, "club-closed-desktop-en")
    finally:
        cm.__exit__(None, None, None)


@pytest.mark.parametrize("profile", [pytest.param(DESKTOP, id="desktop"), pytest.param(PHONE, id="phone")])
def test_the_organiser_makes_the_clubs_own_tournament_from_its_page(web, browser, club, profile):
    """From the club's page to the tournament form under the club's name, and back: the tournament
    is listed on the club's page, its page leads to the club, and a member enters it."""
    name = "desktop" if profile is DESKTOP else "phone"
    cm, page = _signed_in(browser, web, profile, club["ann"], "zh-hant")
    title = f"家族盃 {name}"
    try:
        errors = watch_errors(page)
        page.goto(f"{web.base}/c/{club['id']}")
        page.wait_for_selector("#club-new-tournament")
        page.click("#club-new-tournament")
        page.wait_for_selector("#tour-for-club")
        assert "陳家星期日" in page.locator("#tour-for-club").inner_text()
        page.fill("#tour-title", title)
        page.select_option("#tour-game", "fishing")
        shot(page, f"club-tournament-form-{name}-zh-hant")
        page.click("#tour-create-btn")
        page.wait_for_selector("#tour-club")
        assert page.locator("#tour-club").inner_text() == "陳家星期日"
        page.click("#tour-club")
        page.wait_for_selector("#club-tournaments [data-tournament]")
        items = page.locator("#club-tournaments [data-tournament]").all_inner_texts()
        assert any(title in x and "報名中" in x for x in items), items
        shot(page, f"club-tournaments-{name}-zh-hant")
        assert_no_page_errors(errors)
    finally:
        cm.__exit__(None, None, None)
    b = _http(web, club["bob"])
    try:
        (t,) = [t for t in b.get(f"/api/clubs/{club['id']}").json()["tournaments"] if t["title"] == title]
        assert b.post(f"/api/tournaments/{t['id']}/enter", json={}).status_code == 200
    finally:
        b.close()


@pytest.mark.parametrize("profile", [pytest.param(DESKTOP, id="desktop"),
                                     pytest.param(PHONE, id="phone", marks=pytest.mark.slow)])
def test_the_organiser_sets_up_the_standing_table_invites_and_settles_the_ledger(web, browser, club, profile):
    """Last in the module: it settles the club's balance."""
    name = "desktop" if profile is DESKTOP else "phone"
    cm, page = _signed_in(browser, web, profile, club["ann"], "en")
    try:
        errors = watch_errors(page)
        page.goto(web.base + "/")  # the lobby's own form, as it was (the club's words only under ?club=)
        page.wait_for_selector("#create[data-ready]:not([data-ready='0'])")
        assert page.locator("#create h2").inner_text() == "New table" and page.locator("#name").count() == 1
        assert "null" not in page.locator("#create").inner_text()
        page.click("#to-clubs")
        page.wait_for_selector("#club-create")
        assert page.locator(f"#my-clubs [data-club='{club['id']}']").count() == 1
        shot(page, f"club-index-{name}-en")
        page.goto(f"{web.base}/c/{club['id']}")
        page.wait_for_selector("#club-invite-new")
        page.click("#club-invite-new")
        page.wait_for_selector("#club-invite-url")
        assert f"/c/{club['id']}#join=" in page.locator("#club-invite-url").input_value()
        shot(page, f"club-home-organiser-{name}-en")
        # the standing table is set up in the lobby's own form, then opened from the club's page
        page.click("#club-standing-edit")
        page.wait_for_selector("#club-standing-hint")
        page.wait_for_selector("#create[data-ready]:not([data-ready='0'])")
        assert page.locator("#create-btn").inner_text() == "Save as the standing table"
        game = "tiengow" if profile is DESKTOP else "fishing"
        page.select_option("#game", game)
        page.wait_for_selector(f"#create[data-ready='{game}']")
        assert page.locator("#name").count() == 0  # nobody's name: the members take the seats
        assert "null" not in page.locator("#create").inner_text()
        page.select_option("[data-seat='1']", "friend")  # a second member's seat
        page.wait_for_selector(f"#create[data-ready='{game}'] [data-seat='1']")
        shot(page, f"club-standing-form-{name}-en")
        page.click("#create-btn")
        page.wait_for_url(f"**/c/{club['id']}")
        page.wait_for_selector("#club-standing-spec")
        saved = httpx.get(f"{web.base}/api/clubs/{club['id']}", cookies={identity.SESSION_COOKIE: club["ann"]}).json()
        assert saved["standing"]["game"] == game
        assert [x["kind"] for x in saved["standing"]["seats"]][:2] == ["human", "human"]
        assert "host_seat" not in saved["standing"] and "name" not in saved["standing"]
        page.goto(f"{web.base}/c/{club['id']}/ledger")
        page.wait_for_selector("#ledger-note")
        if profile is DESKTOP:
            page.fill("#ledger-note-text", "settled 2026-12-06")
            page.check("#ledger-note-settled")
            page.click("#ledger-note button[type=submit]")
            page.wait_for_selector(".club-note.settled")
            assert page.locator("#ledger-transfers li").inner_text() == "Nobody owes anybody anything."
            assert page.locator("#ledger-since").inner_text().startswith("Since the settling of")
        shot(page, f"club-ledger-organiser-{name}-en")
        assert_no_page_errors(errors)
    finally:
        cm.__exit__(None, None, None)
