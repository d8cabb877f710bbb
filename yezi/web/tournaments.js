// Duplicate tournaments (issue 23): /tournaments (the newest, and a form to make one) and
// /tournaments/<id> (enter, leave, start; my table this round; the standings by total and by the
// same cards at the other tables; every round's tables and each deal's comparison). Everything is
// the server's answer (yezi/server/routes/tournaments.py); names come from other players, so they go
// in as text, never HTML.
import { signedAmount } from "/static/amounts.js";

const enc = encodeURIComponent;

export async function tournamentRoute(main, tid, ctx) {
  return tid ? tournamentPage(main, tid, ctx) : tournamentsIndex(main, ctx);
}

function paceText(ctx, t) {
  return t.pace === "turn" ? ctx.T("turnDays", { n: t.move_days }) : ctx.T("paceRealtime");
}

function statusText(ctx, t) {
  if (t.status === "open") return ctx.T("tourOpen");
  if (t.status === "finished") return ctx.T("tourFinished");
  return ctx.T("tourRound", { n: t.round, of: t.rounds });
}

async function tournamentsIndex(main, ctx) {
  const { el, T, api, go, titles } = ctx;
  ctx.setPlace(() => T("tournaments"));
  // ?club=<id>: the form makes that club's own tournament (its organisers only: the server checks)
  const clubId = new URLSearchParams(location.search).get("club");
  const [data, me, club] = await Promise.all([api("/api/tournaments"), api("/api/me").catch(() => ({})),
    clubId ? api(`/api/clubs/${enc(clubId)}`).catch(() => null) : null]);
  const rows = data.tournaments.map((t) => el("li", { class: "tour-item", "data-tournament": t.id },
    el("a", { href: `/tournaments/${enc(t.id)}` }, t.title),
    el("span", { class: "muted" }, ` ${titles[t.game] || t.game} · ${paceText(ctx, t)} · `),
    t.club_name ? el("span", { class: "chip tour-club" }, t.club_name) : null, t.club_name ? " " : null,
    el("span", { class: "chip" }, statusText(ctx, t))));
  const parts = [el("section", { class: "panel tour-intro" }, el("h2", {}, T("tournaments")),
    el("p", { class: "muted" }, T("tourHint")),
    rows.length ? el("ul", { class: "tour-list" }, rows) : el("p", { class: "muted", id: "tour-none" }, T("none")))];
  if (me && me.user) {
    const title = el("input", { id: "tour-title", maxlength: 80, required: true, autocomplete: "off" });
    const game = el("select", { id: "tour-game" }, Object.entries(titles).map(([k, v]) => el("option", { value: k }, v)));
    const num = (id, lo, hi, v) => el("select", { id }, Array.from({ length: hi - lo + 1 }, (_, i) =>
      el("option", { value: lo + i, selected: lo + i === v }, String(lo + i))));
    const rounds = num("tour-rounds", 1, 6, 3), deals = num("tour-deals", 1, 4, 2);
    const pace = el("select", { id: "tour-pace" }, el("option", { value: "realtime" }, T("paceRealtime")),
      [1, 3, 7].map((n) => el("option", { value: `turn:${n}` }, T("turnDays", { n }))));
    const forClub = club && club.club ? club.club : null;
    const form = el("form", { class: "panel", id: "tour-create" }, el("h2", {}, T("tourMake")),
      forClub ? el("p", { id: "tour-for-club" }, T("tourForClub", { name: forClub.name })) : null,
      el("label", {}, el("span", {}, T("tourTitle")), title),
      el("label", {}, el("span", {}, T("game")), game),
      el("label", {}, el("span", {}, T("tourRounds")), rounds),
      el("label", {}, el("span", {}, T("tourDeals")), deals),
      el("label", {}, el("span", {}, T("moveTimer")), pace),
      el("p", { class: "muted" }, T("tourMakeHint")),
      el("button", { type: "submit", class: "primary", id: "tour-create-btn" }, T("tourMake")));
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      const p = pace.value.startsWith("turn:") ? { pace: "turn", move_days: Number(pace.value.slice(5)) } : { pace: "realtime" };
      try {
        const r = await api("/api/tournaments", { method: "POST", body: JSON.stringify({ title: title.value,
          game: game.value, rounds: Number(rounds.value), deals: Number(deals.value), ...p,
          ...(forClub ? { club: forClub.id } : {}) }) });
        go(`/tournaments/${enc(r.id)}`);
      } catch (e) { ctx.toast(e.message); }
    };
    if (forClub) parts.unshift(form); else parts.push(form);
  } else {
    parts.push(el("section", { class: "panel" }, el("p", {}, el("a", { href: "/signin", id: "tour-sign-in" }, T("tourSignIn")))));
  }
  main.replaceChildren(el("div", { class: "lobby single tournaments" }, ...parts));
}

async function tournamentPage(main, tid, ctx) {
  const { el, T, api, titles } = ctx;
  const data = await api(`/api/tournaments/${enc(tid)}`);
  const t = data.tournament;
  ctx.setPlace(() => t.title);
  const me = data.entrants.find((e) => e.mine);
  const act = (what) => async () => {
    try { await api(`/api/tournaments/${enc(tid)}/${what}`, { method: "POST", body: "{}" }); }
    catch (e) { ctx.toast(e.message); }
    await tournamentPage(main, tid, ctx);
  };
  const buttons = [];
  if (t.status !== "finished") {
    if (!me || me.left) buttons.push(el("button", { type: "button", class: "primary", id: "tour-enter", onclick: act("enter") }, T("tourEnter")));
    else buttons.push(el("button", { type: "button", id: "tour-withdraw", onclick: act("withdraw") }, T("tourWithdraw")));
    if (data.organiser && t.status === "open") buttons.push(el("button", { type: "button", class: "primary", id: "tour-start", onclick: act("start") }, T("tourStart")));
  }
  const current = data.rounds.find((r) => r.round === t.round);
  const mine = current && current.tables.find((x) => Object.values(x.seats).some((s) => s.mine));
  const head = el("section", { class: "panel tour-head" },
    el("p", { class: "club-crumbs" }, t.club && t.club_name
      ? el("a", { href: `/c/${enc(t.club)}`, id: "tour-club" }, t.club_name) : el("a", { href: "/tournaments" }, T("tournaments"))),
    el("h2", {}, t.title),
    el("p", { class: "muted" }, `${titles[t.game] || t.game} · ${paceText(ctx, t)} · ${T("tourShape", { r: t.rounds, d: t.deals })} · `,
      el("span", { class: "chip", id: "tour-status" }, statusText(ctx, t))),
    el("p", { class: "muted" }, T("tourDuplicateHint")),
    mine && !mine.over ? el("p", {}, el("a", { class: "button primary", id: "tour-my-table", href: `/t/${enc(mine.table)}` }, T("tourMyTable"))) : null,
    buttons.length ? el("div", { class: "auth-actions" }, buttons) : null);
  const who = (h) => (h.name === null ? T("bot") : h.name);
  const standings = el("section", { class: "panel", id: "tour-standings" }, el("h2", {}, T("tourStandings")),
    data.standings.length ? el("div", { class: "my-games-scroll" }, el("table", { class: "pay" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, T("player")), el("th", { class: "num", title: T("tourVsSameHint") }, T("tourVsSame")),
        el("th", { class: "num" }, T("tourTotal")), el("th", { class: "num" }, T("tourDealsPlayed")))),
      el("tbody", {}, data.standings.map((s, i) => el("tr", { class: s.mine ? "mine" : "" },
        el("td", { class: "num" }, String(i + 1)), el("td", {}, s.name),
        el("td", { class: "num" }, signedAmount(s.duplicate)), el("td", { class: "num" }, signedAmount(s.total)),
        el("td", { class: "num" }, String(s.deals))))))) : el("p", { class: "muted" }, T("none")));
  const entrants = el("section", { class: "panel", id: "tour-entrants" }, el("h2", {}, T("tourEntrants", { n: data.entrants.filter((e) => !e.left).length })),
    el("ul", { class: "tour-entrants" }, data.entrants.filter((e) => !e.left).map((e) => el("li", { class: e.mine ? "mine" : "" },
      e.name, e.from_round > 1 ? el("small", { class: "muted" }, ` · ${T("tourFromRound", { n: e.from_round })}`) : null))));
  const rounds = data.rounds.slice().reverse().map((r) => el("section", { class: "panel tour-round", "data-round": r.round },
    el("h2", {}, T("tourRoundTitle", { n: r.round })),
    el("ul", { class: "tour-tables" }, r.tables.map((x) => el("li", { "data-table": x.table },
      x.table ? el("a", { href: `/t/${enc(x.table)}` }, T("tourTable", { n: x.table_no + 1 })) : T("tourTable", { n: x.table_no + 1 }), " · ",
      Object.entries(x.seats).map(([, s]) => (s.bot ? T("bot") : s.name)).join(ctx.lang === "en" ? ", " : "、"),
      x.over ? "" : el("small", { class: "muted" }, ` · ${T("tourPlaying")}`)))),
    r.deals.map((d) => el("details", { class: "tour-deal", "data-deal": d.deal },
      el("summary", {}, T("tourSameCards", { n: d.deal + 1 })),
      d.same_cards.length ? el("table", { class: "pay" },
        el("thead", {}, el("tr", {}, el("th", {}, T("seat")), el("th", {}, T("tourTableCol")), el("th", {}, T("player")),
          el("th", { class: "num" }, T("tourWon")), el("th", { class: "num" }, T("tourVsSame")))),
        el("tbody", {}, d.same_cards.flatMap((c) => c.held_by.map((h) => el("tr", { class: h.mine ? "mine" : "" },
          el("td", { class: "num" }, String(c.position + 1)), el("td", { class: "num" }, String(h.table_no + 1)), el("td", {}, who(h)),
          el("td", { class: "num" }, signedAmount(h.won)), el("td", { class: "num" }, signedAmount(h.vs_same_cards)))))))
        : el("p", { class: "muted" }, T("tourNotYet"))))));
  main.replaceChildren(el("div", { class: "lobby single tournaments" }, head, standings, ...rounds, entrants));
}
