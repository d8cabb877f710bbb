// Luk Fu 六虎 table: the hand sorted with 老歲 marks, legal cards highlighted, multi-card plays
// selected then confirmed, the trick on the table, counts, bidding/declaring prompts, settlement.
import { aside, counted, headed } from "/static/i18n.js";
import { declare, isMyTurn, mount, newFrame, playerName, refusable, region, seatLabel, waitingPrompt } from "/static/games/common.js";

// What each decision needs in view (common.js `declare`): the trick being answered, the hand, the buttons.
export const NEEDS = {
  tigers: ["hand", "actions"], bid: ["hand", "actions"], lead: ["hand", "actions"],
  follow: ["trick", "hand", "actions"], declare: ["hand?", "actions"],
};
function decision(v, following) {
  return { tigers: "tigers", bid: "bid", last: "declare" }[v.phase] || (following ? "follow" : "lead");
}

const ui = { sel: new Set(), key: "", queue: [], last: null };

// 五虎下山: the engine asks every active seat (so being asked reveals nothing). A seat that cannot
// declare (its only legal answer is 不報) answers by itself; a seat holding the five tigers is asked.
// Others must not learn from the answer's timing which it was, so BOTH paths go through one gate:
// at the question a human-like delay is drawn by tigerAnswerDelay (whatever the hand), and no
// answer (automatic or clicked) leaves this browser before it has passed.
export const TIGERS = 4, NO_TIGERS = 5;
export function tigerAnswerDelay(random = Math.random) {
  return 1200 + Math.floor(random() * 2300);  // ms: a reading-and-clicking time, 1.2 to 3.5 s
}
// What this seat does with the question: answer by itself or ask the player; the delay is drawn
// the same way (one call, same random numbers) in both cases.
export function tigerPlan(legal, random = Math.random) {
  const delay = tigerAnswerDelay(random);
  return { auto: !legal.includes(TIGERS), delay };
}
const tiger = { key: "", due: 0, auto: false, timer: null, sent: false, chosen: false };
function tigerTurn(frame, ctx, myTurn) {
  if (!myTurn || frame.view.phase !== "tigers") return null;
  const key = `${frame.table && frame.table.id}:${frame.deal_no}:${frame.seq}:${frame.seat}`;
  if (tiger.key !== key) {
    clearTimeout(tiger.timer);
    const plan = tigerPlan(frame.legal);
    Object.assign(tiger, { key, due: Date.now() + plan.delay, auto: plan.auto, timer: null, sent: false, chosen: false });
    if (plan.auto) tiger.timer = setTimeout(() => answerTigers(key, NO_TIGERS, ctx), plan.delay);
  }
  return tiger;
}
function answerTigers(key, action, ctx) {
  if (tiger.key !== key || tiger.sent) return;
  tiger.chosen = true;
  const wait = tiger.due - Date.now();
  if (wait > 0) { clearTimeout(tiger.timer); tiger.timer = setTimeout(() => answerTigers(key, action, ctx), wait); return; }
  tiger.sent = true;
  ctx.send(action);
}

function cardsOf(A, code) {
  if (code >= A.discard_base) return [code - A.discard_base];
  if (code >= A.play_base) return A.play_cards[code - A.play_base];
  return [];
}

// the cards of a suggested move (the hint marks them in the hand)
export function hintCards(action) { return ui.last && ui.last.A ? cardsOf(ui.last.A, action) : []; }

// the play of exactly these cards (its code), if the game has one: what a tap on a refused card meant
function playOf(A, cards) {
  if (!A._plays) A._plays = new Map(A.play_cards.map((cs, i) => [[...cs].sort((a, b) => a - b).join(","), A.play_base + i]));
  return A._plays.get([...cards].sort((a, b) => a - b).join(","));
}

function cardButton(ctx, A, c, opts = {}) {
  const { el, svgNode } = ctx;
  const b = el(opts.tag || "button", {
    type: opts.tag ? null : "button", class: "card" + (opts.cls ? " " + opts.cls : ""),
    "data-card": c, title: A.names[String(c)] + (opts.why ? "\n" + opts.why : ""),
    "aria-label": A.names[String(c)] + (opts.old ? " · " + ctx.T("laosui") : ""),
    "aria-pressed": opts.tag ? null : String(!!opts.selected), disabled: opts.disabled || null,
  });
  b.append(svgNode(A.faces[String(c)]));
  if (opts.old) b.append(el("span", { class: "old", title: opts.why || ctx.T("laosui") }, "老"));
  return b;
}

function smallCards(ctx, A, cards, cls = "") {
  const { el, svgNode } = ctx;
  return el("span", { class: "cards small " + cls }, cards.map((c) => {
    const s = el("span", { class: "card", "data-card": c === null ? "back" : c, title: c === null ? "" : A.names[String(c)] });
    s.append(svgNode(c === null ? A.back : A.faces[String(c)]));
    return s;
  }));
}

function trickPanel(frame, ctx, A) {
  const { el, T } = ctx;
  const v = frame.view;
  const tr = v.tricks && v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  if (!tr) return el("div", { class: "trick empty" });
  const done = tr.winner !== null && tr.winner !== undefined;
  const names = frame.seat_names[ctx.lang];
  const k = `${frame.deal_no}:${v.tricks.length - 1}`;  // motion.js: what is new, where it goes
  return region(el("div", { class: "trick" + (done ? " done" : ""), id: "trick", "data-trick-key": k, "data-winner": done ? tr.winner : null },
    el("div", { class: "label" }, done ? T("lastTrick") : T("trick")),
    el("div", { class: "plays" }, tr.plays.map((e, i) => el("div", { class: "entry" + (done && e.seat === tr.winner && "play" in e ? " winner" : ""),
      "data-play-key": `${k}:${i}`, "data-from": e.seat },
      el("span", { class: "who" }, names[e.seat]),
      "play" in e ? smallCards(ctx, A, A.play_cards[e.play]) : smallCards(ctx, A, Array(e.discard).fill(null), "down"))))), "trick");
}

function seatChips(frame, ctx, A) {
  const { el, T } = ctx;
  const v = frame.view;
  const n = v.num_seats;
  const order = [];
  const me = frame.seat;
  for (let i = 1; i <= n; i++) order.push(((me ?? -1) + i + n) % n);
  const list = me === null || me === undefined ? [...Array(n).keys()] : order.filter((s) => s !== me);
  return el("ul", { class: "seats" }, list.map((s) => {
    const { role, player } = seatLabel(frame, ctx, s);
    const marks = [];
    if (v.bidder === s) marks.push(el("span", { class: "mark bid", title: T("bidder") }, "做"));
    if (v.privileged === s) marks.push(el("span", { class: "mark priv", title: T("privileged") }, "包"));
    const isDummy = s === v.dummy;
    const li = el("li", { class: "chip seat" + (v.to_act === s ? " turn" : "") + (isDummy ? " dummy" : ""), "data-seat": s },
      el("div", { class: "role" }, role, ...marks, player && !frame.replay ? el("span", {
        class: "dot " + (player.connected ? "on" : "off"), title: player.connected ? T("connected") : T("offline") }) : null),
      // the dummy's seat plays itself: it is the dummy 夢家, not a bot (issue 21)
      el("div", { class: "pname" }, isDummy ? T("dummyPlaysNot") : playerName(ctx, player)),
      el("div", { class: "counts" }, counted(ctx.lang, v.hand_sizes[s], T("cards"), T("cardsOne")),
        isDummy ? null : ` · ${counted(ctx.lang, (v.won[s] || []).length, T("tricks"), T("tricksOne"))} · ${v.hu_won[s]}\u00a0糊`));
    const sv = frame.seat_views && frame.seat_views[s];
    if (sv && sv.hand) li.append(smallCards(ctx, A, sv.hand, "revealed-hand"));
    return li;
  }));
}

function prompt(frame, ctx, A, myTurn, tg) {
  const { el, T } = ctx;
  const v = frame.view;
  if (frame.deal_over) return el("div", { class: "prompt" });
  if (tg && tg.auto) return el("div", { class: "prompt", id: "prompt", "data-auto": "quiet" }, T("tigerAuto"));
  if (!myTurn && frame.answered !== null && frame.answered !== undefined) return waitingPrompt(frame, ctx, T("turnOf"));
  if (!myTurn) {
    const who = v.to_act === null || v.to_act === undefined ? "" : frame.seat_names[ctx.lang][v.to_act];
    return el("div", { class: "prompt", id: "prompt" }, headed(ctx.lang, T("turnOf"), who));
  }
  const words = frame.legal.filter((a) => a < A.play_base);
  const text = { tigers: T("tigerPrompt"), bid: T("bidPrompt"), last: T("lastPrompt") }[v.phase]
    || (v.tricks.length && v.tricks[v.tricks.length - 1].winner === null ? T("followPrompt") : T("leadPrompt"));
  return el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, T("yourTurn") + " · " + text),
    region(el("span", { class: "words" }, words.map((a) => el("button", {
      type: "button", class: "word primary", "data-action": a, id: `act-${a}`, disabled: tg && tg.chosen,
      onclick: (ev) => {
        ui.sel.clear();
        if (!tg) { ctx.send(a); return; }
        for (const b of ev.currentTarget.parentNode.querySelectorAll("button")) b.disabled = true;
        answerTigers(tg.key, a, ctx);
      },
    }, A.words[String(a)]))), "actions", "button"));
}

function details(frame, ctx, A) {
  const { el, T } = ctx;
  const v = frame.view;
  const rows = [];
  const names = frame.seat_names[ctx.lang];
  const oc = { win: T("win"), draw: T("draw"), void: T("void"), tigers: T("tigers") }[v.outcome] || v.outcome;
  rows.push(el("p", { class: "outcome" }, headed(ctx.lang, T("outcome"), oc) + (v.winner !== null && v.winner !== undefined ? ` · ${names[v.winner]}` : "")
    + (v.winner_hu ? ` · ${v.winner_hu} 糊` : "") + (v.dummy_hu ? ` · ${T("dummyHu")} ${v.dummy_hu}` : "")));
  const rev = v.revealed || {};
  const shown = [];
  if (rev.laosui && rev.laosui.length) shown.push(el("span", {}, T("laosui") + " "), smallCards(ctx, A, rev.laosui));
  if (rev.hand && rev.hand.length) shown.push(el("span", {}, " " + T("hand") + " "), smallCards(ctx, A, rev.hand));
  if (rev.dummy !== undefined) shown.push(el("span", {}, " " + T("dummy") + " "), smallCards(ctx, A, [rev.dummy]));
  if (rev.tigers) shown.push(el("span", {}, T("tigers") + " "), smallCards(ctx, A, rev.tigers));
  if (shown.length) rows.push(el("div", { class: "revealed" }, T("revealed") + ": ", ...shown));
  const lines = (v.settlement_i18n && v.settlement_i18n[ctx.lang]) || v.settlement;
  if (lines) rows.push(el("ul", { class: "why" }, lines.map((l) => el("li", {}, l))));
  return el("div", {}, rows);
}

export async function render(root, frame, ctx) {
  const A = await ctx.assets("lukfu");
  const { el, T } = ctx;
  const v = frame.view;
  const me = frame.seat;
  const tg = tigerTurn(frame, ctx, isMyTurn(frame));
  const myTurn = isMyTurn(frame) && !(tg && tg.auto);  // an automatic 不報 asks nothing of the player
  if (newFrame(ui, frame) && !ui.queue.length) ui.sel.clear();
  ui.last = { frame, ctx, A };
  const legal = myTurn ? frame.legal : [];
  const plays = legal.filter((a) => a >= A.play_base && a < A.discard_base).map((a) => ({ a, cards: cardsOf(A, a) }));
  const discards = new Set(legal.filter((a) => a >= A.discard_base).map((a) => a - A.discard_base));
  const tr = v.tricks && v.tricks.length ? v.tricks[v.tricks.length - 1] : null;
  const following = tr && (tr.winner === null || tr.winner === undefined);
  const pendingN = (v.pending_discard || []).length;
  const need = following ? A.play_cards[tr.lead].length - pendingN : 0;

  // a discard chosen several cards at once goes out one action at a time
  if (myTurn && ui.queue.length) {
    const next = ui.queue.find((c) => discards.has(c));
    if (next !== undefined) {
      ui.queue = ui.queue.filter((c) => c !== next);
      ctx.send(A.discard_base + next);
      return;
    }
    ui.queue = [];
    ui.sel.clear();
  }

  const sel = [...ui.sel];
  const sameSet = (cards) => cards.length === sel.length && sel.every((c) => cards.includes(c));
  const playMatch = plays.find((p) => sameSet(p.cards));
  const canDiscard = need > 0 && sel.length === need && sel.some((c) => discards.has(c));
  function enabled(c) {
    if (!myTurn) return false;
    if (ui.sel.has(c)) return true;
    const want = [...sel, c];
    if (plays.some((p) => want.every((x) => p.cards.includes(x)))) return true;
    if (discards.size && need > 0) return sel.length === 0 ? discards.has(c) : sel.length < need;
    return false;
  }
  const old = new Set(v.laosui || []);
  // why each 老歲 card is one: asked for when the panel below is open (ui.whyOpen), not sent in every frame
  const explainedNow = ctx.explained ? ctx.explained() : null;
  const why = (explainedNow && explainedNow.laosui_why) || {};
  if (ui.whyOpen && !explainedNow && ctx.explain) ctx.explain();
  const hand = v.hand || [];
  const handEl = region(el("div", { class: "hand" + (myTurn && v.phase === "play" ? " choosing" : ""), id: "hand", "data-my-turn": myTurn ? "1" : "0", role: "group", "aria-label": T("hand") },
    hand.map((c) => {
      const b = cardButton(ctx, A, c, { selected: ui.sel.has(c), disabled: !enabled(c), old: old.has(c), why: why[String(c)],
        cls: (ui.sel.has(c) ? "selected" : "") + (myTurn && enabled(c) ? " legal" : "") });
      b.onclick = () => {
        if (ui.sel.has(c)) ui.sel.delete(c); else ui.sel.add(c);
        render(root, frame, ctx);
        const again = root.querySelector(`.hand [data-card="${c}"]`);
        again && again.focus();
      };
      // a card the rules keep out of this play says why when tapped: the play it would make with
      // the selection, else on its own (a follower's discard of it; a leader's single lead)
      if (myTurn && v.phase === "play" && !enabled(c)) {
        refusable(ctx, b, frame, [sel.length ? playOf(A, [...sel, c]) : null, following ? A.discard_base + c : playOf(A, [c])]);
      }
      return b;
    })), "hand", "button");
  const doPlay = () => { if (playMatch) { ui.sel.clear(); ctx.send(playMatch.a); } };
  const doDiscard = () => {
    if (!canDiscard) return;
    const first = sel.find((c) => discards.has(c));
    ui.queue = sel.filter((c) => c !== first);
    ctx.send(A.discard_base + first);
  };
  const hint = !myTurn || v.phase !== "play" ? "" : need > 0 && !plays.length ? T(need === 1 ? "discardHintOne" : "discardHint", { n: need }) : T("selectHint");
  const controls = region(el("div", { class: "controls" },
    el("button", { type: "button", id: "play-btn", class: "primary", disabled: !playMatch, onclick: doPlay, title: "P / Enter" }, T("play")),
    need > 0 ? el("button", { type: "button", id: "discard-btn", disabled: !canDiscard, onclick: doDiscard, title: "D" }, T("discard")) : null,
    el("button", { type: "button", id: "clear-btn", disabled: !sel.length, onclick: () => { ui.sel.clear(); render(root, frame, ctx); }, title: "Esc" }, T("clear")),
    el("span", { class: "hint muted" }, hint)), "actions", "button");
  let mine = null;
  if (me !== null && me !== undefined) {
    const { role } = seatLabel(frame, ctx, me);
    const marks = [];
    if (v.bidder === me) marks.push(el("span", { class: "mark bid" }, "做"));
    if (v.privileged === me) marks.push(el("span", { class: "mark priv" }, "包"));
    mine = el("div", { class: "me-line" + (v.to_act === me ? " turn" : "") }, el("strong", {}, role), ...marks,
      me === v.dummy ? ` · ${T("dummy")}` : ` · ${v.hu ?? 0} 糊${aside(ctx.lang, `${T("won")} ${v.hu_won[me]} + ${T("laosui")} ${old.size}`)} · ${counted(ctx.lang, (v.won[me] || []).length, T("tricks"), T("tricksOne"))}`);
  }
  const dl = frame.deal_over ? details(frame, ctx, A) : null;
  // why each 老歲 card is one: on touch screens a tooltip is out of reach, so list them too
  const whyOld = hand.filter((c) => old.has(c));
  const whyPanel = whyOld.length && me !== v.dummy && !frame.replay ? el("details", { class: "why-old", id: "why-old", open: !!ui.whyOpen },
    el("summary", {}, T("laosui") + aside(ctx.lang, whyOld.length)),
    el("ul", {}, whyOld.map((c) => el("li", {}, smallCards(ctx, A, [c]), " ", why[String(c)] || "…")))) : null;
  if (whyPanel) {
    whyPanel.addEventListener("toggle", () => {
      ui.whyOpen = whyPanel.open;
      if (whyPanel.open && ctx.explain) ctx.explain();
    });
  }
  mount(root, frame, ctx, declare(
    el("div", { class: "felt" + (myTurn ? " my-turn" : ""), "data-seq": `${frame.deal_no}:${frame.seq}`, "data-phase": v.phase },
      seatChips(frame, ctx, A), trickPanel(frame, ctx, A), prompt(frame, ctx, A, myTurn, tg), mine,
      me !== null && me !== undefined ? handEl : null, myTurn && v.phase === "play" ? controls : null, whyPanel),
    frame, NEEDS, myTurn && decision(v, following)), dl);
  // the keys (arrows, Enter/Space, P, D, Esc, H) are the table's, for every game: common.js
}

export function onError() { ui.queue = []; }
