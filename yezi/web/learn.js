// The tutorial page (/learn/<game>): asks the server for each frame of a lesson (the tutor is
// replayed there from the learner's accepted inputs) and keeps those inputs in localStorage, so
// a learner can leave and come back, or restart a lesson. On /learn it only shows progress.
(function () {
  "use strict";
  var KEY = "yezi.learn.";

  function store(k, v) { try { if (v === undefined) localStorage.removeItem(KEY + k); else localStorage.setItem(KEY + k, JSON.stringify(v)); } catch (e) { /* private mode */ } }
  function fetchStore(k, dflt) { try { var v = localStorage.getItem(KEY + k); return v ? JSON.parse(v) : dflt; } catch (e) { return dflt; } }
  function doneSet(game) { return fetchStore(game + ".done", []); }

  function el(tag, attrs) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k]; else if (k === "html") e.innerHTML = attrs[k]; else e.setAttribute(k, attrs[k]);
    });
    for (var i = 2; i < arguments.length; i++) if (arguments[i]) e.appendChild(arguments[i]);
    return e;
  }

  // ---- /learn: progress per game ----
  var list = document.getElementById("learn-games");
  if (list) {
    list.querySelectorAll("li[data-game]").forEach(function (li) {
      var n = doneSet(li.dataset.game).length;
      if (n) li.querySelector(".progress").textContent = "✓ " + n + "/" + li.dataset.lessons;
    });
    return;
  }

  var dataNode = document.getElementById("learn-data");
  if (!dataNode) return;
  var D = JSON.parse(dataNode.textContent);
  var L = D.labels;
  var pane = document.getElementById("lesson");
  var current = null;
  var busy = false;

  function markList() {
    var done = doneSet(D.game);
    document.querySelectorAll("#lesson-list li").forEach(function (li) {
      li.classList.toggle("done", done.indexOf(li.dataset.lesson) >= 0);
      li.classList.toggle("current", li.dataset.lesson === current);
      var a = li.querySelector("a");
      if (li.dataset.lesson === current) a.setAttribute("aria-current", "step"); else a.removeAttribute("aria-current");
    });
  }

  function ask(body) {
    if (busy) return Promise.resolve();
    busy = true;
    pane.classList.add("busy");
    body.lang = D.lang;
    body.inputs = fetchStore(D.game + "." + current, []);
    return fetch("/api/learn/" + D.game + "/" + current, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    }).then(function (r) {
      if (r.status === 409) { store(D.game + "." + current, undefined); busy = false; return ask({}); }  // stale progress: start over
      return r.json().then(function (f) {
        if (!r.ok) throw new Error((D.errors && D.errors[f.error]) || f.message || f.error || r.status);  // in the page's language
        store(D.game + "." + current, f.inputs);
        if (f.done) {
          var done = doneSet(D.game);
          if (done.indexOf(f.lesson) < 0) { done.push(f.lesson); store(D.game + ".done", done); }
        }
        draw(f);
      });
    }).catch(function (e) {
      pane.appendChild(el("p", { class: "error", text: String(e.message || e) }));
    }).then(function () { busy = false; pane.classList.remove("busy"); });
  }

  function choice(c, cls) {
    var b = el("button", { type: "button", class: "move " + cls + (c.suggested ? " suggested" : ""), "data-code": String(c.code), text: c.label });
    if (c.suggested) b.setAttribute("title", L.suggested);
    b.addEventListener("click", function () { ask({ attempt: c.code }); });
    return b;
  }

  function draw(f) {
    var head = el("header", { class: "lesson-head" },
      el("h2", { text: L.lesson.replace("{}", String(f.index + 1)) + " · " + f.title }),
      el("p", { class: "muted", id: "step-count", text: f.done ? L.done : L.step.replace("{}", String(f.step + 1)).replace("{}", String(f.steps)) }));
    var parts = [head];
    // the answer to the learner's click stands just above the buttons clicked (not at the top of the
    // lesson, above the fold on a phone), is scrolled into view and read out (see `announce`)
    var answer = f.answer ? el("p", { class: "answer " + f.answer.kind, id: "answer", tabindex: "-1", "data-rule": f.answer.rule || "", html: f.answer.html }) : null;
    if (f.text) parts.push(el("div", { class: "say", id: "say", html: f.text }));
    var board = el("div", { class: "board table-svg", id: "board", html: f.board });
    parts.push(board);
    if (f.pending) parts.push(el("p", { class: "pending", id: "pending", text: f.pending }));
    if (f.settlement.length) {
      var ul = el("ul", {});
      f.settlement.forEach(function (s) { ul.appendChild(el("li", { text: s })); });
      parts.push(el("div", { class: "settlement", id: "settlement" }, el("h3", { text: L.payments }), ul));
    }
    if (answer) parts.push(answer);
    var acts = el("div", { class: "actions", id: "actions" });
    if (f.kind === "move") {
      var legal = el("div", { class: "legal", id: "legal" }, el("h3", { text: L.legal }));
      f.legal.forEach(function (c) { legal.appendChild(choice(c, "legal")); });
      acts.appendChild(legal);
      if (f.tries.length) {
        var tries = el("div", { class: "tries", id: "tries" }, el("h3", { text: L.try }));
        f.tries.forEach(function (c) { tries.appendChild(choice(c, "try")); });
        acts.appendChild(tries);
      }
      var form = el("form", { class: "type", id: "type-move" });
      var input = el("input", { type: "text", name: "move", "aria-label": L.type, placeholder: L.type, autocomplete: "off", maxlength: "64" });
      form.appendChild(input);
      form.appendChild(el("button", { type: "submit", text: "↵" }));
      form.addEventListener("submit", function (ev) { ev.preventDefault(); if (input.value.trim()) ask({ attempt: input.value.trim() }); });
      acts.appendChild(form);
    } else if (f.kind === "read") {
      var nb = el("button", { type: "button", class: "primary", id: "next-step", text: L.next + " →" });
      nb.addEventListener("click", function () { ask({ next: true }); });
      acts.appendChild(nb);
    } else {
      var nextId = nextUndone();
      acts.appendChild(el("p", { class: "complete", id: "complete", text: nextId ? L.done : L.all_done }));
      if (nextId) {
        var nl = el("a", { class: "button primary", id: "next-lesson", href: "#" + nextId, text: L.next_lesson + " →" });
        acts.appendChild(nl);
      }
    }
    parts.push(acts);
    if (f.log.length) {
      var log = el("ol", { class: "log" });
      f.log.forEach(function (s) { log.appendChild(el("li", { text: s })); });
      parts.push(el("details", { class: "log-box", id: "log" }, el("summary", { text: L.log.replace("{}", String(f.log.length)) }), log));
    }
    var restart = el("button", { type: "button", class: "restart", id: "restart", text: "↺ " + L.restart });
    restart.addEventListener("click", function () { store(D.game + "." + current, undefined); ask({}); });
    parts.push(el("p", { class: "foot" }, restart));
    pane.replaceChildren.apply(pane, parts);
    fitBoard(board);
    markList();
    var focus = ["#next-step", "#next-lesson", "button.suggested", "#legal button"].map(function (q) { return pane.querySelector(q); })
      .filter(Boolean)[0];
    if (answer) {
      // a refusal takes the focus (read first, then Tab goes on to the moves); a move played leaves it on the
      // next move to make
      if (f.answer.kind === "ok" && focus) focus.focus({ preventScroll: true }); else answer.focus({ preventScroll: true });
      answer.scrollIntoView({ block: "nearest" });
      announce(f.answer.text);
    } else if (focus) focus.focus({ preventScroll: true });
  }

  // One live region that outlives the redraws (a region made anew with each frame is not reliably read
  // out): it says the engine's answer to a click, a refusal at once.
  var live = document.getElementById("learn-live");
  function announce(text) {
    if (!live) return;
    live.textContent = "";
    setTimeout(function () { live.textContent = text; }, 50);
  }

  // On a narrow screen the table's drawing is cut to what it shows, so that the cards are as
  // large as the width allows (the renderers draw for a wide table, with room to spare).
  function fitBoard(board) {
    var svg = board.querySelector("svg");
    if (!svg || !window.matchMedia("(max-width: 700px)").matches || !svg.getBBox) return;
    var bg = svg.firstElementChild;
    var hide = bg && bg.tagName.toLowerCase() === "rect" && !bg.hasAttribute("x");  // the felt behind everything
    try {
      if (hide) bg.style.display = "none";
      var b = svg.getBBox();
      if (hide) bg.style.display = "";
      if (b.width > 0 && b.height > 0) {
        // at most twice the drawing's own size: a board of one line (Ma Diao's stake, before the
        // deal) is not blown up into a banner of letters a centimetre high
        var w = Math.max(b.width + 8, svg.getBoundingClientRect().width / 2);
        svg.setAttribute("viewBox", [b.x - 4, b.y - 4, w, b.height + 8].join(" "));
        svg.removeAttribute("width");
        svg.removeAttribute("height");
      }
    } catch (e) { if (hide) bg.style.display = ""; }  // not rendered yet: keep the drawing as it is
  }

  // the first lesson not yet done after this one (then from the start); null when all are done
  function nextUndone() {
    var done = doneSet(D.game);
    var at = D.lessons.indexOf(current);
    var order = D.lessons.slice(at + 1).concat(D.lessons.slice(0, at + 1));
    for (var i = 0; i < order.length; i++) if (done.indexOf(order[i]) < 0) return order[i];
    return null;
  }

  function open(id) {
    if (D.lessons.indexOf(id) < 0) id = D.lessons[0];
    current = id;
    markList();
    ask({});
  }

  function fromHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (D.lessons.indexOf(id) >= 0) return id;
    var done = doneSet(D.game);
    for (var i = 0; i < D.lessons.length; i++) if (done.indexOf(D.lessons[i]) < 0) return D.lessons[i];
    return D.lessons[0];
  }

  window.addEventListener("hashchange", function () { open(fromHash()); window.scrollTo(0, 0); });
  open(fromHash());
})();
