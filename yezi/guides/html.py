"""A guide as an HTML page (pure): prose from the guide source, everything numeric, every card
and every example filled in from the engine and marked ``data-engine`` so that a test can tell
them from the prose."""

from __future__ import annotations

import json
import re
from functools import cache
from html import escape

from yezi.core.options import notation
from yezi.core.registry import GAMES, game_class
from yezi.guides import LANGS, SECTIONS, has_guide
from yezi.guides.citations import readable
from yezi.guides.engine import deal_notation, example, face, gallery
from yezi.guides.labels import label
from yezi.guides.markup import Block, Inline
from yezi.guides.page import Guide, load, number_text
from yezi.i18n import _, _c
from yezi.i18n.glossary import glossary

HTML_LANG = {"zh-hant": "zh-Hant", "zh-hans": "zh-Hans", "en": "en"}
#: the language a deal line is written in: the reader's script on Chinese pages, the record's 繁體 on English ones
DEAL_LANG = {"zh-hant": "zh-Hant", "zh-hans": "zh-Hans", "en": "zh-Hant"}
#: the site's name in each script; a <title> cannot mark a language, so the English one is romanised only
BRAND_TITLE = {"zh-hant": "葉子 yezi", "zh-hans": "叶子 yezi", "en": "yezi"}
BRAND = {"zh-hant": "葉子 <small>yezi</small>", "zh-hans": "叶子 <small>yezi</small>",
         "en": '<span lang="zh-Hant">葉子</span> <small>yezi</small>'}
LANG_NAMES = {"zh-hant": "繁體", "zh-hans": "简体", "en": "English"}


def esc(s: object) -> str:
    return escape(str(s), quote=True)


_CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
_GLOSS_BEFORE = re.compile(r"(?:[A-Za-z)’'\]] |[A-Za-z] ?[(（])$")


def txt(s: object, lang: str) -> str:
    """Escaped text for a reader of `lang`. On English pages a Chinese name written in the gloss form
    (``boss cards 老歲``, ``Nine of Tens (九拾)``: right after the English, and a name the project knows)
    is marked as Chinese, ``<span lang="zh-Hant">``, as the text the engines and catalogs write carries no
    marks of its own. Chinese that is not such a gloss is left as it is (the purity checker reports it)."""
    text = str(s)
    if lang != "en":
        return esc(text)
    from yezi.guides.names import known_names

    names = known_names()
    out, last = [], 0
    for m in _CJK_RUN.finditer(text):
        if m.group() in names and _GLOSS_BEFORE.search(text[:m.start()]):
            out += [esc(text[last:m.start()]), f'<span lang="zh-Hant">{esc(m.group())}</span>']
            last = m.end()
    out.append(esc(text[last:]))
    return "".join(out)


class _Inline:
    """Renders inline nodes; remembers which terms were glossed already (English glosses the
    Chinese on first use only)."""

    def __init__(self, guide: Guide):
        self.g = guide
        self.seen: set[str] = set()

    def __call__(self, nodes: tuple[Inline, ...]) -> str:
        return "".join(self.node(n) for n in nodes)

    def node(self, n: Inline) -> str:
        kind, lang = n[0], self.g.lang
        if kind == "text":
            return txt(n[1], lang)
        if kind == "strong":
            return f"<strong>{txt(n[1], lang)}</strong>"
        if kind == "term":
            t = self.g.term(n[1])
            attrs = f'class="term" tabindex="0" role="button" data-term="{esc(t.hant)}"'
            if lang == "en" and not n[2]:  # the Chinese term itself, as the English text names it
                self.seen.add(t.hant)
                return (f'<span {attrs} lang="zh-Hant">{esc(t.hant)}</span>'
                        f' <i class="roman">{esc(t.spoken)}</i>')
            shown = n[2] or t.chars(lang)
            out = f"<span {attrs}>{esc(shown)}</span>"
            if lang == "en" and t.hant not in self.seen:
                out += (f' <span class="zh-gloss">(<span lang="zh-Hant">{esc(t.hant)}</span> '
                        f'<i lang="zh-Latn">{esc(t.spoken)}</i>)</span>')
            self.seen.add(t.hant)
            return out
        if kind == "card":
            f = face(self.g.game, n[1], lang)
            name = f.names[lang]
            extra = f' <span lang="zh-Hant">{esc(f.names["zh-hant"])}</span>' if lang == "en" else ""
            return (f'<span class="cardname" data-engine="card">{esc(name)}{extra} '
                    f'<code>{esc(f.notation)}</code></span>')
        if kind == "fact":
            return f'<span class="num" data-engine="fact:{esc(n[1])}">{esc(number_text(self.g.fact(n[1]), lang))}</span>'
        if kind == "year":
            if not (n[1].isdigit() and 3 <= len(n[1]) <= 4):
                raise ValueError(f"{self.g.game}/{lang}: {{year:{n[1]}}} is not a year")
            return f'<span class="year" data-year="{esc(n[1])}">{esc(n[1])}</span>'
        if kind == "opt":
            name = self.g.option(n[1])  # the option as the reader's language names it, not its id (issue 21)
            o = game_class(self.g.game).option_table().options[name]
            return f'<a class="opt" href="#opt-{esc(name)}" data-engine="option">{txt(_(lang, o.label or o.name), lang)}</a>'
        if kind == "preset":
            return f'<code class="preset" data-engine="preset">{esc(self.g.preset(n[1]))}</code>'
        if kind == "pays":
            from yezi.guides.claims import parse_pays, shown

            seats = " · ".join(f'<span class="pay-seat">{txt(s, lang)} <b>{p:+d}</b></span>' if p else f'<span class="pay-seat">{txt(s, lang)} <b>0</b></span>'
                               for s, p in shown(self.g.game, n[1], lang))
            name = esc(parse_pays(n[1])[0])  # a link to the worked example (a lesson's statement points to the guide)
            return (f'<a class="pays" href="/rules/{esc(self.g.game)}?lang={lang}#ex-{name}" data-engine="pays:{name}">'
                    f'{"(" if lang == "en" else "（"}{seats}{")" if lang == "en" else "）"}</a>')
        raise ValueError(f"unknown inline {kind}")


def _example_html(game: str, name: str, lang: str) -> str:
    ex = example(game, name, lang)
    rec = ex.record
    parts = [f'<figure class="example" id="ex-{esc(name)}" data-engine="example:{esc(name)}">',
             f'<figcaption>{esc(label("example", lang))}</figcaption>',
             f'<div class="table-svg">{ex.table}</div>' if ex.table else ""]
    if ex.to_act:
        parts.append(f'<p class="to-act">{esc(label("to_act", lang))}: <b>{txt(ex.to_act, lang)}</b></p>')
    if ex.legal:
        parts.append(f'<p class="legal"><b>{esc(label("legal", lang))}:</b> '
                     + " · ".join(f"<span>{txt(a, lang)}</span>" for a in ex.legal) + "</p>")
    if ex.refused:
        move, rule, message = ex.refused
        said = f": {txt(message, lang)}" if lang == "en" else ""  # engine messages are English until they are translated
        parts.append(f'<p class="refused"><b>{esc(label("refused", lang))}:</b> {txt(move, lang)} '
                     f'({esc(label("rule", lang))} <code>{esc(rule)}</code>){said}</p>')
    if ex.payments:
        rows = "".join(f"<tr><td>{txt(s, lang)}</td><td class='pay'>{p:+d}</td></tr>" for s, p in ex.payments)
        parts.append(f'<table class="payments"><caption>{esc(label("payments", lang))}</caption>{rows}</table>')
    if ex.lines:
        parts.append(f'<details open class="why"><summary>{esc(label("why", lang))}</summary><ul>'
                     + "".join(f"<li>{txt(x, lang)}</li>" for x in ex.lines) + "</ul></details>")
    seen = label("everyone", lang) if ex.seat is None else game_class(game).from_preset(rec.get("preset")).seat_name(
        ex.seat, lang)
    parts.append(f'<details class="record"><summary>{esc(label("record", lang))}</summary><dl>'
                 f'<dt>{esc(label("preset", lang))}</dt><dd><code>{esc(rec.get("preset", ""))}</code> '
                 + " ".join(f"<code>{esc(f'{k}={notation(v)}')}</code>" for k, v in rec.get("options", {}).items())
                 + (f'</dd><dt>{esc(label("deal", lang))}</dt><dd class="notation" lang="{DEAL_LANG[lang]}">'
                    f'{esc(deal_notation(game, rec, lang))}' if "scores" not in rec else "")
                 + '</dd>'
                 f'<dt>{esc(label("scores" if "scores" in rec else "actions", lang))}</dt><dd>{txt(" · ".join(ex.actions), lang)}</dd>'
                 f'<dt>{esc(label("seen_by", lang))}</dt><dd>{txt(seen, lang)}</dd></dl></details>')
    parts.append("</figure>")
    return "".join(parts)


def _gallery_html(game: str, lang: str) -> str:
    out = ['<div class="gallery" data-engine="gallery">']
    for grp in gallery(game, lang):
        out.append(f"<h3>{txt(grp.title, lang)}</h3><ul class='faces'>")
        for f in grp.faces:
            # the name in the other languages, each marked with its language (so a page stays pure)
            seen: dict[str, str] = {}
            for lg in LANGS:
                if lg != lang and f.names[lg] != f.names[lang]:
                    seen.setdefault(f.names[lg], lg)
            others = " · ".join(f'<span lang="{HTML_LANG[lg]}">{esc(n)}</span>' for n, lg in seen.items())
            count = f" ×{f.count}" if f.count > 1 else ""
            out.append(f"<li>{f.svg}<b>{esc(f.names[lang])}</b><span class='alt'>{others}</span>"
                       f"<i lang=\"zh-Latn\">{esc(f.roman)}</i><code>{esc(f.notation)}{esc(count)}</code></li>")
        out.append("</ul>")
    out.append("</div>")
    return "".join(out)


def _reference_html(game: str, lang: str) -> str:
    table = game_class(game).option_table()
    out = [f'<section id="s-reference" data-section="reference" data-engine="reference">'
           f'<h2>{esc(label("reference", lang))}</h2><p class="muted">{esc(label("reference_note", lang))}</p>',
           f"<h3>{esc(label('presets', lang))}</h3><ul>"]
    for p in table.presets.values():
        vals = ", ".join(f"<code>{esc(f'{k}={notation(v)}')}</code>" for k, v in p.values.items())  # typed: notation
        out.append(f"<li><code>{esc(p.name)}</code> {txt(_(lang, p.title), lang)} <small>(<cite>{esc(readable(p.source, lang))}</cite>)</small>"
                   + (f"<br><small>{vals}</small>" if vals else "") + "</li>")
    out.append("</ul><div class='reftable'>")
    for o in table.options.values():
        out.append(f'<div class="opt-row" id="opt-{esc(o.name)}"><h4>{txt(_(lang, o.label or o.name), lang)} '
                   f"<code>{esc(o.name)}</code></h4>"
                   f"<p>{txt(_(lang, o.description), lang)} ({esc(label('default', lang))}: <code>{esc(notation(o.default))}</code>)</p><ul>")
        for c in o.choices:
            out.append(f"<li><code>{esc(notation(c.value))}</code> {txt(_(lang, c.description), lang)} — "
                       f"<small>{esc(label('source', lang))}: <cite>{esc(readable(c.source, lang))}</cite></small></li>")
        out.append("</ul></div>")
    out.append("</div></section>")
    return "".join(out)


def _head(title: str, lang: str) -> str:
    if lang == "en":  # a <title> cannot mark a language: the English tab shows the English name alone
        title = re.sub(r"\s*[(（]?[\u3400-\u9fff]+[)）]?", "", title).strip()
    return (f'<!doctype html><html lang="{HTML_LANG[lang]}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)} · {BRAND_TITLE[lang]}</title>"
            '<link rel="stylesheet" href="/static/guide.css"><link rel="stylesheet" href="/static/glossary.css"><link rel="icon" href="/static/favicon.svg">'
            '<script src="/static/glossary.js" defer></script><script src="/static/who.js" defer></script></head>')


def who_link(lang: str) -> str:
    """The top bar's "Sign in", which /static/who.js turns into the signed-in player's name (the page
    itself is the same for everybody: built once, cached)."""
    return f'<a id="who" href="/signin" hidden>{esc(_c(lang, "web:signIn", "Sign in"))}</a>'


def topbar(lang: str, path: str, links: str, brand: str | None = None) -> str:
    """The top bar of the server-drawn pages (rules, lessons, leaderboards): the brand, the page's
    links (HTML), the sign-in link and this page in each language."""
    langs = " ".join(
        f'<a href="{path}?lang={lg}" lang="{HTML_LANG[lg]}"' + (' aria-current="true"' if lg == lang else "")
        + f">{LANG_NAMES[lg]}</a>" for lg in LANGS)
    return (f'<header class="top"><a class="brand" href="/">{brand or BRAND[lang]}</a>'
            f'{links}{who_link(lang)}<nav class="langs">{langs}</nav></header>')


def _topbar(lang: str, path: str) -> str:
    return topbar(lang, path, f'<a href="/">{esc(label("lobby", lang))}</a>'
                              f'<a href="/rules?lang={lang}">{esc(label("all_games", lang))}</a>')


def glossary_data(lang: str) -> dict:
    """The glossary as the browser's popovers read it (the guides embed it; the table fetches it)."""
    return {"lang": lang, "terms": {k: t.as_json() for k, t in glossary().items()},
            "titles": {name: game_class(name).titles[lang] for name in GAMES}}


def _glossary_json(lang: str) -> str:
    return ('<script type="application/json" id="glossary-data">'
            + json.dumps(glossary_data(lang), ensure_ascii=False).replace("</", "<\\/") + "</script>")


@cache
def guide_html(game: str, lang: str) -> str:
    """The whole page ``/rules/<game>?lang=<lang>``."""
    g = load(game, lang)
    inl = _Inline(g)
    body: list[str] = []
    toc: list[str] = []
    open_section = False
    for b in g.blocks:
        if b.kind == "title":
            body.append(f'<h1>{inl(b.inlines)}</h1><p class="play"><a href="/?game={esc(game)}">'
                        f'{esc(label("play_it", lang))}</a> · <a href="/learn/{esc(game)}?lang={esc(lang)}" id="to-learn">'
                        f'{esc(label("learn_it", lang))}</a> · {esc(label("terminal", lang))}'
                        f"<code>yezi play {esc(game)} --lang {esc(lang)}</code></p><!--toc-->")
        elif b.kind == "section":
            if open_section:
                body.append("</section>")
            heading = inl(b.inlines)
            toc.append(f'<li><a href="#s-{b.ident}">{heading}</a></li>')
            body.append(f'<section id="s-{b.ident}" data-section="{b.ident}"><h2>{heading}</h2>')
            open_section = True
        elif b.kind == "para":
            body.append(f"<p>{inl(b.inlines)}</p>")
        elif b.kind == "list":
            body.append("<ul>" + "".join(f"<li>{inl(i)}</li>" for i in b.items) + "</ul>")
        elif b.kind == "example":
            body.append(_example_html(game, b.ident, lang))
        elif b.kind == "gallery":
            body.append(_gallery_html(game, lang))
        elif b.kind == "reference":
            pass  # the appendix always closes the page
    if open_section:
        body.append("</section>")
    toc.append(f'<li><a href="#s-reference">{esc(label("reference", lang))}</a></li>')
    body.append(_reference_html(game, lang))
    nav = f'<nav class="toc" aria-label="{esc(label("contents", lang))}"><ol>{"".join(toc)}</ol></nav>'
    html = "".join(body).replace("<!--toc-->", nav, 1)
    return (_head(g.title, lang) + '<body class="guide">' + _topbar(lang, f"/rules/{game}")
            + f'<main id="guide" data-game="{esc(game)}">{html}</main>' + _glossary_json(lang) + "</body></html>")


def index_html(lang: str) -> str:
    """``/rules``: every game of the registry with a guide."""
    from yezi.core.registry import available_games

    items = []
    for name in available_games():
        cls = game_class(name)
        if has_guide(name):
            items.append(f'<li><a href="/rules/{esc(name)}?lang={lang}">{esc(cls.titles[lang])}</a> '
                         f"<code>{esc(name)}</code></li>")
    return (_head(label("rules", lang), lang) + '<body class="guide">' + _topbar(lang, "/rules")
            + f'<main id="guide"><h1>{esc(label("rules", lang))}</h1><ul class="games">{"".join(items)}</ul></main>'
            + "</body></html>")


def section_ids(game: str, lang: str) -> list[str]:
    return [b.ident for b in load(game, lang).blocks if isinstance(b, Block) and b.kind == "section"]


__all__ = ["SECTIONS", "guide_html", "index_html", "section_ids"]
