// The table's chat (issue 23; yezi/server/chat.py): your room only — the players' when you hold a
// seat, the spectators' when you watch. Text is shown as text (never markup, links not clickable);
// canned phrases in the reader's language; a muted speaker's lines are hidden in this browser; the
// host may remove a players' message or close the chat; anyone may report a message of their room.
import { STRINGS, t } from "/static/i18n.js";

const MUTED = "yezi.chat.muted";
// the screens where the chat sits beside the table (the same query as app.css)
const BESIDE = window.matchMedia("(min-width: 1360px) and (min-height: 600px)");
// the ready phrases, as the catalogs name them (yezi/server/chat.py PHRASES accepts the same keys)
const PHRASES = Object.keys(STRINGS.en).filter((k) => k.startsWith("chatPhrase_")).map((k) => k.slice("chatPhrase_".length));

function mutedSet() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]")); } catch { return new Set(); }
}

export function chatPanel({ el, lang, send, isHost, mySeat, toast, table }) {
  const T = (k, v) => t(lang(), k, v);
  let room = null, closed = false, messages = [], unread = 0;
  const muted = mutedSet();
  const list = el("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite" });
  const input = el("input", { type: "text", id: "chat-input", maxlength: "280", autocomplete: "off" });
  const sendBtn = el("button", { type: "submit", id: "chat-send" });
  const form = el("form", { class: "chat-form", id: "chat-form" }, input, sendBtn);
  const phrases = el("div", { class: "chat-phrases", id: "chat-phrases" });
  const closeBtn = el("button", { type: "button", id: "chat-close", class: "link-button", hidden: true });
  const state = el("p", { class: "muted chat-state", id: "chat-state" });
  const summary = el("summary", {});
  const box = el("details", { class: "panel chat", id: "chat", hidden: true }, summary, state, list, phrases, form, closeBtn);
  box.addEventListener("toggle", () => { if (box.open) { unread = 0; drawSummary(); list.lastElementChild?.scrollIntoView({ block: "nearest" }); } });

  form.onsubmit = (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text || closed) return;
    if (send({ type: "chat", id: `c-${Date.now().toString(36)}`, text, name: localStorage.getItem("yezi.name") || "" })) input.value = "";
  };
  closeBtn.onclick = () => send({ type: "chat_close", id: `c-${Date.now().toString(36)}` });

  function drawSummary() {
    summary.replaceChildren(room === "spectators" ? T("chatSpectators") : T("chatPlayers"),
      ...(unread ? [el("span", { class: "chat-unread", "aria-label": T("chatUnread", { n: unread }) }, String(unread))] : []));
  }
  function line(m) {
    const who = m.seat !== null && m.seat !== undefined ? (m.name || T("chatSeat", { n: m.seat + 1 })) : (m.name || T("chatWatcher"));
    // muted at this table only (seat 2 here is somebody else at the next table)
    const key = `${table}:` + (m.seat !== null && m.seat !== undefined ? `s${m.seat}` : `w:${m.name || ""}`);
    if (muted.has(key)) return null;
    const body = m.removed ? el("em", { class: "muted" }, T("chatRemoved"))
      : m.phrase ? el("span", { class: "chat-phrase" }, T("chatPhrase_" + m.phrase))
      : el("span", { class: "chat-text" }, m.text);  // a text node: never markup
    const tools = [];
    const mine = m.seat !== null && m.seat !== undefined && m.seat === mySeat();  // nobody reports or mutes themselves
    if (!m.removed && !mine) {
      tools.push(el("button", { type: "button", class: "link-button chat-report", title: T("chatReport"),
        onclick: () => send({ type: "chat_report", id: `r-${m.id}`, msg: m.id }) }, T("chatReport")));
      tools.push(el("button", { type: "button", class: "link-button chat-mute", title: T("chatMute"),
        onclick: () => { muted.add(key); localStorage.setItem(MUTED, JSON.stringify([...muted].slice(-200))); draw(); } }, T("chatMute")));
    }
    if (!m.removed && room === "players" && isHost()) {
      tools.push(el("button", { type: "button", class: "link-button chat-remove",
        onclick: () => send({ type: "chat_remove", id: `x-${m.id}`, msg: m.id }) }, T("chatRemove")));
    }
    return el("li", { "data-msg": m.id }, el("strong", { class: "chat-who" }, who), " ", body,
      el("span", { class: "chat-tools" }, ...tools));
  }
  let shown = false;
  function draw() {
    box.hidden = room === null;
    // beside the table (a wide screen: app.css) it is open from the start, as on lichess; below the
    // table (a phone) it stays a line until tapped, so that it takes no room from the cards
    if (!box.hidden && !shown) { shown = true; if (BESIDE.matches) box.open = true; }
    drawSummary();
    list.replaceChildren(...messages.map(line).filter(Boolean));
    state.textContent = closed ? T("chatClosed") : messages.length ? "" : T("chatEmpty");
    input.placeholder = T("chatPlaceholder");
    input.setAttribute("aria-label", T("chatPlaceholder"));
    input.disabled = sendBtn.disabled = closed;
    sendBtn.textContent = T("chatSend");
    phrases.replaceChildren(...(closed ? [] : PHRASES.map((p) => el("button", { type: "button", class: "chat-phrase-btn", "data-phrase": p,
        onclick: () => send({ type: "chat", id: `c-${Date.now().toString(36)}`, phrase: p, name: localStorage.getItem("yezi.name") || "" }) },
        T("chatPhrase_" + p)))));
    closeBtn.hidden = closed || room !== "players" || !isHost();
    closeBtn.textContent = T("chatClose");
    if (box.open) list.lastElementChild?.scrollIntoView({ block: "nearest" });
  }
  return {
    node: box,
    redraw: draw,
    onMessage(m) {
      if (m.room) room = m.room;
      if (m.history) messages = m.messages || [];
      else if (m.messages) { messages = [...messages, ...m.messages].slice(-200); if (!box.open) unread += m.messages.length; }
      if (m.removed) messages = messages.map((x) => (x.id === m.removed ? { ...x, removed: true } : x));
      if (m.closed) closed = true;
      draw();
    },
    onAck(m) { if (m.id && m.id.startsWith("r-")) toast(T("chatReported")); },
  };
}
