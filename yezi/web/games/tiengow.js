// 打天九 table: seat chips (tiles in hand, tiles and tricks won), the trick on the table (face-up
// tiles drawn, face-down ones as backs), the previous trick, the hand as tile buttons. Click tiles
// to select them, then 出牌 (face up: a set that may be led, or one that beats) or 墊 (face down,
// as many tiles as were led). A suggestion row lists every face-up play; all moves are also words.
import { aside, counted } from "/static/i18n.js";
import { declare, ensureStyle, mount, movesPanel, newFrame, playerName, region, seatLabel, turn, waitingPrompt } from "/static/games/common.js";

// What each decision needs in view (common.js `declare`): the trick being answered, the hand, the buttons.
export const NEEDS = { lead: ["hand", "actions"], follow: ["trick", "hand", "actions"] };

const W = {
  "zh-hant": { tiles: "隻", won: "得牌", tricks: "墩", yourTurn: "輪到你", turnOf: "輪到", lead: "出牌：選一組牌",
    follow: "跟牌：打出更大的同型牌，或墊 {n} 隻", up: "出牌", down: "墊牌", clear: "重選", sets: "可出：", trick: "本輪",
    last: "結牌", past: "上一輪", moves: "所有走法", need: "選 {n} 隻", wenzun: "文尊：只有一對高腳七可擒", high: "最大" },
  "zh-hans": { tiles: "只", won: "得牌", tricks: "墩", yourTurn: "轮到你", turnOf: "轮到", lead: "出牌：选一组牌",
    follow: "跟牌：打出更大的同型牌，或垫 {n} 只", up: "出牌", down: "垫牌", clear: "重选", sets: "可出：", trick: "本轮",
    last: "结牌", past: "上一轮", moves: "所有走法", need: "选 {n} 只", wenzun: "文尊：只有一对高脚七可擒", high: "最大" },
  en: { tiles: "tiles", tile: "tile", won: "won", tricks: "tricks", trick1: "trick", yourTurn: "Your turn", turnOf: "To act", lead: "Lead: pick a set",
    follow: "Follow: beat with a higher set of the same shape, or put {n} face down", up: "Play face up",
    down: "Face down", clear: "Clear", sets: "Sets: ", trick: "This trick", last: "Last trick (結牌)", past: "Previous trick",
    moves: "All moves", need: "pick {n}", wenzun: "文尊: only a pair of Long-leg Sevens takes it (擒)", high: "highest" },
};
const ui = { key: "", sel: [], tiles: {} };
// the tiles of a suggested move (a pair names its tile twice: both are marked), for the hint's marks
export function hintCards(action) { return ui.tiles[String(action)] || []; }
const CSS = `
.tg-trick { display: flex; flex-direction: column; gap: 4px; margin: 8px 0; }
.tg-play { display: flex; align-items: center; gap: 6px; }
.tg-play.high .who { color: #ffd166; font-weight: bold; }
.tile { display: inline-block; line-height: 0; }
.tile svg { display: block; }
.tg-play .tile[data-kind='back'] svg { outline: 1px solid #f4ecd8; outline-offset: -1px; border-radius: 4px; }
.tiles.small .tile svg { width: 14px; height: 28px; }
.hand button.tile { padding: 2px; border: 2px solid transparent; background: none; border-radius: 6px; margin: 2px; }
.hand button.tile.selected { border-color: #e07a1f; transform: translateY(-6px); }
.hand[data-my-turn='1'] button.tile { cursor: pointer; }
.tg-bar { margin: 6px 0; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
`;
function words(ctx) { return W[ctx.lang] || W.en; }

function tileSpan(ctx, A, k) {
  const s = ctx.el("span", { class: "tile", "data-kind": k === null ? "back" : k, title: k === null ? "" : `${A.names[String(k)]} ${A.dice[String(k)]} · ${A.jyutping[String(k)]}` });
  s.append(ctx.svgNode(k === null ? A.back : A.faces[String(k)]));
  return s;
}

function playRow(frame, ctx, A, p, high, key = null) {
  const { el } = ctx;
  const tiles = p.tiles === null ? Array(p.count).fill(null) : p.tiles;
  return el("div", { class: "tg-play" + (high ? " high" : ""), "data-seat": p.seat, "data-down": p.down ? "1" : "0",
    "data-play-key": key, "data-from": key === null ? null : p.seat },
    el("span", { class: "who" }, frame.seat_names[ctx.lang][p.seat]),
    el("span", { class: "tiles" }, tiles.map((k) => tileSpan(ctx, A, p.down && p.tiles === null ? null : k))));
}

function seatChips(frame, ctx) {
  const { el } = ctx;
  const v = frame.view;
  const w = words(ctx);
  return el("ul", { class: "seats" }, [0, 1, 2, 3].map((s) => {
    const { role, player } = seatLabel(frame, ctx, s);
    return el("li", { class: "chip seat" + (v.to_act === s ? " turn" : "") + (s === frame.seat ? " me" : ""), "data-seat": s },
      el("div", { class: "role" }, role),
      el("div", { class: "pname" }, playerName(ctx, player)),
      // what it won stays one piece (a narrow chip wraps at the dot, not before the bracket)
      el("div", { class: "counts" }, `${counted(ctx.lang, v.hand_sizes[s], w.tiles, w.tile)} · `,
        el("span", { class: "whole" }, `${w.won} ${counted(ctx.lang, v.won[s], w.tiles, w.tile)}`
          + aside(ctx.lang, counted(ctx.lang, v.tricks_won[s], w.tricks, w.trick1)))));
  }));
}

function sameTiles(a, b) {
  if (a.length !== b.length) return false;
  const x = [...a].sort((p, q) => p - q), y = [...b].sort((p, q) => p - q);
  return x.every((k, i) => k === y[i]);
}

function details(frame, ctx) {
  const { el } = ctx;
  const why = (frame.extras && frame.extras.why && (frame.extras.why[ctx.lang] || frame.extras.why.en)) || [];
  return why.length ? el("ul", { class: "why", id: "pay-why" }, why.map((l) => el("li", {}, l))) : null;
}

export async function render(root, frame, ctx) {
  const A = await ctx.assets("tiengow");
  ensureStyle("tiengow-css", CSS);
  const { el } = ctx;
  const v = frame.view;
  const w = words(ctx);
  const { myTurn, legal, label } = turn(frame, ctx);
  if (newFrame(ui, frame)) ui.sel = [];
  const tilesOf = (frame.extras && frame.extras.tiles) || {};
  ui.tiles = tilesOf;
  const hand = v.hand || [];
  const n = v.trick.plays.length ? v.trick.n : 0;
  const send = (a) => { ui.sel = []; ctx.send(a); };
  const chosen = ui.sel.map((i) => hand[i]);
  const match = (down) => legal.find((a) => ((a & 1) === (down ? 1 : 0)) && sameTiles(tilesOf[String(a)] || [], chosen));
  const upAct = chosen.length ? match(false) : undefined;
  const downAct = chosen.length ? match(true) : undefined;
  const rerender = () => render(root, frame, ctx);
  const trick = v.trick;
  const tk = `${frame.deal_no}:${v.past.length}`;  // motion.js: what is new, where a won trick goes
  const trickEl = region(el("div", { class: "tg-trick", id: "trick", "data-n": trick.n, "data-last": trick.last ? "1" : "0",
    "data-trick-key": trick.plays.length ? tk : null },
    trick.plays.length ? el("div", { class: "label" }, trick.last ? w.last : w.trick) : null,
    ...trick.plays.map((p, i) => playRow(frame, ctx, A, p, p.seat === trick.high_seat, `${tk}:${i}`)),
    trick.wenzun ? el("div", { class: "why" }, w.wenzun) : null), "trick");
  const last = v.past.length ? v.past[v.past.length - 1] : null;
  const pastEl = last ? el("details", { class: "tg-trick", id: "past", "data-trick-result": `${frame.deal_no}:${v.past.length - 1}`,
    "data-winner": last.winner }, el("summary", {}, `${w.past} → ${frame.seat_names[ctx.lang][last.winner]}`),
    ...last.plays.map((p) => playRow(frame, ctx, A, p, p.seat === last.winner))) : null;
  const prompt = !myTurn ? waitingPrompt(frame, ctx, w.turnOf)
    : el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${n ? w.follow.replace("{n}", n) : w.lead}`));
  const handEl = region(el("div", { class: "hand", id: "hand", "data-my-turn": myTurn ? "1" : "0", "data-n": n, role: "group" },
    hand.map((k, i) => {
      const b = el("button", { type: "button", class: "tile" + (ui.sel.includes(i) ? " selected" : ""), "data-kind": k,
        "data-i": i, disabled: myTurn ? null : true, title: `${A.names[String(k)]} ${A.dice[String(k)]} · ${A.jyutping[String(k)]}`, "aria-label": A.names[String(k)] });
      b.append(ctx.svgNode(A.faces[String(k)]));
      b.onclick = () => {
        ui.sel = ui.sel.includes(i) ? ui.sel.filter((j) => j !== i) : [...ui.sel, i];
        rerender();
      };
      return b;
    })), "hand", "button");
  let bar = null;
  if (myTurn) {
    const ups = legal.filter((a) => !(a & 1));
    bar = region(el("div", {},
      el("div", { class: "tg-bar", id: "actions" },
        el("button", { type: "button", class: "word primary", id: "play-up", disabled: upAct === undefined ? true : null,
          onclick: () => upAct !== undefined && send(upAct) }, w.up),
        el("button", { type: "button", class: "word", id: "play-down", disabled: downAct === undefined ? true : null,
          onclick: () => downAct !== undefined && send(downAct) }, w.down),
        el("button", { type: "button", class: "word", id: "clear", onclick: () => { ui.sel = []; rerender(); } }, w.clear),
        n && chosen.length !== n ? el("span", { class: "muted" }, w.need.replace("{n}", n)) : null),
      ups.length ? el("div", { class: "tg-bar", id: "sets" }, w.sets, ...ups.map((a) => el("button", { type: "button", class: "word",
        "data-action": a, id: `set-${a}`, onclick: () => send(a) }, label(a)))) : null,
      movesPanel(ctx, legal, w.moves, label, send)), "actions", ".tg-bar button");
  }
  mount(root, frame, ctx, declare(
    el("div", { class: "felt" + (myTurn ? " my-turn" : ""), "data-seq": frame.seq },
      seatChips(frame, ctx), trickEl, pastEl, prompt, frame.seat !== null && frame.seat !== undefined ? handEl : null, bar),
    frame, NEEDS, myTurn && (n ? "follow" : "lead")), frame.deal_over ? details(frame, ctx) : null);
}

export function onError() { ui.sel = []; }
