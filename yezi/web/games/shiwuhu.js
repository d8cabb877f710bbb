// 十五胡 table (a reconstruction: the notice and its open questions are shown at the table). Seats
// with cards left and 胡 / threshold, the trick on the table, the hand as 十五湖 cards. Select cards
// (those in some legal play light up) and press Play; Pass, Declare and Play on are buttons; every
// legal move is also listed as a word button.
import { aside, counted } from "/static/i18n.js";
import { declare, ensureStyle, mount, movesPanel, newFrame, playerName, refusable, region, seatLabel, turn, waitingPrompt } from "/static/games/common.js";

// What each decision needs in view (common.js `declare`): the trick being answered, the hand, the buttons.
export const NEEDS = { lead: ["hand", "actions"], follow: ["trick", "hand", "actions"], declare: ["hand?", "actions"] };

const W = {
  "zh-hant": { cards: "隻", hu: "胡", need: "宣告線", trick: "這輪", last: "上輪", yourTurn: "輪到你", turnOf: "輪到",
    lead: "出牌：選牌後按「出牌」", follow: "打：同樣張數、更大的牌；或「過」", declare: "你已達宣告線：宣告，或續打到下一級",
    play: "出牌", pass: "過", declareBtn: "宣告", playOn: "續打", clear: "清除", moves: "全部可行步", notice: "重構說明",
    questions: "未決問題", empty: "（無）" },
  "zh-hans": { cards: "只", hu: "胡", need: "宣告线", trick: "这轮", last: "上轮", yourTurn: "轮到你", turnOf: "轮到",
    lead: "出牌：选牌后按「出牌」", follow: "打：同样张数、更大的牌；或「过」", declare: "你已达宣告线：宣告，或续打到下一级",
    play: "出牌", pass: "过", declareBtn: "宣告", playOn: "续打", clear: "清除", moves: "全部可行步", notice: "重构说明",
    questions: "未决问题", empty: "（无）" },
  en: { cards: "cards", card: "card", hu: "胡", need: "declares at", trick: "Trick", last: "Last trick", yourTurn: "Your turn", turnOf: "To act",
    lead: "lead: select cards, then Play", follow: "beat with as many higher cards, or pass", declare: "you reached your threshold: declare, or play on to the next tier",
    play: "Play", pass: "Pass", declareBtn: "Declare", playOn: "Play on", clear: "Clear", moves: "All legal moves",
    notice: "A reconstruction", questions: "Open questions", empty: "(none)" },
};
const ui = { sel: new Set(), key: "", A: null };
// the cards of a suggested play, for the hint's marks in the hand (pass, declare, play on: their buttons)
export function hintCards(action) { return ui.A && action < ui.A.num_plays ? ui.A.plays[action] : []; }
// the play of exactly these cards (its code), if there is one: what a tap on a refused card meant
function playOf(A, kinds) {
  if (!A._plays) A._plays = new Map(A.plays.map((ks, i) => [[...ks].sort((a, b) => a - b).join(","), i]));
  return A._plays.get([...kinds].sort((a, b) => a - b).join(","));
}

const CSS = `
.sw-cards { display: inline-flex; gap: 2px; flex-wrap: wrap; vertical-align: middle; }
.sw-card { display: inline-block; line-height: 0; padding: 1px; border: 2px solid transparent; border-radius: 5px; background: none;
  min-height: 0; }
.sw-card svg { display: block; width: clamp(36px, 9.5vw, 50px); height: auto; }
.sw-card.small svg { width: 36px; }
/* the lower half of a 十五湖 card repeats the upper one: the trick, and a phone's hand, show the upper half */
.sw-card.small { height: 70px; overflow: hidden; }
@media (max-width: 600px) { button.sw-card { height: calc(9.5vw * 1.75 + 6px); min-height: 69px; overflow: hidden; padding: 0; } }
/* a wide screen too: twenty long cards in one row, their upper halves, leave the table its room */
@media (min-width: 601px) { button.sw-card { height: calc(46px * 1.75 + 6px); overflow: hidden; padding: 0; }
  button.sw-card svg { width: 46px; } }
button.sw-card.legal { border-color: #ffd166; cursor: pointer; }
button.sw-card.selected { border-color: #e07a1f; transform: translateY(-6px); }
button.sw-card:disabled { opacity: .55; }
.sw-trick { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0; min-height: 40px; align-items: flex-end; }
.sw-entry { display: flex; flex-direction: column; align-items: center; gap: 2px; }
.sw-entry.best { outline: 2px solid #ffd166; border-radius: 6px; padding: 2px; }
.sw-entry .who { font-size: 12px; opacity: .8; }
.sw-hand { display: flex; flex-wrap: wrap; gap: 3px; margin: 8px 0; }
.sw-notice { font-size: 13px; background: rgba(0,0,0,.22); border-radius: 6px; padding: 6px 10px; margin-bottom: 6px; }
.sw-notice summary { cursor: pointer; }
`;

function words(ctx) { return W[ctx.lang] || W.en; }

function expand(counts) {
  const out = [];
  counts.forEach((n, k) => { for (let i = 0; i < n; i++) out.push(k); });
  return out;
}

function sameCards(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  return x.every((v, i) => v === y[i]);
}

function smallCards(ctx, A, kinds) {
  return ctx.el("span", { class: "sw-cards" }, kinds.map((k) => {
    const s = ctx.el("span", { class: "sw-card small", "data-kind": k, title: A.names[String(k)] });
    s.append(ctx.svgNode(A.faces[String(k)]));
    return s;
  }));
}

export async function render(root, frame, ctx) {
  const A = await ctx.assets("shiwuhu");
  ui.A = A;
  ensureStyle("shiwuhu-css", CSS);
  const { el } = ctx;
  const v = frame.view;
  const w = words(ctx);
  const me = frame.seat;
  const { myTurn, legal, label } = turn(frame, ctx);
  if (newFrame(ui, frame)) ui.sel.clear();
  const send = (a) => { ui.sel.clear(); ctx.send(a); };
  const names = frame.seat_names[ctx.lang];

  const notice = el("details", { class: "sw-notice", id: "notice" },
    el("summary", {}, `${w.notice} · ${A.notice}`),
    el("strong", {}, w.questions),
    el("ol", { id: "questions" }, A.questions.map((q) => el("li", {}, q))));

  const seats = el("ul", { class: "seats" }, [...Array(v.players).keys()].map((s) => {
    const { role, player } = seatLabel(frame, ctx, s);
    return el("li", { class: "chip seat" + (v.to_act === s ? " turn" : "") + (s === me ? " me" : ""), "data-seat": s },
      el("div", { class: "role" }, role),
      el("div", { class: "pname" }, playerName(ctx, player)),
      el("div", { class: "counts" }, `${counted(ctx.lang, v.hand_sizes[s], w.cards, w.card)} · ${v.hu[s]} ${w.hu}` + aside(ctx.lang, `${w.need} ${v.need[s]}`)));
  }));

  const done = v.best < 0;
  const tk = `${frame.deal_no}:${done ? v.tricks - 1 : v.tricks}`;  // motion.js: what is new, where a won trick goes
  const trick = region(el("div", { class: "sw-trick", id: "trick", "aria-label": done ? w.last : w.trick,
    "data-trick-key": v.trick.length ? tk : null, "data-winner": done && v.trick.length ? v.last_winner : null },
    v.trick.length ? el("span", { class: "muted" }, done ? w.last : w.trick) : null,
    ...v.trick.map(([s, a], i) => el("div", { class: "sw-entry" + (!done && a === v.best && s === v.best_seat ? " best" : ""), "data-seat": s,
      "data-play-key": `${tk}:${i}`, "data-from": s },
      el("span", { class: "who" }, names[s]),
      a === A.pass ? el("span", { class: "pass" }, w.pass) : smallCards(ctx, A, A.plays[a])))), "trick");

  const plays = legal.filter((a) => a < A.num_plays).map((a) => ({ a, cards: A.plays[a] }));
  const hand = v.hand ? expand(v.hand) : [];
  const selKinds = [...ui.sel].map((i) => hand[i]);
  const match = plays.find((p) => sameCards(p.cards, selKinds));
  // a card lights up when some legal play holds it together with the cards already selected
  function usable(i) {
    if (!myTurn || !plays.length) return false;
    if (ui.sel.has(i)) return true;
    const want = [...selKinds, hand[i]];
    return plays.some((p) => {
      const rest = [...p.cards];
      for (const k of want) { const j = rest.indexOf(k); if (j < 0) return false; rest.splice(j, 1); }
      return true;
    });
  }
  const handEl = region(el("div", { class: "sw-hand hand", id: "hand", "data-my-turn": myTurn ? "1" : "0", role: "group" }, hand.map((k, i) => {
    const ok = usable(i);
    const b = el("button", { type: "button", class: "sw-card" + (ok ? " legal" : "") + (ui.sel.has(i) ? " selected" : ""),
      "data-kind": k, "data-idx": i, disabled: ok ? null : true, "aria-pressed": String(ui.sel.has(i)),
      title: `${A.names[String(k)]} ${A.dice[String(k)]}`, "aria-label": A.names[String(k)] });
    b.append(ctx.svgNode(A.faces[String(k)]));
    b.onclick = () => { if (ui.sel.has(i)) ui.sel.delete(i); else ui.sel.add(i); render(root, frame, ctx); };
    // a card in no play open now says why when tapped: with the selection, else on its own
    if (myTurn && !ok && plays.length) refusable(ctx, b, frame, [selKinds.length ? playOf(A, [...selKinds, k]) : null, playOf(A, [k])]);
    return b;
  })), "hand", "button");

  let prompt;
  if (!myTurn) {
    prompt = waitingPrompt(frame, ctx, w.turnOf);
  } else {
    const buttons = [];
    if (v.phase === "declare") {
      buttons.push(el("button", { type: "button", class: "word primary", id: "declare-btn", "data-action": A.declare, onclick: () => send(A.declare) }, w.declareBtn));
      if (legal.includes(A.play_on)) buttons.push(el("button", { type: "button", class: "word", id: "play-on-btn", "data-action": A.play_on, onclick: () => send(A.play_on) }, w.playOn));
    } else {
      buttons.push(el("button", { type: "button", class: "word primary", id: "play-btn", disabled: match ? null : true,
        onclick: () => match && send(match.a) }, match ? `${w.play} · ${label(match.a)}` : w.play));
      if (legal.includes(A.pass)) buttons.push(el("button", { type: "button", class: "word", id: "pass-btn", "data-action": A.pass, onclick: () => send(A.pass) }, w.pass));
      buttons.push(el("button", { type: "button", class: "word", id: "clear-btn", disabled: ui.sel.size ? null : true,
        onclick: () => { ui.sel.clear(); render(root, frame, ctx); } }, w.clear));
    }
    const text = { lead: w.lead, follow: w.follow, declare: w.declare }[v.phase] || "";
    prompt = region(el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${text}`), ...buttons), "actions", "button");
  }
  const all = myTurn ? movesPanel(ctx, legal, w.moves, label, send) : null;
  let details = null;
  if (frame.deal_over) {
    const x = frame.extras || {};
    const lines = (x.settlement && (x.settlement[ctx.lang] || x.settlement.en)) || [];
    details = el("ul", { class: "why", id: "explain" }, lines.map((l) => el("li", {}, l)));
  }
  mount(root, frame, ctx, declare(
    el("div", { class: "felt" + (myTurn ? " my-turn" : ""), "data-seq": `${frame.deal_no}:${frame.seq}`, "data-phase": v.phase || "" },
      notice, seats, trick, prompt, me !== null && me !== undefined ? handEl : null, all),
    frame, NEEDS, myTurn && (NEEDS[v.phase] ? v.phase : null)), details);
}

export function onError() { ui.sel.clear(); }
