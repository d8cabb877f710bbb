// Fishing 釣魚 table: the lake grouped by pip total, the stock (and the 尾牌 for the 尾家 who peeked),
// the drawn card, each seat's catch with its 決勝分, and the hand. Click a hand card: if it has one
// legal move it is played; if it can take several lake cards, those light up and a click on one
// captures it. The drawn card's targets light up the same way. Every legal move is also a button.
import { counted, headed } from "/static/i18n.js";
import { declare, ensureStyle, mount, movesPanel, newFrame, playerName, refusable, region, seatLabel, turn, waitingPrompt } from "/static/games/common.js";

// What each decision needs in view (common.js `declare`): the lake fished in (and the card drawn), the hand, the buttons.
export const NEEDS = { play: ["lake?", "hand", "actions?"], draw: ["lake?", "drawn", "hand?", "actions?"] };

const W = {
  "zh-hant": { lake: "湖", stock: "牌龍", tail: "尾牌（你已看過）", drawn: "摸到", cards: "隻", catch: "漁獲", score: "決勝分",
    turnOf: "輪到", yourTurn: "輪到你", hand: "用手牌釣一隻，無牌可釣則放一隻", draw: "用摸到的牌釣一隻，或放生",
    pick: "點湖中亮起的牌", release: "放生", keep: "不釣", stack: "疊", cancel: "取消", moves: "全部可行步", why: "計分理由",
    empty: "（空）", last: "上一步", took: "釣起", put: "放入湖", stacked: "疊上", kept: "不釣",
    events: { "fours-to-tail": "四隻在湖，歸尾家", "heaven-pair": "一對天即時釣起", "lake-to-tail": "湖中餘牌歸尾家" } },
  "zh-hans": { lake: "湖", stock: "牌龙", tail: "尾牌（你已看过）", drawn: "摸到", cards: "只", catch: "渔获", score: "决胜分",
    turnOf: "轮到", yourTurn: "轮到你", hand: "用手牌钓一只，无牌可钓则放一只", draw: "用摸到的牌钓一只，或放生",
    pick: "点湖中亮起的牌", release: "放生", keep: "不钓", stack: "叠", cancel: "取消", moves: "全部可行步", why: "计分理由",
    empty: "（空）", last: "上一步", took: "钓起", put: "放入湖", stacked: "叠上", kept: "不钓",
    events: { "fours-to-tail": "四只在湖，归尾家", "heaven-pair": "一对天即时钓起", "lake-to-tail": "湖中余牌归尾家" } },
  en: { lake: "Lake", stock: "Stock", tail: "tail card (you peeked)", drawn: "Drawn", cards: "cards", card: "card", catch: "catch", score: "score",
    turnOf: "To act", yourTurn: "Your turn", hand: "capture with a hand card; release one only if none can capture",
    draw: "capture with the drawn card, or release it", pick: "click a highlighted lake card", release: "Release", keep: "Keep",
    stack: "Stack", cancel: "Cancel", moves: "All legal moves", why: "Why these scores", empty: "(empty)",
    last: "Last move", took: "caught", put: "into the lake", stacked: "stacked", kept: "kept",
    events: { "fours-to-tail": "four in the lake go to the 尾家", "heaven-pair": "a pair of 天 laid out at once", "lake-to-tail": "the lake left goes to the 尾家" } },
};
const ui = { sel: null, key: "", A: null };

// The hint's marks: the hand card a move plays (hintCards), and on the table the lake card it
// catches and the drawn card it uses (hintSpots); a release or "keep" of the drawn card is its button.
export function hintCards(action) {
  if (!ui.A) return [];
  const d = decode(ui.A, action);
  return d.verb === "cap" || d.verb === "rel" || d.verb === "stack" ? [d.card] : [];
}
export function hintSpots(action) {
  if (!ui.A) return [];
  const d = decode(ui.A, action);
  const out = d.verb === "cap" || d.verb === "dcap" ? [`#lake .fish-card[data-kind="${d.target}"]`] : [];
  if (d.verb === "dcap" || d.verb === "drel") out.push("#drawn-card");
  return out;
}

const CSS = `
.fish-lake { display: flex; flex-wrap: wrap; gap: 8px 10px; margin: 6px 0; align-items: flex-end; }
.fish-group { display: flex; flex-direction: column; align-items: center; gap: 1px; }
.fish-group .pips { font-size: 12px; line-height: 1; opacity: .8; }
.fish-cards { display: flex; gap: 2px; }
.fish-card { position: relative; display: inline-block; line-height: 0; padding: 1px; border: 2px solid transparent; border-radius: 5px;
  background: none; min-height: 0; }
.fish-card svg { display: block; width: 38px; height: auto; }
.fish-lake .fish-card.copy { margin-left: -28px; }
.fish-card .count { position: absolute; right: 1px; top: 1px; background: var(--gold); color: #3a2a1a; border-radius: 8px;
  padding: 0 4px; font-size: 12px; line-height: 16px; font-weight: 700; }
#hand .fish-card svg { width: clamp(36px, 9.5vw, 54px); }
/* a catch: the cards' upper parts overlapping, squeezed into the seat's box (each card keeps its
   36 px drawing; the boxes shrink so that the drawings overlap, the last one whole) */
.fish-fan { display: flex; align-items: flex-start; margin-top: 4px; max-width: 100%; height: 48px; overflow: hidden; }
.fish-fan:empty { height: 0; margin: 0; }  /* nothing caught yet: the seat's box stays small */
.fish-fan .fish-card { flex: 0 1 36px; min-width: 3px; height: 48px; padding: 0; border: 0; }
.fish-fan .fish-card:last-child { flex-shrink: 0; }
.fish-fan .fish-card svg { width: 36px; max-width: none; filter: drop-shadow(-1px 0 1px rgba(0,0,0,.35)); }
.seats .chip { min-width: 0; }
.fish-card.target { border-color: #ffd166; cursor: pointer; }
.fish-card.stacked { outline: 2px dashed #e07a1f; }
button.fish-card.legal { border-color: #ffd166; cursor: pointer; }
button.fish-card.selected { border-color: #e07a1f; transform: translateY(-4px); }
button.fish-card:disabled { opacity: .6; }
.fish-stock { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
.fish-drawn svg { width: 46px; }
.fish-last { display: inline-flex; align-items: center; gap: 3px; padding: 2px 6px; border-radius: 6px; background: rgba(0,0,0,.18); }
.fish-last .who { font-size: 13px; margin-right: 3px; }
/* the lower half of a 十五湖 card repeats the upper one: where room is short, show the upper half
   (cards only: Tiu U's domino tiles are short already) */
@media (max-width: 600px), (max-height: 820px) {
  .fish-lake .fish-card:has(> svg.card) { height: 72px; overflow: hidden; }
  .fish-stock .fish-card:has(> svg.card) { height: 84px; overflow: hidden; }
}
@media (max-width: 600px) {
  /* Tiu U's tiles in the lake a little narrower on a phone: the whole lake stays in the first screen */
  .fish-lake .fish-card:not(:has(> svg.card)) svg { width: 30px; }
  .fish-lake .fish-card.copy:not(:has(> svg.card)) { margin-left: -22px; }
  #hand .fish-card:has(> svg.card) { height: calc(9.5vw * 1.75 + 6px); min-height: 69px; overflow: hidden; padding: 0; }
  #hand { gap: 1px; }
  #hand .fish-card svg { width: clamp(36px, 9.2vw, 54px); }
}
`;
function words(ctx) { return W[ctx.lang] || W.en; }

function decode(A, a) {
  const K = A.K;
  if (a < A.rel) return { verb: "cap", card: Math.floor(a / K), target: a % K };
  if (a < A.dcap) return { verb: "rel", card: a - A.rel, target: -1 };
  if (a < A.drel) return { verb: "dcap", card: Math.floor((a - A.dcap) / K), target: (a - A.dcap) % K };
  if (a < A.stack) return { verb: "drel", card: a - A.drel, target: -1 };
  if (a < A.keep) return { verb: "stack", card: a - A.stack, target: -1 };
  return { verb: "keep", card: -1, target: -1 };
}

function face(ctx, A, k, dominoes) {
  return ctx.svgNode(k === null ? A.back : (dominoes ? A.tiles : A.faces)[String(k)]);
}

function cardSpan(ctx, A, k, dominoes, cls = "", attrs = {}) {
  const s = ctx.el("span", { class: "fish-card " + cls, "data-kind": k, title: `${A.names[String(k)]} ${A.dice[String(k)]}`, ...attrs });
  s.append(face(ctx, A, k, dominoes));
  return s;
}

// A seat's catch as an overlapping fan of the cards' upper parts (the lower half repeats it),
// squeezed to fit its seat box (CSS); the list and the 決勝分 are its accessible name.
function catchFan(ctx, A, kinds, dominoes, summary) {
  const names = kinds.map((k) => A.names[String(k)]).join("、");
  return ctx.el("span", { class: "fish-fan catch", role: "img", "aria-label": headed(ctx.lang, summary, names), title: names },
    kinds.map((k) => cardSpan(ctx, A, k, dominoes)));
}

// The newest move as cards (the card played, and the lake card it caught), with its seat: the
// motion's mark (data-play-key, data-from).
function lastPlay(frame, ctx, A, dominoes, last) {
  if (!last || last.action === null || last.action === undefined) return null;
  const { el } = ctx;
  const w = words(ctx);
  const d = decode(A, last.action);
  if (d.verb === "keep") return null;
  const cards = d.verb === "cap" || d.verb === "dcap" ? [d.card, d.target] : [d.card];
  const verb = { cap: w.took, dcap: w.took, rel: w.put, drel: w.put, stack: w.stacked }[d.verb] || "";
  const who = frame.seat_names[ctx.lang][last.seat];
  const text = d.verb === "cap" || d.verb === "dcap"
    ? headed(ctx.lang, who, `${A.names[String(d.card)]} ${verb} ${A.names[String(d.target)]}`) : headed(ctx.lang, who, `${A.names[String(d.card)]} ${verb}`);
  return el("span", { class: "fish-last", id: "last-move", "data-play-key": `${frame.deal_no}:${last.index}`, "data-from": last.seat,
    role: "img", "aria-label": `${w.last} · ${text}`, title: text },
  el("span", { class: "who" }, headed(ctx.lang, w.last, who)), ...cards.map((k) => cardSpan(ctx, A, k, dominoes, "small")));
}

function expand(counts) {
  const out = [];
  counts.forEach((n, k) => { for (let i = 0; i < n; i++) out.push(k); });
  return out;
}

export async function render(root, frame, ctx) {
  const A = await ctx.assets("fishing");
  ui.A = A;
  ensureStyle("fishing-css", CSS);
  const { el, T } = ctx;
  const v = frame.view;
  const w = words(ctx);
  const x = frame.extras || {};
  const dominoes = !!x.dominoes;
  const me = frame.seat;
  const { myTurn, legal, label } = turn(frame, ctx);
  if (newFrame(ui, frame)) ui.sel = null;
  const send = (a) => { ui.sel = null; ctx.send(a); };
  const acts = legal.map((a) => ({ a, ...decode(A, a) }));
  const drawPhase = v.phase === "draw";
  // targets in the lake for the selected hand card, or for the drawn card
  const targets = {};
  const active = drawPhase ? acts.filter((d) => d.verb === "dcap") : acts.filter((d) => d.verb === "cap" && d.card === ui.sel);
  for (const d of active) targets[d.target] = d.a;

  const groups = {};
  v.lake.forEach((n, k) => { if (n) (groups[A.pips[String(k)]] = groups[A.pips[String(k)]] || []).push(k); });
  // (copies of a kind overlap: the one on top is the lake's card for a player, and the region's)
  const lake = region(el("div", { class: "fish-lake", id: "lake", "aria-label": w.lake },
    Object.keys(groups).map(Number).sort((a, b) => b - a).map((p) => el("div", { class: "fish-group", "data-pips": p },
      el("div", { class: "fish-cards" }, groups[p].flatMap((k) => Array.from({ length: v.lake[k] }, (_, j) => {
        // copies of one kind overlap; the last drawn (on top) is the one a click captures, with the count
        const n = v.lake[k];
        const top = j === n - 1;
        const t = targets[k];
        const stacked = (v.stacked || []).includes(k);
        const cls = (j > 0 ? " copy" : "") + (stacked ? " stacked" : "");
        let node;
        if (t !== undefined && top) {
          node = el("button", { type: "button", class: "fish-card target" + cls, "data-kind": k,
            id: `lake-${k}`, title: label(t), "aria-label": label(t) + (n > 1 ? ` (×${n})` : ""), onclick: () => send(t) });
          node.append(face(ctx, A, k, dominoes));
        } else {
          node = cardSpan(ctx, A, k, dominoes, cls.trim());
        }
        if (top && n > 1) node.append(el("span", { class: "count", "aria-hidden": "true" }, `×${n}`));
        return node;
      }))),
      el("span", { class: "pips" }, String(p))))), "lake", ".fish-card:not(:has(+ .copy))");
  if (!Object.keys(groups).length) lake.append(el("span", { class: "muted" }, w.empty));

  const stock = el("div", { class: "fish-stock", id: "stock" }, headed(ctx.lang, w.stock, counted(ctx.lang, v.stock_left, w.cards, w.card)));
  if (v.deal && v.deal.tail !== undefined && v.stock_left > 0) stock.append(el("span", {}, w.tail + " "), cardSpan(ctx, A, v.deal.tail, dominoes, "small", { id: "tail-card" }));
  if (v.drawn !== null && v.drawn !== undefined) {
    stock.append(el("span", {}, ctx.lang === "en" ? `${w.drawn}: ` : `${w.drawn}：`), region(cardSpan(ctx, A, v.drawn, dominoes, "fish-drawn", { id: "drawn-card" }), "drawn", "self"));
  }

  // the newest move, by whom (motion.js flies it in from that seat and rings it until the next)
  const lastMove = lastPlay(frame, ctx, A, dominoes, x.last);
  if (lastMove) stock.append(lastMove);

  const seats = el("ul", { class: "seats" }, [...Array(v.players).keys()].map((s) => {
    const { role, player } = seatLabel(frame, ctx, s);
    const catchCards = expand(v.catches[s]);
    return el("li", { class: "chip seat" + (v.to_act === s ? " turn" : "") + (s === me ? " me" : ""), "data-seat": s },
      el("div", { class: "role" }, role),
      el("div", { class: "pname" }, playerName(ctx, player)),
      el("div", { class: "counts" }, `${counted(ctx.lang, v.hand_sizes[s], w.cards, w.card)} · ${w.catch} ${catchCards.length} · ${w.score} ${(x.scores || [])[s] ?? ""}`),
      catchFan(ctx, A, catchCards, dominoes, `${w.catch} ${catchCards.length} · ${w.score} ${(x.scores || [])[s] ?? ""}`));
  }));

  let prompt;
  if (!myTurn) {
    prompt = waitingPrompt(frame, ctx, w.turnOf);
  } else {
    const extra = [];
    for (const d of acts) {
      if (d.verb === "drel") extra.push(el("button", { type: "button", class: "word primary", id: "release-drawn", "data-action": d.a, onclick: () => send(d.a) }, `${w.release} ${A.names[String(d.card)]}`));
      if (d.verb === "keep") extra.push(el("button", { type: "button", class: "word primary", id: "keep", "data-action": d.a, onclick: () => send(d.a) }, w.keep));
    }
    if (ui.sel !== null) extra.push(el("button", { type: "button", class: "word", id: "cancel-btn", onclick: () => { ui.sel = null; render(root, frame, ctx); } }, w.cancel));
    prompt = region(el("div", { class: "prompt mine", id: "prompt" }, el("strong", {}, `${w.yourTurn} · ${drawPhase ? w.draw : w.hand}`),
      Object.keys(targets).length ? el("span", { class: "muted" }, " · " + w.pick) : null, ...extra), "actions", "button");
  }

  const hand = v.hand ? expand(v.hand) : [];
  const seen = new Set();
  const handEl = region(el("div", { class: "hand", id: "hand", "data-my-turn": myTurn ? "1" : "0", role: "group" }, hand.map((k) => {
    const first = !seen.has(k);  // copies of a kind act alike; only the first shows as selected
    seen.add(k);
    const mine = drawPhase ? [] : acts.filter((d) => d.card === k && d.verb !== "dcap" && d.verb !== "drel");
    const usable = myTurn && mine.length > 0;
    const b = el("button", { type: "button", class: "fish-card" + (usable ? " legal" : "") + (ui.sel === k && first ? " selected" : ""),
      "data-kind": k, disabled: usable ? null : true, title: `${A.names[String(k)]} ${A.dice[String(k)]}`, "aria-label": A.names[String(k)] });
    b.append(face(ctx, A, k, dominoes));
    b.onclick = () => {
      if (mine.length === 1) send(mine[0].a);
      else { ui.sel = k; render(root, frame, ctx); }
    };
    // a card that may not be played now says why when tapped: its release (a card that can catch
    // must catch; the drawn card's turn)
    if (myTurn && !usable) refusable(ctx, b, frame, [A.rel + k]);
    return b;
  })), "hand", "button");
  let choices = null;
  if (myTurn && ui.sel !== null) {
    const other = acts.filter((d) => d.card === ui.sel && (d.verb === "rel" || d.verb === "stack"));
    if (other.length) choices = region(el("div", { class: "choices", id: "choices" }, ...other.map((d) => el("button", {
      type: "button", class: "word", id: `act-${d.a}`, "data-action": d.a, onclick: () => send(d.a) }, label(d.a)))), "actions", "button");
  }
  const all = myTurn ? movesPanel(ctx, legal, w.moves, label, send) : null;

  const events = (v.events || []).map((e) => el("li", {}, headed(ctx.lang, frame.seat_names[ctx.lang][e.seat], w.events[e.event] || e.event)));
  let details = null;
  if (frame.deal_over) {
    const why = (x.why && (x.why[ctx.lang] || x.why.en)) || [];
    details = el("div", {},
      el("details", { class: "why", id: "why" }, el("summary", {}, w.why),
        ...why.map((lines, s) => el("div", {}, el("strong", {}, `${frame.seat_names[ctx.lang][s]} · ${w.score} ${(v.result || {}).scores?.[s] ?? ""}`),
          el("ul", {}, lines.map((l) => el("li", {}, l)))))),
      el("ul", { class: "why", id: "pairs" }, ((x.pairs && (x.pairs[ctx.lang] || x.pairs.en)) || []).map((l) => el("li", {}, l))));
  }
  mount(root, frame, ctx, declare(
    el("div", { class: "felt" + (myTurn ? " my-turn" : ""), "data-seq": `${frame.deal_no}:${frame.seq}`, "data-phase": v.phase || "" },
      seats, stock, lake, events.length ? el("ul", { class: "why notes", id: "events" }, events) : null, prompt,
      me !== null && me !== undefined ? handEl : null, choices, all),
    frame, NEEDS, myTurn && (drawPhase ? "draw" : "play")), details);
  if (dominoes) root.querySelector("#card-style")?.remove();  // Tiu U plays with tiles: no card faces to switch
}

export function onError() { ui.sel = null; }
