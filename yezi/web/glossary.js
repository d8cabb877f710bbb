// Glossary popovers: hover, focus or tap a marked term (<span class="term" data-term="老歲">) to see
// its characters in both scripts, how it is said, an English gloss, its meaning and its games.
// The terms come from the page (<script type="application/json" id="glossary-data">), rendered
// from yezi/guides/glossary.toml by the server.
(function () {
  "use strict";
  var data = null;
  var pop = null;
  var current = null;
  var LABELS = {
    "zh-hant": { games: "見於", said: "讀音" },
    "zh-hans": { games: "见于", said: "读音" },
    en: { games: "Used in", said: "Said" },
  };

  function load() {
    var node = document.getElementById("glossary-data");
    if (!node) return null;
    try { return JSON.parse(node.textContent); } catch (e) { return null; }
  }

  function text(tag, cls, s) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    e.textContent = s;
    return e;
  }

  function show(el) {
    var t = data && data.terms[el.getAttribute("data-term")];
    if (!t) return;
    var lang = data.lang;
    var l = LABELS[lang] || LABELS.en;
    if (!pop) {
      pop = document.createElement("div");
      pop.className = "gloss-pop";
      pop.setAttribute("role", "tooltip");
      pop.id = "gloss-pop";
      document.body.appendChild(pop);
    }
    pop.replaceChildren();
    var head = text("div", "gloss-head", "");
    var zh = text("span", "gloss-zh", t.hant === t.hans ? t.hant : t.hant + " / " + t.hans);
    zh.setAttribute("lang", "zh");
    head.appendChild(zh);
    head.appendChild(text("span", "gloss-roman", " " + t.roman));
    pop.appendChild(head);
    pop.appendChild(text("div", "gloss-en", t.en));
    pop.appendChild(text("p", "gloss-meaning", t.meaning[lang] || t.meaning.en));
    pop.appendChild(text("div", "gloss-games", l.games + ": " + t.games.map(function (g) { return (data.titles || {})[g] || g; }).join(lang === "en" ? ", " : "、")));
    pop.hidden = false;
    var r = el.getBoundingClientRect();
    var w = Math.min(320, window.innerWidth - 16);
    pop.style.width = w + "px";
    var left = Math.max(8, Math.min(window.scrollX + r.left, window.scrollX + window.innerWidth - w - 8));
    pop.style.left = left + "px";
    pop.style.top = (window.scrollY + r.bottom + 6) + "px";
    el.setAttribute("aria-describedby", "gloss-pop");
    current = el;
  }

  function hide() {
    if (pop) pop.hidden = true;
    if (current) current.removeAttribute("aria-describedby");
    current = null;
  }

  function termOf(target) {
    return target && target.closest ? target.closest(".term") : null;
  }

  function init() {
    data = load();
    if (!data) return;
    document.addEventListener("mouseover", function (e) { var t = termOf(e.target); if (t) show(t); });
    document.addEventListener("mouseout", function (e) { if (termOf(e.target) && !termOf(e.relatedTarget)) hide(); });
    document.addEventListener("focusin", function (e) { var t = termOf(e.target); if (t) show(t); });
    document.addEventListener("focusout", function (e) { if (termOf(e.target)) hide(); });
    document.addEventListener("click", function (e) {
      var t = termOf(e.target);
      if (t) show(t);  // a tap also focuses the term: showing (never toggling) keeps it open
      else if (!(pop && pop.contains(e.target))) hide();
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape") hide();
      var t = termOf(e.target);
      if (t && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); show(t); }
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
