// "Your games": the deals played from this browser, kept in localStorage when a table's deal
// finishes (table id, deal, game, date, seat, result), each replayable from the finished-deal
// replay URL. Nothing leaves the browser; a table the server has archived can no longer be replayed.

import { duration } from "/static/clock.js";

const KEY = "yezi.mygames";
const KEEP = 200;

export function myGames() {
  try {
    const xs = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(xs) ? xs : [];
  } catch { return []; }
}

// Called with each live state frame: remembers a finished deal this browser played (a seat, not a watcher).
export function rememberDeal(frame) {
  if (!frame || !frame.deal_over || frame.seat === null || frame.seat === undefined || !frame.table) return;
  const xs = myGames();
  const id = frame.table.id, deal = frame.deal_no;
  if (xs.some((g) => g.table === id && g.deal === deal)) return;
  const pays = frame.payments || (frame.view && frame.view.payments) || [];
  xs.unshift({ table: id, deal, game: frame.table.game, seat: frame.seat, date: new Date().toISOString(),
    result: pays[frame.seat] ?? 0 });
  localStorage.setItem(KEY, JSON.stringify(xs.slice(0, KEEP)));
}

export function replayHref(g) {
  return `/replay?table=${encodeURIComponent(g.table)}&deal=${encodeURIComponent(g.deal)}&seat=${encodeURIComponent(g.seat)}`;
}

export async function myGamesPage(main, { el, T, lang, titles, account = [], awaiting = [] }) {
  const xs = myGames();
  const fmt = (iso) => { try { return new Date(iso).toLocaleString(lang === "en" ? "en" : lang === "zh-hans" ? "zh-CN" : "zh-TW"); } catch { return iso; } };
  const sign = (p) => (typeof p === "number" && p > 0 ? `+${p}` : String(p));
  const rows = xs.map((g) => el("tr", {},
    el("td", {}, fmt(g.date)),
    el("td", {}, titles[g.game] || g.game),
    el("td", { class: "num" }, String(g.deal + 1)),
    el("td", { class: "num" }, String(g.seat + 1)),
    el("td", { class: "num" }, sign(g.result)),
    el("td", {}, el("a", { class: "button my-replay", href: replayHref(g) }, T("replay")))));
  main.replaceChildren(awaiting.length ? awaitingSection(awaiting, { el, T, titles }) : "",
    el("section", { class: "panel my-games", id: "my-games" },
    el("h2", {}, T("yourGames")),
    el("p", { class: "muted" }, T("yourGamesHint")),
    xs.length ? el("div", { class: "my-games-scroll" }, el("table", { class: "pay" },
      el("thead", {}, el("tr", {}, el("th", {}, T("date")), el("th", {}, T("game")), el("th", {}, T("deal")),
        el("th", {}, T("seat")), el("th", {}, T("outcome")), el("th", {}, ""))),
      el("tbody", {}, rows))) : el("p", { id: "my-games-none" }, T("none")),
    el("p", {}, el("a", { href: "/" }, T("toLobby")))),
  account.length ? accountSection(account, { el, T, titles, fmt }) : "");
}

// A signed-in player's tables from any device (GET /api/account/games), beside this browser's deals.
function accountSection(games, { el, T, titles, fmt }) {
  const rows = games.map((g) => el("tr", {},
    el("td", {}, fmt(new Date(g.created_at * 1000).toISOString())),
    el("td", {}, titles[g.game] || g.game),
    el("td", { class: "num" }, String(g.seat + 1)),
    el("td", {}, el("a", { class: "button", href: `/t/${encodeURIComponent(g.table)}` }, T("openTable")))));
  return el("section", { class: "panel my-games", id: "account-games" },
    el("h2", {}, T("accountGames")), el("p", { class: "muted" }, T("accountGamesHint")),
    el("div", { class: "my-games-scroll" }, el("table", { class: "pay" },
      el("thead", {}, el("tr", {}, el("th", {}, T("date")), el("th", {}, T("game")), el("th", {}, T("seat")), el("th", {}, ""))),
      el("tbody", {}, rows))));
}

// The games awaiting my move (a signed-in player's, from any device), the nearest deadline first.
function awaitingSection(games, { el, T, titles }) {
  const left = (g) => (g.left_s === null ? "" : T("timeLeftOf", { t: duration(g.left_s * 1000, T) }));
  return el("section", { class: "panel my-games awaiting", id: "awaiting" },
    el("h2", {}, T("awaitingTitle")),
    el("ul", { class: "awaiting-list" }, games.map((g) => el("li", { "data-awaiting": g.table },
      el("span", { class: "awaiting-game" }, el("b", {}, titles[g.game] || g.game), g.title ? ` · ${g.title}` : "",
        el("small", { class: "muted" }, ` ${g.turn_based ? T("paceTurn") : T("paceRealtime")} · ${T("seat")} ${g.seat + 1}`)),
      el("span", { class: "awaiting-left" }, left(g)),
      el("a", { class: "button primary", href: `/t/${encodeURIComponent(g.table)}` }, T("playYourMove"))))));
}
