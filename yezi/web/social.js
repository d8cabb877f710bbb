// The profile and settings pages (/u/<name>, /settings): their buttons and forms, each a JSON
// request to /api/me/...; the page is drawn by the server, so most answers just reload it.
import { errorText } from "/static/i18n.js";

const lang = document.body.dataset.lang || "en";
const words = document.getElementById("social-words");

function toast(msg) {
  const box = document.getElementById("toast");
  box.textContent = msg;
  box.classList.add("show");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove("show"), 3500);
}

async function post(path, body) {
  const r = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(errorText(lang, data.error, data.message || r.statusText));
  return data;
}

const BY_NAME = { ask: "/api/me/friends/ask", accept: "/api/me/friends/accept", decline: "/api/me/friends/decline",
  remove: "/api/me/friends/remove", block: "/api/me/blocks/add", unblock: "/api/me/blocks/remove" };

document.addEventListener("click", async (ev) => {
  const b = ev.target.closest && ev.target.closest("button[data-action]");
  if (!b) return;
  const act = b.dataset.action;
  try {
    b.disabled = true;
    if (act in BY_NAME) { await post(BY_NAME[act], { name: b.dataset.name }); location.reload(); }
    else if (act === "block-typed") {
      const name = document.getElementById("ask-name").value.trim();
      if (name) { await post(BY_NAME.block, { name }); location.reload(); }
    } else if (act === "take") {
      const r = await post("/api/me/invitations/accept", { id: b.dataset.invitation });
      location.assign(r.link);
    } else if (act === "drop") { await post("/api/me/invitations/decline", { id: b.dataset.invitation }); location.reload(); }
  } catch (e) { toast(e.message); } finally { b.disabled = false; }
});

function onSubmit(id, fn) {
  const f = document.getElementById(id);
  if (f) f.addEventListener("submit", async (ev) => { ev.preventDefault(); try { await fn(f); } catch (e) { toast(e.message); } });
}

onSubmit("profile-form", async (f) => {
  const before = f.dataset.name || f.elements.name.defaultValue;
  const body = { name: f.elements.name.value.trim(), bio: f.elements.bio.value,
    avatar: (f.querySelector("input[name=avatar]:checked") || { value: "" }).value,
    languages: [...f.querySelectorAll("input[name=languages]:checked")].map((x) => x.value) };
  const r = await post("/api/me/profile", body);
  if (r.name !== before) location.reload();
  else toast(words.dataset.saved);
});
onSubmit("privacy-form", async (f) => {
  await post("/api/me/profile", { privacy: { games: f.elements.games.value, invites: f.elements.invites.value,
    requests: f.elements.requests.value } });
  toast(words.dataset.saved);
});
onSubmit("ask-form", async (f) => {
  await post(BY_NAME.ask, { name: f.elements.name.value.trim() });
  location.reload();
});
onSubmit("delete-form", async (f) => {
  await post("/api/me/delete", { confirm: f.elements.confirm.value.trim() });
  document.getElementById("main").replaceChildren(Object.assign(document.createElement("p"),
    { className: "panel", id: "account-deleted", textContent: words.dataset.deleted }));
  setTimeout(() => location.assign("/"), 2500);
});
