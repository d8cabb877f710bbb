// Passkeys in the browser (WebAuthn): fills every <div class="passkey-slot" data-passkey="signup|signin|manage">
// on the page. signup: a name and a button that makes the account with a new passkey; signin: one button (the
// browser offers this site's passkeys: no name typed); manage: the signed-in user's passkeys, add and remove.
// After a sign-up or sign-in the page goes to the slot's data-next (default: this page again).
// The server's options and the browser's answers cross as JSON with their binary fields in base64url
// (yezi/server/accounts/passkeys.py). Every text is from i18n.js (its `passkeys` and `errors` tables); names
// that came from the server go through textContent.
import { carrySeats } from "/static/account.js";
import { errorText, firstLang, HTML_LANG, LANGS, rememberLang, STRINGS } from "/static/i18n.js";

let lang = firstLang();

function S(key, vars) {
  const own = (l) => STRINGS[l] && ((STRINGS[l].passkeys && STRINGS[l].passkeys[key]) || STRINGS[l][key]);
  let s = own(lang) || own("en") || key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v == null) continue;
    if (k === "text") e.textContent = v;
    else if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c != null) e.append(c);
  return e;
}

// ---- base64url <-> bytes ---------------------------------------------------------------------------------
function toBytes(s) {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
}
function fromBytes(buf) {
  let bin = "";
  for (const b of new Uint8Array(buf)) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
const descriptors = (list) => (list || []).map((c) => ({ ...c, id: toBytes(c.id) }));

function creationOptions(o) {
  return { ...o, challenge: toBytes(o.challenge), user: { ...o.user, id: toBytes(o.user.id) },
    excludeCredentials: descriptors(o.excludeCredentials) };
}
function requestOptions(o) {
  return { ...o, challenge: toBytes(o.challenge), allowCredentials: descriptors(o.allowCredentials) };
}
function credentialJSON(cred) {
  const r = cred.response;
  const response = { clientDataJSON: fromBytes(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = fromBytes(r.attestationObject);
    response.transports = typeof r.getTransports === "function" ? r.getTransports() : [];
  } else {
    response.authenticatorData = fromBytes(r.authenticatorData);
    response.signature = fromBytes(r.signature);
    if (r.userHandle) response.userHandle = fromBytes(r.userHandle);
  }
  return { id: cred.id, rawId: fromBytes(cred.rawId), type: cred.type, response,
    authenticatorAttachment: cred.authenticatorAttachment || undefined,
    clientExtensionResults: cred.getClientExtensionResults ? cred.getClientExtensionResults() : {} };
}

// ---- the server ------------------------------------------------------------------------------------------
class Refusal extends Error {}

async function call(method, url, body) {
  const init = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) { init.headers["Content-Type"] = "application/json"; init.body = JSON.stringify(body); }
  const r = await fetch(url, init);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Refusal(errorText(lang, data.error, data.message || r.statusText), { cause: data.error });
  return data;
}

// One ceremony: the options, the browser's prompt, the answer. The prompt closed or timed out reads as such.
async function ceremony(kind, body) {
  const start = await call("POST", `/api/passkeys/${kind}/options`, body);
  let cred;
  try {
    cred = kind === "signin"
      ? await navigator.credentials.get({ publicKey: requestOptions(start.options) })
      : await navigator.credentials.create({ publicKey: creationOptions(start.options) });
  } catch (e) {
    if (e && e.name === "InvalidStateError") throw new Refusal(errorText(lang, "passkey-known"));
    if (e && e.name === "NotAllowedError") throw new Refusal(S("cancelled"));
    throw new Refusal(S("unsupported"));
  }
  if (!cred) throw new Refusal(S("cancelled"));
  return call("POST", `/api/passkeys/${kind}/verify`, { ceremony: start.ceremony, credential: credentialJSON(cred) });
}

const supported = () => typeof window.PublicKeyCredential === "function" && !!navigator.credentials;

function statusLine() { return el("p", { class: "pk-status", role: "status", "aria-live": "polite" }); }
function say(line, text, bad = false) { line.textContent = text; line.classList.toggle("bad", bad); }

// Runs `work` with the slot's buttons disabled and its status saying so; a refusal is shown in the slot.
async function busy(slot, line, work) {
  const buttons = [...slot.querySelectorAll("button, input")];
  for (const b of buttons) b.disabled = true;
  say(line, S("working"));
  try {
    await work();
  } catch (e) {
    say(line, e instanceof Refusal ? e.message : S("unsupported"), true);
  } finally {
    for (const b of buttons) if (!b.dataset.keepDisabled) b.disabled = false;
  }
}

async function signedIn(slot) {
  // this browser's guest seats become the account's (as the password sign-in does), then on
  try { await carrySeats(); } catch { /* offline: the next sign-in carries them */ }
  const next = slot.dataset.next;
  if (next && next.startsWith("/") && !next.startsWith("//")) location.assign(next);
  else location.reload();
}

// ---- the slots -------------------------------------------------------------------------------------------
function fillSignup(slot) {
  const line = statusLine();
  const name = el("input", { id: "pk-name", name: "name", maxlength: 24, required: true, autocomplete: "nickname",
    value: localStorage.getItem("yezi.name") || "" });
  const form = el("form", { class: "pk-form", onsubmit: (ev) => {
    ev.preventDefault();
    busy(slot, line, async () => {
      await ceremony("signup", { name: name.value.trim() });
      say(line, S("signedIn"));
      await signedIn(slot);
    });
  } },
  el("label", { for: "pk-name", class: "pk-label" }, el("span", { text: S("nameLabel") }), name),
  el("button", { type: "submit", class: "primary", id: "pk-signup" }, S("signupBtn")));
  slot.replaceChildren(el("h2", { text: S("signupHead") }), form, line);
}

function fillSignin(slot) {
  const line = statusLine();
  const button = el("button", { type: "button", class: "primary pk-wide", id: "pk-signin", onclick: () =>
    busy(slot, line, async () => {
      await ceremony("signin", {});
      say(line, S("signedIn"));
      await signedIn(slot);
    }) }, S("signinBtn"));
  slot.replaceChildren(el("h2", { text: S("signinHead") }), button,
    el("p", { class: "muted pk-note", text: S("signinHint") }), line);
}

// What kind of authenticator holds a passkey, from the transports its browser named when it was made.
function kind(transports) {
  if (transports.includes("internal")) return S("kindDevice");
  if (transports.includes("hybrid")) return S("kindPhone");
  if (transports.some((x) => ["usb", "nfc", "ble"].includes(x))) return S("kindKey");
  return S("kindOther");
}

function when(ts) {
  return new Intl.DateTimeFormat(HTML_LANG[lang], { dateStyle: "medium" }).format(new Date(ts * 1000));
}

async function fillManage(slot, data) {
  const line = statusLine();
  const only = data.passkeys.length <= 1 && !data.has_password;
  const rows = data.passkeys.map((p) => {
    const meta = [kind(p.transports), S("created", { date: when(p.created_at) }),
      p.last_used ? S("lastUsed", { date: when(p.last_used) }) : S("neverUsed")].join(lang === "en" ? " · " : "・");
    const remove = el("button", { type: "button", class: "pk-remove", disabled: only, "data-keep-disabled": only ? "1" : null,
      "aria-label": `${S("removeBtn")} ${p.name}`, onclick: () => {
        if (!confirm(S("removeConfirm", { name: p.name }))) return;
        busy(slot, line, async () => {
          await call("DELETE", `/api/account/passkeys/${encodeURIComponent(p.id)}`);
          await refresh(slot);
          say(slot.querySelector(".pk-status"), S("removed"));
        });
      } }, S("removeBtn"));
    return el("li", { class: "pk-item" },
      el("span", { class: "pk-key", "aria-hidden": "true" }),
      el("span", { class: "pk-what" }, el("b", { text: p.name }), el("small", { class: "muted", text: meta })),
      remove);
  });
  const add = el("button", { type: "button", class: "primary", id: "pk-add", onclick: () =>
    busy(slot, line, async () => {
      await ceremony("add", {});
      await refresh(slot);
      say(slot.querySelector(".pk-status"), S("added"));
    }) }, S("addBtn"));
  slot.replaceChildren(...[
    el("h2", { text: S("manageHead") }),
    el("p", { class: "pk-who", text: S("signedInAs", { name: data.user.name }) }),
    el("ul", { class: "pk-list" }, ...rows),
    only ? el("p", { class: "muted pk-note", text: S("onlyOne") }) : null,
    add, line].filter(Boolean));
}

async function account() {
  try {
    // who this is first (a guest's answer is a 200): asking the passkeys of nobody would be a refusal
    // in the browser's console on every signed-out visit
    const me = await call("GET", "/api/me");
    if (!me || !me.user) return null;
    return await call("GET", "/api/account/passkeys");
  } catch {
    return null;
  }
}

async function refresh(slot) {
  const data = await account();
  if (data) await fillManage(slot, data);
  else slot.replaceChildren(el("p", { class: "muted", text: errorText(lang, "not-signed-in") }));
}

// Fills every slot; a page that shows parts by state marks them data-when="signed-in" / "signed-out".
export async function fill() {
  document.documentElement.lang = HTML_LANG[lang];
  if (document.body.dataset.page === "passkeys") document.title = `${S("title")} · ${STRINGS[lang].siteTitle}`;
  for (const e of document.querySelectorAll("[data-pk-text]")) e.textContent = S(e.dataset.pkText);
  const slots = [...document.querySelectorAll(".passkey-slot")];
  const parts = document.querySelectorAll("[data-when]");
  const data = parts.length || slots.some((s) => s.dataset.passkey === "manage") ? await account() : null;
  for (const p of parts) p.hidden = (p.dataset.when === "signed-in") !== !!data;
  for (const slot of slots) {
    if (!supported() && slot.dataset.passkey !== "manage") {
      slot.replaceChildren(el("p", { class: "muted", text: S("unsupported") }));
      continue;
    }
    if (slot.dataset.passkey === "signup") fillSignup(slot);
    else if (slot.dataset.passkey === "signin") fillSignin(slot);
    else if (slot.dataset.passkey === "manage") {
      if (data) await fillManage(slot, data);
      else slot.replaceChildren(el("p", { class: "muted", text: errorText(lang, "not-signed-in") }));
    }
  }
  document.body.dataset.passkeys = data ? "signed-in" : "signed-out";  // the tests wait on it
}

// The page's own language buttons (where no other script of the page handles them: /account/passkeys).
function ownLanguageButtons() {
  if (document.querySelector('script[src="/static/app.js"]')) return;
  const buttons = document.querySelectorAll("#langs button[data-lang]");
  const mark = () => { for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.lang === lang)); };
  for (const b of buttons) {
    b.addEventListener("click", () => {
      if (!LANGS.includes(b.dataset.lang)) return;
      lang = b.dataset.lang;
      rememberLang(lang);
      mark();
      fill();
    });
  }
  mark();
}

function ensureStyles() {
  if (document.querySelector('link[href="/static/passkeys.css"]')) return;
  document.head.append(el("link", { rel: "stylesheet", href: "/static/passkeys.css" }));
}

ensureStyles();
ownLanguageButtons();
fill();
