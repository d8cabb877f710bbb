"""A refusal reaches a Chinese-speaking player in Chinese: an action meant for a move the table has
left behind (a double click, a second tab) is refused as `stale`, and the page shows it in the
page's language (it showed the server's English words before)."""

from __future__ import annotations

import re
from typing import Any

from tests.web.helpers import DESKTOP, Server, playwright_or_skip, shot, table_against_bots, watch_errors
from yezi.i18n.web import read_strings

WEB_BOT_DELAY = 0.05  # for the `web` fixture (tests/conftest.py)
CJK = re.compile(r"[\u3400-\u9fff]")
TABLES = 6  # deals tried for one that lasts to the seat's second turn (a dingniu deal can end before it)
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def shown(frame: dict[str, Any], lang: str) -> str:
    """What the table page shows for an error frame: i18n.js's `errorText` (its own translations first,
    then the text of its code, else the server's message)."""
    own = (frame.get("messages") or {}).get(lang)
    return own or read_strings()[lang]["errors"].get(frame["code"]) or frame.get("message") or frame["code"]


def test_stale_action_is_refused_in_the_players_language(server: Server):
    # the deal is the server's: in 1 deal of 70 (by the engine, against its random bots) it ends before the
    # seat's second turn, and then the next table is dealt
    for _ in range(TABLES):
        _t, cl = table_against_bots(server, "dingniu")
        cl.send({"type": "lang", "lang": "zh-hans"})
        first = cl.my_turn()
        assert not first["deal_over"]
        cl.send({"type": "action", "action": first["legal"][0], "seq": first["seq"], "id": "a-1"})
        assert cl.wait(lambda f: f["type"] in ("ack", "error"))["type"] == "ack"
        cl.last_state = None
        again = cl.my_turn()  # the bots have played: the table is further on
        if not again["deal_over"]:
            break
        cl.close()
    else:
        raise AssertionError(f"each of {TABLES} deals ended before the seat's second turn")
    assert again["seq"] > first["seq"]
    cl.send({"type": "action", "action": again["legal"][0], "seq": first["seq"], "id": "a-2"})  # the old move's
    e = cl.wait(lambda f: f["type"] == "error")
    assert e["code"] == "stale" and e["id"] == "a-2", e
    text = shown(e, "zh-hans")
    assert CJK.search(text) and not LATIN_WORD.search(text), text
    assert shown(e, "zh-hans") != shown(e, "zh-hant")  # 简体 and 繁體 read differently
    assert LATIN_WORD.search(shown(e, "en"))


def test_stale_action_toast_in_traditional_chinese(web, browser):
    """The table page's own socket sends an action for a move the table has left (what a double click
    does); the toast says so in 繁體 (Cantonese, as the page's other zh-hant words)."""
    pw = playwright_or_skip()
    ctx = browser.new_context(**DESKTOP)
    # keep a handle on the page's socket and its last state frame (app.js keeps both to itself)
    ctx.add_init_script("""(() => {
      const Native = window.WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args) {
          super(...args);
          window.__yzSocket = this;
          this.addEventListener("message", (ev) => {
            const m = JSON.parse(ev.data);
            if (m.type === "state") window.__yzState = m;
            if (m.type === "error") window.__yzError = m;
          });
        }
      };
    })();""")
    page = ctx.new_page()
    errors = watch_errors(page)
    my_turn = "(after) => { const f = window.__yzState; return !!f && !!f.legal && f.legal.length > 0 && f.seq > after; }"
    turn_or_end = "(after) => { const f = window.__yzState; return !!f && f.seq > after && (f.deal_over || " \
        "(!!f.legal && f.legal.length > 0)); }"
    # the deal is the server's: in 1 deal of 300 (by the engine, against the heuristic bots) it ends before
    # the seat's second turn, and then a new table is opened
    for _ in range(TABLES):
        page.goto(web.base + "/")
        page.click("#langs [data-lang='zh-hant']")
        page.wait_for_selector("[data-play-now='dingniu']")
        page.click("[data-play-now='dingniu']")
        page.wait_for_url("**/t/*")
        page.wait_for_selector(".felt")
        page.wait_for_function(my_turn, arg=-1)
        played = page.evaluate("""() => {  // a move at the right place: the table moves on, the bots play
          const f = window.__yzState;
          window.__yzSocket.send(JSON.stringify({ type: "action", action: f.legal[0], seq: f.seq, id: "a-first" }));
          return f.seq;
        }""")
        page.wait_for_function(turn_or_end, arg=played)
        if not page.evaluate("window.__yzState.deal_over"):
            break
    else:
        raise AssertionError(f"each of {TABLES} deals ended before the seat's second turn")
    page.evaluate("""(old) => {  // then one more, still meant for that move: the second click of a double click
      const f = window.__yzState;
      window.__yzSocket.send(JSON.stringify({ type: "action", action: f.legal[0], seq: old, id: "a-stale" }));
    }""", played)
    toast = page.locator("#toast")
    pw.expect(toast).to_contain_text("錯誤")  # 錯誤：<why>, set in one go
    text = toast.inner_text()
    assert CJK.search(text) and not LATIN_WORD.search(text), text  # was "錯誤: this action was meant for move 0, ..."
    assert text.endswith(read_strings()["zh-hant"]["errors"]["stale"]), text
    shot(page, "error-stale-zh-hant")
    # an illegal move keeps the rule's own words (the refusal's translations), not the code's generic text
    page.evaluate("""() => {
      const f = window.__yzState;
      let a = 0;
      while (f.legal.includes(a)) a += 1;
      window.__yzSocket.send(JSON.stringify({ type: "action", action: a, seq: f.seq, id: "a-illegal" }));
    }""")
    page.wait_for_function("() => !!window.__yzError && window.__yzError.id === 'a-illegal'")
    refusal = page.evaluate("window.__yzError")
    assert refusal["code"] == "illegal" and refusal["messages"]["zh-hant"], refusal
    pw.expect(toast).to_have_text("錯誤：" + refusal["messages"]["zh-hant"])  # a full-width colon
    assert refusal["messages"]["zh-hant"] != read_strings()["zh-hant"]["errors"]["illegal"]
    assert not [e for e in errors if "favicon" not in e], errors
    ctx.close()


def test_tutorial_refusal_in_simplified_chinese(web, browser):
    """The tutorial's script does not load i18n.js: its page carries the errors table, so a refused
    request (here the server's own failure, answered as a 500 with code `server`) reads in 简体."""
    pw = playwright_or_skip()
    ctx = browser.new_context(**DESKTOP)
    page = ctx.new_page()
    page.route("**/api/learn/**", lambda route: route.fulfill(
        status=500, content_type="application/json", body='{"error": "server", "message": "internal error"}'))
    page.goto(web.base + "/learn/lukfu?lang=zh-hans")
    err = page.locator("#lesson p.error")
    pw.expect(err).to_have_count(1)
    text = err.inner_text()
    assert text == read_strings()["zh-hans"]["errors"]["server"], text  # was "internal error"
    assert CJK.search(text) and not LATIN_WORD.search(text), text
    ctx.close()
