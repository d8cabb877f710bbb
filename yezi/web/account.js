// Accounts in the page: the header's "Sign in" / your name, and the pages /signup, /signin and /account.
// An account is optional: nothing else in the client waits for it, and a guest still plays in one click.
// Passkeys (another script, /static/passkeys.js, loaded only where the server has it) fill the
// `.passkey-slot` elements these pages leave for them: each slot is announced with the event
// "yezi:passkey-slot" ({slot, kind}); that script says "yezi:signed-in" when a passkey signed someone in.
import { errorText, t } from "/static/i18n.js";
import { noticesSection } from "/static/notices.js";
import { myGames } from "/static/mygames.js";

let who = { user: null, mail: false, passkeys: false };
let loaded = null;
let passkeysScript = null;

export function me() { return who.user; }

async function call(lang, path, body) {
  const opts = body === undefined ? {} : { method: "POST", body: JSON.stringify(body) };
  const r = await fetch(path, { headers: { "Content-Type": "application/json" }, ...opts });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(errorText(lang, data.error, data.message || r.statusText));
  return data;
}

// Who this browser is signed in as (asked once per page load, and again after signing in or out).
export function whoAmI(fresh = false) {
  if (!loaded || fresh) loaded = fetch("/api/me").then((r) => r.json()).then((d) => { who = d; return d; }).catch(() => who);
  return loaded;
}

// The header's link: "Sign in" for a guest, the name (to /account) when signed in.
export function drawWho(lang) {
  const a = document.getElementById("who");
  if (!a) return;
  const user = who.user;
  a.href = user ? "/account" : "/signin";
  a.textContent = user ? user.name : t(lang, "signIn");
  a.classList.toggle("signed-in", !!user);
  a.title = user ? t(lang, "accountTitle") : "";
  a.hidden = false;
  drawYourMove(lang, user ? who.awaiting || 0 : 0);
}

// The header's "Your move" badge: the games awaiting a signed-in player's move (GET /api/me's count),
// linking to their list on "your games"; the page's title starts with the count, as Board Game Arena's does.
function drawYourMove(lang, n) {
  const b = document.getElementById("your-move");
  if (b) {
    b.hidden = !n;
    b.textContent = n ? t(lang, "yourMoveBadge", { n }) : "";
    b.title = n ? t(lang, "yourMoveTitle", { n }) : "";
  }
  document.title = (n ? `(${n}) ` : "") + document.title.replace(/^\(\d+\) /, "");
}

function passkeySlot(el, kind) {
  const slot = el("div", { class: "passkey-slot", "data-passkey": kind });
  queueMicrotask(() => {
    if (!who.passkeys) return;
    passkeysScript = passkeysScript || import("/static/passkeys.js").catch(() => null);
    passkeysScript.then(() => document.dispatchEvent(new CustomEvent("yezi:passkey-slot", { detail: { slot, kind } })));
  });
  return slot;
}

// The tables this browser played as a guest: its seats there (their cookies reach only /t/<id>/…)
// become the account's, one request per table.
const MAX_CARRIED = 60;
export async function carrySeats() {
  const ids = new Set(myGames().map((g) => g.table));
  for (const store of [localStorage, sessionStorage]) {
    for (let i = 0; i < store.length; i++) {
      const k = store.key(i) || "";
      const m = k.match(/^yezi\.(?:invites|seat)\.(.+)$/);
      if (m) ids.add(m[1]);
    }
  }
  let seats = 0;
  for (const id of [...ids].filter((x) => /^[A-Za-z0-9_-]{1,32}$/.test(x)).slice(0, MAX_CARRIED)) {
    try {
      const r = await fetch(`/t/${id}/account`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
      if (r.ok) seats += ((await r.json()).positions || []).length;
      if (r.status === 429) break;
    } catch { /* offline: the next sign-in carries them */ }
  }
  return seats;
}

// "Your games" of the account, from any device (the browser's own list is mygames.js's).
export async function accountGames() {
  await whoAmI();
  if (!who.user) return [];
  try { return (await call("en", "/api/account/games")).games; } catch { return []; }
}

// The games awaiting my move (GET /api/account/awaiting): none for a guest.
export async function awaitingGames() {
  await whoAmI();
  if (!who.user) return [];
  try { return (await call("en", "/api/account/awaiting")).games; } catch { return []; }
}

function field(el, label, input, hint) {
  return el("label", { class: "auth-field" }, el("span", {}, label), input, hint ? el("small", { class: "muted" }, hint) : null);
}
function input(el, attrs) { return el("input", { required: true, ...attrs }); }

async function signedIn(ctx, data, then) {
  await whoAmI(true);
  drawWho(ctx.lang);
  const carried = await carrySeats();
  if (carried) ctx.toast(ctx.T("carried"));
  then(data);
}

// The recovery codes, shown once (at sign-up, or when a new set is made).
function codesPanel(ctx, codes, onDone) {
  const { el, T } = ctx;
  const text = codes.join("\n");
  return el("section", { class: "panel auth-card", id: "recovery-codes" },
    el("h2", {}, T("recoveryCodes")),
    el("p", {}, T("recoveryCodesHint")),
    el("ol", { class: "codes" }, codes.map((c) => el("li", {}, el("code", {}, c)))),
    el("div", { class: "auth-actions" },
      el("button", { type: "button", id: "copy-codes", onclick: async (ev) => {
        try { await navigator.clipboard.writeText(text); ev.target.textContent = T("copied"); } catch { /* no clipboard */ }
      } }, T("copy")),
      el("button", { type: "button", class: "primary", id: "codes-kept", onclick: onDone }, T("codesKept"))));
}

export async function signUpPage(main, ctx) {
  const { el, T, go } = ctx;
  await whoAmI();
  const name = input(el, { id: "signup-name", name: "username", maxlength: 24, autocomplete: "username",
    value: localStorage.getItem("yezi.name") || "" });
  const pw = input(el, { id: "signup-password", name: "password", type: "password", minlength: 8, maxlength: 128,
    autocomplete: "new-password" });
  const status = el("p", { class: "error", role: "alert" });
  const form = el("form", { class: "auth-form", id: "signup-form" },
    field(el, T("accountName"), name),
    field(el, T("password"), pw, T("passwordHint")),
    status,
    el("button", { type: "submit", class: "primary wide", id: "signup-submit" }, T("signUp")));
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    status.textContent = "";
    try {
      const data = await call(ctx.lang, "/api/account/signup", { name: name.value, password: pw.value });
      localStorage.setItem("yezi.name", data.user.name);
      await signedIn(ctx, data, () => main.replaceChildren(el("div", { class: "auth-page" },
        codesPanel(ctx, data.recovery_codes, () => go("/account")))));
    } catch (e) { status.textContent = e.message; }
  };
  main.replaceChildren(el("div", { class: "auth-page" }, el("section", { class: "panel auth-card" },
    el("h2", {}, T("signUpTitle")),
    el("p", { class: "muted" }, T("signUpWhy")),
    form,
    passkeySlot(el, "signup"),
    el("p", { class: "auth-switch" }, el("a", { href: "/signin", id: "to-signin" }, T("haveAccount"))))));
}

function resetForm(ctx, token) {
  const { el, T, go } = ctx;
  const pw = input(el, { id: "reset-password", type: "password", minlength: 8, maxlength: 128, autocomplete: "new-password" });
  const status = el("p", { class: "error", role: "alert" });
  const form = el("form", { class: "auth-form", id: "reset-form" }, field(el, T("newPassword"), pw, T("passwordHint")), status,
    el("button", { type: "submit", class: "primary wide" }, T("saveBtn")));
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const data = await call(ctx.lang, "/api/account/recover/reset", { token, password: pw.value });
      ctx.toast(T("passwordChanged"));
      await signedIn(ctx, data, () => go("/account"));
    } catch (e) { status.textContent = e.message; }
  };
  return el("section", { class: "panel auth-card" }, el("h2", {}, T("resetTitle")), form);
}

export async function signInPage(main, ctx) {
  const { el, T, go } = ctx;
  const reset = new URLSearchParams(location.hash.slice(1)).get("reset");
  if (reset) history.replaceState(history.state, "", "/signin");  // the secret leaves the address bar at once
  await whoAmI();
  if (reset) { main.replaceChildren(el("div", { class: "auth-page" }, resetForm(ctx, reset))); return; }
  const name = input(el, { id: "signin-name", name: "username", maxlength: 24, autocomplete: "username",
    value: localStorage.getItem("yezi.name") || "" });
  const pw = input(el, { id: "signin-password", name: "password", type: "password", autocomplete: "current-password" });
  const status = el("p", { class: "error", role: "alert" });
  const form = el("form", { class: "auth-form", id: "signin-form" },
    field(el, T("accountName"), name), field(el, T("password"), pw), status,
    el("button", { type: "submit", class: "primary wide", id: "signin-submit" }, T("signIn")));
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    status.textContent = "";
    try {
      const data = await call(ctx.lang, "/api/account/signin", { name: name.value, password: pw.value });
      await signedIn(ctx, data, () => go("/account"));
    } catch (e) { status.textContent = e.message; }
  };
  // forgot: a recovery code (always), or a link mailed to a verified address (when the server mails)
  const rName = input(el, { id: "recover-name", maxlength: 24, autocomplete: "username" });
  const rCode = input(el, { id: "recover-code", maxlength: 64, autocomplete: "one-time-code", spellcheck: "false" });
  const rPw = input(el, { id: "recover-password", type: "password", minlength: 8, maxlength: 128, autocomplete: "new-password" });
  const rStatus = el("p", { class: "error", role: "alert" });
  const byCode = el("form", { class: "auth-form", id: "recover-form" },
    field(el, T("accountName"), rName), field(el, T("recoverCode"), rCode), field(el, T("newPassword"), rPw, T("passwordHint")),
    rStatus, el("button", { type: "submit" }, T("recoverBtn")));
  byCode.onsubmit = async (ev) => {
    ev.preventDefault();
    try {
      const data = await call(ctx.lang, "/api/account/recover", { name: rName.value, code: rCode.value, password: rPw.value });
      ctx.toast(T("passwordChanged"));
      await signedIn(ctx, data, () => go("/account"));
    } catch (e) { rStatus.textContent = e.message; }
  };
  let byMail = null;
  if (who.mail) {
    const whoIn = input(el, { id: "recover-who", maxlength: 254, autocomplete: "email" });
    const mStatus = el("p", { role: "status" });
    byMail = el("form", { class: "auth-form", id: "recover-mail-form" }, field(el, T("emailWho"), whoIn), mStatus,
      el("button", { type: "submit" }, T("byEmail")));
    byMail.onsubmit = async (ev) => {
      ev.preventDefault();
      try { await call(ctx.lang, "/api/account/recover/email", { who: whoIn.value, lang: ctx.lang }); mStatus.textContent = T("emailSentIfAny"); }
      catch (e) { mStatus.textContent = e.message; }
    };
  }
  main.replaceChildren(el("div", { class: "auth-page" },
    el("section", { class: "panel auth-card" },
      el("h2", {}, T("signInTitle")),
      who.user ? el("p", {}, el("a", { href: "/account" }, who.user.name)) : null,
      form,
      passkeySlot(el, "signin"),
      el("p", { class: "auth-switch" }, el("a", { href: "/signup", id: "to-signup" }, T("noAccount")))),
    el("details", { class: "panel auth-card forgot", id: "forgot" }, el("summary", {}, T("forgot")), byCode, byMail)));
}

// A browser's user agent in a few words: "Chrome · Android".
export function deviceName(ua, T) {
  if (!ua) return T("unknownDevice");
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome"
    : /Safari\//.test(ua) ? "Safari" : null;
  const os = /iPhone|iPad/.test(ua) ? "iOS" : /Android/.test(ua) ? "Android" : /Windows/.test(ua) ? "Windows"
    : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : null;
  return browser || os ? [browser, os].filter(Boolean).join(" · ") : ua.slice(0, 40);
}

export async function accountPage(main, ctx) {
  const { el, T, go, lang } = ctx;
  const verify = new URLSearchParams(location.hash.slice(1)).get("verify");
  if (verify) {
    history.replaceState(history.state, "", "/account");
    try { await call(lang, "/api/account/email/verify", { token: verify }); ctx.toast(T("emailVerifiedNow")); }
    catch (e) { ctx.toast(e.message); }
  }
  await whoAmI(true);
  drawWho(lang);
  if (!who.user) { go("/signin"); return; }
  const data = await call(lang, "/api/account");
  const fmt = (s) => { try { return new Date(s * 1000).toLocaleString(lang === "en" ? "en" : lang === "zh-hans" ? "zh-CN" : "zh-TW", { dateStyle: "medium", timeStyle: "short" }); } catch { return ""; } };
  const user = data.user;

  const head = el("section", { class: "panel account-head" },
    el("h2", {}, el("a", { href: `/u/${encodeURIComponent(user.name)}`, id: "account-name" }, user.name)),
    el("nav", { class: "account-links" },
      el("a", { href: `/u/${encodeURIComponent(user.name)}`, class: "button" }, T("profileLink")),
      el("a", { href: "/settings", class: "button", id: "to-settings" }, T("settingsLink")),
      el("a", { href: "/games", class: "button" }, T("yourGames")),
      el("button", { type: "button", id: "signout", onclick: async () => {
        await call(lang, "/api/account/signout", {});
        await whoAmI(true); drawWho(lang); go("/");
      } }, T("signOut"))));

  const codes = el("section", { class: "panel", id: "account-codes" },
    el("h3", {}, T("recoveryCodes")),
    el("p", {}, T("recoveryCodesLeft", { n: data.recovery_codes_left })),
    el("button", { type: "button", id: "new-codes", onclick: async () => {
      try {
        const r = await call(lang, "/api/account/recovery-codes", {});
        codes.replaceWith(codesPanel(ctx, r.recovery_codes, () => accountPage(main, ctx)));
      } catch (e) { ctx.toast(e.message); }
    } }, T("newCodes")), el("p", { class: "muted codes-note" }, T("newCodesNote")));

  let mail = null;
  if (data.mail) {
    const addr = el("input", { id: "email", type: "email", maxlength: 254, autocomplete: "email", value: data.email || "" });
    const state = data.email ? (data.email_verified ? T("emailVerified") : T("emailUnverified")) : T("emailNone");
    const form = el("form", { class: "auth-form inline", id: "email-form" }, field(el, T("email"), addr),
      el("p", { class: "muted", id: "email-state" }, state), el("button", { type: "submit" }, T("emailSave")));
    form.onsubmit = async (ev) => {
      ev.preventDefault();
      try { await call(lang, "/api/account/email", { email: addr.value || null, lang }); ctx.toast(T("emailSent")); accountPage(main, ctx); }
      catch (e) { ctx.toast(e.message); }
    };
    mail = el("section", { class: "panel", id: "account-email" }, el("h3", {}, T("email")), form);
  }

  const rows = data.sessions.map((s) => el("li", { class: "device" + (s.current ? " current" : ""), "data-session": s.id },
    el("div", { class: "device-what" },
      el("strong", {}, deviceName(s.user_agent, T)), s.current ? el("span", { class: "chip" }, T("thisDevice")) : null,
      el("div", { class: "muted device-when" }, s.current ? `${T("since")} ${fmt(s.created_at)}`
        : `${T("lastSeen")} ${fmt(s.last_seen)} · ${T("since")} ${fmt(s.created_at)}`)),
    s.current ? null : el("button", { type: "button", class: "revoke", onclick: async () => {
      try { await call(lang, "/api/account/sessions/revoke", { id: s.id }); accountPage(main, ctx); } catch (e) { ctx.toast(e.message); }
    } }, T("revokeDevice"))));
  const devices = el("section", { class: "panel", id: "account-devices" },
    el("h3", {}, T("devices")), el("ul", { class: "devices" }, rows),
    data.sessions.length > 1 ? el("button", { type: "button", id: "revoke-others", onclick: async () => {
      try { const r = await call(lang, "/api/account/sessions/revoke-others", {}); ctx.toast(T("revokedN", { n: r.revoked })); accountPage(main, ctx); }
      catch (e) { ctx.toast(e.message); }
    } }, T("revokeOthers")) : null);

  const passkeys = passkeySlot(el, "manage");  // the passkeys script fills it: a panel like its neighbours
  passkeys.classList.add("panel");
  passkeys.id = "account-passkeys";
  main.replaceChildren(el("div", { class: "account-page" }, head,
    el("div", { class: "account-grid" }, el("div", {}, devices, passkeys), el("div", {}, codes, mail)),
    noticesSection(el, lang, ctx.toast)));
}
