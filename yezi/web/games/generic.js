// The generic table: for a game whose renderer is not written yet. It shows the seat's view as
// data and the legal actions as buttons in the engine's own notation, so the game is playable.
import { header, invites, logPanel, playerName, seatLabel, settlement } from "/static/games/common.js";

export async function render(root, frame, ctx) {
  const { el, T } = ctx;
  const n = frame.seat_names[ctx.lang].length;
  const v = frame.view;
  const seats = [];
  for (let s = 0; s < n; s++) {
    const { role, player } = seatLabel(frame, ctx, s);
    seats.push(el("li", { class: "chip" + (v.to_act === s ? " turn" : "") + (s === frame.seat ? " me" : "") },
      `${role} · ${playerName(ctx, player)}`));
  }
  const actions = (frame.legal || []).map((a) => el("button", { type: "button", class: "word", "data-action": a,
    id: `act-${a}`, onclick: () => ctx.send(a) }, frame.labels[String(a)][ctx.lang]));
  root.replaceChildren(...[
    header(frame, ctx),
    el("ul", { class: "seats" }, seats),
    el("div", { class: "prompt" }, actions.length ? T("yourTurn") : "", ...actions),
    frame.svg && frame.svg[ctx.lang] ? el("div", { class: "svg-table" }, ctx.svgNode(frame.svg[ctx.lang])) : null,
    el("details", { class: "panel" }, el("summary", {}, "view"), el("pre", { class: "view-json" }, JSON.stringify(v, null, 1))),
    settlement(frame, ctx),
    logPanel(frame, ctx),
    invites(frame, ctx),
  ].filter(Boolean));
}
