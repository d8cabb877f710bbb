// Move timers at the table: the countdown beside the seat to act (and in your prompt on your
// turn), "away" / "bot playing" marks on seats, and your own "I'm back" banner. The server decides
// when time is up with its own clock; the page only counts down from what the frame said was left
// when it arrived (left_ms), so a wrong clock on this device changes nothing but the display.

// The local deadline of a frame's clock (performance.now() time base), or null without one.
export function clockOf(frame, receivedAt) {
  const c = frame && frame.table && frame.table.clock;
  if (!c || c.left_ms === undefined) return null;
  return { info: c, deadline: receivedAt + c.left_ms, bankMs: c.bank_ms || 0, moveMs: c.move * 1000 };
}

// minutes and seconds; at a turn-based table (days per move) days and hours, or hours and minutes
export function duration(ms, T) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return T("durDays", { d: Math.floor(s / 86400), h: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return T("durHours", { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The text and state of a running clock now: the per-move time first, then the bank draining.
export function clockText(clk, now, T) {
  const left = Math.max(0, clk.deadline - now);
  const inBank = left <= clk.bankMs;
  const main = inBank ? left : left - clk.bankMs;
  const head = inBank ? `${T("bank")} ${duration(main, T)}` : duration(main, T);
  const tail = !inBank && clk.bankMs > 0 ? ` +${duration(clk.bankMs, T)}` : "";
  return { text: head + tail, head, tail, urgent: left <= 5000, inBank };
}

// Put the clock and away marks on a freshly drawn table (root: the table's element).
export function decorate(root, frame, clk, ctx) {
  const { el, T } = ctx;
  const c = frame.table && frame.table.clock;
  if (!c || frame.replay) return;
  const chips = (s) => root.querySelectorAll(`.felt .seats [data-seat="${s}"]`);
  (frame.seat_players || []).forEach((pos, s) => {
    if (!c.away || !c.away[pos]) return;
    for (const chip of chips(s)) {
      (chip.querySelector(".role") || chip).append(
        el("span", { class: "away-badge", "data-away": pos }, c.held[pos] ? T("botHolds") : T("away")));
    }
  });
  if (!clk) return;
  const span = () => el("span", { class: "clock", "data-clock": "1", role: "timer", "aria-label": T("timeLeft") });
  if (c.next_deal) {  // between deals: the clock sits by the next-deal button
    const box = root.querySelector("#settlement .buttons");
    if (box) box.append(el("span", { class: "clock-wrap" }, `${T("nextDealIn")} `, span()));
    return;
  }
  if (c.together) {  // a question to every seat at once: one deadline, in the prompt (nobody's seat is singled out)
    const prompt = root.querySelector(".felt #prompt, .felt .prompt");
    if (prompt) prompt.append(span());
    tick(root, clk, T);
    return;
  }
  const s = (frame.seat_players || []).indexOf(c.position);
  if (s < 0) return;
  let placed = false;
  // on the seat's first line (its role), so that the seat grows no taller on a phone
  for (const chip of chips(s)) { (chip.querySelector(".role") || chip).append(span()); placed = true; }
  if (s === frame.seat || !placed) {  // your own clock: in your prompt, where your eyes are
    const prompt = root.querySelector(".felt #prompt, .felt .prompt");
    const line = root.querySelector(".felt .me-line.turn");
    if (s === frame.seat && prompt) prompt.append(span());
    else if (line) line.append(span());
    else if (!placed) { const chip = root.querySelector(".felt .chip.turn"); if (chip) chip.append(span()); }
  }
  tick(root, clk, T);
}

// Refresh every countdown on the page (called a few times a second).
export function tick(root, clk, T) {
  if (!clk) return;
  const now = performance.now();
  const { text, head, tail, urgent, inBank } = clockText(clk, now, T);
  for (const e of root.querySelectorAll("[data-clock]")) {
    if (e.textContent !== text) {  // the time left, then the bank in smaller print (hidden on a phone's seats)
      const b = document.createElement("b"); b.textContent = head;
      const sm = document.createElement("small"); sm.className = "clock-bank"; sm.textContent = tail;
      e.replaceChildren(b, ...(tail ? [sm] : []));
    }
    e.classList.toggle("urgent", urgent);
    e.classList.toggle("bank", inBank);
  }
}

// Your own seat's away notice with its "I'm back" button (null when you are not away).
export function awayBanner(frame, ctx, onBack) {
  const { el, T } = ctx;
  const c = frame.table && frame.table.clock;
  const me = frame.position;
  if (!c || frame.replay || me === null || me === undefined || !c.away || !c.away[me] || frame.match_over) return null;
  return el("div", { class: "panel away-banner", id: "away-banner", role: "alert" },
    el("span", {}, c.held[me] ? T("heldNotice") : T("awayNotice")),
    el("button", { type: "button", id: "im-back", class: "primary", onclick: onBack }, T("imBack")));
}
