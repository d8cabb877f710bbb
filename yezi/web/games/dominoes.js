// 接龍 / 斜釘 / 頂牛 table: the lines of tiles with their open ends, seat chips with tile and
// face-down counts, the hand as tile buttons (a tile with one legal move plays at once; with
// several — which end is open, which end to join — the choices appear), 扣牌 buttons, the
// 算帳 / 死砸 notes and warnings (頂牛), and the settlement with scores, tags and ranks.
import { aside, counted, headed } from "/static/i18n.js";
import { declare, ensureStyle, mount, movesPanel, newFrame, playerName, refusable, region, seatLabel, turn, waitingPrompt } from "/static/games/common.js";

// What each decision needs in view (common.js `declare`): the lines' open ends, the hand, the buttons.
export const NEEDS = { lead: ["ends?", "hand", "actions?"], connect: ["ends", "hand", "actions?"], discard: ["ends?", "hand", "actions?"] };

const W = {
  "zh-hant": { tiles: "張", down: "扣牌", open: "開口", closed: "封口", line: "第{n}行", turnOf: "輪到", yourTurn: "輪到你",
    lead: "引牌：選一張牌（單頭時並選開口）", play: "接牌：點一張亮起的牌", discard: "接不上：選一張牌扣下", choose: "選擇：",
    score: "點數", pass: "通牌", penalty: "頭/尾", suanzhang: "算帳", sizha: "死砸", warnS: "此步會是算帳",
    warnD: "此步會是死砸", left: "手中", reason: { "all-out": "牌已出完", blocked: "別家都接不上，立即結束", bajue: "八掘", redeal: "重新洗牌" },
    rank: ["贏家", "小庄", "二庄", "大庄"], rule: { "suanzhang-success": "算帳成功，加倍", baozhuang: "包庄" }, cancel: "取消", moves: "所有走法" },
  "zh-hans": { tiles: "张", down: "扣牌", open: "开口", closed: "封口", line: "第{n}行", turnOf: "轮到", yourTurn: "轮到你",
    lead: "引牌：选一张牌（单头时并选开口）", play: "接牌：点一张亮起的牌", discard: "接不上：选一张牌扣下", choose: "选择：",
    score: "点数", pass: "通牌", penalty: "头/尾", suanzhang: "算帐", sizha: "死砸", warnS: "此步会是算帐",
    warnD: "此步会是死砸", left: "手中", reason: { "all-out": "牌已出完", blocked: "别家都接不上，立即结束", bajue: "八掘", redeal: "重新洗牌" },
    rank: ["赢家", "小庄", "二庄", "大庄"], rule: { "suanzhang-success": "算帐成功，加倍", baozhuang: "包庄" }, cancel: "取消", moves: "所有走法" },
  en: { tiles: "tiles", tile: "tile", down: "face down", open: "open", closed: "closed", line: "Line {n}", turnOf: "To act", yourTurn: "Your turn",
    lead: "Lead: pick a tile (and, with one open end, which end stays open)", play: "Connect: click a highlighted tile",
    discard: "You cannot connect: pick a tile to put face down", choose: "Choose: ", score: "score", pass: "通牌 (all placed)",
    penalty: "head-or-tail penalty (頭七/尾八)", suanzhang: "算帳", sizha: "死砸", warnS: "this move would be 算帳",
    warnD: "this move would be 死砸", left: "in hand",
    reason: { "all-out": "all tiles are out", blocked: "nobody else can connect", bajue: "八掘 (eight doubles)", redeal: "redeal" },
    rank: ["winner", "小庄", "二庄", "大庄"], rule: { "suanzhang-success": "算帳成功: doubled", baozhuang: "包庄" }, cancel: "Cancel", moves: "All moves" },
};
const ui = { kind: null, key: "", A: null };
// the tile of a suggested move, for the hint's mark in the hand (its end, when it has a choice, is the
// choice button's mark)
export function hintCards(action) { return ui.A ? [decode(ui.A, action).k] : []; }

// a few rules of our own, injected once (app.css belongs to the app)
const CSS = `
.domino-table { display: flex; flex-direction: column; gap: 6px; margin: 8px 0; }
.domino-line { display: flex; flex-wrap: wrap; align-items: center; gap: 2px; }
.domino-line .label { margin-right: 4px; }  /* the newest tile's ring stays clear of the line's name */
.tile { display: inline-block; line-height: 0; }
.tile svg { display: block; }
.tile.lying svg { width: 44px; height: 22px; }
.tiles.small .tile svg { width: 14px; height: 28px; }
.hand button.tile { padding: 2px; border: 2px solid transparent; background: none; border-radius: 6px; margin: 2px; }
.hand button.tile.legal { border-color: #ffd166; cursor: pointer; }
.hand button.tile.selected { border-color: #e07a1f; transform: translateY(-4px); }
.hand button.tile:disabled { opacity: 0.55; }
.open-ends { font-weight: bold; }
.notes li.suanzhang { color: #ffd166; }
.choices, .moves { margin: 6px 0; }
`;
function words(ctx) { return W[ctx.lang] || W.en; }

function decode(A, a) {
  if (a < A.play_base) return { verb: "lead", k: a >> 1, x: a & 1 };
  if (a < A.down_base) return { verb: "play", k: (a - A.play_base) >> 1, x: (a - A.play_base) & 1 };
  return { verb: "down", k: a - A.down_base, x: 0 };
}

function tileSpan(ctx, A, k, cls = "") {
  const { el, svgNode } = ctx;
  const s = el("span", { class: "tile " + cls, "data-kind": k === null ? "back" : k, title: k === null ? "" : `${A.names[String(k)]} ${A.dice[String(k)]}` });
  s.append(svgNode(k === null ? A.back : A.faces[String(k)]));
  return s;
}

// The newest move (motion.js: it flies in from its seat and stays ringed): its index in the deal,
// its seat (action i is seat i mod n's) and, for a tile placed, where it lies (a line's first or
// last tile with that kind and seat: a line grows only at its ends).
function newest(frame, A) {
  const v = frame.view;
  const h = v.history || [];
  if (!h.length) return null;
  const i = h.length - 1;
  const seat = i % v.seats;
  const a = h[i];
  const d = a === null || a === undefined ? { verb: "down" } : decode(A, a);
  const out = { key: `${frame.deal_no}:${i}`, seat, verb: d.verb, line: -1, at: -1 };
  if (d.verb === "down") return out;
  v.lines.forEach((line, li) => {
    for (const j of [line.length - 1, 0]) {
      if (out.line < 0 && line[j] && line[j][2] === d.k && line[j][3] === seat) { out.line = li; out.at = j; }
    }
  });
  return out;
}

function lines(frame, ctx, A) {
  const { el, svgNode } = ctx;
  const v = frame.view;
  const w = words(ctx);
  const last = newest(frame, A);
  const out = v.lines.map((line, i) => el("div", { class: "domino-line", "data-line": i },
    el("span", { class: "label muted" }, w.line.replace("{n}", i + 1) + (v.two_ends ? "" : aside(ctx.lang, `${w.closed} ${line[0][0]}`)) + " "),
    ...line.map((t, j) => {
      const mark = last && last.line === i && last.at === j;
      const s = el("span", { class: "tile lying", "data-kind": t[2], title: `${A.names[String(t[2])]} · ${frame.seat_names[ctx.lang][t[3]]}`,
        "data-play-key": mark ? last.key : null, "data-from": mark ? last.seat : null,
        "data-end": j === 0 || j === line.length - 1 ? "1" : null });  // an end a tile is joined to
      s.append(svgNode(A.lying[`${t[0]}${t[1]}`]));
      return s;
    })));
  if (v.ends && v.ends.length) out.push(el("div", { class: "open-ends", id: "open-ends" }, headed(ctx.lang, w.open, v.ends.join(" / "))));
  return region(el("div", { class: "domino-table", id: "lines" }, out), "ends", "[data-end], #open-ends");
}

function seatChips(frame, ctx, A) {
  const { el } = ctx;
  const v = frame.view;
  const w = words(ctx);
  return el("ul", { class: "seats" }, [...Array(v.seats).keys()].map((s) => {
    const { role, player } = seatLabel(frame, ctx, s);
    const down = v.down[s];
    const li = el("li", { class: "chip seat" + (v.to_act === s ? " turn" : "") + (s === frame.seat ? " me" : ""), "data-seat": s },
      el("div", { class: "role" }, role),
      el("div", { class: "pname" }, playerName(ctx, player)),
      el("div", { class: "counts" }, `${counted(ctx.lang, v.hand_counts[s], w.tiles, w.tile)} · ${w.down} ${v.down_counts[s]}`));
    let row = null;
    if (down && down.length) row = el("span", { class: "tiles small" }, down.map((k) => tileSpan(ctx, A, k)));
    else if (v.down_counts[s]) row = el("span", { class: "tiles small" }, Array(v.down_counts[s]).fill(null).map(() => tileSpan(ctx, A, null)));
    if (row) {
      li.append(row);
      // a tile just put face down: the last of the seat's row is the newest move (motion.js)
      const last = newest(frame, A);
      if (last && last.verb === "down" && last.seat === s && row.lastChild) {
        row.lastChild.dataset.playKey = last.key;
        row.lastChild.dataset.from = s;
      }
    }
    return li;
  }));
}

function notes(frame, ctx) {
  const { el } = ctx;
  const ns = Object.values(frame.view.notes || {});
  if (!ns.length) return null;
  return el("ul", { class: "why notes", id: "notes" }, ns.map((n) => el("li", { class: n.kind }, (n.text && (n.text[ctx.lang] || n.text.en)) || n.kind)));
}

function details(frame, ctx, A) {
  const { el } = ctx;
  const v = frame.view;
  const res = v.result;
  if (!res) return null;
  const w = words(ctx);
  const names = frame.seat_names[ctx.lang];
  const rows = [el("p", { class: "outcome" }, w.reason[res.reason] || res.reason,
    res.rule && res.rule !== "plain" ? ` · ${w.rule[res.rule] || res.rule}` + (res.payer !== null && res.payer !== undefined ? ` (${names[res.payer]})` : "") : "")];
  rows.push(el("ul", { class: "why" }, [...Array(v.seats).keys()].map((s) => {
    const tags = [];
    if (res.tags && (res.tags[s] === "pass" || res.tags[s] === "penalty")) tags.push(w[res.tags[s]]);
    if (res.ranks) tags.push(w.rank[res.ranks[s]]);
    if ((res.suanzhang || []).includes(s)) tags.push(w.suanzhang);
    const left = (v.hands_left || [])[s] || [];
    return el("li", {}, headed(ctx.lang, names[s], `${w.score} ${res.scores[s]}`) + (!tags.length ? "" : aside(ctx.lang, tags.join(ctx.lang === "en" ? ", " : "、"))) + " ",
      el("span", { class: "tiles small" }, (v.down[s] || []).map((k) => tileSpan(ctx, A, k))),
      left.length ? el("span", { class: "muted" }, ` ${w.left} `) : null,
      left.length ? el("span", { class: "tiles small" }, left.map((k) => tileSpan(ctx, A, k))) : null);
  })));
  // every payment with its reason, in the table's language (frame_extras, as Fishing and Ma Diao)
  const why = (frame.extras && frame.extras.why && (frame.extras.why[ctx.lang] || frame.extras.why.en)) || [];
  if (why.length) rows.push(el("ul", { class: "why", id: "pay-why" }, why.map((l) => el("li", {}, l))));
  return el("div", {}, rows);
}

export function makeRender(game) {
  return async function render(root, frame, ctx) {
    const A = await ctx.assets(game);
    ui.A = A;
    ensureStyle("dominoes-css", CSS);
    const { el } = ctx;
    const v = frame.view;
    const w = words(ctx);
    const me = frame.seat;
    const { myTurn, legal, label } = turn(frame, ctx);
    if (newFrame(ui, frame)) ui.kind = null;
    const byKind = {};
    for (const a of legal) { const d = decode(A, a); (byKind[d.k] = byKind[d.k] || []).push(a); }
    const judge = (frame.extras && frame.extras.judge) || {};
    // the engine words the 包庄 risk for this ruleset (only the 大庄, or any loser)
    const warnS = (frame.extras && frame.extras.warn && frame.extras.warn[ctx.lang]) || w.warnS;
    const send = (a) => {
      if (judge[String(a)] === "suanzhang" && !window.confirm(headed(ctx.lang, label(a), warnS))) return;
      ui.kind = null;
      ctx.send(a);
    };
    const verbs = new Set(legal.map((a) => decode(A, a).verb));
    const kind = verbs.has("lead") ? "lead" : verbs.has("play") ? "connect" : "discard";
    const prompt = !myTurn
      ? waitingPrompt(frame, ctx, w.turnOf)
      : el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${{ lead: w.lead, connect: w.play, discard: w.discard }[kind]}`));
    const hand = v.hand || [];
    const handEl = region(el("div", { class: "hand", id: "hand", "data-my-turn": myTurn ? "1" : "0", role: "group" }, hand.map((k) => {
      const acts = byKind[k] || [];
      const plays = acts.filter((a) => decode(A, a).verb !== "down");
      const usable = myTurn && acts.length > 0;
      const b = el("button", { type: "button", class: "tile" + (usable ? " legal" : "") + (ui.kind === k ? " selected" : ""),
        "data-kind": k, disabled: usable ? null : true, title: `${A.names[String(k)]} ${A.dice[String(k)]}`,
        "aria-label": A.names[String(k)] });
      b.append(ctx.svgNode(A.faces[String(k)]));
      b.onclick = () => {
        const choice = plays.length ? plays : acts;
        if (choice.length === 1) send(choice[0]);
        else { ui.kind = k; render(root, frame, ctx); }
      };
      // a tile that cannot be used now says why when tapped: leading it, or joining it at an open end
      if (myTurn && !usable) refusable(ctx, b, frame, [verbs.has("lead") ? k << 1 : A.play_base + (k << 1)]);
      return b;
    })), "hand", "button");
    let choices = null;
    if (myTurn && ui.kind !== null && byKind[ui.kind]) {
      choices = region(el("div", { class: "choices", id: "choices" }, w.choose, ...byKind[ui.kind].map((a) => el("button", {
        type: "button", class: "word primary", id: `act-${a}`, "data-action": a, onclick: () => send(a),
        title: judge[String(a)] === "suanzhang" ? warnS : judge[String(a)] === "sizha" ? w.warnD : "" },
      label(a) + (judge[String(a)] ? ` · ${w[judge[String(a)]]}` : ""))),
      el("button", { type: "button", class: "word", id: "cancel-btn", onclick: () => { ui.kind = null; render(root, frame, ctx); } }, w.cancel)),
      "actions", "button");
    }
    const all = myTurn ? movesPanel(ctx, legal, w.moves, (a) => label(a) + (judge[String(a)] ? ` · ${w[judge[String(a)]]}` : ""), send) : null;
    mount(root, frame, ctx, declare(
      el("div", { class: "felt" + (myTurn ? " my-turn" : "") },
        seatChips(frame, ctx, A), lines(frame, ctx, A), notes(frame, ctx), prompt,
        me !== null && me !== undefined ? handEl : null, choices, all),
      frame, NEEDS, myTurn && kind), frame.deal_over ? details(frame, ctx, A) : null);
  };
}

export function onError() { ui.kind = null; }
