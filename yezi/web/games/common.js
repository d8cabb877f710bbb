import { botName } from "/static/i18n.js";
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
  return p.name || ctx.T("free");
}

export function header(frame, ctx) {
  const { el, T } = ctx;
  const titles = frame.table.titles || {};
  const deal = frame.replay ? "" : ` · ${T("deal")} ${frame.deal_no + 1}/${frame.table.num_deals}`;
  const who = frame.replay ? "" : frame.seat === null || frame.seat === undefined ? ` · ${T("spectator")}` : "";
  return el("div", { class: "tbl-head" },
    el("a", { href: "/", class: "back" }, "← " + T("lobby")),
    el("strong", {}, (titles[ctx.lang] || frame.table.game) + deal + who),
    cardStyleSwitch(frame, ctx));
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
  const open = frame.table.players.filter((p) => p.kind === "human" && p.access === "open" && !p.claimed);
  if (open.length) rows.push(el("li", { class: "muted" }, `${T("openSeat")}: ${open.map((p) => p.position + 1).join(", ")}`));
  if (!rows.length) return null;
  return el("details", { class: "panel invites", open: frame.seq === 0 && frame.deal_no === 0 },
    el("summary", {}, T("links")), el("p", { class: "muted" }, T("linksHint")), el("ul", {}, rows));
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
  const rows = [];
  for (let s = 0; s < n; s++) {
    const { role, player, pos } = seatLabel(frame, ctx, s);
    rows.push(el("tr", { class: s === frame.seat ? "me" : "" },
      el("th", { scope: "row" }, role), el("td", {}, playerName(ctx, player)),
      el("td", { class: "num" }, fmtPay(pays[s] ?? 0)),
      frame.totals ? el("td", { class: "num" }, fmtPay(frame.totals[pos] ?? 0)) : null));
  }
  const table = el("table", { class: "pay" },
    el("thead", {}, el("tr", {}, el("th", {}, T("seat")), el("th", {}, T("player")), el("th", {}, T("payments")),
      frame.totals ? el("th", {}, T("totals")) : null)),
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
  return el("details", { class: "panel log" }, el("summary", {}, `${T("log")} (${lines.length})`),
    el("ol", {}, lines.map((l) => el("li", {}, l))));
}

// ---- pieces of the per-game tables (fishing, madiao, the domino games, lukfu) ----------------

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
  return !frame.replay && me !== null && me !== undefined && frame.view.to_act === me && !!frame.legal;
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
  return ctx.el("div", { class: "prompt", id: "prompt" }, t === null || t === undefined ? "" : `${turnOf}: ${frame.seat_names[ctx.lang][t]}`);
}

// Every legal move as a word button too (keyboard and screen-reader friendly; tests use the ids).
export function movesPanel(ctx, legal, title, label, send) {
  const { el } = ctx;
  return el("details", { class: "moves" }, el("summary", {}, `${title} (${legal.length})`),
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

// The felt names the frame it shows (data-frame, deal:seq) so that a test waits for that frame.
export function mount(root, frame, ctx, felt, details) {
  felt.dataset.frame = `${frame.deal_no ?? 0}:${frame.seq ?? 0}`;
  splitFelt(felt, ctx);
  root.replaceChildren(...[
    header(frame, ctx),
    felt,
    settlement(frame, ctx, details),
    logPanel(frame, ctx),
    invites(frame, ctx),
  ].filter(Boolean));
}
