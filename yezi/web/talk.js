// A club's chat and two friends' chat (issue 23; yezi/server/routes/talk.py): the same lines as the
// table's chat (text as text, canned phrases in the reader's language, report, mute in this browser),
// read by asking the server every few seconds while the page is open and seen. Mounted by the club's
// page (clubs.js) and on its own into any element with data-talk (a friend's profile, drawn by the server).
import { STRINGS, errorText, t } from "/static/i18n.js";

const MUTED = "yezi.talk.muted";
const PHRASES = Object.keys(STRINGS.en).filter((k) => k.startsWith("chatPhrase_")).map((k) => k.slice("chatPhrase_".length));
const EVERY_MS = 5000;

function h(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.onclick = v; else if (v !== false && v !== null && v !== undefined) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
}

function mutedSet() {
  try { return new Set(JSON.parse(localStorage.getItem(MUTED) || "[]")); } catch { return new Set(); }
}

async function call(lang, path, body) {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(errorText(lang, data.error, data.message || r.statusText));
  return data;
}

// The panel for the room at `path` (e.g. /api/clubs/<id>/chat); it stops asking once it leaves the page.
export function talkPanel(path, lang, { title } = {}) {
  const T = (k, v) => t(lang, k, v);
  const muted = mutedSet();
  let messages = [], last = 0, timer = null;
  const list = h("ol", { class: "chat-lines talk-lines", "aria-live": "polite" });
  const state = h("p", { class: "muted chat-state" });
  const input = h("input", { type: "text", class: "talk-input", maxlength: "280", autocomplete: "off",
    placeholder: T("chatPlaceholder"), "aria-label": T("chatPlaceholder") });
  const form = h("form", { class: "chat-form" }, input, h("button", { type: "submit" }, T("chatSend")));
  const say = async (body) => {
    try { await call(lang, path, body); await poll(); } catch (e) { state.textContent = e.message; }
  };
  form.onsubmit = (ev) => { ev.preventDefault(); const text = input.value.trim(); if (text) { input.value = ""; say({ text }); } };
  const phrases = h("div", { class: "chat-phrases" }, PHRASES.map((p) => h("button", { type: "button", class: "chat-phrase-btn",
    "data-phrase": p, onclick: () => say({ phrase: p }) }, T("chatPhrase_" + p))));
  const box = h("section", { class: "panel chat talk", "data-talk-path": path }, h("h2", {}, title || T("talkTitle")),
    state, list, phrases, form);
  function line(m) {
    if (muted.has(`${path}:${m.name}`)) return null;
    const body = m.removed ? h("em", { class: "muted" }, T("chatRemoved"))
      : m.phrase ? h("span", { class: "chat-phrase" }, T("chatPhrase_" + m.phrase)) : h("span", { class: "chat-text" }, m.text);
    return h("li", { "data-msg": m.id, class: m.mine ? "mine" : null }, h("strong", { class: "chat-who" }, m.name), " ", body, m.mine ? null : h("span", { class: "chat-tools" },
      h("button", { type: "button", class: "link-button chat-report", onclick: () => call(lang, path + "/report", { msg: m.id })
        .then(() => { state.textContent = T("chatReported"); }, (e) => { state.textContent = e.message; }) }, T("chatReport")),
      h("button", { type: "button", class: "link-button chat-mute", onclick: () => {
        muted.add(`${path}:${m.name}`); localStorage.setItem(MUTED, JSON.stringify([...muted].slice(-200))); draw(); } }, T("chatMute"))));
  }
  function draw() {
    list.replaceChildren(...messages.slice(-100).map(line).filter(Boolean));
    if (!state.textContent || state.dataset.empty) { state.textContent = messages.length ? "" : T("talkEmpty"); state.dataset.empty = messages.length ? "" : "1"; }
    list.lastElementChild?.scrollIntoView({ block: "nearest" });
  }
  let shown = false;  // once on the page, it stops asking when the page replaces it
  async function poll() {
    if (box.isConnected) shown = true;
    else if (shown) { clearInterval(timer); return; }
    try {
      const got = (await call(lang, `${path}?after=${last}`)).messages;
      if (got.length) { messages = messages.concat(got); last = got[got.length - 1].id; }
      draw();
    } catch (e) { state.textContent = e.message; }
  }
  poll();
  timer = setInterval(() => { if (document.visibilityState === "visible") poll(); }, EVERY_MS);
  return box;
}

// A server-drawn page (a friend's profile): each data-talk element gets its room's panel.
for (const slot of document.querySelectorAll("[data-talk]")) {
  const lang = document.body.dataset.lang || "en";
  slot.replaceWith(talkPanel(slot.dataset.talk, lang, { title: slot.dataset.name ? t(lang, "talkFriend", { name: slot.dataset.name }) : undefined }));
}
