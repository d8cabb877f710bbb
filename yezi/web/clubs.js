// Clubs (issue 22): /c (my clubs, public clubs, make one), /c/<id> (the club's home: its standing table,
// the tables being played and their seats, leaderboard, recent games, members) and /c/<id>/ledger (the
// balance, who owes whom, the history an organiser annotates). Everything is the server's answer
// (yezi/server/routes/clubs.py); names come from other players, so they go in as text, never HTML.
import { amountText, amountValue, paysLine, signedAmount } from "/static/amounts.js";
import { aside } from "/static/i18n.js";
import { talkPanel } from "/static/talk.js";

const LANG_NAMES = { "zh-hant": "繁體", "zh-hans": "简体", en: "English" };
const ROLE_KEYS = { owner: "clubRoleOwner", organiser: "clubRoleOrganiser", member: "clubRoleMember" };

export async function clubRoute(main, cid, ledger, ctx) {
  if (!cid) return clubsIndex(main, ctx);
  if (ledger) return ledgerPage(main, cid, ctx);
  return clubHome(main, cid, ctx);
}

function when(ctx, t) {
  const loc = ctx.lang === "en" ? "en" : ctx.lang === "zh-hans" ? "zh-CN" : "zh-TW";
  try { return new Date(t * 1000).toLocaleDateString(loc, { year: "numeric", month: "short", day: "numeric" }); }
  catch { return String(t); }
}
const enc = encodeURIComponent;

async function clubsIndex(main, ctx) {
  const { el, T, api, go } = ctx;
  ctx.setPlace(() => T("clubs"));
  const data = await api("/api/clubs");
  const item = (c) => el("li", { class: "club-item", "data-club": c.id },
    el("a", { href: `/c/${enc(c.id)}` }, c.name),
    c.role ? el("span", { class: "chip" }, T(ROLE_KEYS[c.role])) : null,
    c.members ? el("span", { class: "muted" }, T("clubMembersCount", { n: c.members })) : null);
  const parts = [el("section", { class: "panel club-intro" }, el("h2", {}, T("clubs")), el("p", { class: "muted" }, T("clubsHint")))];
  if (data.signed_in) {
    parts.push(el("section", { class: "panel", id: "my-clubs" }, el("h2", {}, T("clubYours")),
      data.mine.length ? el("ul", { class: "club-list" }, data.mine.map(item)) : el("p", { class: "muted" }, T("none"))));
    const name = el("input", { id: "club-name", maxlength: 40, required: true, autocomplete: "off" });
    const langs = Object.entries(LANG_NAMES).map(([k, v]) => el("label", { class: "check" },
      el("input", { type: "checkbox", value: k, "data-club-lang": k, checked: k === ctx.lang }), el("span", { lang: k }, v)));
    const priv = el("input", { type: "checkbox", id: "club-private", checked: true });
    const form = el("form", { class: "panel", id: "club-create" }, el("h2", {}, T("clubMake")),
      el("label", {}, el("span", {}, T("clubName")), name),
      el("fieldset", { class: "club-langs" }, el("legend", {}, T("clubLanguages")), langs),
      el("label", { class: "check" }, priv, el("span", {}, T("clubPrivate"))),
      el("button", { type: "submit", class: "primary", id: "club-create-btn" }, T("clubCreate")));
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      const languages = [...form.querySelectorAll("[data-club-lang]")].filter((x) => x.checked).map((x) => x.value);
      try {
        const r = await api("/api/clubs", { method: "POST", body: JSON.stringify({ name: name.value, languages, private: priv.checked }) });
        go(r.page);
      } catch (e) { ctx.toast(e.message); }
    };
    parts.push(form);
  } else {
    parts.push(el("p", { class: "panel", id: "club-sign-in" }, T("clubSignIn")));
  }
  parts.push(el("section", { class: "panel", id: "public-clubs" }, el("h2", {}, T("clubPublic")),
    data.public.length ? el("ul", { class: "club-list" }, data.public.map(item)) : el("p", { class: "muted" }, T("none"))));
  main.replaceChildren(el("div", { class: "club-page" }, ...parts));
}

// The stored name of a deleted account's seats and ledger lines (yezi.server.accounts.social.DELETED_NAME),
// shown in the reader's language.
const DELETED = "a deleted player";
function shown(ctx, name) {
  return name === DELETED ? ctx.T("deletedPlayer") : name;
}

// How a seat or ledger party is named: a member by name, a bot as "Bot · level", a guest by the seat's name.
function seatName(ctx, s) {
  if (s.kind === "bot") return `${ctx.T("bot")} · ${ctx.botName(s.bot || "random")}`;
  return shown(ctx, s.name) || `${ctx.T("player")} ${s.position + 1}`;
}
function partyName(ctx, p) {
  if (!p) return "?";
  if (p.kind === "pool") return ctx.T("poolParty");
  if (p.kind === "bot") return `${ctx.T("player")} ${p.place} · ${ctx.T("bot")} · ${ctx.botName(p.bot)}`;
  if (p.kind === "guest") return `${p.name || `${ctx.T("player")} ${p.place}`} (${ctx.T("clubGuest")})`;
  if (p.name === DELETED) return ctx.T("deletedPlayer");
  return p.name + (p.member === false ? ` (${ctx.T("clubNotMember")})` : "");
}

function standingText(ctx, spec) {
  const g = ctx.titles[spec.game] || spec.game;
  const seats = spec.seats || [];
  const people = seats.length ? seats.filter((s) => s.kind !== "bot").length : 1;
  const bots = seats.filter((s) => s.kind === "bot").length;
  const n = spec.num_deals || 1;
  const length = spec.match === "own" ? ctx.T("clubOwnMatch") : n === 1 ? ctx.T("clubDealOne") : ctx.T("clubDeals", { n });
  return [g, spec.preset || null, length, ctx.T("clubSeatsPeople", { n: people }), bots ? ctx.T("clubSeatsBots", { n: bots }) : null,
    spec.move_timer ? ctx.T("timerSecs", { n: spec.move_timer }) : null].filter(Boolean).join(" · ");
}

async function clubHome(main, cid, ctx) {
  const { el, T, api, go, toast } = ctx;
  const joinSecret = new URLSearchParams(location.hash.slice(1)).get("join");
  let d = await api(`/api/clubs/${enc(cid)}`);
  if (joinSecret && d.signed_in) {  // an invite link: join once, and the secret leaves the address bar
    history.replaceState(history.state, "", `/c/${enc(cid)}`);
    try {
      await api(`/api/clubs/${enc(cid)}/join`, { method: "POST", body: JSON.stringify({ invite: joinSecret }) });
      toast(T("clubJoined"));
      d = await api(`/api/clubs/${enc(cid)}`);
    } catch (e) { toast(e.message); }
  }
  ctx.setPlace(() => d.club.name);
  const act = async (path, body, method = "POST") => {
    try {
      const r = await api(`/api/clubs/${enc(cid)}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
      return r;
    } catch (e) { toast(e.message); return null; }
  };
  const reload = () => clubHome(main, cid, ctx);
  const organiser = d.role === "owner" || d.role === "organiser";
  const head = el("section", { class: "panel club-head", id: "club-head" },
    el("p", { class: "club-crumbs" }, el("a", { href: "/c" }, T("clubs"))),
    el("h2", { id: "club-title" }, d.club.name),
    el("p", { class: "club-facts" },
      el("span", { class: "chip" }, T(d.club.private ? "clubPrivateMark" : "clubPublicMark")),
      el("span", { class: "chip" }, T("clubMembersCount", { n: d.members_count })),
      ...d.club.languages.map((l) => el("span", { class: "chip", lang: l }, LANG_NAMES[l] || l)),
      d.role ? el("span", { class: "chip mine", id: "club-role" }, T("clubYouAre", { role: T(ROLE_KEYS[d.role]) })) : null));
  const parts = [head];
  if (!d.signed_in && joinSecret) parts.push(el("p", { class: "panel notice", id: "club-join-sign-in" }, T("clubJoinSignIn")));
  if (!d.role && d.signed_in) {
    head.append(d.asked ? el("p", { class: "muted", id: "club-asked" }, T("clubAsked"))
      : el("button", { type: "button", class: "primary", id: "club-ask",
        onclick: async () => { if (await act("/requests")) reload(); } }, T("clubAsk")));
  }
  if (!d.visible) {
    parts.push(el("p", { class: "panel", id: "club-closed" }, T("clubClosed")));
    main.replaceChildren(el("div", { class: "club-page" }, ...parts));
    return;
  }
  // the standing table and this week's tables with their seats
  const standing = el("section", { class: "panel club-standing", id: "club-standing" }, el("h2", {}, T("clubStanding")),
    d.standing ? el("p", { id: "club-standing-spec" }, standingText(ctx, d.standing)) : el("p", { class: "muted" }, T("clubStandingNone")));
  const buttons = el("p", { class: "buttons" });
  if (d.role && d.standing) {
    buttons.append(el("button", { type: "button", class: "primary", id: "club-open", onclick: async () => {
      if (await act("/open")) { toast(T("clubOpenHint")); reload(); }
    } }, T("clubOpen")));
  }
  if (organiser) {
    buttons.append(el("a", { class: "button", id: "club-standing-edit", href: `/?club=${enc(cid)}` },
      T(d.standing ? "clubStandingChange" : "clubStandingSetUp")));
  }
  if (buttons.childNodes.length) standing.append(buttons);
  for (const tb of d.open) {
    const held = tb.seats.some((s) => s.user && s.user === d.you);
    const seats = tb.seats.map((s) => {
      if (s.kind === "bot" || s.claimed) {
        return el("li", { class: "chip" + (s.user && s.user === d.you ? " mine" : ""), "data-club-seat": `${tb.table}:${s.position}` },
          `${s.position + 1} · ${seatName(ctx, s)}`);
      }
      if (!d.role || held) return el("li", { class: "chip free-seat", "data-club-seat": `${tb.table}:${s.position}` }, `${s.position + 1} · ${T("clubSeatWaits")}`);
      return el("li", {}, el("button", { type: "button", class: "chip free", "data-club-take": `${tb.table}:${s.position}`, onclick: async () => {
        const r = await act(`/tables/${enc(tb.table)}/take`, { position: s.position });
        if (r) { sessionStorage.setItem("yezi.seat." + tb.table, String(s.position)); go(`/t/${tb.table}`); }
      } }, T("clubTake", { n: s.position + 1 })));
    });
    standing.append(el("div", { class: "club-table", "data-club-table": tb.table },
      el("h3", {}, `${ctx.titles[tb.game] || tb.game} · ${when(ctx, tb.opened_at)}`),
      el("ul", { class: "club-seats" }, seats),
      el("p", {}, el("a", { class: "button", href: `/t/${tb.table}`, "data-club-go": tb.table }, T(held ? "clubToTable" : "watch")))));
  }
  parts.push(standing);
  // the club's own tournaments (only its members enter them)
  const tours = el("section", { class: "panel club-tournaments", id: "club-tournaments" }, el("h2", {}, T("tournaments")),
    d.tournaments && d.tournaments.length
      ? el("ul", { class: "tour-list" }, d.tournaments.map((t) => el("li", { class: "tour-item", "data-tournament": t.id },
        el("a", { href: `/tournaments/${enc(t.id)}` }, t.title), el("span", { class: "muted" }, ` ${ctx.titles[t.game] || t.game} · `),
        el("span", { class: "chip" }, t.status === "open" ? T("tourOpen") : t.status === "finished" ? T("tourFinished") : T("tourRound", { n: t.round, of: t.rounds })))))
      : el("p", { class: "muted" }, T("clubNoTournaments")));
  if (organiser) {
    tours.append(el("p", { class: "buttons" }, el("a", { class: "button", id: "club-new-tournament", href: `/tournaments?club=${enc(cid)}` }, T("tourMake"))));
  }
  parts.push(tours);
  // the leaderboard: points over every match at the club's tables
  // and each member's rating at the standing table's game (yezi/server/accounts/ratings.py), where rated
  const board = el("section", { class: "panel club-board", id: "club-board" }, el("h2", {}, T("clubLeaderboard")),
    el("div", { class: "club-scroll" }, el("table", { class: "pay club-table-grid" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, T("player")), el("th", { class: "num" }, T("clubPoints")),
        el("th", { class: "num" }, T("clubGames")), el("th", { class: "num" }, T("clubRating")))),
      el("tbody", {}, d.leaderboard.map((b, i) => el("tr", { class: b.user === d.you ? "mine" : "", "data-board": b.user },
        el("td", { class: "num" }, String(i + 1)), el("td", {}, b.name), el("td", { class: "num" }, signedAmount(b.points)),
        el("td", { class: "num" }, String(b.games)),
        el("td", { class: "num", "data-rating": b.rating ?? "" }, b.rating === null || b.rating === undefined ? "—" : b.rating.toFixed(1))))))),
    el("p", {}, el("a", { class: "button primary", href: `/c/${enc(cid)}/ledger`, id: "club-to-ledger" }, T("clubToLedger"))));
  const recent = el("section", { class: "panel club-recent", id: "club-recent" }, el("h2", {}, T("clubRecent")),
    d.recent.length ? el("ul", { class: "club-history" }, d.recent.map((h) => matchItem(ctx, h, null))) : el("p", { class: "muted" }, T("clubNoGames")));
  const members = el("section", { class: "panel club-members", id: "club-members" }, el("h2", {}, T("clubMembers")),
    el("ul", { class: "club-member-list" }, d.members.map((m) => {
      const li = el("li", { "data-member": m.user }, el("span", { class: "pname" }, m.name), " ");
      if (d.role === "owner") {
        const sel = el("select", { "aria-label": T("clubMakeRole", { name: m.name }), "data-role-of": m.user },
          Object.entries(ROLE_KEYS).map(([r, k]) => el("option", { value: r, selected: r === m.role }, T(k))));
        sel.onchange = async () => { await act("/role", { user: m.user, role: sel.value }); reload(); };
        li.append(sel);
      } else li.append(el("span", { class: "chip" }, T(ROLE_KEYS[m.role])));
      return li;
    })));
  if (organiser) {
    if (d.requests.length) {
      members.append(el("h3", {}, T("clubRequests")), el("ul", { id: "club-requests" }, d.requests.map((q) => el("li", { "data-request": q.user },
        el("span", { class: "pname" }, q.name), " ",
        el("button", { type: "button", class: "primary", onclick: async () => { if (await act("/requests/answer", { user: q.user, accept: true })) reload(); } }, T("clubAccept")),
        el("button", { type: "button", onclick: async () => { if (await act("/requests/answer", { user: q.user, accept: false })) reload(); } }, T("clubDecline"))))));
    }
    const linkBox = el("p", { id: "club-invite-link" }, T(d.invite ? "clubInviteOn" : "clubInviteOff"));
    members.append(el("h3", {}, T("clubInvite")), el("p", { class: "muted" }, T("clubInviteHint")), linkBox,
      el("p", { class: "buttons" },
        el("button", { type: "button", id: "club-invite-new", onclick: async () => {
          const r = await act("/invite");
          if (!r) return;
          const full = location.origin + r.link;
          const input = el("input", { readonly: true, value: full, id: "club-invite-url", "aria-label": T("clubInvite") });
          linkBox.replaceChildren(input, el("button", { type: "button", onclick: () => {
            navigator.clipboard.writeText(full).then(() => toast(T("copied")), () => input.select());
          } }, T("copy")));
        } }, T("clubInviteNew")),
        el("button", { type: "button", id: "club-invite-revoke", onclick: async () => {
          if (await act("/invite", undefined, "DELETE")) linkBox.replaceChildren(T("clubInviteOff"));
        } }, T("clubInviteRevoke"))));
  }
  if (d.role) {
    members.append(el("p", {}, el("button", { type: "button", id: "club-leave", onclick: async () => {
      if (await act("/leave")) go("/c");
    } }, T("clubLeave"))));
  }
  parts.push(el("div", { class: "club-grid" }, el("div", {}, board, recent), members));
  if (d.role) parts.push(talkPanel(`/api/clubs/${enc(cid)}/chat`, ctx.lang, { title: T("talkClub") }));  // members only
  main.replaceChildren(el("div", { class: "club-page" }, ...parts));
}

// One finished match of the history: date, game, each seat's total (and, on the ledger, the member's running balance).
function matchItem(ctx, h, led) {
  const { el, T } = ctx;
  const seats = h.seats.map((s, i) => {
    const key = h.parties ? h.parties[i] : null;
    const run = led && key && key.startsWith("user:") ? h.running[key] : null;
    const who = s.kind === "bot" ? `${i + 1} · ${seatName(ctx, s)}` : seatName(ctx, { ...s, position: i });
    return el("li", { class: "chip" + (s.kind === "bot" ? " bot" : "") }, el("span", {}, who), " ",
      el("strong", {}, signedAmount(h.totals[i])),
      run !== null && run !== undefined ? el("small", { class: "muted" }, aside(ctx.lang, `${T("clubRunning")} ${signedAmount(run)}`)) : null);
  });
  return el("li", { class: "club-match", "data-history-table": h.table },
    el("span", { class: "when" }, when(ctx, h.at)), " ",
    el("a", { href: `/t/${h.table}` }, ctx.titles[h.game] || h.game),
    el("ul", { class: "club-seats" }, seats),
    amountValue(h.pool) ? el("small", { class: "muted" }, T("poolKeeps", { pool: amountText(h.pool) })) : null);
}

async function ledgerPage(main, cid, ctx) {
  const { el, T, api, toast } = ctx;
  const led = await api(`/api/clubs/${enc(cid)}/ledger`);
  ctx.setPlace(() => `${T("clubLedger")} · ${led.club.name}`);
  const organiser = led.role === "owner" || led.role === "organiser";
  const name = (k) => partyName(ctx, led.parties[k]);
  const order = Object.keys(led.balance).filter((k) => amountValue(led.balance[k]) !== 0)
    .sort((a, b) => amountValue(led.balance[b]) - amountValue(led.balance[a]));
  const balance = el("section", { class: "panel club-balance", id: "ledger-balance" },
    el("h2", {}, T("clubBalance")),
    el("p", { class: "muted", id: "ledger-since" }, led.settled_at ? T("clubBalanceSince", { date: when(ctx, led.settled_at) }) : T("clubBalanceAll")),
    order.length ? el("ol", { class: "settle-totals ledger-totals" }, order.map((k) =>
      el("li", { class: led.parties[k].kind === "member" ? "" : "apart", "data-balance": k }, el("span", {}, name(k)),
        el("strong", {}, signedAmount(led.balance[k]))))) : null,
    el("h3", {}, T("clubOwes")),
    el("ul", { class: "settle-transfers ledger-transfers", id: "ledger-transfers" },
      led.transfers.length ? led.transfers.map(([a, b, x]) => el("li", { "data-transfer": `${a}>${b}` }, ...paysLine(T, el, name(a), name(b), x)))
        : [el("li", { class: "muted" }, T("square"))]),
    el("h3", {}, T("clubAllTime")),
    el("ol", { class: "settle-totals ledger-totals", id: "ledger-all-time" }, Object.keys(led.all_time)
      .filter((k) => led.parties[k].kind === "member")
      .sort((a, b) => amountValue(led.all_time[b]) - amountValue(led.all_time[a]))
      .map((k) => el("li", { "data-all-time": k }, el("span", {}, name(k)), el("strong", {}, signedAmount(led.all_time[k]))))),
    el("p", { class: "muted ledger-note", id: "ledger-apart" }, T("clubLedgerNote")));
  const history = el("section", { class: "panel club-history-panel", id: "ledger-history" }, el("h2", {}, T("clubHistory")));
  if (organiser) {
    const text = el("input", { id: "ledger-note-text", maxlength: 280, required: true,
      placeholder: T("clubNotePlaceholder", { date: new Date().toISOString().slice(0, 10) }) });
    const settled = el("input", { type: "checkbox", id: "ledger-note-settled" });
    const form = el("form", { id: "ledger-note" }, el("h3", {}, T("clubNoteAdd")),
      el("label", {}, el("span", {}, T("clubNoteText")), text),
      el("label", { class: "check" }, settled, el("span", {}, T("clubNoteSettled"))),
      el("button", { type: "submit", class: "primary" }, T("clubNoteSave")));
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      try {
        await api(`/api/clubs/${enc(cid)}/notes`, { method: "POST", body: JSON.stringify({ text: text.value, settled: settled.checked }) });
        ledgerPage(main, cid, ctx);
      } catch (e) { toast(e.message); }
    };
    history.append(form);
  }
  const items = [...led.history].reverse().map((h) => h.kind === "note"
    ? el("li", { class: "club-note" + (h.settled ? " settled" : ""), "data-note": String(h.at) },
      el("span", { class: "when" }, when(ctx, h.at)), " ",
      h.settled ? el("span", { class: "mark" }, T("clubSettledMark")) : null, " ",
      el("span", { class: "note-text" }, h.text), " ", el("small", { class: "muted" }, T("clubBy", { name: shown(ctx, h.by) })))
    : matchItem(ctx, h, led));
  history.append(items.length ? el("ul", { class: "club-history" }, items) : el("p", { class: "muted" }, T("clubNoGames")));
  main.replaceChildren(el("div", { class: "club-page" },
    el("p", { class: "club-crumbs" }, el("a", { href: "/c" }, T("clubs")), " › ", el("a", { href: `/c/${enc(cid)}`, id: "ledger-back" }, led.club.name)),
    el("h2", { id: "ledger-title" }, `${T("clubLedger")} · ${led.club.name}`),
    el("div", { class: "club-grid" }, balance, history)));
}
