"""Every game's table keeps your whole hand in the first screen (issue 12): on a 390 × 844 phone, a
landscape phone (844 × 390) and a desktop (1280 × 800), at several moments of a deal, whatever
the phase shows above the hand (Luk Fu's bidding buttons and its must-beat / 墊 prompt, a trick,
the lake). On the phone no card is narrower than 36 px; nowhere is text smaller than 11 px.

Deterministic: each checkpoint waits until the browser shows the very frame (deal:seq) in which
the seat must act, so the bots have answered and nothing moves while it is measured.
Screenshots of each checkpoint: artifacts/screenshots/fit-<game>-<n>-<view>.png."""

from __future__ import annotations

import os
import random

import pytest

from tests.web.helpers import PHONE, SHOTS, playwright_or_skip, watch_errors

WEB_BOT_DELAY = 0.0  # for the `web` fixture (tests/conftest.py)
playwright_or_skip()

VIEWS = {"phone": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}
SIZES = {**VIEWS, "phone-crowded": (390, 844)}
CROWD = """() => {
  document.getElementById("notice").textContent = "伺服器忙：電腦玩家輪流思考，可能稍慢。".repeat(4);
  const box = document.getElementById("name-form");
  box.replaceChildren(Object.assign(document.createElement("input"), { "ariaLabel": "name" }));
  box.hidden = false;
}"""
# (at most) moments of the deal measured in every game (Luk Fu: also its bid and must-beat prompts); what
# each decision needs on the phone and the desktop is tests/web/test_decision_regions.py's, every decision
CHECKPOINTS = 3 if os.environ.get("YEZI_SLOW") == "1" else 2

MEASURE = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  // a play still flying in (yezi/web/motion.js) is measured where it lands
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const box = (e) => e.getBoundingClientRect();
  const seen = (r) => r.width > 0 && r.height > 0;
  const hand = [...document.querySelectorAll("#hand > *, #drawn-card")].map((b) => box(b).toJSON()).filter(seen);
  const cards = [...document.querySelectorAll("#main svg.card")].map((s) => box(s)).filter(seen);
  const small = [];
  const walk = document.createTreeWalker(document.getElementById("main"), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!n.textContent.trim() || !p || p.closest("svg, [hidden], details:not([open]) > :not(summary)")) continue;
    const r = box(p);
    if (!seen(r) || r.top >= innerHeight) continue;  // in the first screen
    const px = parseFloat(getComputedStyle(p).fontSize);
    if (px < 11) small.push(`${px}px: ${n.textContent.trim().slice(0, 20)}`);
  }
  return { hand, widths: cards.map((r) => Math.round(r.width * 10) / 10), small,
           scrollY: window.scrollY, vw: innerWidth, vh: innerHeight,
           phase: document.querySelector(".felt")?.dataset.phase || "",
           mustBeat: !!document.querySelector("#discard-btn"), words: document.querySelectorAll("#prompt .word").length };
}"""


# Accessibility in the first screen (issue 12): text contrast at least WCAG AA (4.5:1, 3:1 for large
# text) against the first opaque background behind it; every control named (text, aria-label or
# title); every control at least 44 px tall and (cards of a full hand excepted, 36 px) 44 px wide,
# but for glossary terms inside a sentence (WCAG 2.5.8's inline exception).
A11Y = """async () => {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const rgb = (s) => { const m = s.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const v = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return { r: v[0], g: v[1], b: v[2], a: v.length > 3 ? v[3] : 1 }; };
  const lum = (c) => { const f = (x) => { x /= 255; return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b); };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  // the backgrounds behind an element: the first opaque colour, or every stop of a gradient
  // (translucent layers are passed over: a conservative reading for the pale-on-dark felt)
  const bgOf = (e) => {
    for (let x = e; x; x = x.parentElement) {
      const st = getComputedStyle(x);
      const stops = (st.backgroundImage.match(/rgba?\\([^)]+\\)/g) || []).map(rgb).filter((c) => c.a >= 0.9);
      if (stops.length) return stops;
      const c = rgb(st.backgroundColor);
      if (c && c.a >= 0.9) return [c];
    }
    return [{ r: 255, g: 255, b: 255, a: 1 }];
  };
  const inView = (r) => r.width > 0 && r.height > 0 && r.top < innerHeight && r.bottom > 0;
  const low = [];
  const walk = document.createTreeWalker(document.getElementById("main"), NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!n.textContent.trim() || !p || p.closest("svg, [hidden], details:not([open]) > :not(summary), [disabled], [aria-disabled='true']")) continue;
    if (!inView(p.getBoundingClientRect())) continue;
    const st = getComputedStyle(p);
    if (parseFloat(st.opacity) < 0.99) continue;
    const fg = rgb(st.color), bg = bgOf(p);
    if (!fg) continue;
    const px = parseFloat(st.fontSize), bold = parseInt(st.fontWeight) >= 700;
    const need = px >= 24 || (bold && px >= 18.66) ? 3 : 4.5;
    const r = Math.min(...bg.map((b) => ratio(fg, b)));
    if (r < need) low.push(`${r.toFixed(2)} < ${need}: "${n.textContent.trim().slice(0, 24)}" (${st.color} on ${JSON.stringify(bg)})`);
  }
  const unnamed = [], small = [];
  for (const e of document.querySelectorAll("#main button, #main a[href], #main select, #main input, #main [role=button]")) {
    const r = e.getBoundingClientRect();
    if (!inView(r) || e.closest("[hidden]")) continue;
    const name = (e.getAttribute("aria-label") || e.textContent || e.getAttribute("title") || "").trim();
    if (!name) unnamed.push(e.outerHTML.slice(0, 80));
    const card = !!e.closest("#hand");
    if (e.matches(".term")) continue;  // a glossary term inside a sentence: WCAG's inline exception
    if (r.height < 44 - 0.5 || r.width < (card ? 36 : 44) - 0.5) small.push(`${Math.round(r.width)}x${Math.round(r.height)} ${e.id || e.className || e.tagName}: ${name.slice(0, 20)}`);
  }
  return { low, unnamed, small };
}"""


def _a11y(page, where) -> None:
    m = page.evaluate(A11Y)
    assert not m["unnamed"], (where, "controls without a name", m["unnamed"][:5])
    assert not m["low"], (where, "text below WCAG AA contrast", m["low"][:6])
    assert not m["small"], (where, "touch targets under 44 px", m["small"][:6])


def _move(f: dict, rng: random.Random) -> int:
    """A random legal move that keeps the deal going and lets others lead: discard where it
    may, never declare (so that Luk Fu soon asks this seat to beat a trick)."""
    en = {a: ((f.get("labels") or {}).get(str(a)) or {}).get("en", "") for a in f["legal"]}
    for word in ("discard",):
        pick = [a for a in f["legal"] if en[a].startswith(word)]
        if pick:
            return rng.choice(pick)
    return rng.choice([a for a in f["legal"] if not en[a].startswith("declare")] or f["legal"])


def _games(web) -> list[str]:
    return [g["name"] for g in web.get("/api/games").json()["games"]]


def _check(page, game: str, n: int, view: str) -> dict:
    w, h = SIZES[view]
    page.set_viewport_size({"width": w, "height": h})
    m = page.evaluate(MEASURE)
    where = (game, n, view, m["phase"])
    assert (m["vw"], m["vh"]) == (w, h)
    assert m["scrollY"] == 0 and m["hand"], where
    for r in m["hand"]:  # every card of the hand (and a card just drawn) wholly in the first screen
        assert r["left"] >= 0 and r["right"] <= w + 0.5 and r["top"] >= 0 and r["bottom"] <= h + 0.5, (where, r)
    if view.startswith("phone"):
        assert not m["widths"] or min(m["widths"]) >= 36, (where, sorted(m["widths"])[:5])
    assert not m["small"], (where, m["small"][:5])
    if view in ("phone", "desktop"):
        _a11y(page, where)
    page.screenshot(path=os.path.join(SHOTS, f"fit-{game}-{n}-{view}.png"))
    return m


def _play_table(web, browser, game: str, rng: random.Random, seen: list[dict]) -> list[str]:
    """One table against bots: the seat plays until its checkpoints are measured (Luk Fu: until it
    was also asked to beat a trick) or the deal ends; returns the page's errors."""
    t = web.create(game=game, name="Ann", hints=False)
    token = t["seats"]["0"]["token"]
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('yezi.name', 'Ann')")
    errors = watch_errors(page)
    page.goto(f"{web.base}/t/{t['id']}?token={token}")
    cl = web.client(t["id"], token)
    try:
        for i in range(80):
            f = cl.my_turn()
            if f["deal_over"]:
                break
            if game == "lukfu" and f["view"].get("phase") == "tigers" and len(f["legal"]) == 1:
                # the page answers a lone 不報 by itself, after its uniform delay: let it, and go on
                seq = f["seq"]
                cl.last_state = None
                cl.last_state = cl.wait(lambda x, seq=seq: x["type"] == "state" and (x["deal_over"] or (
                    x["seq"] > seq and bool(x.get("legal")))), timeout=30)
                continue
            page.wait_for_selector(f".felt.my-turn[data-frame='{f['deal_no']}:{f['seq']}'] #hand", timeout=15000)
            m = page.evaluate(MEASURE)
            first_bid = m["phase"] == "bid" and not any(s["phase"] == "bid" for s in seen)
            first_beat = m["mustBeat"] and not any(s["mustBeat"] for s in seen)
            # (Ma Diao's stake: no hand yet)
            if m["hand"] and (len(seen) < CHECKPOINTS or (game == "lukfu" and (first_bid or first_beat))):
                for view in VIEWS:
                    m = _check(page, game, len(seen), view)
                page.set_viewport_size({"width": 390, "height": 844})
                if not seen:  # the panels that may show above the felt: the server's notice, the name box
                    page.evaluate(CROWD)
                    _check(page, game, 0, "phone-crowded")
                    page.evaluate("document.getElementById('notice').textContent = ''; "
                                  "document.getElementById('name-form').hidden = true")
                seen.append(m)
            if len(seen) >= CHECKPOINTS and (game != "lukfu" or any(s["mustBeat"] for s in seen)):
                break
            cl.send({"type": "action", "action": _move(f, rng), "id": f"m{i}", "seq": f["seq"]})
            cl.wait(lambda x: x["type"] in ("ack", "error"))
            cl.last_state = None
    finally:
        cl.close()
        ctx.close()
    return errors


@pytest.mark.parametrize("game", ["lukfu", "fishing", "madiao", "dingniu", "jielong", "tseding",
                                  "tiengow", "shiwuhu", "paigow"])
def test_hand_stays_in_first_screen(web, browser, game):
    if game not in _games(web):
        pytest.skip(f"{game} not in this registry")
    rng = random.Random(12)
    seen: list[dict] = []
    errors: list[str] = []
    # deals are random: a Luk Fu deal may end before it asks to beat, a Ma Diao deal before play (免鬭, 四極, 賀)
    for _ in range(7):
        errors += _play_table(web, browser, game, rng, seen)
        if seen and (game != "lukfu" or any(s["mustBeat"] for s in seen)):
            break
    assert seen, "never measured"  # (a Pai Gow deal asks the seat once)
    if game == "lukfu":  # the phases that show the most above the hand were measured too
        assert any(s["mustBeat"] for s in seen) and any(s["words"] for s in seen), [s["phase"] for s in seen]
    assert not [e for e in errors if "favicon" not in e], errors


NOTES = """async () => {
  const ul = Object.assign(document.createElement("ul"), { className: "why notes", id: "felt-notes-probe" });
  ul.append(Object.assign(document.createElement("li"), { textContent: "尾家: 四隻在湖，歸尾家" }));
  document.querySelector(".felt").prepend(ul);
  const m = await (""" + A11Y + """)();
  m.probed = !!document.getElementById("felt-notes-probe");
  return m;
}"""


@pytest.mark.parametrize("game", ["fishing", "jielong", "tiengow"])
def test_notes_on_the_felt_are_legible(web, browser, game):
    """Notes shown on the felt (Fishing's events such as 四隻在湖，歸尾家, the dominoes' notes, Tien Gow's 文至尊
    line) carry the class `why`, whose dark text is meant for the pale page: on the felt they must take its
    pale text. Found as an intermittent failure of the test above (a Fishing deal with that event before a
    checkpoint: 1.14:1); here the note is put on the felt of the seat's first turn, every time."""
    t = web.create(game=game, name="Ann", hints=False)
    ctx = browser.new_context(**PHONE)
    try:
        page = ctx.new_page()
        page.goto(f"{web.base}/t/{t['id']}?token={t['seats']['0']['token']}")
        page.wait_for_selector(".felt.my-turn #hand", timeout=15000)  # the bots wait for this seat: nothing moves
        m = page.evaluate(NOTES)
        assert m["probed"], "the table was drawn again while it was measured"
        assert not m["low"], ((game, "notes"), "text below WCAG AA contrast", m["low"][:6])
    finally:
        ctx.close()
