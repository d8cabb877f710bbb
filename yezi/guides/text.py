"""A guide as terminal text (pure): the same source and engine data as the web page."""

from __future__ import annotations

import re
import textwrap

from yezi.core.options import notation
from yezi.core.registry import game_class
from yezi.guides.citations import readable
from yezi.guides.engine import deal_notation, example, face, gallery
from yezi.guides.labels import label
from yezi.guides.markup import Inline
from yezi.guides.page import Guide, load, number_text
from yezi.i18n import _

WIDTH = 88


def _inline(g: Guide, nodes: tuple[Inline, ...], seen: set[str]) -> str:
    out = []
    for n in nodes:
        kind = n[0]
        if kind in ("text", "strong"):
            out.append(n[1])
        elif kind == "term":
            t = g.term(n[1])
            if g.lang == "en" and not n[2]:
                shown = f"{t.hant} {t.spoken}"
            else:
                shown = n[2] or t.chars(g.lang)
            if g.lang == "en" and n[2] and t.hant not in seen:
                shown += f" ({t.hant} {t.spoken})"
            seen.add(t.hant)
            out.append(shown)
        elif kind == "card":
            f = face(g.game, n[1], g.lang)
            out.append(f"{f.names[g.lang]}{' ' + f.names['zh-hant'] if g.lang == 'en' else ''} [{f.notation}]")
        elif kind == "fact":
            out.append(number_text(g.fact(n[1]), g.lang))
        elif kind == "year":
            out.append(n[1])
        elif kind == "opt":
            out.append(f"`{g.option(n[1])}`")
        elif kind == "preset":
            out.append(f"`{g.preset(n[1])}`")
        elif kind == "pays":
            from yezi.guides.claims import shown

            seats = " · ".join(f"{s} {p:+d}" if p else f"{s} 0" for s, p in shown(g.game, n[1], g.lang))
            out.append(f"({seats})" if g.lang == "en" else f"（{seats}）")
    return "".join(out)


def _wrap(text: str, lang: str, indent: str = "") -> str:
    if lang != "en":  # Chinese lines break anywhere; the terminal wraps them well enough
        return indent + text
    # a Chinese gloss stays on the line of the English it glosses (``Sap Ng Wu (十五湖 …)``): the space before
    # it is held unbreakable while the text is filled
    glued = re.sub(r" (?=[(（]?[\u3400-\u9fff])", "\u00a0", text)
    filled = textwrap.fill(glued, WIDTH, initial_indent=indent, subsequent_indent=" " * len(indent))
    return filled.replace("\u00a0", " ")


def _example_text(game: str, name: str, lang: str) -> list[str]:
    ex = example(game, name, lang)
    rec = ex.record
    # ids a reader types (example, preset, options) and the record's deal line are notation: in backticks
    opts = " ".join(f"`{k}={notation(v)}`" for k, v in rec.get("options", {}).items())
    out = [f"  ┌ {label('example', lang)}: `{name}`",
           f"  │ {label('preset', lang)}: `{rec.get('preset', '')}` {opts}".rstrip(),
           *([f"  │ {label('deal', lang)}: `{deal_notation(game, rec, lang)}`"] if "scores" not in rec else []),
           f"  │ {label('scores' if 'scores' in rec else 'actions', lang)}: {' · '.join(ex.actions)}"]
    out += [f"  │   {line}" for line in ex.screen.splitlines() if line.strip()]
    if ex.to_act and not ex.screen:
        out.append(f"  │ {label('to_act', lang)}: {ex.to_act}")
    if ex.legal:
        out.append(f"  │ {label('legal', lang)}: {' · '.join(ex.legal)}")
    if ex.refused:
        move, rule, message = ex.refused
        out.append(f"  │ {label('refused', lang)}: {move} ({label('rule', lang)} {rule})" + (f": {message}" if lang == "en" else ""))
    if ex.payments:
        out.append(f"  │ {label('payments', lang)}: " + "  ".join(f"{s} {p:+d}" for s, p in ex.payments))
    for line in ex.lines:
        out.append(f"  │   {line}")
    out.append("  └")
    return out


def guide_text(game: str, lang: str) -> str:
    """What ``yezi rules GAME --guide --lang LANG`` prints."""
    g = load(game, lang)
    seen: set[str] = set()
    out: list[str] = []
    for b in g.blocks:
        if b.kind == "title":
            t = _inline(g, b.inlines, seen)
            out += [t, "═" * min(WIDTH, len(t) * (1 if lang == "en" else 2)), ""]
        elif b.kind == "section":
            t = _inline(g, b.inlines, seen)
            out += [t, "─" * min(WIDTH, len(t) * (1 if lang == "en" else 2))]
        elif b.kind == "para":
            out += [_wrap(_inline(g, b.inlines, seen), lang), ""]
        elif b.kind == "list":
            out += [_wrap(_inline(g, i, seen), lang, "  • ") for i in b.items] + [""]
        elif b.kind == "example":
            out += [*_example_text(game, b.ident, lang), ""]
        elif b.kind == "gallery":
            for grp in gallery(game, lang):
                out.append(f"  {grp.title}")
                for f in grp.faces:
                    # plain text has no language marks: a Chinese page names the card in its own script only;
                    # an English page glosses the English name with the characters and how they are said
                    count = f" ×{f.count}" if f.count > 1 else ""
                    shown = f"{f.names['en']} {f.names['zh-hant']}  {f.roman}" if lang == "en" else f.names[lang]
                    out.append(f"    {'`' + f.notation + '`':<9} {shown}{count}".rstrip())
            out.append("")
    out += [label("reference", lang), "─" * 20, *_reference_text(game, lang)]
    return "\n".join(out) + "\n"


def _reference_text(game: str, lang: str) -> list[str]:
    """The option appendix as the web page gives it: what a reader types (preset names, option ids and
    values) in backticks, as notation; names and descriptions in the reader's language; sources by title and author (`readable`)."""
    table = game_class(game).option_table()
    src = label("source", lang)
    out = [label("reference_note", lang), "", label("presets", lang)]
    for p in table.presets.values():
        out.append(f"  `{p.name}` {_(lang, p.title)}")
        out.append(f"      {src}: {readable(p.source, lang)}")
        if p.values:
            out.append("      " + " ".join(f"`{k}={notation(v)}`" for k, v in p.values.items()))
    out.append("")
    for o in table.options.values():
        out.append(f"  {_(lang, o.label or o.name)} `{o.name}`: {_(lang, o.description)} "
                   f"({label('default', lang)}: `{notation(o.default)}`)")
        for c in o.choices:
            out.append(f"      `{notation(c.value)}` {_(lang, c.description)} — {src}: {readable(c.source, lang)}")
    return out
