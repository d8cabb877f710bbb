"""The seated table in the browser (issue 12): a check shared by the screenshot and layout tests.

Seen from the viewing seat v, seat s sits at rel = (s - v) mod n: rel 1 on the left, the last on
the right, those between across the top (two seats face each other; three sit left and right);
the viewer's own seat (where the game shows a chip for it) below the middle, at the bottom with
the hand (issue 21: not in the left column). The seat to act is
marked by aria-current and a marker, not by colour alone.

When the screen is short the others' row gives way first (issue 21): it shrinks and clips its chips.
What is judged is then what a player sees: the part of each chip its row shows, which must hold the
chip's first line (who sits there) whole."""

from __future__ import annotations

SEATING = """() => {
  const centre = document.querySelector(".felt-table.ring > .ring-centre");
  const shown = (el) => {  // the box of el that its clipping ancestors leave on screen
    let r = el.getBoundingClientRect().toJSON();
    for (let a = el.parentElement; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowY === "visible") continue;
      const c = a.getBoundingClientRect();
      r = { left: Math.max(r.left, c.left), right: Math.min(r.right, c.right),
            top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom) };
    }
    return r;
  };
  const chips = [...document.querySelectorAll("li.chip[data-seat]")].map((li) => ({
    seat: Number(li.dataset.seat), place: li.dataset.place, rel: Number(li.dataset.rel),
    r: shown(li), full: li.getBoundingClientRect().toJSON(),
    first: li.firstElementChild ? li.firstElementChild.getBoundingClientRect().toJSON() : null,
    turn: li.classList.contains("turn"),
    current: li.getAttribute("aria-current"), mark: !!li.querySelector(".turn-mark"),
    mine: !!li.closest(".felt-mine") }));
  const me = document.querySelector(".me-line");
  return { chips, centre: centre ? centre.getBoundingClientRect().toJSON() : null,
    me: me ? { turn: me.classList.contains("turn"), current: me.getAttribute("aria-current"),
               mark: !!me.querySelector(".turn-mark") } : null };
}"""


def place(rel: int, n: int) -> str:
    """Where a seat sits (yezi/web/games/common.js seatPlace)."""
    if rel == 0:
        return "bottom"
    k = n - 1
    if k == 1:
        return "top"
    if k == 2:
        return "left" if rel == 1 else "right"
    return "left" if rel == 1 else "right" if rel == k else "top"


def check_seating(page, where, wide: bool) -> dict:
    """Assert the seating of the table on `page` (wide: a ring around the middle; else a row above it)."""
    m = page.evaluate(SEATING)
    chips, c = m["chips"], m["centre"]
    assert chips and c, (where, "no seated table")
    n = len(chips) + (0 if any(x["rel"] == 0 for x in chips) else 1)
    for x in chips:
        assert x["place"] == place(x["rel"], n), (where, x)
        marked = x["current"] == "true" and x["mark"]
        assert marked == x["turn"], (where, "the seat to act is marked, no other", x)
    if m["me"]:
        assert (m["me"]["current"] == "true" and m["me"]["mark"]) == m["me"]["turn"], (where, m["me"])
    cx = lambda r: (r["left"] + r["right"]) / 2  # noqa: E731
    others = sorted((x for x in chips if x["rel"]), key=lambda x: x["rel"])
    for x in chips:
        r, first = x["r"], x["first"]
        if first and x["place"] != "bottom":  # who sits there shows whole, however the row shrinks
            assert r["top"] - 1 <= first["top"] and first["bottom"] <= r["bottom"] + 1, (
                where, "the seat's first line shows whole", x)
        if x["place"] == "bottom":  # with the hand, below the middle
            assert r["top"] >= c["bottom"] - 1, (where, "own seat below the middle", x, c)
            assert x["mine"], (where, "own seat with your hand", x)
        elif not wide:
            assert r["bottom"] <= c["top"] + 1, (where, "the others above the middle", x, c)
        elif x["place"] == "left":
            assert r["right"] <= c["left"] + 1, (where, x, c)
        elif x["place"] == "right":
            assert r["left"] >= c["right"] - 1, (where, x, c)
        else:
            assert r["bottom"] <= c["top"] + 1, (where, x, c)
    # in seating order from left to right (left, the top row, right)
    xs = [cx(x["r"]) for x in others]
    assert xs == sorted(xs), (where, "seating order", [(x["seat"], x["place"], round(cx(x["r"]))) for x in others])
    return m
