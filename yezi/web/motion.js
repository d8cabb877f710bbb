// Motion and sound at the table, for every game.
//
// A game's renderer marks what moves, and this module animates it after each render:
//  * each play shown on the table carries data-play-key (unique in the deal) and data-from (the
//    seat that played it): a key not seen before flies in from that seat's chip (or from your own
//    hand) and stays highlighted as the last play (.last-play);
//  * a trick on the table carries data-trick-key (and data-winner once won): when it leaves the
//    table, a copy of it slides to the winner's chip and fades. A game whose trick leaves at the
//    moment it is won names the winner on the record it leaves (data-trick-result, data-winner).
// Nothing moves on the first frame of a page (a reload is not a play), under
// prefers-reduced-motion, or when the player turned motion off. Sound is off unless turned on;
// it is synthesised (Web Audio), so no sound file is shipped.

const seen = { table: null, deal: null, keys: new Set(), first: true, last: [] };

export function motionOn() {
  if (localStorage.getItem("yezi.motion") === "off") return false;
  return !(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}
export function soundOn() { return localStorage.getItem("yezi.sound") === "on"; }
export function setSound(on) { localStorage.setItem("yezi.sound", on ? "on" : "off"); }
export function setMotion(on) { localStorage.setItem("yezi.motion", on ? "on" : "off"); }

let audio = null;
function tone(freq, ms, gain = 0.05) {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator(), g = audio.createGain();
    o.type = "triangle"; o.frequency.value = freq;
    g.gain.setValueAtTime(gain, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + ms / 1000);
    o.connect(g).connect(audio.destination);
    o.start(); o.stop(audio.currentTime + ms / 1000);
  } catch { /* no audio on this device: silence */ }
}

function source(root, seat, me) {
  if (seat !== null && seat !== undefined && String(seat) === String(me)) {
    return root.querySelector("#hand") || root.querySelector(".felt-mine");
  }
  return root.querySelector(`li.chip[data-seat="${seat}"]`);
}
function centre(r) { return [r.left + r.width / 2, r.top + r.height / 2]; }

// What is on the table before a render: the finished tricks (to send to their winners).
export function snapshot(root) {
  return [...root.querySelectorAll("[data-trick-key]")].map((e) => ({
    key: e.dataset.trickKey, winner: e.dataset.winner, rect: e.getBoundingClientRect(), clone: e.cloneNode(true),
  }));
}

// After a render: animate new plays and departing tricks; returns how many plays were new.
export function animate(root, frame, before) {
  const tableKey = frame.table && frame.table.id;
  if (seen.table !== tableKey || seen.deal !== frame.deal_no) {
    seen.table = tableKey; seen.deal = frame.deal_no; seen.keys = new Set(); seen.last = [];
    if (seen.table !== tableKey) seen.first = true;
  }
  const plays = [...root.querySelectorAll("[data-play-key]")];
  const fresh = plays.filter((e) => !seen.keys.has(e.dataset.playKey));
  for (const e of plays) seen.keys.add(e.dataset.playKey);
  const first = seen.first;
  seen.first = false;
  if (fresh.length) seen.last = fresh.map((e) => e.dataset.playKey);
  // the newest play stays ringed through later renders (a hint, a language change) until the next
  for (const e of plays) if (seen.last.includes(e.dataset.playKey)) e.classList.add("last-play");
  if (first || frame.replay) return 0;
  const move = motionOn();
  for (const e of fresh) {
    const from = source(root, e.dataset.from, frame.seat);
    if (!move || !from || !e.animate) continue;
    const [fx, fy] = centre(from.getBoundingClientRect());
    const [tx, ty] = centre(e.getBoundingClientRect());
    e.animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px) scale(.6)`, opacity: 0.3 },
      { transform: "none", opacity: 1 }], { duration: 320, easing: "cubic-bezier(.2,.7,.3,1)" });
  }
  const still = new Set([...root.querySelectorAll("[data-trick-key]")].map((e) => e.dataset.trickKey));
  const gone = (before || []).filter((t) => !still.has(t.key)).map((t) => {
    const rec = root.querySelector(`[data-trick-result="${t.key}"]`);
    return { ...t, winner: rec ? rec.dataset.winner : t.winner };
  }).filter((t) => t.winner !== undefined && t.winner !== null && t.winner !== "");
  if (move) {
    for (const t of gone) {
      const to = source(root, t.winner, frame.seat);
      if (!to || !t.clone.animate) continue;
      const c = t.clone;
      Object.assign(c.style, { position: "fixed", left: `${t.rect.left}px`, top: `${t.rect.top}px`, width: `${t.rect.width}px`,
        height: `${t.rect.height}px`, margin: "0", pointerEvents: "none", zIndex: "8" });
      c.removeAttribute("id");
      c.setAttribute("aria-hidden", "true");
      document.body.append(c);
      const [fx, fy] = centre(t.rect);
      const [tx, ty] = centre(to.getBoundingClientRect());
      c.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${tx - fx}px, ${ty - fy}px) scale(.3)`, opacity: 0 }],
        { duration: 450, easing: "ease-in" }).onfinish = () => c.remove();
    }
  }
  if (soundOn()) {
    if (fresh.length) tone(660, 90);
    if (gone.length) { tone(523, 80); setTimeout(() => tone(784, 120), 90); }
  }
  return fresh.length;
}
