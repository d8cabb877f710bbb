// Glossary popovers: hover, focus or tap a marked term (<span class="term" data-term="老歲">) to see
// its characters in both scripts, how it is said, an English gloss, its meaning and its games.
// The terms come from the page (<script type="application/json" id="glossary-data">), rendered
// from yezi/i18n/glossary.toml by the server.
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
    var t = data && data.terms && data.terms[el.getAttribute("data-term")];
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
    var below = window.innerHeight - r.bottom;
    var high = pop.offsetHeight;
    pop.style.top = (below < high + 12 && r.top > high + 12 ? window.scrollY + r.top - high - 6
      : window.scrollY + r.bottom + 6) + "px";  // above the term when it sits low in the window
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

  // At the table (no glossary in the page): fetch the terms for the page's language and wrap
  // every known term in the log's lines, as they appear.
  var HTML_TO_LANG = { "zh-Hant": "zh-hant", "zh-Hans": "zh-hans", en: "en" };
  var pattern = null;
  var SEATS = ["頭家", "莊家", "夢家", "尾家", "樁家"];
  var loading = null;

  function pageLang() { return HTML_TO_LANG[document.documentElement.lang] || "zh-hant"; }

  function fetchTerms() {
    var lang = pageLang();
    if (data && data.lang === lang) return Promise.resolve(data);
    if (loading && loading.lang === lang) return loading.p;
    var p = fetch("/api/glossary?lang=" + encodeURIComponent(lang)).then(function (r) { return r.json(); })
      .then(function (d) {
        data = d;
        var keys = [];
        Object.keys(d.terms).forEach(function (k) {
          if (k.length < 2 && "做墊糊".indexOf(k) < 0) return;  // a lone 文, 點 or 注 is too common a character to mark
          if (SEATS.indexOf(k) >= 0) return;  // seat names begin every line of the log
          keys.push(k); if (d.terms[k].hans !== k) keys.push(d.terms[k].hans);
        });
        keys.sort(function (a, b) { return b.length - a.length; });
        pattern = new RegExp(keys.map(function (k) { return k.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|"), "g");
        return d;
      });
    loading = { lang: lang, p: p };
    return p;
  }

  function keyOf(found) {
    if (data.terms[found]) return found;
    for (var k in data.terms) if (data.terms[k].hans === found) return k;
    return null;
  }

  function wrapLine(li) {
    if (li.getAttribute("data-glossed") === data.lang || li.children.length) return;
    var text = li.textContent;
    pattern.lastIndex = 0;
    if (!pattern.test(text)) { li.setAttribute("data-glossed", data.lang); return; }
    pattern.lastIndex = 0;
    var frag = document.createDocumentFragment();
    var at = 0;
    text.replace(pattern, function (m, offset) {
      frag.appendChild(document.createTextNode(text.slice(at, offset)));
      var span = document.createElement("span");
      span.className = "term";
      span.tabIndex = 0;
      span.setAttribute("role", "button");
      span.setAttribute("data-term", keyOf(m));
      span.textContent = m;
      frag.appendChild(span);
      at = offset + m.length;
      return m;
    });
    frag.appendChild(document.createTextNode(text.slice(at)));
    li.replaceChildren(frag);
    li.setAttribute("data-glossed", data.lang);
  }

  function wrapLogs() {
    var lines = document.querySelectorAll(".log li");
    if (!lines.length) return;
    fetchTerms().then(function () { lines.forEach(wrapLine); }).catch(function () {});
  }

  function init() {
    data = load();
    if (!data) {
      if (!document.getElementById("main")) return;  // neither a guide nor the app
      new MutationObserver(wrapLogs).observe(document.getElementById("main"), { childList: true, subtree: true });
    }
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
