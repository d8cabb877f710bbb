// Ma Diao 馬弔 table: each seat's tricks (上卓 cards face up), the face card (面葉), the trick in
// play (face-down discards as backs), the hand. Click a hand card: with one legal use it is played;
// with two (capture 捉 or discard 滅) both are offered. The banker's stake (衝) and a long-suit
// 免鬭 are buttons. Plays that risk a liability (D1/D2, 願認者聽) are marked ⚠ and explained.
// After the hand, every payment is listed with the clause of 《馬弔脚例》 that grants it.
import { aside, counted, headed } from "/static/i18n.js";
import { declare, ensureStyle, mount, movesPanel, newFrame, playerName, refusable, region, seatLabel, turn, waitingPrompt } from "/static/games/common.js";

// What each decision needs in view (common.js `declare`): the trick being answered, the hand, the buttons.
export const NEEDS = { stake: ["actions"], mian: ["hand?", "actions"], lead: ["hand", "actions?"], follow: ["trick", "hand", "actions?"] };

const W = {
  "zh-hant": { face: "面葉", tou: "頭", stake: "衝", pool: "官堆", tricks: "卓", turnOf: "輪到", yourTurn: "輪到你",
    lead: "發牌（出一張明牌）", follow: "捉（同門較大）或滅（覆一張）", pickStake: "定注（宜雙）", mian: "長門免鬭？",
    capture: "捉", leadv: "發", discard: "滅", cancel: "取消", moves: "全部可行步", why: "賠付理由（《馬弔脚例》）", risk: "願認者聽" },
  "zh-hans": { face: "面叶", tou: "头", stake: "冲", pool: "官堆", tricks: "桌", turnOf: "轮到", yourTurn: "轮到你",
    lead: "发牌（出一张明牌）", follow: "捉（同门较大）或灭（覆一张）", pickStake: "定注（宜双）", mian: "长门免斗？",
    capture: "捉", leadv: "发", discard: "灭", cancel: "取消", moves: "全部可行步", why: "赔付理由（《马吊脚例》）", risk: "愿认者听" },
  en: { face: "Face card", tou: "first receiver", stake: "Stake", pool: "Pool", tricks: "tricks", trick1: "trick", turnOf: "To act", yourTurn: "Your turn",
    lead: "lead a card face up", follow: "capture (same suit, higher) or discard face down", pickStake: "set the stake (even)",
    mian: "long suit: no contest?", capture: "Capture", leadv: "Lead", discard: "Discard", cancel: "Cancel", moves: "All legal moves",
    why: "Why each payment (Feng's clauses)", risk: "allowed; liability settles after the hand" },
};
const ui = { sel: null, key: "" };
// the card of a suggested move (codes below 80 name a card: code % 40), for the hint's mark
export function hintCards(action) { return action < 80 ? [action % 40] : []; }

const CSS = `
.md-row { display: flex; gap: 3px; flex-wrap: wrap; align-items: flex-end; }
.md-card { display: inline-block; line-height: 0; padding: 1px; border: 2px solid transparent; border-radius: 5px; background: none;
  min-height: 0; }
.md-card svg { display: block; width: clamp(38px, 10.5vw, 54px); height: auto; }
/* a seat's tricks: the cards' heads, where the name is printed */
.md-card.small { height: 26px; overflow: hidden; padding: 0; border-width: 1px; }
.md-card.small svg { width: 36px; }
.md-card.win { border-color: #ffd166; }
button.md-card.legal { border-color: #ffd166; cursor: pointer; }
button.md-card.risky { border-color: #e07a1f; }
button.md-card.selected { transform: translateY(-5px); border-color: #e07a1f; }
button.md-card:disabled { opacity: .6; }
/* a phone: eight cards in one row; a landscape phone: the table's cards at their narrowest */
@media (max-width: 480px) { #hand .md-card svg { width: clamp(36px, 9.4vw, 54px); } }
@media (max-height: 500px) { .md-info .md-card svg, .md-trick .md-card svg { width: 36px; } }
/* a wide screen: the table's cards a size smaller than the hand's, so that the seats keep their room */
@media (min-width: 720px) { .md-info .md-card svg, .md-trick .md-card svg { width: 42px; } }
.md-trick { display: flex; gap: 10px; margin: 8px 0; }
.md-play { display: flex; flex-direction: column; align-items: center; font-size: 12px; gap: 2px; }
.md-info { display: flex; gap: 14px; align-items: center; flex-wrap: wrap; }
.md-warn { color: #ffb35c; }
/* on a pale button the warning colour would be too faint to read: a dark amber text with an amber edge */
button.md-warn { color: #7a3e00; border-color: #e08a1e; box-shadow: inset 0 0 0 1px #e08a1e; }
`;
function words(ctx) { return W[ctx.lang] || W.en; }

function face(ctx, A, c) { return ctx.svgNode(c === null || c === undefined ? A.back : A.faces[String(c)]); }

function cardSpan(ctx, A, c, cls = "", attrs = {}) {
  const s = ctx.el("span", { class: "md-card " + cls, "data-card": c ?? "", title: c === null || c === undefined ? "" : A.names[String(c)], ...attrs });
  s.append(face(ctx, A, c));
  return s;
}

export async function render(root, frame, ctx) {
  const A = await ctx.assets("madiao");
  ensureStyle("madiao-css", CSS);
  const { el } = ctx;
  const v = frame.view;
  const w = words(ctx);
  const x = frame.extras || {};
  const me = frame.seat;
  const { myTurn, legal, label } = turn(frame, ctx);
  if (newFrame(ui, frame)) ui.sel = null;
  const send = (a) => { ui.sel = null; ctx.send(a); };
  const warnings = (x.warnings && (x.warnings[ctx.lang] || x.warnings.en)) || {};  // {action: [texts]} in the reader's language
  const names = frame.seat_names[ctx.lang];

  const info = el("div", { class: "md-info", id: "info" },
    el("span", {}, `${w.stake} ${v.stake ?? "?"}`), el("span", {}, `${w.pool} ${v.pool ?? 0}`));
  if (v.tou !== undefined && v.tou !== null) {
    info.append(el("span", {}, ctx.lang === "en" ? `${w.face}:` : `${w.face}：`), cardSpan(ctx, A, v.face, "", { id: "face-card" }),
      el("span", {}, headed(ctx.lang, w.tou, names[v.tou])));
  }
  const status = x.status || [];
  const seats = el("ul", { class: "seats" }, [0, 1, 2, 3].map((s) => {
    const { role, player } = seatLabel(frame, ctx, s);
    const won = (v.won || [])[s] || [];
    return el("li", { class: "chip seat" + (v.to_act === s ? " turn" : "") + (s === me ? " me" : ""), "data-seat": s },
      el("div", { class: "role" }, role), el("div", { class: "pname" }, playerName(ctx, player)),
      el("div", { class: "counts" }, counted(ctx.lang, (v.trick_counts || [])[s] ?? 0, w.tricks, w.trick1) + (status[s] ? ` · ${status[s]}` : "")),
      el("span", { class: "md-row" }, won.map((c) => cardSpan(ctx, A, c, "small"))));
  }));

  const tricks = v.tricks || [];
  const cur = tricks.length ? tricks[tricks.length - 1] : null;
  const tk = `${frame.deal_no}:${tricks.length - 1}`;  // motion.js: what is new, where it goes
  const done = cur && cur.winner !== null && cur.winner !== undefined;
  const trick = cur ? region(el("div", { class: "md-trick", id: "trick", "data-trick-key": tk, "data-winner": done ? cur.winner : null },
    cur.plays.map(([s, c, up], i) =>
    el("div", { class: "md-play", "data-play-key": `${tk}:${i}`, "data-from": s }, cardSpan(ctx, A, up || c !== null ? c : null, cur.best === c && up ? "win" : ""),
      el("span", {}, names[s] + (up ? "" : ` · ${w.discard}`))))), "trick") : null;

  const byCard = {};
  for (const a of legal) {
    if (a < 80) (byCard[a % 40] = byCard[a % 40] || []).push(a);
  }
  let prompt, kind = null;
  const extra = [];
  if (!myTurn) {
    prompt = waitingPrompt(frame, ctx, w.turnOf);
  } else {
    kind = cur && cur.plays.length && !done ? "follow" : "lead";
    let what = kind === "follow" ? w.follow : w.lead;
    if (v.phase === "stake" || v.phase === "mian") kind = v.phase;
    if (v.phase === "stake") what = w.pickStake;
    if (v.phase === "mian") what = w.mian;
    for (const a of legal) {
      if (a >= 80) extra.push(el("button", { type: "button", class: "word primary", id: `act-${a}`, "data-action": a, onclick: () => send(a) }, label(a)));
    }
    prompt = region(el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${what}`), ...extra), "actions", "button");
  }
  const hand = (v.hand || []).slice().sort((a, b) => a - b);
  const handEl = region(el("div", { class: "hand md-row", id: "hand", "data-my-turn": myTurn && v.phase === "play" ? "1" : "0", role: "group" }, hand.map((c) => {
    const acts = byCard[c] || [];
    const risky = acts.some((a) => warnings[String(a)]);
    const b = el("button", { type: "button", class: "md-card" + (acts.length ? " legal" : "") + (risky ? " risky" : "") + (ui.sel === c ? " selected" : ""),
      "data-card": c, disabled: acts.length ? null : true, title: A.names[String(c)] + (risky ? " ⚠" : ""), "aria-label": A.names[String(c)] });
    b.append(face(ctx, A, c));
    b.onclick = () => {
      if (acts.length === 1 && !warnings[String(acts[0])]) send(acts[0]);
      else { ui.sel = c; render(root, frame, ctx); }
    };
    // a card that may not be played now says why when tapped: playing it face up (codes below 40)
    if (myTurn && !acts.length) refusable(ctx, b, frame, [c]);
    return b;
  })), "hand", "button");
  let choices = null;
  if (myTurn && ui.sel !== null) {
    const acts = byCard[ui.sel] || [];
    const leading = !(cur && cur.plays.length);
    choices = region(el("div", { class: "choices", id: "choices" },
      ...acts.map((a) => el("button", { type: "button", class: "word" + (warnings[String(a)] ? " md-warn" : ""), id: `act-${a}`, "data-action": a,
        onclick: () => send(a) }, `${a < 40 ? (leading ? w.leadv : w.capture) : w.discard} ${A.names[String(ui.sel)]}` + (warnings[String(a)] ? " ⚠" : ""))),
      el("button", { type: "button", class: "word", id: "cancel-btn", onclick: () => { ui.sel = null; render(root, frame, ctx); } }, w.cancel),
      // a warning shared by both uses of the card (捉 and 滅) is said once
      ...[...new Set(acts.flatMap((a) => warnings[String(a)] || []))].map((t) => el("div", { class: "md-warn" }, `⚠ ${t}` + aside(ctx.lang, w.risk)))), "actions", "button");
  }
  const all = myTurn ? movesPanel(ctx, legal, w.moves, label, send) : null;

  let details = null;
  if (frame.deal_over) {
    const why = (x.why && (x.why[ctx.lang] || x.why.en)) || [];
    details = el("details", { class: "why", id: "why", open: true }, el("summary", {}, w.why),
      el("ul", {}, why.map((l) => el("li", { class: l.startsWith("    ") ? "muted" : "" }, l.trim().replace(/^· /, "")))));
  }
  mount(root, frame, ctx, declare(
    el("div", { class: "felt" + (myTurn ? " my-turn" : ""), "data-seq": `${frame.deal_no}:${frame.seq}`, "data-phase": v.phase || "" },
      info, seats, trick, prompt, me !== null && me !== undefined ? handEl : null, choices, all),
    frame, NEEDS, myTurn && kind), details);
}

export function onError() { ui.sel = null; }
