import { aside, botName, headed } from "/static/i18n.js";
// Pieces every game's table shares: header with seats, invite links, settlement, log.
export function seatLabel(frame, ctx, s) {
  const role = frame.seat_names[ctx.lang][s];
  const pos = frame.seat_players ? frame.seat_players[s] : null;
  const p = pos !== null && pos !== undefined && frame.table.players ? frame.table.players[pos] : null;
  return { role, player: p, pos };
}

export function playerName(ctx, p) {
  if (!p) return "";
  if (p.kind === "bot") return `${ctx.T("bot")} · ${botName(ctx.lang, p.bot)}`;
  if (p.name) return p.name;
  // a seat taken without a name is "Player N" in the reader's language (the server keeps no default words)
  return p.claimed ? `${ctx.T("player")} ${p.position + 1}` : ctx.T("free");
}

// where the match stands, after the deal's number: "/6" of N deals, "· round 2/4" of the game's own match
// (Luk Fu's rounds, Ma Diao's rounds of the bank), nothing where it runs until someone has lost enough
function matchPart(table, T) {
  const m = table.match;
  if (table.num_deals || !m) return table.num_deals ? `/${table.num_deals}` : "";
  if (m.unit === "rounds") return ` · ${T(m.of === "bank" ? "bankRoundOf" : "roundOf", { r: m.round, n: m.count })}`;
  return "";
}

export function header(frame, ctx) {
  const { el, T } = ctx;
  const titles = frame.table.titles || {};
  const deal = frame.replay ? "" : ` · ${T("deal")} ${frame.deal_no + 1}` + matchPart(frame.table, T);
  // which seat this page holds, said where the player sits down (issue 21: an invited friend was not told)
  const who = frame.replay ? "" : frame.seat === null || frame.seat === undefined ? ` · ${T("spectator")}`
    : ` · ${T("youAre", { seat: frame.seat_names[ctx.lang][frame.seat] })}`;
  return el("div", { class: "tbl-head" },
    el("a", { href: "/", class: "back" }, "← " + T("lobby")),
    el("strong", {}, (titles[ctx.lang] || frame.table.game) + deal + who),
    el("span", { class: "tbl-switches" }, cardStyleSwitch(frame, ctx), frame.replay ? null : toggles(ctx)));
}

// Sound (off by default) and motion (on unless the system asks for reduced motion): the browser's
// choices, remembered across tables (yezi/web/motion.js plays them).
function toggles(ctx) {
  const { el, T } = ctx;
  // icons, named for screen readers and in the tooltip: the phone's table head has room for one row
  const one = (id, key, label, hint, def, icon) => {
    const on = () => (localStorage.getItem(key) || def) === "on";
    const b = el("button", { type: "button", id, class: "card-style icon", "aria-pressed": String(on()), "aria-label": label,
      title: headed(ctx.lang, label, hint) }, icon);
    b.onclick = () => { localStorage.setItem(key, on() ? "off" : "on"); b.setAttribute("aria-pressed", String(on())); };
    return b;
  };
  return [one("sound-toggle", "yezi.sound", T("sound"), T("soundHint"), "off", "♪"),
    one("motion-toggle", "yezi.motion", T("motion"), T("motionHint"), "on", "⇢")];
}

// The switch between the traditional card art and plain text tiles, for games that draw both
// (the choice is the browser's, remembered across tables and visits).
export function cardStyleSwitch(frame, ctx) {
  const styles = ctx.cardStyles && ctx.cardStyles(frame.table.game);
  if (!styles || !styles.includes("plain")) return null;
  const plain = ctx.cards === "plain";
  return ctx.el("button", { type: "button", id: "card-style", class: "card-style", "aria-pressed": String(plain),
    title: ctx.T("cardsHint"), onclick: () => ctx.setCards(plain ? "traditional" : "plain") }, ctx.T("cardsPlain"));
}

// Links to share, each labelled: the watch link (anyone may watch; it opens no seat) and, for the
// host, each invited seat's own link (it takes that seat: send it to that friend only) with a
// button for a new one (the old link stops working). Open seats are taken from the lobby.
export function invites(frame, ctx) {
  const { el, T } = ctx;
  if (frame.replay || !frame.table || !frame.table.players) return null;
  const inv = (ctx.invites && ctx.invites()) || { links: {} };
  const isHost = frame.position !== null && frame.position !== undefined && frame.position === frame.table.host;
  const linkRow = (cls, pos, label, link) => {
    const input = el("input", { readonly: true, value: link || "—", class: cls, "data-pos": pos, "aria-label": label });
    const copy = el("button", { type: "button", disabled: !link }, T("copy"));
    copy.onclick = async () => {
      try { await navigator.clipboard.writeText(link); ctx.toast(T("copied")); } catch { input.select(); }
    };
    return [input, copy];
  };
  const rows = [];
  if (ctx.watchLink) {
    rows.push(el("li", { class: "watch-row" }, el("span", {}, `${T("watchLink")} `),
      ...linkRow("watch-link", "", T("watchLink"), ctx.watchLink())));
  }
  for (const p of frame.table.players) {
    if (p.kind !== "human" || p.position === frame.table.host || p.access !== "invite") continue;
    const link = inv.links ? inv.links[String(p.position)] : null;
    if (!isHost && !link) continue;
    const label = `${T("inviteLink")} · ${T("player")} ${p.position + 1}${p.claimed ? " · " + (p.name || "") : ""}`;
    const renew = isHost && ctx.reissue
      ? el("button", { type: "button", class: "reissue", "data-reissue": p.position }, T("reissue")) : null;
    if (renew) renew.onclick = () => ctx.reissue(p.position).catch((e) => ctx.toast(e.message));
    rows.push(el("li", {}, el("span", {}, label + " "), ...linkRow("invite-link", p.position, label, link), renew));
  }
  const friend = isHost ? friendRow(frame, ctx) : null;
  if (friend) rows.push(friend);
  const open = frame.table.players.filter((p) => p.kind === "human" && p.access === "open" && !p.claimed);
  if (open.length) rows.push(el("li", { class: "muted" }, headed(ctx.lang, T("openSeat"), open.map((p) => p.position + 1).join(ctx.lang === "en" ? ", " : "、"))));
  if (!rows.length) return null;
  // open at the start of a table, and then as the player left it: a table that moves on (a bot's
  // play, an automatic 不報) must not fold the links away under the host's finger
  const tid = frame.table.id;
  if (linksUi.table !== tid) Object.assign(linksUi, { table: tid, open: frame.seq === 0 && frame.deal_no === 0 });
  const box = el("details", { class: "panel invites", open: linksUi.open },
    el("summary", {}, T("links")), el("p", { class: "muted" }, T("linksHint")), el("ul", {}, rows));
  box.addEventListener("toggle", () => { linksUi.open = box.open; });
  return box;
}
const linksUi = { table: null, open: false };
// The host's "invite a friend" (a signed-in host: yezi.server.accounts): a friend's name and a free
// invitation seat; the friend finds the invitation on their settings page. One row per table page, kept
// across frames (the table redraws this panel at every move: what the host typed stays).
function friendRow(frame, ctx) {
  const { el, T } = ctx;
  const free = frame.table.players.filter((p) => p.kind === "human" && p.position !== frame.table.host
    && p.access === "invite" && !p.claimed);
  if (!free.length || !ctx.inviteFriend) return null;
  if (!linksUi.friend || linksUi.friend.table !== frame.table.id || linksUi.friend.lang !== ctx.lang) {
    const list = el("datalist", { id: "friend-names" });
    const name = el("input", { class: "friend-name", list: "friend-names", maxlength: 24, "aria-label": T("friendName"),
      placeholder: T("friendName") });
    const seat = el("select", { class: "friend-seat", "aria-label": T("seat") });
    const send = el("button", { type: "button", class: "invite-friend" }, T("inviteFriend"));
    send.onclick = async () => {
      const who = name.value.trim();
      if (!who) { name.focus(); return; }
      try { await ctx.inviteFriend(Number(seat.value), who); ctx.toast(T("friendInvited", { name: who })); name.value = ""; }
      catch (e) { ctx.toast(e.message); }
    };
    const row = el("li", { class: "friend-row", hidden: true }, name, list, seat, send);
    linksUi.friend = { table: frame.table.id, lang: ctx.lang, row, seat };
    ctx.friends().then((fs) => {  // null: not signed in (a guest host invites by link only)
      if (!fs) return;
      list.replaceChildren(...fs.map((f) => el("option", { value: f.name })));
      row.hidden = false;
    });
  }
  const f = linksUi.friend;
  const want = free.map((p) => String(p.position)).join(",");
  if (f.seat.dataset.free !== want) {
    const keep = f.seat.value;
    f.seat.replaceChildren(...free.map((p) => el("option", { value: p.position }, `${T("player")} ${p.position + 1}`)));
    if (want.split(",").includes(keep)) f.seat.value = keep;
    f.seat.dataset.free = want;
  }
  return f.row;
}

function fmtPay(p) {
  if (typeof p === "number") return p > 0 ? `+${p}` : String(p);
  return String(p);
}

export function settlement(frame, ctx, details) {
  const { el, T } = ctx;
  if (!frame.deal_over) return null;
  const n = frame.seat_names[ctx.lang].length;
  const pays = frame.payments || frame.view.payments || [];
  // a game with a pool (Ma Diao's 官堆): what each seat paid into it or took out shows beside the payments
  // between the players, and the pool's own line, so that the table says what the explanation says
  const st = frame.view && frame.view.settlement;
  const pool = st && Array.isArray(st.net) && Number(st.pool_change || 0) !== 0 ? st : null;
  const rows = [];
  for (let s = 0; s < n; s++) {
    const { role, player, pos } = seatLabel(frame, ctx, s);
    rows.push(el("tr", { class: s === frame.seat ? "me" : "" },
      el("th", { scope: "row" }, role), el("td", {}, playerName(ctx, player)),
      el("td", { class: "num" }, fmtPay(pays[s] ?? 0)),
      pool ? el("td", { class: "num" }, fmtPay(pool.net[s] ?? 0)) : null,
      frame.totals ? el("td", { class: "num" }, fmtPay(frame.totals[pos] ?? 0)) : null));
  }
  if (pool) {
    rows.push(el("tr", { class: "pool-row" }, el("th", { scope: "row" }, T("pool")), el("td", {}, `${pool.pool_before} → ${pool.pool_after}`),
      el("td", { class: "num" }, ""), el("td", { class: "num" }, fmtPay(pool.pool_change)), frame.totals ? el("td", {}, "") : null));
  }
  const table = el("table", { class: "pay" },
    el("thead", {}, el("tr", {}, el("th", {}, T("seat")), el("th", {}, T("player")), el("th", {}, T("payments")),
      pool ? el("th", {}, T("withPool")) : null, frame.totals ? el("th", {}, T("totals")) : null)),
    el("tbody", {}, rows));
  const buttons = [];
  if (!frame.replay) {
    buttons.push(el("a", { class: "button", id: "download-record", href: ctx.recordUrl(frame.deal_no),
      download: `yezi-${frame.table.game}-${frame.table.id}-${frame.deal_no + 1}.txt` }, T("download")));
    buttons.push(el("a", { class: "button", id: "open-replay", href: ctx.replayUrl(frame.deal_no) }, T("replay")));
    if (!frame.match_over && frame.seat !== null && frame.seat !== undefined) {
      buttons.push(el("button", { type: "button", id: "next-deal", class: "primary", onclick: () => ctx.nextDeal() }, T("nextDeal")));
    }
  }
  return el("section", { class: "panel settlement", id: "settlement", "aria-live": "polite" },
    el("h3", {}, T("settlement") + (frame.match_over ? ` · ${T("matchOver")}` : "")),
    details || null, table, el("div", { class: "buttons" }, buttons));
}

export function logPanel(frame, ctx) {
  const { el, T } = ctx;
  const lines = (frame.log && frame.log[ctx.lang]) || [];
  return el("details", { class: "panel log" }, el("summary", {}, T("log") + aside(ctx.lang, lines.length)),
    el("ol", {}, lines.map((l) => el("li", {}, l))));
}

// ---- pieces of the per-game tables (fishing, madiao, the domino games, lukfu) ----------------

// A card or tile the seat may not use now, at its own decision: greyed as before, but it can be
// tapped, clicked or chosen with Enter (it keeps its place in the keyboard's order), and the table
// then says why: the engine's reason for `actions`, the moves that tap would have made (none of
// them legal). aria-disabled, not disabled: a disabled button takes neither the focus nor a tap.
export function refusable(ctx, b, frame, actions) {
  const why = (actions || []).filter((a) => a !== null && a !== undefined && !(frame.legal || []).includes(a));
  if (!ctx.why || !why.length || frame.replay) return b;
  b.disabled = false;
  b.setAttribute("aria-disabled", "true");
  b.classList.add("refused");
  b.dataset.why = why.join(",");
  b.onclick = (ev) => { ev.preventDefault(); ctx.why(b, why); };
  return b;
}

// A game's own stylesheet, added to the page once.
export function ensureStyle(id, css) {
  if (document.getElementById(id)) return;
  const st = document.createElement("style");
  st.id = id;
  st.textContent = css;
  document.head.append(st);
}

// Whether the frame is another deal, move or seat than the last one drawn (a selection in the
// hand lasts only while it is the same); remembers it in ui.key.
export function newFrame(ui, frame) {
  const key = `${frame.deal_no}:${frame.seq}:${frame.seat}`;
  if (key === ui.key) return false;
  ui.key = key;
  return true;
}

// Whether this frame asks the viewing seat to act (never in a replay, never a spectator).
export function isMyTurn(frame) {
  const me = frame.seat;
  // (or a question put to every seat at once at a turn-based table: answered ahead of one's turn)
  return !frame.replay && me !== null && me !== undefined && (frame.view.to_act === me || !!frame.together)
    && !!frame.legal;
}

// The viewing seat's turn: whether it must act, its legal actions ([] when not) and their labels.
export function turn(frame, ctx) {
  const myTurn = isMyTurn(frame);
  return { myTurn, legal: myTurn ? frame.legal : [], label: (a) => actionLabel(frame, ctx, a) };
}

// An action's label in the connection's language (the engine's code where the frame has none).
export function actionLabel(frame, ctx, a) {
  return (frame.labels && frame.labels[String(a)] && frame.labels[String(a)][ctx.lang]) || String(a);
}

// The prompt while another seat is to act: whose turn it is (empty when nobody is).
export function waitingPrompt(frame, ctx, turnOf) {
  const t = frame.view.to_act;
  if (frame.answered !== null && frame.answered !== undefined) {  // my answer waits for the others' (none of them sees it)
    return ctx.el("div", { class: "prompt", id: "prompt", "data-answered": frame.answered }, ctx.T("answeredWait"));
  }
  return ctx.el("div", { class: "prompt", id: "prompt" }, t === null || t === undefined ? "" : headed(ctx.lang, turnOf, frame.seat_names[ctx.lang][t]));
}

// Every legal move as a word button too (keyboard and screen-reader friendly; tests use the ids).
export function movesPanel(ctx, legal, title, label, send) {
  const { el } = ctx;
  return el("details", { class: "moves" }, el("summary", {}, title + aside(ctx.lang, legal.length)),
    el("div", {}, legal.map((a) => el("button", { type: "button", class: "word", id: `move-${a}`, "data-action": a, onclick: () => send(a) }, label(a)))));
}

// The table's page: header, the felt, the settlement (with the game's details), log and invites.
// The felt in two parts: the table (seats, trick, lake, lines: what comes before the prompt) and
// the seat's own part (prompt, own line, hand, its buttons). app.css keeps the second whole at the
// bottom of the first screen (beside the table on a landscape phone); the table shrinks and scrolls.
function splitFelt(felt, ctx) {
  const kids = [...felt.children];
  let cut = kids.findIndex((k) => k.matches(".prompt, #prompt, .me-line, #hand"));
  if (cut < 0) return;
  felt.classList.add("split");
  felt.replaceChildren(ctx.el("div", { class: "felt-table" }, kids.slice(0, cut)),
    ctx.el("div", { class: "felt-mine" }, kids.slice(cut)));
}

// ---- the seated table (issue 12) -------------------------------------------------------------
// Where each other seat sits, seen from the viewing seat (a spectator sits behind seat 0): the
// next seat in order on the left, then across the top, the last one on the right; the viewer's
// own seat at the bottom. Two seats face each other; three sit left and right.
export function seatPlace(rel, n) {
  if (rel === 0) return "bottom";
  const k = n - 1;
  if (k === 1) return "top";
  if (k === 2) return rel === 1 ? "left" : "right";
  if (rel === 1) return "left";
  if (rel === k) return "right";
  return "top";
}

// The game's list of seats (ul.seats > li.chip[data-seat], each game draws its own chips) laid
// around the middle of the table: one list per side, in seating order (so the DOM reads in the
// order of play), the trick / lake / lines in the centre. The seat to act is marked for more than
// its colour: a ▶ marker and aria-current. app.css places the sides (a ring on a wide screen, a
// row above the middle on a phone).
function seatRing(felt, frame, ctx) {
  const table = felt.querySelector(":scope > .felt-table") || felt;
  const lists = [...table.querySelectorAll(":scope > ul.seats")];
  const chips = lists.flatMap((ul) => [...ul.querySelectorAll(":scope > li.chip[data-seat]")]);
  if (!chips.length) return;
  const names = frame.seat_names && frame.seat_names[ctx.lang];
  const n = names ? names.length : chips.length;
  const me = frame.seat !== null && frame.seat !== undefined ? Number(frame.seat) : 0;
  const sides = { left: [], top: [], right: [], bottom: [] };
  for (const li of chips) {
    const rel = (Number(li.dataset.seat) - me + n) % n;
    const place = seatPlace(rel, n);
    li.dataset.place = place;
    li.dataset.rel = rel;
    sides[place].push(li);
  }
  for (const side of Object.values(sides)) side.sort((a, b) => a.dataset.rel - b.dataset.rel);
  const kept = (ul, place) => {
    const out = ctx.el("ul", { class: `${ul ? ul.className : "seats"} ring-${place}`, "data-side": place });
    out.append(...sides[place]);
    return sides[place].length ? out : null;
  };
  const first = lists[0];
  const centre = ctx.el("div", { class: "ring-centre" }, [...table.children].filter((c) => !lists.includes(c)));
  const k = Object.values(sides).reduce((m, x) => m + (x === sides.bottom ? 0 : x.length), 0);
  table.classList.add("ring", `ring-k${Math.min(k, 4)}`);
  if (first.id && !table.id) table.id = first.id;  // the list's id (Pai Gow's #seats) names the seats' ring
  table.replaceChildren(...[...["left", "top", "right"].map((p) => kept(first, p)), centre].filter(Boolean));
  // your own seat sits at the bottom with your hand (your part of the felt), as at a real table
  const own = kept(first, "bottom");
  const mine = felt.querySelector(":scope > .felt-mine");
  if (own && mine) { own.classList.add("own-seat"); mine.prepend(own); } else if (own) table.append(own);
}

// The seat to act: a gold ring, a ▶ before its name (not a colour alone) and aria-current.
function markTurn(felt, ctx) {
  for (const e of felt.querySelectorAll("li.chip.turn, .me-line.turn")) {
    e.setAttribute("aria-current", "true");
    const head = e.querySelector(".role") || e;
    if (!head.querySelector(".turn-mark")) {
      head.prepend(ctx.el("span", { class: "turn-mark", title: kw(ctx).toAct, "aria-hidden": "true" }, "▶"));
    }
  }
}

// ---- keyboard play (issue 12) ---------------------------------------------------------------------
// Every game: the hand is one Tab stop; ←/→ (↑/↓, Home/End) move among its cards that can be
// used, Enter or Space chooses one (the buttons' own behaviour), H jumps to the hand (or to the
// first choice when the hand has none), P plays the selection, D discards it (Luk Fu), Esc clears
// it. A table's render keeps the focus where it was (the same card, or its neighbour); when it is
// your turn again after the others played, the focus comes back to your hand.
const KW = {
  "zh-hant": { keys: "鍵盤：←/→ 選牌 · Enter／空白鍵 出或選 · P 出牌 · Esc 清除 · H 回到手牌", toAct: "輪到此家", down: "蓋着的牌" },
  "zh-hans": { keys: "键盘：←/→ 选牌 · Enter／空格键 出或选 · P 出牌 · Esc 清除 · H 回到手牌", toAct: "轮到此家", down: "盖着的牌" },
  en: { keys: "Keys: ←/→ cards · Enter/Space choose · P play · Esc clear · H back to the hand", toAct: "to act", down: "face down" },
};
function kw(ctx) { return KW[ctx.lang] || KW.en; }
const kbd = { bound: false, inTable: false };
const usable = (e) => e && !e.disabled && e.getClientRects().length > 0;
// a refused card (aria-disabled: it says why when chosen) is on the arrows' way, never where the focus lands first
const refusedCard = (e) => e.getAttribute("aria-disabled") === "true";
function handCards() { return [...document.querySelectorAll("#hand button")].filter(usable); }
function firstChoice() {
  return handCards().find((c) => !refusedCard(c)) || [...document.querySelectorAll(".felt-mine [data-action], .felt-mine button.primary, .felt [data-action]")]
    .find(usable) || null;
}
function clickFirst(sel) {
  const b = [...document.querySelectorAll(sel)].find(usable);
  if (b) b.click();
  return !!b;
}
function bindKeys() {
  if (kbd.bound) return;
  kbd.bound = true;
  document.addEventListener("keydown", (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.metaKey || !document.querySelector(".felt #hand, .felt [data-action]")) return;
    if (location.pathname.startsWith("/replay")) return;
    const t = ev.target;
    if (t && (["INPUT", "SELECT", "TEXTAREA"].includes(t.tagName) || t.isContentEditable)) return;
    const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
    const cards = handCards();
    const i = cards.indexOf(document.activeElement);
    const moveTo = (j) => {
      const c = cards[Math.max(0, Math.min(cards.length - 1, j))];
      if (!c) return;
      for (const x of cards) x.tabIndex = x === c ? 0 : -1;
      c.focus();
      ev.preventDefault();
    };
    if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(k) && (i >= 0 || t === document.body)) {
      const step = k === "ArrowRight" || k === "ArrowDown" ? 1 : -1;
      moveTo(i < 0 ? 0 : i + step);
    } else if ((k === "Home" || k === "End") && i >= 0) moveTo(k === "Home" ? 0 : cards.length - 1);
    else if (k === "h" && !ev.ctrlKey) {
      const c = firstChoice();
      if (c) { c.focus(); ev.preventDefault(); roving(document); }
    }
    else if ((k === "p" && !ev.ctrlKey) || (k === "Enter" && ev.ctrlKey)) {
      if (clickFirst("#play-btn, #play-up")) ev.preventDefault();
    } else if (k === "d" && !ev.ctrlKey) { if (clickFirst("#discard-btn")) ev.preventDefault(); }
    else if (k === "Escape") clickFirst("#clear-btn, #clear, #cancel-btn");
  });
}

// What has the focus inside the table before a render (an id, or a place in the hand)...
function focusKey(root) {
  const a = document.activeElement;
  if (!a || a === document.body) return null;  // (kbd.inTable stays: the focus was lost with a card played)
  kbd.inTable = root.contains(a) && !!a.closest(".felt");
  if (!root.contains(a)) return null;
  const hand = a.closest("#hand");
  if (hand) return { hand: [...hand.querySelectorAll("button")].indexOf(a), card: a.dataset.card ?? a.dataset.kind };
  return a.id ? { id: a.id } : null;
}
// ... and after it: the same element, the same card (or the nearest usable one), or, when it is
// the seat's turn again and the focus was in the table, the hand.
function refocus(root, key) {
  const opts = { preventScroll: true };
  if (key && key.id) { const e = document.getElementById(key.id); if (usable(e)) { e.focus(opts); return; } }
  if (key && key.hand !== undefined) {
    const all = [...root.querySelectorAll("#hand button")];
    const same = all.filter((b) => usable(b) && (b.dataset.card ?? b.dataset.kind) === key.card);
    const near = same.sort((a, b) => Math.abs(all.indexOf(a) - key.hand) - Math.abs(all.indexOf(b) - key.hand))[0]
      || all.filter(usable).sort((a, b) => Math.abs(all.indexOf(a) - key.hand) - Math.abs(all.indexOf(b) - key.hand))[0];
    if (near) { near.focus(opts); return; }
  }
  if (kbd.inTable && root.querySelector(".felt.my-turn")) {
    const c = firstChoice();
    if (c) c.focus(opts);
  }
}

// Every card and tile drawn is named for a screen reader in the page's language: the faces name
// themselves (role img, aria-label) where the art does; a drawing without a name takes its
// holder's title (the card's name, from the game's assets), a face-down one says so.
function nameCards(root, ctx) {
  for (const svg of root.querySelectorAll("svg")) {
    if (svg.hasAttribute("aria-label") || svg.closest("[aria-label]")) continue;
    const holder = svg.parentElement;
    if (!holder || holder.tagName === "BUTTON") continue;
    const name = (holder.getAttribute("title") || "").trim();
    holder.setAttribute("role", "img");
    holder.setAttribute("aria-label", name || kw(ctx).down);
    svg.setAttribute("aria-hidden", "true");
  }
}

// The hand is one stop for Tab (the arrows move inside it): the focused card, or the first usable.
function roving(root) {
  const cards = [...root.querySelectorAll("#hand button")];
  if (!cards.length) return;
  const on = cards.includes(document.activeElement) ? document.activeElement
    : cards.find((c) => usable(c) && !refusedCard(c)) || cards.find(usable);
  for (const c of cards) c.tabIndex = c === on ? 0 : -1;
}

// The keys, said once beside the hand on the seat's turn (a wide screen; a phone has no keyboard).
function keysHelp(felt, ctx) {
  const mine = felt.querySelector(":scope > .felt-mine");
  const hand = felt.querySelector("#hand");
  if (hand) {
    hand.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Enter Space P Escape H");
    // the fan (app.css): each card's place from the middle of the hand, -0.5 … 0.5
    const cards = [...hand.querySelectorAll(":scope > button")];
    if (cards.length <= 14) cards.forEach((c, i) => {  // (a hand in two rows is not fanned)
      const f = cards.length > 1 ? i / (cards.length - 1) - 0.5 : 0;
      c.style.setProperty("--fan", f.toFixed(3));
      c.style.setProperty("--fan2", (4 * f * f).toFixed(3));
    });
  }
  if (!mine || !felt.classList.contains("my-turn")) return;
  mine.append(ctx.el("p", { class: "keys-help", id: "keys-help" }, kw(ctx).keys));
}

// ---- what a decision needs in view (issue 21) -------------------------------------------------
// Each game declares once, in its renderer (NEEDS), for every kind of decision it asks, the regions
// of the table a player must see together to answer it: the cards being answered (the trick, the
// lake and the card drawn, the lines' open ends, the banker's hand), the hand, the buttons; a name
// ending in "?" may be empty or absent (a hand played out, buttons that come with a choice). The renderer marks those
// regions' elements (`region`) and says which decision the felt asks (`declare`); app.js adds the
// clock and, while it shows, the hint. app.css keeps the marked regions whole in the first screen
// (the others' seats give way first), and tests/web/test_decision_regions.py checks every card of
// every needed region: on screen, at least 20 px each way, and the topmost element at its centre.
export function region(node, name, cards = null) {
  if (!node) return node;
  const names = new Set((node.dataset.region || "").split(" ").filter(Boolean));
  names.add(name);
  node.dataset.region = [...names].join(" ");
  if (cards) node.dataset.cards = cards;  // which of its parts are the cards (default: its drawings)
  return node;
}
export function declare(felt, frame, needs, decision) {
  if (!decision || !isMyTurn(frame)) return felt;
  felt.dataset.decision = decision;
  felt.dataset.needs = (needs[decision] || []).join(" ");
  return felt;
}
// The clock and the hint join what the decision needs (app.js, after each render and each hint).
export function needAlso(root, name, node) {
  const felt = root.querySelector(".felt[data-decision]");
  if (!felt || !node || !felt.contains(node)) return;
  region(node, name, "self");
  const want = new Set(felt.dataset.needs.split(" ").filter(Boolean));
  want.add(name);
  felt.dataset.needs = [...want].join(" ");
}

// The felt names the frame it shows (data-frame, deal:seq) so that a test waits for that frame.
export function mount(root, frame, ctx, felt, details) {
  felt.dataset.frame = `${frame.deal_no ?? 0}:${frame.seq ?? 0}`;
  // a finished deal asks nothing: the felt need not fit below the settlement or the match's end (app.css)
  felt.classList.toggle("deal-over", !!frame.deal_over);
  splitFelt(felt, ctx);
  seatRing(felt, frame, ctx);
  markTurn(felt, ctx);
  if (!frame.replay) { bindKeys(); keysHelp(felt, ctx); }
  const key = frame.replay ? null : focusKey(root);
  root.replaceChildren(...[
    header(frame, ctx),
    felt,
    settlement(frame, ctx, details),
    logPanel(frame, ctx),
    invites(frame, ctx),
  ].filter(Boolean));
  nameCards(root, ctx);
  if (!frame.replay) { refocus(root, key); roving(root); showOutcome(root, frame); }
  if (ctx.mounted) ctx.mounted();  // the page's own marks on the new table (the hint's, a refusal's)
}

// A deal just over: its settlement scrolled into view once (on a phone it is below the table),
// except at the end of the match, when the end bar above the table (result, rematch, a link down
// to the settlement) is what to see; a new deal: the table back at the top of the screen.
const outcome = { deal: "" };
function showOutcome(root, frame) {
  const k = `${frame.table && frame.table.id}:${frame.deal_no}`;
  const box = root.querySelector("#settlement");
  if (frame.deal_over && !frame.match_over && box && outcome.deal !== k + ":over") {
    outcome.deal = k + ":over";
    requestAnimationFrame(() => box.scrollIntoView({ block: "nearest" }));
  } else if (!frame.deal_over && outcome.deal && !outcome.deal.startsWith(k)) {
    outcome.deal = k;
    if (window.scrollY > 0) window.scrollTo(0, 0);
  }
}
