// Notices on the account page (issue 23; yezi/server/routes/notices.py): this device's push opt-in
// (a service worker at /sw.js and a subscription with the server's VAPID key), which kinds are pushed
// and mailed, quiet hours in my time zone, and my recent notices.
import { errorText, t } from "/static/i18n.js";

const KINDS = ["your-turn", "friend-invite", "club-table", "tournament-round"];

async function call(lang, path, body) {
  const r = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(errorText(lang, data.error, data.message || r.statusText));
  return data;
}

function key64(s) {
  const b = atob((s + "=".repeat((4 - (s.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(b, (c) => c.charCodeAt(0));
}

async function pushOn(lang) {
  const reg = await navigator.serviceWorker.register("/sw.js");
  if ((await Notification.requestPermission()) !== "granted") throw new Error(t(lang, "noticesDenied"));
  const { key } = await call(lang, "/api/push/key");
  const sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key64(key) });
  await call(lang, "/api/push/subscribe", sub.toJSON());
}

export function noticesSection(el, lang, toast) {
  const T = (k, v) => t(lang, k, v);
  const box = el("section", { class: "panel", id: "account-notices" }, el("h2", {}, T("noticesTitle")));
  const status = el("p", { class: "muted", id: "notices-status" });
  const canPush = "serviceWorker" in navigator && "PushManager" in window;
  const pushBtn = el("button", { type: "button", id: "notices-push", class: "primary", disabled: !canPush,
    onclick: async () => { try { await pushOn(lang); status.textContent = T("noticesPushOn"); } catch (e) { status.textContent = e.message; } } },
  T("noticesPushButton"));
  const list = el("ul", { class: "notice-list", id: "notice-list" });
  box.append(el("p", { class: "muted" }, T("noticesHint")), el("p", {}, pushBtn), status);
  call(lang, "/api/notices/prefs").then((p) => {
    const row = (kind) => el("tr", {}, el("td", {}, T("noticeKind_" + kind)),
      ...["push", "email"].map((ch) => el("td", { class: "num" }, el("input", { type: "checkbox", "data-kind": kind, "data-channel": ch,
        checked: !!p[ch][kind], "aria-label": `${T("noticeKind_" + kind)} · ${T(ch === "push" ? "noticesPush" : "noticesMail")}`,
        onchange: (ev) => call(lang, "/api/notices/prefs", { [ch]: { [kind]: ev.target.checked } }).then(() => toast(T("noticesSaved")), (e) => toast(e.message)) }))));
    const from = el("input", { type: "time", id: "quiet-start", value: p.quiet_start || "" });
    const to = el("input", { type: "time", id: "quiet-end", value: p.quiet_end || "" });
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
    const save = el("button", { type: "button", id: "quiet-save", onclick: () => call(lang, "/api/notices/prefs", {
      quiet_start: from.value || null, quiet_end: to.value || null, tz, lang }).then(() => toast(T("noticesSaved")), (e) => toast(e.message)) }, T("noticesQuietSave"));
    box.append(el("table", { class: "pay notice-prefs" }, el("thead", {}, el("tr", {}, el("th", {}, ""), el("th", { class: "num" }, T("noticesPush")),
      el("th", { class: "num" }, T("noticesMail")))), el("tbody", {}, KINDS.map(row))),
    el("p", { class: "quiet-row" }, el("span", {}, T("noticesQuiet")), " ", from, " – ", to, " ", el("small", { class: "muted" }, tz), " ", save));
    return call(lang, `/api/notices?lang=${lang}`);
  }).then((d) => {
    if (!d) return;
    list.replaceChildren(...d.notices.slice(0, 10).map((n) => el("li", { class: n.read ? "" : "unread" }, el("a", { href: n.url }, n.text))));
    if (d.notices.length) box.append(el("h3", {}, T("noticesRecent")), list);
    if (d.unread) call(lang, "/api/notices/read", {}).catch(() => null);
  }).catch((e) => { status.textContent = e.message; });
  return box;
}
