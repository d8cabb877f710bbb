// 牌九 table: the dice and who took the first stack, each seat's stake and whether it has set its
// hand (face down until the banker has set), the seat's own tiles, and on its turn the choice:
// a stake (押1/2/3注), one of the ways to set four tiles (each split shows its front and back hand,
// named, as the engine's frame extras give them), or 開牌 in 小牌九. At the end every hand is
// opened with its name, the ○/× of each comparison with the banker, and why each payment is what it is.
import { declare, ensureStyle, mount, movesPanel, newFrame, playerName, region, seatLabel, turn, waitingPrompt } from "/static/games/common.js";

// What each decision needs in view (common.js `declare`): the banker's hand once it is set (the hand
// yours is compared with), your tiles, the choices.
export const NEEDS = { stake: ["actions"], set: ["banker?", "hand", "actions"], open: ["banker?", "hand?", "actions"] };

const W = {
  "zh-hant": { dice: "骰", first: "首疊歸", stake: "注", set: "已配牌", notSet: "未配牌", front: "頭", back: "尾",
    turnOf: "輪到", yourTurn: "輪到你", stakePrompt: "下注：押幾注？", setPrompt: "配牌：選頭（小）和尾（大）",
    openPrompt: "開牌", noDice: "未擲骰", moves: "所有走法", why: "勝負理由" },
  "zh-hans": { dice: "骰", first: "首叠归", stake: "注", set: "已配牌", notSet: "未配牌", front: "头", back: "尾",
    turnOf: "轮到", yourTurn: "轮到你", stakePrompt: "下注：押几注？", setPrompt: "配牌：选头（小）和尾（大）",
    openPrompt: "开牌", noDice: "未掷骰", moves: "所有走法", why: "胜负理由" },
  en: { dice: "Dice", first: "first stack to", stake: "stake", set: "set", notSet: "not set", front: "front", back: "back",
    turnOf: "To act", yourTurn: "Your turn", stakePrompt: "Stake: how many units?",
    setPrompt: "Set your tiles: choose the front (lower) and back (higher) hands", openPrompt: "Open your tiles",
    noDice: "dice not thrown yet", moves: "All moves", why: "Why these payments" },
};
const ui = { key: "" };

const CSS = `
.pg-seat { display: flex; flex-direction: column; gap: 3px; }
.pg-tiles { display: inline-flex; gap: 3px; align-items: center; }
.pg-tiles .gap { width: 10px; }
.pg-tile { display: inline-block; line-height: 0; }
.pg-tile svg { display: block; width: 20px; height: 40px; }
.pg-hand .pg-tile svg { width: 30px; height: 60px; }
.pg-name { font-size: 13px; opacity: .9; }
.pg-mark { font-weight: bold; color: #ffd166; }
#splits { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0; }
#splits button { display: inline-flex; align-items: center; gap: 6px; padding: 4px 8px; }
#stakes button, #open-btn { margin: 4px; }
`;
function words(ctx) { return W[ctx.lang] || W.en; }

function tile(ctx, A, k) {
  const s = ctx.el("span", { class: "pg-tile", "data-kind": k === null ? "back" : k,
    title: k === null ? "" : `${A.names[String(k)]} ${A.dice[String(k)]}` });
  s.append(ctx.svgNode(k === null ? A.back : A.faces[String(k)]));
  return s;
}

function tiles(ctx, A, ks, split) {
  const out = [];
  ks.forEach((k, i) => { if (split && i === 2) out.push(ctx.el("span", { class: "gap" })); out.push(tile(ctx, A, k)); });
  return ctx.el("span", { class: "pg-tiles" }, out);
}

function seats(frame, ctx, A) {
  const { el } = ctx;
  const v = frame.view;
  const w = words(ctx);
  const res = v.result;
  return el("ul", { class: "seats pg-seats", id: "seats" }, [...Array(v.seats).keys()].map((s) => {
    const { role, player } = seatLabel(frame, ctx, s);
    const stake = v.stakes[s] !== null && v.stakes[s] !== undefined ? ` · ${w.stake} ${v.stakes[s]}` : "";
    const li = el("li", { class: "chip seat pg-seat" + (v.to_act === s ? " turn" : "") + (s === frame.seat ? " me" : ""), "data-seat": s },
      el("div", { class: "role" }, role + stake), el("div", { class: "pname" }, playerName(ctx, player)));
    if (v.fronts[s] && s === v.banker && s !== frame.seat) region(li, "banker");
    if (v.fronts[s]) {
      const ks = v.backs[s] ? [...v.fronts[s], ...v.backs[s]] : v.fronts[s];
      li.append(tiles(ctx, A, ks, !!v.backs[s]));
      if (res) {
        const names = (res.names[s][ctx.lang] || res.names[s].en).join(" | ");
        const mark = s !== v.banker ? " " + res.outcomes[s].map((x) => (x ? "○" : "×")).join("") : "";
        li.append(el("div", { class: "counts pg-name" }, names),
          el("div", { class: "counts" }, el("span", { class: "pg-mark" }, mark), ` ${res.payments[s] > 0 ? "+" : ""}${res.payments[s]}`));
      } else {
        li.append(el("div", { class: "counts" }, w.set));
      }
    } else if (v.dice) {
      li.append(tiles(ctx, A, Array(v.tiles).fill(null), v.tiles === 4));
      li.append(el("div", { class: "counts" }, v.set_done[s] ? w.set : w.notSet));
    }
    return li;
  }));
}

export async function render(root, frame, ctx) {
  const A = await ctx.assets("paigow");
  ensureStyle("paigow-css", CSS);
  const { el } = ctx;
  const v = frame.view;
  const w = words(ctx);
  const me = frame.seat;
  const { myTurn, legal, label } = turn(frame, ctx);
  newFrame(ui, frame);
  const send = (a) => ctx.send(a);
  const names = frame.seat_names[ctx.lang];
  const dice = el("div", { class: "dice", id: "dice" }, v.dice
    ? `${w.dice} ${v.dice.join(" ")} = ${v.dice.reduce((a, b) => a + b, 0)} → ${w.first} ${names[v.first]}` : w.noDice);
  let prompt = waitingPrompt(frame, ctx, w.turnOf);
  let choice = null, kind = null;
  if (myTurn) {
    const stakes = legal.filter((a) => a < A.set_base);
    const opens = legal.filter((a) => a === A.open);
    kind = stakes.length ? "stake" : opens.length ? "open" : "set";
    if (stakes.length) {
      prompt = el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${w.stakePrompt}`));
      choice = region(el("div", { id: "stakes" }, stakes.map((a) => el("button", { type: "button", class: "word primary", id: `act-${a}`,
        "data-action": a, onclick: () => send(a) }, label(a)))), "actions", "button");
    } else if (opens.length) {
      prompt = el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${w.openPrompt}`));
      choice = region(el("div", {}, el("button", { type: "button", class: "word primary", id: "open-btn", "data-action": A.open,
        onclick: () => send(A.open) }, label(A.open))), "actions", "button");
    } else {
      prompt = el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${w.setPrompt}`));
      const splits = (frame.extras && frame.extras.splits) || [];
      choice = region(el("div", { id: "splits" }, splits.filter((x) => legal.includes(x.action)).map((x) => {
        const nm = x.names[ctx.lang] || x.names.en;
        return el("button", { type: "button", class: "word split", id: `split-${x.action}`, "data-action": x.action,
          onclick: () => send(x.action) },
        el("span", {}, `${w.front}`), tiles(ctx, A, x.front, false), el("span", { class: "pg-name" }, nm[0]),
        el("span", {}, ` ${w.back}`), tiles(ctx, A, x.back, false), el("span", { class: "pg-name" }, nm[1]));
      })), "actions", "button");
    }
  }
  // the seat's own tiles (none yet while the stakes are placed: the dice come after them)
  const hand = me !== null && me !== undefined && !v.result
    ? region(el("div", { class: "pg-hand hand", id: "hand", "data-my-turn": myTurn ? "1" : "0" }, v.hand ? tiles(ctx, A, v.hand, false) : null), "hand") : null;
  const all = myTurn ? movesPanel(ctx, legal, w.moves, label, send) : null;
  let details = null;
  const why = (frame.extras && frame.extras.why && (frame.extras.why[ctx.lang] || frame.extras.why.en)) || [];
  if (frame.deal_over && why.length) {
    details = el("div", {}, el("h4", {}, w.why), el("ul", { class: "why", id: "pay-why" }, why.map((l) => el("li", {}, l))));
  }
  mount(root, frame, ctx, declare(
    el("div", { class: "felt" + (myTurn ? " my-turn" : ""), "data-seq": frame.seq }, dice, seats(frame, ctx, A), prompt, hand, choice, all),
    frame, NEEDS, myTurn && kind), details);
}

export function onError() {}
