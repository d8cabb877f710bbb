// Quick match (issue 23; yezi/server/routes/quick.py): "play now with people". Choose a game, its
// ruleset, a rated table (signed in), the pace (turn-based for a signed-in player) and how long to wait before bots take the empty seats;
// the page then asks every two seconds until a table is found, and goes to it (the seat's cookie is
// set by that answer). The ticket's secret is an HttpOnly cookie: this page knows only its id.
const KEY = "yezi.quick";  // the ticket being waited on (this tab): a reload or a language switch keeps waiting
let timer = null;

export function quickPanel({ el, T, api, go, games, title, signedIn, toast, lang }) {
  const box = el("div", { class: "quick-match", id: "quick-match" });
  const game = el("select", { id: "quick-game", "aria-label": T("game") }, games.map((g) => el("option", { value: g.name }, title(g))));
  // the ruleset: people are matched only with those who chose the same one
  const preset = el("select", { id: "quick-preset", "aria-label": T("preset") });
  function drawPresets() {
    const g = games.find((x) => x.name === game.value);
    const ps = g && g.presets ? Object.entries(g.presets) : [];
    preset.replaceChildren(...ps.map(([k, p]) => el("option", { value: k, selected: k === g.default_preset },
      (p.titles && p.titles[lang()]) || p.title || k)));
    preset.hidden = ps.length < 2;
  }
  game.onchange = drawPresets;
  drawPresets();
  const rated = el("input", { type: "checkbox", id: "quick-rated" });
  const ratedBox = signedIn ? el("label", { class: "check quick-rated" }, rated, el("span", {}, T("rated"))) : null;
  const pace = el("select", { id: "quick-pace", "aria-label": T("moveTimer") }, el("option", { value: "realtime" }, T("paceRealtime")),
    signedIn ? [1, 3, 7].map((n) => el("option", { value: `turn:${n}` }, T("turnDays", { n }))) : null);
  const wait = el("select", { id: "quick-bots", "aria-label": T("quickBots") },
    [[30, "quickBots30"], [120, "quickBots120"], [300, "quickBots300"], ["", "quickBotsNever"]].map(([v, k]) =>
      el("option", { value: v, selected: v === 120 }, T(k))));
  const status = el("p", { class: "quick-status", id: "quick-status", "aria-live": "polite" });
  const find = el("button", { type: "button", class: "primary", id: "quick-find" }, T("quickFind"));
  const cancel = el("button", { type: "button", id: "quick-cancel", hidden: true }, T("quickCancel"));
  const counts = el("small", { class: "muted", id: "quick-counts" });

  async function poll() {
    const id = sessionStorage.getItem(KEY);
    if (!id || !box.isConnected) { clearInterval(timer); timer = null; return; }
    try {
      const r = await api(`/api/quick/${encodeURIComponent(id)}`);
      if (r.state === "seated") { stop(); go(`/t/${encodeURIComponent(r.table)}`); return; }
      status.textContent = T("quickWaiting", { n: r.waiting, s: r.waited_s });
    } catch (e) { stop(); status.textContent = e.message; }
  }
  function waiting(on) {
    find.hidden = on; cancel.hidden = !on;
    for (const s of [game, preset, pace, wait, rated]) s.disabled = on;
  }
  function stop() { sessionStorage.removeItem(KEY); clearInterval(timer); timer = null; waiting(false); }
  find.onclick = async () => {
    const p = pace.value.startsWith("turn:") ? { pace: "turn", move_days: Number(pace.value.slice(5)) } : {};
    try {
      const r = await api("/api/quick", { method: "POST", body: JSON.stringify({ game: game.value, ...p,
        ...(preset.value ? { preset: preset.value } : {}), ...(rated.checked ? { rated: true } : {}),
        bot_after: wait.value ? Number(wait.value) : null, name: localStorage.getItem("yezi.name") || null }) });
      sessionStorage.setItem(KEY, r.ticket);
      waiting(true);
      status.textContent = T("quickWaiting", { n: r.waiting, s: 0 });
      clearInterval(timer); timer = setInterval(poll, 2000); poll();
    } catch (e) { toast(e.message); }
  };
  cancel.onclick = async () => {
    const id = sessionStorage.getItem(KEY);
    stop();
    status.textContent = "";
    if (id) await api(`/api/quick/${encodeURIComponent(id)}`, { method: "DELETE" }).catch(() => null);
  };
  api("/api/quick").then((d) => {
    const n = Object.values(d.waiting || {}).reduce((a, b) => a + b, 0);
    counts.textContent = n ? T("quickCounts", { n }) : "";
  }).catch(() => null);
  // Node.append writes a null argument as the text "null": only the rows that exist
  box.append(...[el("h3", {}, T("quickTitle")), el("p", { class: "muted" }, T("quickHint")),
    el("div", { class: "quick-row" }, game, preset, pace, wait), ratedBox && el("div", { class: "quick-row" }, ratedBox),
    el("div", { class: "quick-row" }, find, cancel, counts), status].filter(Boolean));
  if (sessionStorage.getItem(KEY)) { waiting(true); clearInterval(timer); timer = setInterval(poll, 2000); poll(); }
  return box;
}
