"""The tutorial on the web (pure): the pages ``/learn`` and ``/learn/<game>`` and the frames the
page's script asks for (``POST /api/learn/<game>/<lesson>``). A frame is the tutor replayed from
the learner's accepted inputs (kept in the browser), then one more input, drawn with the game's
own SVG renderer and the glossary's popover markup."""

from __future__ import annotations

import importlib
import json
import re
from functools import cache
from html import escape
from typing import Any

from yezi.core.registry import available_games, game_class
from yezi.guides import has_guide
from yezi.guides.html import BRAND_TITLE, HTML_LANG, _glossary_json, _Inline, topbar
from yezi.guides.markup import parse_inline
from yezi.guides.page import Guide
from yezi.i18n import NP_, _c
from yezi.i18n.web import error_texts
from yezi.learn import has_lessons
from yezi.learn.answers import answer
from yezi.learn.labels import LABELS, label
from yezi.learn.lessons import ANY, lesson, load
from yezi.learn.text import settlement
from yezi.learn.tutor import NEXT, Outcome, Tutor, TutorError

__all__ = ["TutorError", "frame", "game_page", "index_page"]


def esc(s: object) -> str:
    return escape(str(s), quote=True)


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+")
_TEXT = re.compile(r"(<[^>]*>)([^<]+)")


def _mark_chinese(html: str) -> str:
    """English text: each run of Chinese characters not already in an element marked as Chinese
    becomes a span marked so (the names players need beside the English), as the purity checker
    expects."""
    def text(m: re.Match[str]) -> str:
        if 'lang="zh' in m.group(1):
            return m.group(0)
        return m.group(1) + _CJK.sub(lambda c: f'<span lang="zh-Hant">{c.group(0)}</span>', m.group(2))

    return _TEXT.sub(text, f"<i>{html}")[3:]


def text_html(game: str, markup: str, lang: str) -> str:
    """A step's text with glossary terms marked for the popovers and cards named by the engine."""
    html = _Inline(Guide(game, lang, []))(parse_inline(markup))
    return _mark_chinese(html) if lang == "en" else html


def board_svg(t: Tutor, lang: str) -> str:
    g = t.game
    mod = importlib.import_module(f"yezi.render.{g.name}")
    return mod.table_svg(t.view(), lang, seat_names=[g.seat_name(s, lang) for s in range(g.num_seats)])


def frame(game: str, lesson_id: str, lang: str, inputs: list[int], attempt: int | str | None = None,
          go_next: bool = False) -> dict[str, Any]:
    """The lesson after `inputs` (raises TutorError when they do not replay), then the one new
    input if any: the page draws exactly this."""
    le = lesson(game, lesson_id)
    t = Tutor.replay(le, inputs)
    out: Outcome | None = None
    if go_next:
        out = t.next()
    elif attempt is not None:
        out = t.attempt(attempt)
    g = t.game
    st = t.step
    expected = set(t.expected()) if st is not None and st.do != ANY else set()
    lessons = load(game)
    idx = next(i for i, x in enumerate(lessons) if x.id == lesson_id)
    return {
        "game": game, "lesson": le.id, "index": idx, "title": le.title[lang],
        "step": t.step_i, "steps": len(le.steps), "done": t.done,
        "kind": None if st is None else ("move" if st.is_move else "read"),
        "text": "" if st is None else text_html(game, st.text[lang], lang),
        "board": board_svg(t, lang),
        "seat": g.seat_name(t.seat, lang),
        "legal": [{"code": a, "label": g.format_action(a, lang), "suggested": a in expected} for a in t.legal()]
        if st is not None and st.is_move else [],
        "tries": [{"code": a, "label": g.format_action(a, lang)} for a in t.tries()] if st is not None else [],
        "pending": _pending(t, lang),
        "log": t.log(lang),
        "settlement": settlement(t, lang),
        "answer": None if out is None or (out.kind == "ok" and out.move is None)
        else _answer(t, out, lang),
        "inputs": t.inputs,
        "next_lesson": lessons[idx + 1].id if idx + 1 < len(lessons) else None,
    }


PENDING = NP_("learn-html:pending", "Chosen to discard so far")


def _pending(t: Tutor, lang: str) -> str:
    """The cards of an unfinished face-down discard (the engine's view keeps them in the hand
    until the discard is complete; the table drawing does not show them apart)."""
    cards = t.view().get("pending_discard") or []
    if not cards or t.game.name != "lukfu":
        return ""
    from yezi.components.lukfu_deck import name

    return _c(lang, "learn-html:pending", PENDING) + (": " if lang == "en" else "：") + " ".join(name(c, lang) for c in cards)


def _answer(t: Tutor, out: Outcome, lang: str) -> dict[str, Any]:
    text = answer(t, out, lang)
    html = esc(text)
    if out.rule:  # the engine's rule id, shown as the identifier it is
        html = html.replace(f" {esc(out.rule)}", f" <code>{esc(out.rule)}</code>", 1)
    return {"kind": out.kind, "text": text, "html": _mark_chinese(html) if lang == "en" else html, "rule": out.rule}


# ---- pages -------------------------------------------------------------------------------------



def _head(title: str, lang: str) -> str:
    return (f'<!doctype html><html lang="{HTML_LANG[lang]}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(title)} · {BRAND_TITLE[lang]}</title>"
            '<link rel="stylesheet" href="/static/guide.css"><link rel="stylesheet" href="/static/glossary.css">'
            '<link rel="stylesheet" href="/static/learn.css"><link rel="icon" href="/static/favicon.svg">'
            '<script src="/static/glossary.js" defer></script><script src="/static/who.js" defer></script></head>')


def _topbar(lang: str, path: str, game: str | None = None) -> str:
    guide = (f'<a href="/rules/{esc(game)}?lang={lang}" id="to-guide">{esc(label("guide", lang))}</a>'
             if game and has_guide(game) else "")
    return topbar(lang, path, f'<a href="/">{esc(label("lobby", lang))}</a>'
                              f'<a href="/learn?lang={lang}">{esc(label("learn", lang))}</a>{guide}')


def index_page(lang: str) -> str:
    """``/learn``: every game with lessons, with the learner's progress filled in by the script."""
    items = []
    for name in available_games():
        if has_lessons(name):
            n = len(load(name))
            items.append(f'<li data-game="{esc(name)}" data-lessons="{n}"><a href="/learn/{esc(name)}?lang={lang}" '
                         f'id="learn-{esc(name)}">{esc(game_class(name).titles[lang])}</a> '
                         f'<span class="muted">{esc(label("lessons", lang))}: {n}</span> '
                         f'<span class="progress"></span></li>')
    return (_head(label("learn", lang), lang) + '<body class="guide learn">' + _topbar(lang, "/learn")
            + f'<main id="guide"><h1>{esc(label("learn", lang))}</h1><p>{esc(label("intro", lang))}</p>'
            f'<ul class="games" id="learn-games">{"".join(items)}</ul>'
            f'<p class="muted">{esc(label("terminal", lang))}<code>yezi learn lukfu --lang {lang}</code></p></main>'
            '<script src="/static/learn.js" defer></script></body></html>')


@cache
def game_page(game: str, lang: str) -> str:
    """``/learn/<game>``: the lesson list and the lesson pane; the script asks for the frames."""
    title = label("learn_game", lang).format(game_class(game).titles[lang])
    mark = _mark_chinese if lang == "en" else (lambda h: h)
    lessons = load(game)
    items = "".join(f'<li data-lesson="{esc(le.id)}"><a href="#{esc(le.id)}">{mark(esc(le.title[lang]))}</a></li>'
                    for le in lessons)
    data = {"game": game, "lang": lang, "lessons": [le.id for le in lessons],
            "labels": {k: label(k, lang) for k in LABELS}, "next": NEXT, "errors": error_texts(lang)}
    # a <title> holds no markup: in English the game's characters are left out of it (the h1 marks them)
    plain = re.sub(r"\s+", " ", _CJK.sub("", title)).strip() if lang == "en" else title
    return (_head(plain, lang) + '<body class="guide learn">' + _topbar(lang, f"/learn/{game}", game)
            + f'<main id="learn" data-game="{esc(game)}"><h1>{mark(esc(title))}</h1>'
            f'<p class="intro">{esc(label("intro", lang))} <span class="muted">{esc(label("terminal", lang))}'
            f'<code>yezi learn {esc(game)} --lang {lang}</code></span></p>'
            f'<div class="learn-grid"><nav class="lessons" aria-label="{esc(label("lessons", lang))}">'
            f'<h2>{esc(label("lessons", lang))}</h2><ol id="lesson-list">{items}</ol></nav>'
            '<section id="lesson"></section></div>'
            '<p id="learn-live" class="sr-only" role="alert" aria-live="assertive" aria-atomic="true"></p></main>'
            '<script type="application/json" id="learn-data">'
            + json.dumps(data, ensure_ascii=False).replace("</", "<\\/") + "</script>"
            + _glossary_json(lang) + '<script src="/static/learn.js" defer></script></body></html>')
