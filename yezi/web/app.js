// yezi browser client: lobby, live table over WebSocket, replay viewer.
// Every text that came from another player goes through textContent (never innerHTML).
import { awayBanner, clockOf, decorate, tick } from "/static/clock.js";
import { addBotLabels, aside, botName, errorText, firstLang, headed, HTML_LANG, LANGS, rememberLang, t } from "/static/i18n.js";
import { chatPanel } from "/static/chat.js";
import { myGamesPage, rememberDeal } from "/static/mygames.js";
import { accountGames, accountPage, awaitingGames, carrySeats, drawWho, signInPage, signUpPage, whoAmI } from "/static/account.js";
import { amountText, amountValue, paysLine, signedAmount } from "/static/amounts.js";
import { clubRoute } from "/static/clubs.js";
import { quickPanel } from "/static/quickmatch.js";
import { tournamentRoute } from "/static/tournaments.js";
import { animate, snapshot } from "/static/motion.js";
import { needAlso } from "/static/games/common.js";

export const state = {
  lang: firstLang(),
  games: null,
  rerender: null,
  redraw: null,
  // card faces: the traditional art, or the plain text tiles some players prefer (remembered here)
  cards: localStorage.getItem("yezi.cards") === "plain" ? "plain" : "traditional",
};

// ---- small DOM helpers --------------------------------------------------------------------
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}
// SVG strings come only from our own server's render module (never from players).
export function svgNode(svgText) {
  const tpl = document.createElement("template");
  tpl.innerHTML = svgText.trim();
  return tpl.content.firstChild;
}
export const T = (key, vars) => t(state.lang, key, vars);
export function toast(msg) {
  const box = document.getElementById("toast");
  box.textContent = msg;
  box.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("show"), 3500);
}
async function api(path, opts = {}) {
  const r = await fetch(path, { headers: { "Content-Type": "application/json" }, ...opts });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const e = new Error(errorText(state.lang, data.error, data.message || r.statusText));
    e.status = r.status;  // a caller tells "no such thing" (404) from "not now" (429, 503: Retry-After)
    e.retryAfter = Number(r.headers.get("Retry-After")) || null;
    throw e;
  }
  return data;
}
// `call()`, asked again while the server answers "not now" (busy, an outage: 429 / 503 with Retry-After),
// up to `tries` times, each wait at most 5 s: a replay asked just as a deal ends, on a loaded server
async function patiently(call, tries = 6) {
  for (let i = 1; ; i++) {
    try { return await call(); } catch (e) {
      if (i >= tries || !(e.status === 429 || e.status === 503)) throw e;
      await new Promise((ok) => setTimeout(ok, 1000 * Math.min(5, e.retryAfter || 1)));
    }
  }
}
async function games() {
  if (!state.games) {
    const d = await api("/api/games");
    state.games = d.games;
    for (const g of d.games) addBotLabels(g.bot_labels);  // registered levels' names (yezi.bots.registry)
    state.version = d.version || "";  // the code's version: the assets under it are cached for good
  }
  return state.games;
}
const assetCache = {};
const cardStyles = {};  // game -> the face styles its assets come in (only games that draw several)
export async function assets(game, lang) {
  const key = game + ":" + lang + ":" + state.cards;
  if (!assetCache[key]) {
    const style = state.cards === "plain" ? "&cards=plain" : "";
    assetCache[key] = games().then(() => api(
      `/api/games/${encodeURIComponent(game)}/assets?lang=${lang}${style}&v=${encodeURIComponent(state.version)}`,
    )).then((d) => {
      if (d.card_styles) cardStyles[game] = d.card_styles;
      return d;
    });
  }
  return assetCache[key];
}
// Switch the card faces between the traditional art and plain text tiles; remembered in this browser.
export function setCardStyle(style) {
  state.cards = style === "plain" ? "plain" : "traditional";
  localStorage.setItem("yezi.cards", state.cards);
  if (state.redraw) state.redraw();
}
const styleCtx = {  // what a table's header needs for the card-style switch (spread into each ctx)
  cardStyles: (game) => cardStyles[game] || null,
  setCards: setCardStyle,
};
const rendererCache = {};
async function renderer(game) {
  if (!rendererCache[game]) {
    const info = (await games()).find((g) => g.name === game);
    rendererCache[game] = info && info.renderer
      ? import(`/static/games/${game}.js`).catch(() => import("/static/games/generic.js"))
      : import("/static/games/generic.js");
  }
  return rendererCache[game];
}
// An option's choice in the create form: its label in the reader's language, then the first clause of
// its description (the option table's own words, from the catalogs), so that a choice says what it does
// without a tooltip. A clause cut inside brackets stops before them (no "(4 under" left open), and a
// description that begins with the label is shown alone ("Yes, otherwise the deal is a draw", not "Yes — Yes, …").
function choiceLabel(c) {
  const v = (c.labels && c.labels[state.lang]) || String(c.value);
  const full = (c.descriptions && c.descriptions[state.lang]) || (state.lang === "en" ? c.description : "");
  let d = (full || "").split(/[.;:]\s|[。；：]/)[0].trim();
  const open = Math.max(d.lastIndexOf("("), d.lastIndexOf("（"));
  if (open > 0 && !/[)）]/.test(d.slice(open))) d = d.slice(0, open).trim();
  const max = state.lang === "en" ? 60 : 30;
  const short = (s) => (s.length > max ? s.slice(0, max - 1) + "…" : s);
  if (!d || d === v) return v;
  // (a Latin label must end at a word's end: "2" does not begin "20 points"; Chinese has no spaces)
  const whole = /[\u3400-\u9fff]$/.test(v) || /^([\s,，:：(（]|$)/.test(d.slice(v.length));
  if (d.toLowerCase().startsWith(v.toLowerCase()) && whole) return short(d);
  return `${v} — ${short(d)}`;
}
function title(g) { return (g.titles && (g.titles[state.lang] || g.titles.en)) || g.name; }
// The bot a new table seats by default: the game's heuristic player where it has one (a random
// player is no opponent), else the random one.
function defaultBot(g) { return g.bots.includes("heuristic") ? "heuristic" : "random"; }
// Seats for a table: you in the first seat that acts, the default bot everywhere else; a seat
// that never acts (Luk Fu's 夢家) gets a bot too, for the server, but the lobby offers no choice.
function defaultSeats(g, numSeats, active) {
  const you = active.length ? active[0] : 0;
  return Array.from({ length: numSeats }, (_, i) => (i === you ? "you" : "bot:" + defaultBot(g)));
}
// A page for an address that leads nowhere (an unknown table or record), in the page's language.
function notFound(main, key) {
  state.rerender = () => notFound(main, key);
  setPlace(() => T("notFoundTitle"));
  main.replaceChildren(el("section", { class: "panel not-found", id: "not-found" },
    el("h2", {}, T("notFoundTitle")), el("p", {}, T(key)),
    el("p", {}, el("a", { href: "/", id: "back-to-lobby", class: "button primary" }, T("backToLobby")))));
}

// ---- the tab's title -------------------------------------------------------------------------
// Where the player is, then the site's name, in the page's language, as the server's rules and learn
// pages write it ("大堂 · 葉子 yezi", "Lobby · yezi"). Each view names its place as a function of the
// language, so that a language switch retitles the tab too. A <title> holds no markup: an English one
// leaves out the Chinese characters of a game's name (as the server's pages do).
let place = () => null;
function plainTitle(text) {
  if (state.lang !== "en") return text;
  return text.replace(/\s*[(（]?[\u3400-\u9fff]+[)）]?/g, "").replace(/\s+/g, " ").trim() || text;
}
function showTitle() {
  const where = place();
  document.title = where ? `${plainTitle(where)} · ${T("siteTitle")}` : T("siteTitle");
}
function setPlace(fn) { place = fn; showTitle(); }

// ---- language switch ----------------------------------------------------------------------
function setLang(lang, picked = true) {
  state.lang = lang;
  if (picked) rememberLang(lang);  // the reader's pick holds over the browser's language
  document.documentElement.lang = HTML_LANG[lang];
  for (const b of document.querySelectorAll("#langs button")) b.setAttribute("aria-pressed", b.dataset.lang === lang);
  drawWho(lang);
  showTitle();
  if (state.rerender) state.rerender();
}

// ---- lobby --------------------------------------------------------------------------------
// the create request's pace fields: a move timer in seconds, or "turn:N" (N days per move)
function paceSpec(v) {
  return String(v).startsWith("turn:") ? { pace: "turn", move_days: Number(String(v).slice(5)) } : { move_timer: v };
}

async function lobby(main) {
  // ?club=<id>: the same form sets up a club's standing table (yezi/web/clubs.js links here)
  const club = new URLSearchParams(location.search).get("club");
  setPlace(() => T(club ? "clubStandingTitle" : "lobby"));
  const gs = await games();
  // a rated table is offered to a signed-in reader only (the server refuses a guest's all the same)
  const me = await api("/api/me/ratings").catch(() => ({ signed_in: false }));
  const nameIn = el("input", { id: "name", maxlength: 24, value: localStorage.getItem("yezi.name") || "",
    autocomplete: "nickname" });
  nameIn.addEventListener("change", () => localStorage.setItem("yezi.name", nameIn.value));
  const form = el("form", { id: "create", class: "panel" });
  const tables = el("section", { id: "tables", class: "panel" });
  let seatsDef = null;
  // length: the match length chosen ("own" / "own:VALUE": the game's own match, "N": N deals; null: the game's own)
  let choice = { game: (gs[0] || {}).name, preset: null, options: {}, seats: [], length: null, hints: true, move_timer: 0,
    rated: false };

  function resolveSeats() {
    const body = JSON.stringify({ preset: choice.preset, options: choice.options });
    return api(`/api/games/${choice.game}/resolve`, { method: "POST", body });
  }
  // Each draw waits for the server's seats of the choice; a later draw (another choice, a language switch)
  // supersedes one still waiting, so an older answer never repaints the form over a newer one.
  let drawn = 0;
  async function draw() {
    const mine = ++drawn;
    const g = gs.find((x) => x.name === choice.game);
    if (!g) { form.replaceChildren(el("p", { text: T("none") })); return; }
    if (!choice.preset) choice.preset = g.default_preset;
    const old = form.querySelector("#create-btn");
    if (old) old.disabled = true;  // until the seats of the new choice are known
    form.dataset.ready = "0";
    const def = await resolveSeats();
    if (mine !== drawn) return;
    seatsDef = def;
    const n = def.num_seats;
    if (choice.seats.length !== n) choice.seats = defaultSeats(g, n, def.active);
    // the rule options stay open while the player changes them (each change redraws the form)
    const wasOpen = Boolean(form.querySelector("#options")?.open);
    const gameSel = el("select", { id: "game", "aria-label": T("game") },
      gs.map((x) => el("option", { value: x.name, selected: x.name === choice.game }, title(x))));
    gameSel.onchange = () => {
      choice = { game: gameSel.value, preset: null, options: {}, seats: [], length: null, hints: choice.hints,
        move_timer: choice.move_timer, rated: choice.rated };
      draw();
    };
    const presetSel = el("select", { id: "preset" },
      Object.entries(g.presets).map(([k, p]) => el("option", { value: k, selected: k === choice.preset }, (p.titles && p.titles[state.lang]) || p.title || k)));
    presetSel.onchange = () => { choice.preset = presetSel.value; choice.options = {}; draw(); };
    // the game's own match lengths first (Luk Fu's rounds, a Ma Diao session), then N deals; the option
    // that sets the game's own length is chosen here, not among the rule options
    const lengths = def.lengths[state.lang];
    const lengthKey = (c) => (c.match ? "own" + Object.values(c.options || {}).map((v) => ":" + v).join("") : String(c.num_deals));
    const lengthOpt = Object.keys(lengths[0].options || {})[0];
    const dealsSel = el("select", { id: "num_deals" }, lengths.map((c) => el("option", { value: lengthKey(c),
      selected: choice.length === null ? Boolean(c.default) : lengthKey(c) === choice.length }, c.label)));
    dealsSel.onchange = () => {
      const c = lengths.find((x) => lengthKey(x) === dealsSel.value);
      choice.length = dealsSel.value;
      if (c.options) { Object.assign(choice.options, c.options); draw(); }
    };
    const opts = el("details", { id: "options", open: wasOpen }, el("summary", {}, T("options")),
      Object.entries(g.options).filter(([k]) => k !== lengthOpt).map(([k, o]) => {
        const base = g.presets[choice.preset].values[k] ?? o.default;
        const cur = k in choice.options ? choice.options[k] : base;
        const desc = (o.descriptions && o.descriptions[state.lang]) || o.description;
        const s = el("select", { "data-option": k, title: desc },
          o.choices.map((c) => el("option", { value: JSON.stringify(c.value), selected: c.value === cur,
            title: (c.descriptions && c.descriptions[state.lang]) || c.description },
            choiceLabel(c))));
        s.onchange = () => { choice.options[k] = JSON.parse(s.value); draw(); };
        return el("label", { class: "opt" }, el("span", { text: (o.labels && o.labels[state.lang]) || k, title: k }), s,
          desc ? el("small", { class: "muted optdesc" }, desc) : null);
      }));
    const seatRows = choice.seats.map((s, i) => {
      const role = seatsDef.seat_names[state.lang][i];
      if (!seatsDef.active.includes(i)) {  // never acts: nothing to choose
        return el("div", { class: "seatrow idle", "data-idle-seat": i },
          el("span", {}, `${T("player")} ${i + 1} · ${role}`), el("span", { class: "muted" }, T("notActing")));
      }
      const sel = el("select", { "data-seat": i, "aria-label": `${T("player")} ${i + 1}` },
        club ? el("option", { value: "friend", selected: !s.startsWith("bot:") }, T("clubMemberSeat")) : [  // a club's: a member's seat
          el("option", { value: "you", selected: s === "you" }, T("you")),
          el("option", { value: "friend", selected: s === "friend" }, T("friend")),
          el("option", { value: "open", selected: s === "open" }, T("openSeat"))],
        g.bots.map((b) => el("option", { value: "bot:" + b, selected: s === "bot:" + b }, `${T("bot")} · ${botName(state.lang, b)}`)));
      sel.onchange = () => {
        if (sel.value === "you") choice.seats = choice.seats.map((x) => (x === "you" ? "friend" : x));
        choice.seats[i] = sel.value;
        draw();
      };
      return el("label", { class: "seatrow" }, el("span", {}, `${T("player")} ${i + 1} · ${role}`), sel);
    });
    // the move timer (the server enforces it): a seat that runs out is played by the bot and marked away
    // a turn-based pace ("turn:N", N days per move) for a signed-in player: it is played over days, from any device
    const turnDays = [1, 3, 7];
    if (String(choice.move_timer).startsWith("turn:") && (!me.signed_in || club)) choice.move_timer = 0;
    const timerSel = el("select", { id: "move-timer", "aria-describedby": "timer-note" },
      el("optgroup", { label: T("paceRealtime") }, [0, 15, 30, 60].map((n) =>
        el("option", { value: n, selected: n === choice.move_timer }, n ? T("timerSecs", { n }) : T("timerNone")))),
      club ? null : el("optgroup", { label: me.signed_in ? T("paceTurn") : T("paceTurnSignIn") }, turnDays.map((n) =>
        el("option", { value: `turn:${n}`, disabled: !me.signed_in, selected: `turn:${n}` === choice.move_timer },
          T("turnDays", { n })))));
    const timerText = () => (String(choice.move_timer).startsWith("turn:")
      ? T("turnNote", { n: Number(String(choice.move_timer).slice(5)) }) : T("timerBankNote", { n: 60 }));
    const timerNote = el("small", { class: "muted", id: "timer-note", hidden: !choice.move_timer }, timerText());
    timerSel.onchange = () => {
      choice.move_timer = timerSel.value.startsWith("turn:") ? timerSel.value : Number(timerSel.value);
      timerNote.hidden = !choice.move_timer;
      timerNote.textContent = timerText();
    };
    const hintsBox = el("input", { type: "checkbox", id: "hints", checked: choice.hints && !choice.rated,
      disabled: choice.rated });
    hintsBox.onchange = () => { choice.hints = hintsBox.checked; };
    // a rated table gives no hints (the server switches them off): the box says so
    const ratedBox = el("input", { type: "checkbox", id: "rated", checked: choice.rated, "aria-describedby": "rated-note" });
    ratedBox.onchange = () => {
      choice.rated = ratedBox.checked;
      hintsBox.checked = choice.hints && !choice.rated;
      hintsBox.disabled = choice.rated;
    };
    const rated = me.signed_in ? [el("label", { class: "check" }, ratedBox, el("span", {}, T("rated"))),
      el("small", { class: "muted", id: "rated-note" }, T("ratedNote"))] : [];
    const submit = el("button", { type: "submit", id: "create-btn", class: "primary" }, T(club ? "clubSaveStanding" : "create"));
    form.replaceChildren(
      ...(club ? [el("p", { class: "club-crumbs" }, el("a", { href: `/c/${encodeURIComponent(club)}`, id: "club-standing-back" }, T("clubBackToClub"))),
        el("h2", {}, T("clubStandingTitle")), el("p", { class: "muted", id: "club-standing-hint" }, T("clubStandingHint"))]
        : [el("h2", {}, T("newTable")), el("label", {}, el("span", {}, T("yourName")), nameIn)]),
      el("label", {}, el("span", {}, T("game")), gameSel),
      ...(g.notice ? [el("p", { class: "muted", id: "game-notice" }, g.notice[state.lang] || g.notice.en)] : []),
      el("label", {}, el("span", {}, T("preset")), presetSel),
      opts,
      el("label", {}, el("span", {}, T("matchLength")), dealsSel),
      el("fieldset", {}, el("legend", {}, T("seats")), seatRows),
      el("label", {}, el("span", {}, T("moveTimer")), timerSel, timerNote),
      el("label", { class: "check" }, hintsBox, el("span", {}, T("hintsAllowed"))),
      ...rated,
      submit,
    );
    form.dataset.ready = choice.game;
  }
  async function openTable(spec) {
    if (club) {  // the form of a club's standing table (/?club=<id>): saved, opened later from the club's page
      await api(`/api/clubs/${encodeURIComponent(club)}/standing`, { method: "POST", body: JSON.stringify(spec) });
      toast(T("clubStandingSaved"));
      go(`/c/${encodeURIComponent(club)}`);
      return;
    }
    // the answer also sets this browser's seat cookie: the host's secret never enters the address bar
    enterCreated(await api("/api/tables", { method: "POST", body: JSON.stringify(spec) }));
  }
  // one click: the game's default rules, you in the first seat that acts, the default bot elsewhere
  async function playNow(g) {
    localStorage.setItem("yezi.name", nameIn.value);
    const p = g.presets[g.default_preset];
    const seats = defaultSeats(g, p.num_seats, p.active);
    // the game's own match (Luk Fu: a round, every player leading once), so a void first deal does not end it
    const spec = { game: g.name, preset: g.default_preset, options: {}, match: "own", name: nameIn.value,
      seats: seats.map((s) => (s === "you" ? { kind: "human", access: "invite" } : { kind: "bot", bot: s.slice(4) })),
      host_seat: seats.indexOf("you"), hints: true };
    try { await openTable(spec); } catch (e) { toast(headed(state.lang, T("create_failed"), e.message)); }
  }
  const quick = el("section", { id: "play-now", class: "panel" });
  function drawQuick() {
    quick.replaceChildren(el("h2", {}, T("playNow")), el("p", { class: "muted" }, T("playNowTitle")),
      el("ul", { class: "play-now" }, gs.map((g) => el("li", {}, el("button", { type: "button", class: "primary",
        "data-play-now": g.name, onclick: () => playNow(g) }, title(g))))),
      quickPanel({ el, T, api, go, games: gs, title, signedIn: !!me.signed_in, toast, lang: () => state.lang }),
      el("p", { class: "new-here" }, T("newHere"), " ", el("a", { href: `/learn?lang=${state.lang}`, id: "lobby-learn" },
        T("learnAll"))));
  }
  drawQuick();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    localStorage.setItem("yezi.name", nameIn.value);
    // a friend's seat opens only with its own invitation link; an open seat is offered in the lobby
    const seats = choice.seats.map((s) => (s.startsWith("bot:") ? { kind: "bot", bot: s.slice(4) }
      : { kind: "human", access: s === "open" ? "open" : "invite" }));
    let host = choice.seats.indexOf("you");
    const length = form.querySelector("#num_deals").value;
    const spec = { game: choice.game, preset: choice.preset, options: choice.options, seats,
      ...(length.startsWith("own") ? { match: "own" } : { num_deals: Number(length) }),
      name: nameIn.value, host_seat: host >= 0 ? host : null, hints: choice.hints && !choice.rated,
      ...paceSpec(choice.move_timer), ...(me.signed_in && choice.rated ? { rated: true } : {}) };
    try {
      await openTable(spec);
    } catch (e) { toast(headed(state.lang, T("create_failed"), e.message)); }
  };
  async function drawTables() {
    const data = await api("/api/tables");
    // tables with a free seat come first: they are the ones a visitor can sit down at
    const waits = (tb) => tb.players.some((p) => p.kind !== "bot" && !p.claimed && p.access === "open");
    const sorted = [...data.tables.filter(waits), ...data.tables.filter((tb) => !waits(tb))];
    const rows = sorted.map((tb) => {
      const g = gs.find((x) => x.name === tb.game);
      const seats = tb.players.map((p) => {
        if (p.kind === "bot") return el("span", { class: "chip bot" }, `${T("bot")} · ${botName(state.lang, p.bot)}`);
        if (p.claimed) return el("span", { class: "chip", text: p.name || `${T("player")} ${p.position + 1}` });
        if (p.access !== "open") return el("span", { class: "chip invited", "data-invited": `${tb.id}:${p.position}` }, T("invited"));
        const b = el("button", { class: "chip free", "data-join": `${tb.id}:${p.position}` }, `${T("join")} ${p.position + 1}`);
        b.onclick = async () => {
          try {  // the answer sets the seat's cookie
            const r = await api(`/api/tables/${tb.id}/claim`, { method: "POST",
              body: JSON.stringify({ position: p.position, name: nameIn.value }) });
            sessionStorage.setItem("yezi.seat." + tb.id, String(r.position));
            go(`/t/${tb.id}`);
          } catch (e) { toast(e.message); }
        };
        return b;
      });
      return el("li", { class: "tablerow" + (waits(tb) ? " waits" : ""), "data-table": tb.id },
        el("a", { href: `/t/${tb.id}`, class: "watch", "data-watch": tb.id }, `${g ? title(g) : tb.game} · ${tb.preset}`),
        el("span", { class: "muted" }, ` ${T("deal")} ${(tb.deal_no ?? 0) + 1}${tb.num_deals ? "/" + tb.num_deals : ""} `),
        waits(tb) ? el("span", { class: "chip waiting" }, T("waitingFirst")) : null, ...seats);
    });
    tables.replaceChildren(el("h2", {}, T("openTables")), rows.length ? el("ul", {}, rows) : el("p", { class: "muted" }, T("none")),
      el("p", {}, el("a", { href: "/replay", id: "to-replay" }, T("replay")), " · ",
        el("a", { href: "/games", id: "to-my-games" }, T("yourGames")), " · ",
        el("a", { href: "/c", id: "to-clubs" }, T("clubs")), " · ",
        el("a", { href: "/tournaments", id: "to-tournaments" }, T("tournaments")), " · ",
        el("a", { href: `/leaderboard?lang=${state.lang}`, id: "to-leaderboard" }, T("leaderboards"))),
      el("nav", { id: "rules-links", class: "rules-links" }, el("h2", {}, T("howToPlay")),
        el("ul", {}, gs.map((g) => el("li", {}, el("a", { href: `/rules/${g.name}?lang=${state.lang}`,
          id: `rules-${g.name}` }, title(g)), " · ", el("a", { href: `/learn/${g.name}?lang=${state.lang}`,
          id: `learn-${g.name}`, class: "learn-link" }, T("learn"))))),
        el("p", {}, el("a", { href: `/learn?lang=${state.lang}`, id: "to-learn" }, T("learnAll")))));
  }
  state.rerender = () => { drawQuick(); draw(); drawTables(); };
  if (club) {  // only the form: the club's page is where its tables are
    state.rerender = draw;
    main.replaceChildren(el("div", { class: "lobby single" }, form));
    await draw();
    return;
  }
  main.replaceChildren(el("div", { class: "lobby" }, quick, form, tables));
  await draw();
  await drawTables();
}

// A new table's answer (create, play again): keep its invitation links in this browser, note the
// seat this tab plays (its cookie came with the answer) and open it.
function enterCreated(r) {
  const links = {};
  for (const [pos, s] of Object.entries(r.seats)) if (Number(pos) !== r.host) links[pos] = location.origin + s.link;
  localStorage.setItem("yezi.invites." + r.id, JSON.stringify({ host: r.host, links, watch: location.origin + r.watch }));
  if (r.host !== null && r.host !== undefined) sessionStorage.setItem("yezi.seat." + r.id, String(r.host));
  go(r.watch);
}

// ---- table --------------------------------------------------------------------------------
// A seat link (/t/<id>#seat=<secret>; older links: ?token=) is exchanged once for an HttpOnly cookie
// of this table's path, and the secret leaves the address bar at once: a copied address is a
// watch link. Returns whether a link was used, and the seat this tab plays (or null).
async function takeSeat(tid) {
  const key = "yezi.seat." + tid;
  const secret = new URLSearchParams(location.hash.slice(1)).get("seat")
    || new URLSearchParams(location.search).get("token") || localStorage.getItem("yezi.token." + tid);
  let byLink = false;
  if (secret) {
    history.replaceState(history.state, "", `/t/${tid}`);
    localStorage.removeItem("yezi.token." + tid);  // kept there by older versions
    try {
      const r = await api(`/t/${encodeURIComponent(tid)}/session`, { method: "POST", body: JSON.stringify({ token: secret }) });
      sessionStorage.setItem(key, String(r.position));
      byLink = true;
    } catch (e) { toast(headed(state.lang, T("error"), e.message)); }
  }
  let held = [];
  try { held = (await api(`/t/${encodeURIComponent(tid)}/session`)).positions; } catch { held = []; }
  const want = sessionStorage.getItem(key);
  const seat = want !== null && held.includes(Number(want)) ? Number(want) : held.length ? held[0] : null;
  if (seat === null) sessionStorage.removeItem(key); else sessionStorage.setItem(key, String(seat));
  return { byLink, seat };
}

async function tablePage(main, tid) {
  const taken = await takeSeat(tid);
  const byLink = taken.byLink;
  let seat = taken.seat;
  let frame = null, ws = null, closedByUs = false, backoff = 250, counter = 0;
  const pending = new Map();
  const root = el("div", { class: "table-page" });
  const status = el("div", { id: "conn", class: "muted" });
  const notice = el("div", { id: "notice", class: "muted" });  // e.g. bots rationed while the server is busy
  const nameBox = el("form", { id: "name-form", class: "panel", hidden: true });
  const awayBox = el("div", { id: "away-box" });  // your seat's "you were away / I'm back" notice
  const endBox = el("div", { id: "end-box" });  // after the match: the result, rematch and play again, on the first screen
  let frameAt = 0, clk = null;  // when the frame arrived (its clock counts down from then)
  const ticker = setInterval(() => tick(root, clk, T), 250);
  let leaving = false, collecting = false;  // a rematch table is being opened
  // Hints: the seat's own decision only; the answer names the move it was asked for (seq).
  const hintBox = el("div", { id: "hint-box", class: "panel hint-box", hidden: true });
  let hint = null;  // { seq, deal_no, text } or { seq, deal_no, waiting: true }
  const rulesLink = el("a", { id: "rules-link", class: "rules-link", hidden: true }, T("howToPlay"));
  // the felt (with your hand at its bottom) fills the rest of the first screen: what may grow sits
  // below it (hints, rules link, settlement, log, links), and only a one-line notice and the name box above
  const chat = chatPanel({ el, lang: () => state.lang, toast, table: tid,
    send: (m) => { if (!ws || ws.readyState !== 1) return false; ws.send(JSON.stringify(m)); return true; },
    mySeat: () => (frame && frame.seat !== undefined ? frame.seat : null),
    isHost: () => !!frame && frame.seat !== null && frame.seat !== undefined && frame.table.host === frame.seat });
  // the chat beside the table where the screen is wide enough for both (app.css), below it elsewhere
  main.replaceChildren(el("div", { class: "table-with-chat" },
    el("div", { class: "table-screen" }, status, notice, awayBox, endBox, nameBox, root, hintBox, rulesLink), chat.node));
  fitWatch(main);
  function drawHint() {
    const mine = frame && frame.legal && frame.legal.length && !frame.deal_over && frame.table.hints;
    if (!mine) { hintBox.hidden = true; return; }
    const current = hint && hint.seq === frame.seq && hint.deal_no === frame.deal_no ? hint : null;
    const btn = el("button", { type: "button", id: "hint-btn", disabled: current && current.waiting }, T("hintBtn"));
    btn.onclick = () => {
      if (!ws || ws.readyState !== 1) return;
      hint = { seq: frame.seq, deal_no: frame.deal_no, waiting: true };
      ws.send(JSON.stringify({ type: "hint", id: `h-${Date.now().toString(36)}`, level: "normal" }));
      drawHint();
    };
    hintBox.replaceChildren(...[btn, current ? hintBody(current) : null].filter(Boolean));
    hintBox.hidden = false;
    placeHint(current && !current.waiting ? current.action : null);
  }
  // The hint in a player's words: one line (the move, and how much better it is than the next
  // choice), what each of the two did over the simulated deals, and the statistics folded away.
  function hintBody(h) {
    if (h.waiting) return el("span", { class: "muted" }, T("hintThinking"));
    const more = h.details ? el("details", { class: "hint-details", id: "hint-details", open: !!h.open },
      el("summary", {}, T("hintDetails")), el("pre", {}, h.details)) : null;
    if (more) more.addEventListener("toggle", () => { h.open = more.open; });
    return el("div", { id: "hint-text", class: "hint-text", "aria-live": "polite" },
      el("strong", { class: "hint-line", id: "hint-line" }, h.line),
      h.risk ? el("div", { class: "hint-risk", id: "hint-risk" }, h.risk.split("\n").map((l) => el("div", {}, l))) : null,
      more);
  }
  // The hint sits with your own part of the table (beside the hand, in the first screen), and the
  // suggested move is marked on the table itself: its cards or tiles in the hand (the game's
  // hintCards, one mark per copy named), what else it touches (hintSpots: the lake card it
  // catches, the drawn card) and its button where it has one.
  function placeHint(action) {
    const mine = root.querySelector(".felt-mine") || root.querySelector(".felt");
    if (mine && hintBox.parentNode !== mine) mine.append(hintBox);
    if (!hintBox.hidden) needAlso(root, "hint", hintBox);
    for (const e of root.querySelectorAll(".hinted")) e.classList.remove("hinted");
    if (action === null || action === undefined || hintBox.hidden) return;
    const hand = [...root.querySelectorAll("#hand [data-card], #hand [data-kind]")];
    const used = new Set();
    for (const c of mod && mod.hintCards ? mod.hintCards(action) : []) {
      const e = hand.find((x) => !used.has(x) && String(x.dataset.card ?? x.dataset.kind) === String(c));
      if (e) { used.add(e); e.classList.add("hinted"); }
    }
    for (const sel of mod && mod.hintSpots ? mod.hintSpots(action) : []) {
      const all = root.querySelectorAll(sel);
      if (all.length) all[all.length - 1].classList.add("hinted");  // of a pile, the card on top
    }
    for (const e of root.querySelectorAll(`[data-action="${action}"]`)) e.classList.add("hinted");
  }
  // ---- a refused card, tapped: why (the engine's rule, in the reader's language) ----------------
  // Asked for once per decision, for every refused card of the hand together (one request, worked
  // out in a worker from the seat's view), and shown in a bubble beside the card: a live region,
  // so a screen reader says it, and the card names it (aria-describedby).
  const whyBox = el("div", { id: "refusal", class: "refusal", role: "status", "aria-live": "polite", hidden: true });
  document.body.append(whyBox);
  let refused = null;  // { deal_no, seq, waiting, answers: {code: reason|null}, tapped: the actions tapped }
  function askWhy(btn, actions) {
    if (!frame || !actions.length) return;
    if (!refused || refused.seq !== frame.seq || refused.deal_no !== frame.deal_no) {
      refused = { deal_no: frame.deal_no, seq: frame.seq, waiting: false, answers: {} };
    }
    refused.tapped = actions.map(String);
    refused.key = btn.dataset.why;
    const missing = actions.filter((a) => !(String(a) in refused.answers));
    if (missing.length && !refused.waiting && ws && ws.readyState === 1) {
      const all = [...root.querySelectorAll("[data-why]")].flatMap((b) => b.dataset.why.split(",").map(Number));
      const ask = [...new Set([...missing, ...all])].filter((a) => !(String(a) in refused.answers)).slice(0, 64);
      refused.waiting = true;
      ws.send(JSON.stringify({ type: "why", id: `w-${Date.now().toString(36)}`, actions: ask }));
    }
    drawWhy();
  }
  function drawWhy() {
    const r = refused && frame && refused.seq === frame.seq && refused.deal_no === frame.deal_no ? refused : null;
    const btn = r && r.key ? [...root.querySelectorAll("[data-why]")].find((b) => b.dataset.why === r.key) : null;
    for (const b of root.querySelectorAll(".refused.asked")) { b.classList.remove("asked"); b.removeAttribute("aria-describedby"); }
    if (!btn) { whyBox.hidden = true; whyBox.replaceChildren(); return; }
    const said = r.tapped.map((a) => r.answers[a]).find(Boolean);
    if (!said && !r.waiting) { whyBox.hidden = true; return; }
    whyBox.replaceChildren(...(said ? [el("strong", { class: "why-said" }, "✗ " + (said.message || said.rule_text)),
      said.rule_text && said.rule_text !== said.message ? el("span", { class: "why-rule" }, said.rule_text) : null]
      : [el("span", { class: "muted" }, T("hintThinking"))]).filter(Boolean));
    btn.classList.add("asked");
    btn.setAttribute("aria-describedby", "refusal");
    whyBox.hidden = false;
    whyFor = btn;
    placeWhy();
  }
  // below the card, over the rest of the hand (the cards being answered stay in view above it),
  // or above it where the screen has no room below; inside the screen's width. Placed again when the
  // table's size changes under it (the felt fitted to the screen after a draw moves the card).
  let whyFor = null;
  function placeWhy() {
    if (whyBox.hidden || !whyFor || !whyFor.isConnected) return;
    const c = whyFor.getBoundingClientRect();
    const w = whyBox.getBoundingClientRect();
    const left = Math.max(6, Math.min(window.innerWidth - w.width - 6, c.left + c.width / 2 - w.width / 2));
    const top = c.bottom + 8 + w.height <= window.innerHeight - 4 || c.top - w.height - 8 < 4 ? c.bottom + 8 : c.top - w.height - 8;
    whyBox.style.left = `${left + window.scrollX}px`;
    whyBox.style.top = `${top + window.scrollY}px`;
  }
  // what moves the card or changes the bubble's own height: the table's size, the page's (a notice or
  // the name box above the table pushes it down), the bubble's (its text replaced, a font come in)
  const whyObserver = window.ResizeObserver ? new ResizeObserver(() => placeWhy()) : null;
  if (whyObserver) { whyObserver.observe(root); whyObserver.observe(whyBox); whyObserver.observe(document.body); }
  window.addEventListener("resize", placeWhy);
  const hideWhy = (ev) => {
    if (whyBox.hidden || (ev.type === "keydown" && ev.key !== "Escape")) return;
    if (ev.type !== "keydown" && ev.target && ev.target.closest && ev.target.closest("[data-why], #refusal")) return;
    refused && (refused.key = null);
    drawWhy();
  };
  document.addEventListener("pointerdown", hideWhy);
  document.addEventListener("keydown", hideWhy);
  function askName() {
    // someone who came by an invite link has not told us a name yet
    // (a seat its host named when opening the table, or named before in this browser, is not asked)
    const named = frame && frame.position !== null && ((frame.table.players || [])[frame.position] || {}).name;
    if (!byLink || localStorage.getItem("yezi.name") || !frame || frame.position === null || named) { nameBox.hidden = true; return; }
    const input = el("input", { id: "join-name", maxlength: 24, autocomplete: "nickname", "aria-label": T("yourName") });
    const mine = frame.seat !== null && frame.seat !== undefined ? frame.seat_names[state.lang][frame.seat] : null;
    nameBox.replaceChildren(mine ? el("p", { id: "your-seat" }, T("youAreHere", { seat: mine })) : "",
      el("label", {}, el("span", {}, T("yourName")), input,
      el("button", { type: "submit", class: "primary" }, T("ok"))));
    nameBox.onsubmit = (ev) => {
      ev.preventDefault();
      const nm = input.value.trim();
      if (!nm) return;
      localStorage.setItem("yezi.name", nm);
      ws && ws.readyState === 1 && ws.send(JSON.stringify({ type: "name", name: nm }));
      nameBox.hidden = true;
    };
    nameBox.hidden = false;
  }
  let mod = null;
  let explained = null;  // { seq, deal_no, waiting, extras }: the answer to the last "explain" request
  let friendsAsked = null;
  const ctx = {
    mode: "live",
    get lang() { return state.lang; },
    T,
    el, svgNode, toast,
    assets: (game) => assets(game, state.lang),
    ...styleCtx,
    get cards() { return state.cards; },
    send(action) {
      const id = `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const msg = { type: "action", action, id, seq: frame ? frame.seq : undefined };
      pending.set(id, msg);
      ws && ws.readyState === 1 && ws.send(JSON.stringify(msg));
      return id;
    },
    nextDeal() { ws && ws.readyState === 1 && ws.send(JSON.stringify({ type: "next_deal", id: "nd-" + Date.now() })); },
    // a refused card was tapped: say why (common.js refusable)
    why: (btn, actions) => askWhy(btn, actions),
    // the game drew its table again by itself (a card selected): the hint's place and marks, the refusal's bubble
    mounted() { if (frame) { drawHint(); drawWhy(); } },
    // explanations of the current position (Luk Fu: why each 老歲 card is one) come on request, not in every frame
    explain() {
      if (!frame || (explained && explained.seq === frame.seq && explained.deal_no === frame.deal_no)) return;
      explained = { seq: frame.seq, deal_no: frame.deal_no, waiting: true, extras: {} };
      ws && ws.readyState === 1 && ws.send(JSON.stringify({ type: "explain", id: "x-" + Date.now().toString(36) }));
    },
    explained() {
      return frame && explained && explained.seq === frame.seq && explained.deal_no === frame.deal_no ? explained.extras : null;
    },
    // a seated player's own record and replay (what it saw: its cookie goes to /t/<id>/... only); a
    // spectator's are what everybody saw
    recordUrl: (k) => (frame && frame.seat != null && frame.deal_no === k
      ? `/t/${tid}/deals/${k}/record.txt?lang=${state.lang}&seat=${frame.seat}`
      : `/api/tables/${tid}/deals/${k}/record.txt?lang=${state.lang}`),
    replayUrl: (k) => `/replay?table=${tid}&deal=${k}` + (frame && frame.seat != null && frame.deal_no === k ? `&seat=${frame.seat}` : ""),
    invites: () => { try { return JSON.parse(localStorage.getItem("yezi.invites." + tid)); } catch { return null; } },
    watchLink: () => location.origin + `/t/${tid}`,
    // a signed-in host's friends (null for a guest), asked once per page; and inviting one to a seat
    // (a guest is not asked: its 401 would be an error in the page's console)
    friends: () => (friendsAsked ||= whoAmI().then((w) => (w && w.user ? fetch("/api/me/friends") : null))
      .then((r) => (r && r.ok ? r.json() : null)).then((d) => (d ? d.friends : null)).catch(() => null)),
    inviteFriend: (pos, name) => api(`/t/${encodeURIComponent(tid)}/invite-friend`, { method: "POST",
      body: JSON.stringify({ position: pos, name }) }),
    // the host's new invitation for a seat: the old link stops working
    async reissue(pos) {
      const r = await api(`/t/${encodeURIComponent(tid)}/invite`, { method: "POST", body: JSON.stringify({ position: Number(pos) }) });
      const inv = ctx.invites() || { host: frame ? frame.position : null, links: {} };
      inv.links[String(pos)] = location.origin + r.link;
      localStorage.setItem("yezi.invites." + tid, JSON.stringify(inv));
      toast(T("reissued"));
      draw();
    },
  };
  // One draw at a time: a frame arriving while the last one renders (the render awaits its module and
  // assets) is drawn after it, once, from the newest frame; two draws interleaved put two clocks in
  // the prompt and could leave an older frame on the felt.
  let drawing = null, drawAgain = false;
  function draw() {
    if (drawing) { drawAgain = true; return drawing; }
    drawing = (async () => {
      try { do { drawAgain = false; await drawNow(); } while (drawAgain); } finally { drawing = null; }
    })();
    return drawing;
  }
  async function drawNow() {
    if (!frame) return;
    notice.textContent = (frame.table.notice && frame.table.notice[state.lang]) || "";
    if (!mod) mod = await renderer(frame.table.game);
    const before = snapshot(root);
    await mod.render(root, frame, ctx);
    drawHint();  // the render replaced the felt: put the hint back beside the hand
    drawWhy();
    clk = clockOf(frame, frameAt);
    decorate(root, frame, clk, ctx);
    needAlso(root, "clock", root.querySelector(".felt #prompt [data-clock]"));  // your clock, in your prompt
    const banner = awayBanner(frame, ctx, () => {
      ws && ws.readyState === 1 && ws.send(JSON.stringify({ type: "back", id: "back-" + Date.now().toString(36) }));
    });
    // redrawn only when it says something else: a button that stays put under the finger while the table moves on
    const key = banner ? `${state.lang}:${banner.textContent}` : "";
    if (awayBox.dataset.key !== key) { awayBox.dataset.key = key; awayBox.replaceChildren(...(banner ? [banner] : [])); }
    const ended = frame.match_over && frame.table.match && frame.table.match.settle;
    const endKey = ended ? `${state.lang}:${frame.position}:${JSON.stringify(frame.table.rematch || null)}:${JSON.stringify(frame.table.match.settle)}:${frame.table.players.map((p) => p.name)}` : "";
    if (endBox.dataset.key !== endKey) { endBox.dataset.key = endKey; endBox.replaceChildren(...(ended ? [matchEnd(frame)] : [])); }
    fitTable();
    animate(root, frame, before);
    collectRematch();
  }
  // ---- after the match: rematch (every player accepts; bots do by themselves) and play again ----
  const names = (poss) => poss.map((p) => (frame.table.players[p] && frame.table.players[p].name) || `${T("player")} ${p + 1}`).join(", ");
  // One request at a time: every answer that names the new table sets this seat's cookie there. The
  // credential is the same for every holder of this seat (yezi.server.rematch), so another tab or
  // device collecting it voids nothing; one request at a time still keeps the page from opening the new
  // table before its cookie has arrived and sitting there as a spectator.
  async function askRematch() {
    if (leaving || collecting) return;
    collecting = true;
    try {
      const r = await api(`/t/${encodeURIComponent(tid)}/rematch`, { method: "POST", body: JSON.stringify({ position: frame.position }) });
      if (r.table) { enterRematch(r.table); return; }
    } catch (e) { toast(headed(state.lang, T("error"), e.message)); }
    collecting = false;
    collectRematch();  // the new table may have been announced while we asked
  }
  function enterRematch(id) {
    if (leaving) return;
    leaving = true;
    sessionStorage.setItem("yezi.seat." + id, String(frame.position));
    go(`/t/${id}`);
  }
  // everyone accepted: fetch this seat's credential at the new table (the old seat's cookie proves it) and go
  function collectRematch() {
    const rm = frame.table.rematch;
    if (!rm || !rm.table || leaving || collecting || frame.position === null || !rm.accepted.includes(frame.position)) return;
    collecting = true;
    api(`/t/${encodeURIComponent(tid)}/rematch`, { method: "POST", body: JSON.stringify({ position: frame.position }) })
      .then((r) => enterRematch(r.table))
      .catch((e) => { collecting = false; toast(headed(state.lang, T("error"), e.message)); });
  }
  // the end of the match, above the table: your total, each seat's total and who pays whom in the fewest
  // transfers (the server's settle-up: a family settles the evening in cash), the match to take home,
  // then rematch / play again (BGA's end-of-game bar)
  function matchEnd(f) {
    const me = f.position;
    const settle = f.table.match.settle;
    const total = me !== null && me !== undefined ? settle.totals[me] : null;
    const mine = total === null || total === undefined ? "" : ` · ${T("yourTotal")} ${signedAmount(total)}`;
    // as the lobby numbers them: a person by name, a bot as "Player 3 · Bot"; position n is a carried 官堆
    const who = (p) => (p === f.table.players.length ? T("poolParty")
      : f.table.players[p].kind === "bot" ? `${T("player")} ${p + 1} · ${T("bot")}`
      : f.table.players[p].name || `${T("player")} ${p + 1}`) + (p === me ? aside(state.lang, T("youMark")) : "");
    const pays = (a, b, x) => paysLine(T, el, who(a), who(b), x);
    const order = settle.totals.map((t, p) => p).sort((a, b) => amountValue(settle.totals[b]) - amountValue(settle.totals[a]));
    const board = el("ol", { class: "settle-totals", "aria-label": T("totals") }, order.map((p) =>
      el("li", { class: p === me ? "mine" : "", "data-settle-total": p }, el("span", {}, who(p)),
        el("strong", {}, signedAmount(settle.totals[p])))));
    const moves = el("ul", { class: "settle-transfers", id: "settle-up", "aria-label": T("settleUp") },
      settle.transfers.length ? settle.transfers.map(([a, b, x]) => el("li", { "data-transfer": `${a}:${b}` },
        ...pays(a, b, x)))
        : [el("li", { class: "muted" }, T("square"))]);
    const pool = amountValue(settle.pool) ? el("p", { class: "muted" }, T("poolKeeps", { pool: amountText(settle.pool) }))
      : amountValue(settle.split) ? el("p", { class: "muted", id: "pool-split" }, T("poolSplit", { share: amountText(settle.split) })) : null;
    const zip = f.position != null ? `/t/${encodeURIComponent(f.table.id)}/match.zip?lang=${state.lang}&position=${f.position}`
      : `/api/tables/${encodeURIComponent(f.table.id)}/match.zip?lang=${state.lang}`;
    const take = el("a", { class: "button", id: "download-match", href: zip,
      download: `yezi-${f.table.game}-${f.table.id}-match.zip` }, T("downloadMatch"));
    return el("section", { class: "panel match-end", id: "match-end", "aria-live": "polite" },
      el("strong", {}, T("matchOver") + mine),
      el("div", { class: "settle" }, board, el("div", {}, el("h3", {}, T("settleUp")), moves, pool)),
      el("div", { class: "buttons" }, ...(f.table.rematch ? afterMatch(f) : []), take),
      el("a", { href: "#settlement", class: "to-settlement", onclick: (ev) => {
        ev.preventDefault();
        const st = document.getElementById("settlement");
        if (st) st.scrollIntoView({ behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
      } }, T("settlement") + " ↓"));
  }
  // amounts come as ints or exact "p/q" text (yezi.server.errors.json_num): shown as a person writes them, 3½
  function afterMatch(f) {
    const rm = f.table.rematch;
    const me = f.position;
    const out = [];
    const asked = rm.accepted.filter((p) => p !== me);
    if (me !== null && me !== undefined && rm.wanted.includes(me)) {
      if (!rm.table && !rm.accepted.includes(me)) {
        if (asked.length) out.push(el("span", { class: "rematch-asked", id: "rematch-asked" }, T("rematchAsked", { names: names(asked) })));
        out.push(el("button", { type: "button", id: "rematch-btn", class: "primary", onclick: askRematch },
          asked.length ? T("acceptRematch") : T("rematch")));
      } else if (!rm.table) {
        const waiting = rm.wanted.filter((p) => !rm.accepted.includes(p));
        out.push(el("span", { class: "muted", id: "rematch-wait" }, T("rematchWaiting", { names: names(waiting) })));
      }
      out.push(el("button", { type: "button", id: "play-again", onclick: async () => {
        try {
          enterCreated(await api(`/t/${encodeURIComponent(tid)}/again`, { method: "POST", body: JSON.stringify({ position: me }) }));
        } catch (e) { toast(headed(state.lang, T("error"), e.message)); }
      } }, T("playAgain")));
    } else if (rm.table) {
      out.push(el("a", { class: "button", id: "watch-rematch", href: `/t/${rm.table}` }, T("watchRematch")));
    }
    return out;
  }
  state.redraw = draw;
  state.rerender = () => {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify({ type: "lang", lang: state.lang }));  // log lines
    if (hint && !hint.waiting) hint = null;  // its text is in the old language: ask again
    refused = null;
    draw();
    drawHint();
    chat.redraw();
  };
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams();
    if (seat !== null) q.set("seat", String(seat));  // the seat's cookie proves it; no secret in the address
    q.set("name", localStorage.getItem("yezi.name") || "");
    q.set("lang", state.lang);
    ws = new WebSocket(`${proto}//${location.host}/t/${encodeURIComponent(tid)}/ws?${q}`);
    ws.onopen = () => { backoff = 250; status.textContent = ""; };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === "state") {
        const first = !frame; frame = m; frameAt = performance.now(); draw(); drawHint();
        if (first) { setPlace(() => title({ titles: m.table.titles, name: m.table.game })); askName(); }
        rememberDeal(m);  // a finished deal joins "your games" in this browser
        rulesLink.href = `/rules/${encodeURIComponent(frame.table.game)}?lang=${state.lang}`;
        rulesLink.textContent = T("howToPlay"); rulesLink.hidden = false;
      }
      else if (m.type === "ack") { pending.delete(m.id); chat.onAck(m); }
      else if (m.type === "chat") chat.onMessage(m);
      else if (m.type === "notice") {  // a signed-in player's notice from elsewhere (another table's "your move")
        if (m.url !== location.pathname) toast(m.text);
        whoAmI(true).then(() => drawWho(state.lang));
      }
      else if (m.type === "explain") { explained = { seq: m.seq, deal_no: m.deal_no, extras: m.extras || {} }; draw(); }
      else if (m.type === "hint") {
        const h = m.hint;
        hint = { seq: m.seq, deal_no: m.deal_no, line: h.line || h.summary, risk: h.risk || "", details: h.details || "",
          action: h.action ?? h.recommended };
        drawHint();
      }
      else if (m.type === "why") {
        if (refused && refused.seq === m.seq && refused.deal_no === m.deal_no) {
          Object.assign(refused.answers, m.refusals || {});
          refused.waiting = false;
          drawWhy();
        }
      }
      else if (m.type === "error") {
        if (m.id) pending.delete(m.id);
        if (m.id && m.id.startsWith("h-")) { hint = null; drawHint(); }
        if (m.id && m.id.startsWith("x-")) explained = null;
        if (m.id && m.id.startsWith("w-")) { if (refused) refused.waiting = false; drawWhy(); }
        // an unknown table: the not-found page (on the socket's close) says so, no toast over it
        if (m.code !== "no-table") toast(headed(state.lang, T("error"), errorText(state.lang, m.code, m.message, m.messages)));
        if (m.code === "bad-token") { seat = null; sessionStorage.removeItem("yezi.seat." + tid); }
        if (mod && mod.onError && !(m.id && m.id.startsWith("w-"))) mod.onError(m);  // a question changed no selection
      }
    };
    ws.onclose = (ev) => {
      if (closedByUs || ev.code === 4404) {
        if (ev.code === 4404) { closedByUs = true; notFound(main, "notFoundTable"); }
        return;
      }
      if (ev.code === 4410) { status.textContent = T("expired"); return; }  // archived: nothing to reconnect to
      status.textContent = T("reconnecting");
      setTimeout(connect, backoff);
      backoff = Math.min(backoff * 2, 5000);
    };
  }
  connect();
  main._cleanup = () => {
    closedByUs = true; clearInterval(ticker); ws && ws.close();
    whyBox.remove(); document.removeEventListener("pointerdown", hideWhy); document.removeEventListener("keydown", hideWhy);
    window.removeEventListener("resize", placeWhy); whyObserver && whyObserver.disconnect();
  };
}

// The felt's top in the page, as --felt-top: the felt is at most as tall as the rest of the first
// screen (app.css), so that whatever shows above it (a notice, the name box, a wrapped header) the
// hand at its bottom stays on screen while the middle of the table shrinks and scrolls instead.
function fitTable() {
  const felt = document.querySelector(".table-page .felt, .table-screen .felt");
  if (!felt) return;
  const top = Math.round(felt.getBoundingClientRect().top + window.scrollY);
  const now = document.documentElement.style.getPropertyValue("--felt-top");
  if (now !== top + "px") document.documentElement.style.setProperty("--felt-top", top + "px");
  // the table gives way down to its middle (what a decision answers), not below: the others' seats
  // above it shrink instead (app.css, issue 21)
  const table = felt.querySelector(":scope > .felt-table"), centre = table && table.querySelector(":scope > .ring-centre");
  if (centre) {
    const gap = parseFloat(getComputedStyle(table).rowGap) || 0;
    const min = Math.ceil(centre.getBoundingClientRect().height + gap) + "px";
    if (table.style.minHeight !== min) table.style.minHeight = min;
  }
}
let fitObserver = null;
function fitWatch(main) {
  if (!fitObserver && window.ResizeObserver) fitObserver = new ResizeObserver(() => fitTable());
  if (fitObserver) { fitObserver.disconnect(); fitObserver.observe(document.body); fitObserver.observe(main); }
  window.addEventListener("resize", fitTable);
}

// ---- replay -------------------------------------------------------------------------------
async function replayPage(main) {
  const params = new URLSearchParams(location.search);
  const tid = params.get("table"), deal = params.get("deal");
  let data = null, step = 0, seat = /^\d+$/.test(params.get("seat") || "") ? params.get("seat") : "all";
  setPlace(() => (data ? `${title({ titles: data.titles, name: data.game })} · ${T("replayTitle")}` : T("replayTitle")));
  let uploaded = null, mod = null;
  const start = el("div", { class: "replay-start" });
  const noteBox = el("div", { class: "replay-notes" });
  const root = el("div", { class: "replay-view" });
  const bar = el("div", { class: "replay-bar" });
  const file = el("input", { type: "file", id: "record-file", accept: ".txt,.json,text/plain" });
  const head = el("div", { class: "panel replay-head" });
  // the board first (issue 21: a text dump of the starting hands pushed it below the fold), the engine's
  // note on the step above it, the starting hands folded away below it
  main.replaceChildren(el("div", { class: "replay-page" }, head, bar, noteBox, root, start));
  async function load() {
    try {
      if (uploaded !== null) {
        const r = await fetch(`/api/replay?seat=${seat}`, { method: "POST", body: uploaded });
        data = await r.json().catch(() => null);
        if (!r.ok || !data) throw new Error(errorText(state.lang, data && data.error, (data && data.message) || r.statusText));
      } else if (tid) {
        // a seat's replay needs its cookie, which goes to /t/<id>/... only; without it the server answers everybody's
        const base = /^\d+$/.test(String(seat)) ? `/t/${encodeURIComponent(tid)}` : `/api/tables/${encodeURIComponent(tid)}`;
        data = await patiently(() => api(`${base}/deals/${encodeURIComponent(deal || 0)}/replay?seat=${seat}`));
      } else { data = null; }
    } catch (e) {
      // an unknown table or deal; "busy" past the retries, or a refused seat, says so instead
      if (tid && uploaded === null && e.status === 404) { notFound(main, "notFoundRecord"); return; }
      toast(e.message); data = null;
    }
    if (data) {
      seat = data.seat;  // what the server answered: a seat's record replays as that seat, a table's without credential as everybody
      mod = await renderer(data.game); step = Math.min(step, data.frames.length - 1);
    }
    showTitle();
    draw();
  }
  file.onchange = async () => {
    if (!file.files.length) return;
    uploaded = await file.files[0].text();
    step = 0; seat = "all";
    load();
  };
  function draw() {
    // a deal being replayed keeps the upload folded away: the board is what the page is for
    const upload = el("label", {}, el("span", {}, T("upload") + " "), file);
    head.replaceChildren(el("h2", {}, T("replayTitle")),
      data ? el("details", { class: "replay-upload" }, el("summary", {}, T("upload")), upload) : upload);
    if (!data) { bar.replaceChildren(); start.replaceChildren(); noteBox.replaceChildren(); root.replaceChildren(); return; }
    const n = data.frames.length - 1;
    const seatSel = el("select", { id: "replay-seat", "aria-label": T("seatView") },
      el("option", { value: "all", selected: seat === "all" || seat === "public" }, T("everything")),
      data.seat_names[state.lang].map((nm, i) => el("option", { value: i, selected: String(seat) === String(i) }, nm)));
    seatSel.onchange = () => { seat = seatSel.value; load(); };
    const btn = (id, label, fn) => el("button", { type: "button", id, onclick: fn, "aria-label": T(
      { "replay-first": "first", "replay-prev": "prev", "replay-next": "next", "replay-last": "last" }[id]) }, label);
    const slider = el("input", { type: "range", min: 0, max: n, value: step, id: "replay-slider", "aria-label": T("step") });
    slider.oninput = () => { step = Number(slider.value); draw(); };
    bar.replaceChildren(
      el("label", {}, el("span", {}, T("seatView") + " "), seatSel),
      btn("replay-first", "«", () => { step = 0; draw(); }),
      btn("replay-prev", "◀", () => { step = Math.max(0, step - 1); draw(); }),
      el("span", { id: "replay-step" }, `${T("step")} ${step}/${n}`),
      btn("replay-next", "▶", () => { step = Math.min(n, step + 1); draw(); }),
      btn("replay-last", "»", () => { step = n; draw(); }),
      slider,
    );
    const f = data.frames[step];
    drawStart(n, f);
    const fr = { replay: true, view: f.view, seat_views: f.seat_views, log: f.log, payments: f.payments,
      seat_names: data.seat_names, active_seats: data.active_seats, seat: /^\d+$/.test(String(seat)) ? Number(seat) : null,
      deal_over: step === n && f.view.to_act === null, table: { game: data.game, players: [], id: tid || "", titles: data.titles },
      tags: data.tags };
    mod.render(root, fr, { mode: "replay", get lang() { return state.lang; }, T, el, svgNode, toast,
      assets: (game) => assets(game, state.lang), ...styleCtx,
      get cards() { return state.cards; }, send() {}, nextDeal() {} });
  }
  // The engine's note on the step shown, above the board; the starting hands (the chosen seat's; every
  // seat's at the last step, once the deal is over: the server sends those only for a finished deal) folded
  // below it, with a button that shows the starting position on the board itself.
  let startOpen = false;
  function drawStart(n, f) {
    const sp = data.start;
    const note = f.note && (f.note[state.lang] || f.note.en);
    noteBox.replaceChildren(...(note ? [el("p", { class: "panel replay-note", id: "replay-note" }, headed(state.lang, T("note"), note))] : []));
    if (!sp) { start.replaceChildren(); return; }
    const over = step === n && f.view.to_act === null;
    const shown = sp.seats.map((s, i) => [s, i]).filter(([s]) => seat === "all" || s === Number(seat) || over);
    const texts = sp.texts[state.lang] || sp.texts.en;
    const box = el("details", { class: "panel replay-hands", id: "replay-start", open: startOpen },
      el("summary", {}, T("startHands")),
      step !== sp.step ? el("button", { type: "button", id: "replay-to-start", onclick: () => { step = sp.step; draw(); } }, T("toStart")) : null,
      shown.map(([s, i]) => el("div", { class: "start-seat", "data-seat": s },
        el("h4", {}, data.seat_names[state.lang][s]), el("pre", { class: "start-text" }, texts[i]))));
    box.addEventListener("toggle", () => { startOpen = box.open; });
    start.replaceChildren(box);
  }
  document.onkeydown = (ev) => {
    if (!data || !location.pathname.startsWith("/replay")) return;
    if (ev.target && ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
    if (ev.key === "ArrowRight") { step = Math.min(data.frames.length - 1, step + 1); draw(); }
    if (ev.key === "ArrowLeft") { step = Math.max(0, step - 1); draw(); }
  };
  state.rerender = draw;
  state.redraw = draw;
  await load();
}

// ---- router -------------------------------------------------------------------------------
export function go(path) {
  history.pushState({}, "", path);
  route();
}
async function route() {
  const main = document.getElementById("main");
  if (main._cleanup) { main._cleanup(); main._cleanup = null; }
  state.rerender = null;
  document.onkeydown = null;
  const p = location.pathname;
  place = () => null;  // until the view names its place (a table, once its first frame says which game)
  const m = p.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  const club = p.match(/^\/c(?:\/([A-Za-z0-9_-]+)(\/ledger)?)?\/?$/);
  const tour = p.match(/^\/tournaments(?:\/([A-Za-z0-9_-]+))?\/?$/);
  // the server answered this address with a 404 (no such table): its page at once, no socket tried
  const missing = main.dataset.status === "404";
  delete main.dataset.status;
  try {
    if (m && missing) notFound(main, "notFoundTable");
    else if (missing) notFound(main, "notFoundPage");  // an address the server has no page for
    else if (m) await tablePage(main, m[1]);
    else if (club) {  // /c, /c/<club>, /c/<club>/ledger (yezi/web/clubs.js)
      const titles = Object.fromEntries((await games()).map((g) => [g.name, title(g)]));
      await clubRoute(main, club[1] || null, Boolean(club[2]), { el, T, api, toast, go, setPlace, titles,
        lang: state.lang, botName: (b) => botName(state.lang, b) });
      state.rerender = route;
    }
    else if (tour) {  // /tournaments, /tournaments/<id> (yezi/web/tournaments.js)
      const titles = Object.fromEntries((await games()).map((g) => [g.name, title(g)]));
      await tournamentRoute(main, tour[1] || null, { el, T, api, toast, go, setPlace, titles, lang: state.lang });
      state.rerender = route;
    }
    else if (p === "/replay") await replayPage(main);
    else if (p === "/games") {
      setPlace(() => T("yourGames"));
      const titles = Object.fromEntries((await games()).map((g) => [g.name, title(g)]));
      const [account, awaiting] = await Promise.all([accountGames(), awaitingGames()]);
      await myGamesPage(main, { el, T, lang: state.lang, titles, account, awaiting });
      if (location.hash === "#awaiting") document.getElementById("awaiting")?.scrollIntoView();
      state.rerender = route;
    }
    else if (p === "/signup" || p === "/signin" || p === "/account") {
      const page = { "/signup": [signUpPage, "signUpTitle"], "/signin": [signInPage, "signInTitle"], "/account": [accountPage, "accountTitle"] }[p];
      setPlace(() => T(page[1]));
      await page[0](main, { el, T, lang: state.lang, go, toast });
      state.rerender = p === "/signup" || p === "/signin" ? null : route;  // a form half filled in is not drawn again
    }
    else await lobby(main);
  } catch (e) { main.replaceChildren(el("p", { class: "error" }, String(e.message || e))); }
}
document.addEventListener("click", (ev) => {
  const a = ev.target.closest && ev.target.closest("a[href^='/']");
  if (a && !a.hasAttribute("download") && !a.getAttribute("href").startsWith("/api/")
      && !/^\/(rules|learn)/.test(a.getAttribute("href")) && ev.button === 0 && !ev.ctrlKey && !ev.metaKey) {
    ev.preventDefault();
    go(a.getAttribute("href"));
  }
});
window.addEventListener("popstate", route);
// a seat link pasted over the address of the same table changes only the fragment
window.addEventListener("hashchange", () => { if (/(^|[#&])seat=/.test(location.hash)) route(); });
for (const b of document.querySelectorAll("#langs button")) b.addEventListener("click", () => setLang(b.dataset.lang));
setLang(state.lang, false);
whoAmI().then(() => drawWho(state.lang));
// a signed-in player's "Your move" badge follows their games elsewhere (a turn-based move made overnight)
setInterval(() => { if (document.visibilityState === "visible") whoAmI(true).then((w) => { if (w && w.user) drawWho(state.lang); }); }, 60000);
// a passkey signed someone in (passkeys.js): the header names them, and this browser's guest seats are theirs
document.addEventListener("yezi:signed-in", () => whoAmI(true).then(() => { drawWho(state.lang); return carrySeats(); }));
route();
