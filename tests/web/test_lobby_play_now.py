"""Browser tests of the lobby's one-click tables, its seat defaults, the not-found page and Luk Fu's
automatic 不報 (issue 12), in real headless Chromium (tests/web/helpers.py)."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.web.helpers import DESKTOP, PHONE, playwright_or_skip, shot, tapper, watch_errors

WEB_BOT_DELAY = 0.03  # for the `web` fixture (tests/conftest.py)
playwright_api = playwright_or_skip()
expect = playwright_api.expect


def _table(web, page) -> dict:
    tid = page.url.rsplit("/t/", 1)[1]
    return httpx.get(f"{web.base}/api/tables/{tid}").json()


@pytest.mark.parametrize("vp,touch", [(DESKTOP, False), (PHONE, True)], ids=["desktop", "phone"])
@pytest.mark.parametrize("game", ["lukfu", "dingniu"])
def test_play_now_opens_a_table_against_heuristic_bots(web, browser, game, vp, touch):
    ctx = browser.new_context(**vp)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.goto(web.base + "/")
    page.wait_for_selector(f"[data-play-now='{game}']")
    shot(page, f"lobby-play-now-{'phone' if touch else 'desktop'}")
    if touch:  # the lobby is no wider than the phone
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
    tapper(touch)(page.locator(f"[data-play-now='{game}']"))
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".felt")
    tb = _table(web, page)
    assert tb["game"] == game and tb["host"] == 0
    games = httpx.get(f"{web.base}/api/games").json()["games"]
    g = next(x for x in games if x["name"] == game)
    assert tb["preset"] == g["default_preset"]
    kinds = [(p["kind"], p["bot"]) for p in tb["players"]]
    assert kinds[0] == ("human", None)
    assert all(k == ("bot", "heuristic") for k in kinds[1:]), kinds
    assert page.locator("#hand").count() == 1  # you sit at the table, your hand on screen
    assert not [e for e in errors if "favicon" not in e], errors
    ctx.close()


def test_create_form_defaults_to_heuristic_and_hides_the_dummy(web, browser):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    assert page.locator("#game").input_value() == "lukfu"
    expect(page.locator("select[data-seat]")).to_have_count(3)
    assert page.locator("select[data-seat='0']").input_value() == "you"
    assert page.locator("select[data-seat='1']").input_value() == "bot:heuristic"
    assert page.locator("select[data-seat='3']").input_value() == "bot:heuristic"
    # seat 2 is the dummy (夢家): it never acts, so there is no bot to choose
    assert page.locator("select[data-seat='2']").count() == 0
    expect(page.locator("[data-idle-seat='2']")).to_contain_text("夢家")
    page.click("#langs [data-lang='en']")
    expect(page.locator("[data-idle-seat='2']")).to_contain_text("Does not play")
    # the table it creates seats bots everywhere but the host
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    tb = _table(web, page)
    assert [p["bot"] for p in tb["players"]] == [None, "heuristic", "heuristic", "heuristic"]
    page.click("#langs [data-lang='zh-hant']")
    # three players: no dummy, three choices
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.select_option("#preset", "hakka-hk-3p")
    expect(page.locator("select[data-seat]")).to_have_count(3)
    expect(page.locator("[data-idle-seat]")).to_have_count(0)
    ctx.close()


def test_tables_waiting_for_players_are_listed_first(web, browser):
    def make(access: str) -> str:
        seats = [{"kind": "human", "access": access}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        r = httpx.post(f"{web.base}/api/tables", json={"game": "lukfu", "preset": "hakka-hk-3p", "seats": seats,
                                                       "host_seat": None})
        assert r.status_code in (200, 201), r.text
        return r.json()["id"]

    invited = make("invite")
    waiting = make("open")
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector(f"[data-table='{waiting}']")
    order = page.eval_on_selector_all("#tables .tablerow", "els => els.map(e => e.dataset.table)")
    if invited in order:
        assert order.index(waiting) < order.index(invited)
    first_waits = page.eval_on_selector_all("#tables .tablerow", "els => els.map(e => e.classList.contains('waits'))")
    assert first_waits == sorted(first_waits, reverse=True)  # every waiting table before every other
    ctx.close()


@pytest.mark.parametrize("vp", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_unknown_table_and_record_show_a_page_with_a_way_back(web, browser, vp):
    ctx = browser.new_context(**vp)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.click("#langs [data-lang='en']")
    page.goto(web.base + "/t/no-such-table")
    page.wait_for_selector("#not-found")
    expect(page.locator("#not-found h2")).to_have_text("Not found")
    assert "show" not in (page.locator("#toast").get_attribute("class") or "")  # the page says it: no toast over it
    assert page.locator("#main").inner_text().strip() != "404"
    assert page.locator("html").get_attribute("lang") == "en"
    page.click("#langs [data-lang='zh-hans']")
    expect(page.locator("#not-found h2")).to_have_text("找不到")
    shot(page, f"not-found-{'phone' if vp is PHONE else 'desktop'}")
    page.click("#back-to-lobby")
    page.wait_for_selector("#create-btn")
    assert page.url.rstrip("/") == web.base
    page.goto(web.base + "/replay?table=no-such-table&deal=0")
    page.wait_for_selector("#not-found")
    expect(page.locator("#not-found")).to_contain_text("记录")
    page.click("#back-to-lobby")
    page.wait_for_selector("#create-btn")
    ctx.close()


def test_tiger_answer_delay_is_drawn_the_same_way_whatever_the_hand(web, browser):
    """Both paths (automatic 不報, a holder asked) draw their delay through one function with the
    same random numbers: by construction the timing cannot tell them apart."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    out = page.evaluate("""async () => {
      const m = await import('/static/games/lukfu.js');
      const rng = (seed) => () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647; };
      const res = [];
      for (let s = 1; s <= 200; s++) {
        const quiet = m.tigerPlan([m.NO_TIGERS], rng(s)), holder = m.tigerPlan([m.TIGERS, m.NO_TIGERS], rng(s));
        res.push([quiet.auto, holder.auto, quiet.delay, holder.delay]);
      }
      return { res, lo: m.tigerAnswerDelay(() => 0), hi: m.tigerAnswerDelay(() => 0.999999) };
    }""")
    for quiet_auto, holder_auto, dq, dh in out["res"]:
        assert quiet_auto is True and holder_auto is False
        assert dq == dh
        assert 1000 <= dq <= 4000  # a human-like reading-and-clicking time
    assert out["lo"] >= 1000 and out["hi"] <= 4000 and out["hi"] - out["lo"] > 1000  # randomised, not a constant
    ctx.close()


def test_seat_without_tigers_answers_quiet_by_itself_after_the_delay(web, browser):
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    quiet = page.locator("#prompt[data-auto='quiet']")
    # seat 0 (頭家) is asked first; the deal is the server's, and gives it the five tigers in 1 deal of 500
    # (by the engine): then it is asked (五虎下山 to click), and the next table is opened
    for _ in range(4):
        page.goto(web.base + "/")
        page.click("[data-play-now='lukfu']")
        page.wait_for_url("**/t/*")
        page.wait_for_selector(".felt")
        page.locator("#prompt[data-auto='quiet'], #act-4").first.wait_for(timeout=10000)
        if quiet.count():
            break
    else:
        raise AssertionError("seat 0 held the five tigers in four deals")
    t0 = time.time()
    assert page.locator(".prompt .word").count() == 0  # nothing to click
    deadline = time.time() + 10
    while page.locator("#prompt[data-auto='quiet']").count() and time.time() < deadline:
        time.sleep(0.05)
    waited = time.time() - t0
    assert page.locator("#prompt[data-auto='quiet']").count() == 0, "no automatic 不報"
    assert waited >= 0.9, waited  # not at once: the answer waits the drawn human-like delay
    # the table moved on without a click: the question went round (bots answered) to the bidding
    expect(page.locator(".felt")).not_to_have_attribute("data-phase", "tigers", timeout=10000)
    ctx.close()


@pytest.mark.parametrize("lang,label,word", [("zh-hant", "客家", "百子"), ("zh-hans", "客家", "百子"),
                                             ("en", "Hakka", "neither beat")])
def test_create_form_shows_choices_by_their_translated_labels(web, browser, lang, label, word):
    """Options' choices were raw ids (`hakka`, `on`) in every language: now their label and the first clause
    of their description, both in the reader's language (issue 13)."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.click(f"#langs button[data-lang='{lang}']")
    opt = page.locator("select[data-option='unbeatable_leads'] option").first
    expect(opt).to_contain_text(label)
    text = opt.text_content() or ""
    assert text.startswith(label) and word in text and "hakka" not in text, text
    page.locator("details:has(select[data-option]) > summary").click()  # the rule options, open to be seen
    expect(page.locator("select[data-option='unbeatable_leads']")).to_be_visible()
    shot(page, f"lobby-choices-{lang}")
    ctx.close()


def test_rule_options_stay_open_while_they_are_changed(web, browser):
    """Each change of an option redraws the form (its seats may change): the open rule options closed under
    the player's pointer after every choice."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.locator("#options > summary").click()
    sel = page.locator("select[data-option='unbeatable_leads']")
    expect(sel).to_be_visible()
    other = next(v for v in sel.locator("option").evaluate_all("os => os.map((o) => o.value)")
             if v != sel.input_value())
    sel.select_option(other)
    expect(page.locator("#create")).to_have_attribute("data-ready", "lukfu")
    expect(page.locator("select[data-option='unbeatable_leads']")).to_have_value(other)
    assert page.locator("#options").evaluate("d => d.open")
    ctx.close()


def test_a_late_answer_for_an_old_choice_does_not_repaint_the_form(web, browser):
    """The form waits for the server's seats of each choice. Were the answer for a choice already replaced
    (the player picked another game meanwhile) to arrive last, it drew the new game with the old one's
    seats."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    seats = page.locator("#create [data-seat], #create [data-idle-seat]").count()
    held = []

    def slow(route):  # hold Fishing's answer until Luk Fu's has been drawn
        held.append(route)

    page.route("**/api/games/fishing/resolve", slow)
    page.select_option("#game", "fishing")
    page.wait_for_function("() => document.querySelector('#create').dataset.ready === '0'")
    assert len(held) == 1
    page.select_option("#game", "lukfu")  # the old form is still shown: its select takes the new choice
    expect(page.locator("#create")).to_have_attribute("data-ready", "lukfu")
    held[0].continue_()
    page.wait_for_timeout(500)  # time for the stale answer to land
    expect(page.locator("#create")).to_have_attribute("data-ready", "lukfu")
    assert page.locator("#game").input_value() == "lukfu"
    assert page.locator("#create [data-seat], #create [data-idle-seat]").count() == seats
    page.click("#create-btn")  # and the table made is the one the form shows
    page.wait_for_url("**/t/*")
    tb = _table(web, page)
    assert tb["game"] == "lukfu" and len(tb["players"]) == seats
    ctx.close()


def test_a_player_without_a_name_is_named_in_the_readers_language(web, browser):
    """A seat taken without a name was stored as "Player 1", in English whatever the page's language
    (Ma Diao's settlement read 椿家 · Player 1). The server now keeps no words of its own: the page says
    玩家 1 / Player 1."""
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.click("#langs button[data-lang='zh-hant']")
    page.fill("#name", "")
    page.select_option("#game", "madiao")
    expect(page.locator("#create")).to_have_attribute("data-ready", "madiao")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".felt")
    tb = _table(web, page)
    assert tb["players"][tb["host"]]["name"] == ""
    expect(page.locator(".felt")).to_contain_text(f"玩家 {tb['host'] + 1}")
    assert "Player" not in page.locator(".felt").inner_text()
    page.click("#langs button[data-lang='en']")
    expect(page.locator(".felt")).to_contain_text(f"Player {tb['host'] + 1}")
    ctx.close()


def test_an_unknown_address_and_the_servers_pages_speak_the_readers_language(web, browser):
    """A mistyped address is the site's own not-found page (status 404, a way back to the lobby), not
    a bare English "Not Found"; and the language picked in the lobby holds on the pages the server
    writes (a guide, the lessons, a leaderboard) opened from a bookmark, in a browser set to English."""
    ctx = browser.new_context(**PHONE, locale="en-US")
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.click("#langs [data-lang='zh-hant']")
    r = page.goto(web.base + "/no-such-page")
    assert r is not None and r.status == 404
    page.wait_for_selector("#not-found")
    expect(page.locator("#not-found h2")).to_have_text("搵唔到")
    expect(page.locator("#not-found")).to_contain_text("冇呢一頁")
    shot(page, "not-found-page-phone")
    for path, words in (("/rules/lukfu", "六虎牌"), ("/learn", "教學"), ("/leaderboard", "排行")):
        page.goto(web.base + path)
        assert page.locator("html").get_attribute("lang") == "zh-Hant", path
        assert words in page.locator("body").inner_text(), path
    page.goto(web.base + "/rules/lukfu?lang=en")  # the address's own language first
    assert page.locator("html").get_attribute("lang") == "en"
    ctx.close()
    assert httpx.get(f"{web.base}/api/no-such-thing", headers={"accept": "text/html"}).status_code == 404
    assert "<main" not in httpx.get(f"{web.base}/api/no-such-thing").text  # the API: the plain answer


def test_a_replay_asked_while_the_server_is_busy_waits_instead_of_saying_no_such_record(web, browser):
    """A replay refused "not now" (429 with Retry-After: a client over its CPU share, a loaded server)
    is asked again, and a refusal that outlasts the retries says so; only a 404 is "no such record"
    (the page used to say that for any refusal)."""
    ctx = browser.new_context(**DESKTOP, locale="en-US")
    page = ctx.new_page()
    page.goto(web.base + "/")
    page.wait_for_selector("#create-btn")
    page.click("#langs [data-lang='en']")
    answers = []

    def busy_then_real(route, request):
        answers.append(request.url)
        if len(answers) <= 2:
            route.fulfill(status=429, headers={"Retry-After": "1", "Content-Type": "application/json"},
                          body='{"error": "busy", "message": "try again in a moment"}')
        else:
            route.continue_()
    page.route("**/deals/0/replay*", busy_then_real)
    page.goto(web.base + "/replay?table=no-such-table&deal=0")
    page.wait_for_selector("#not-found", timeout=15_000)  # asked three times, the third the server's own 404
    assert len(answers) == 3, answers
    page.unroute("**/deals/0/replay*")
    page.route("**/deals/0/replay*", lambda route, request: route.fulfill(
        status=429, headers={"Retry-After": "1", "Content-Type": "application/json"},
        body='{"error": "busy", "message": "try again in a moment"}'))
    page.goto(web.base + "/replay?table=no-such-table&deal=0")
    page.wait_for_selector("#toast.show", timeout=20_000)
    assert page.locator("#not-found").count() == 0
    ctx.close()
