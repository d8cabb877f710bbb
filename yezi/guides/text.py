"""A guide as terminal text (pure): the same source and engine data as the web page."""

from __future__ import annotations

import textwrap

from yezi.core.registry import game_class
from yezi.guides.engine import example, face, gallery
from yezi.guides.labels import label
from yezi.guides.markup import Inline
from yezi.guides.page import Guide, load, number_text

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
            out.append(g.preset(n[1]))
    return "".join(out)


def _wrap(text: str, lang: str, indent: str = "") -> str:
    if lang != "en":  # Chinese lines break anywhere; the terminal wraps them well enough
        return indent + text
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=" " * len(indent))


def _example_text(game: str, name: str, lang: str) -> list[str]:
    ex = example(game, name, lang)
    rec = ex.record
    out = [f"  ┌ {label('example', lang)}: {name}",
           f"  │ {label('preset', lang)}: {rec.get('preset', '')} {' '.join(f'{k}={v}' for k, v in rec.get('options', {}).items())}",
           *([f"  │ {label('deal', lang)}: {rec.get('deal', rec.get('seed', ''))}"] if "scores" not in rec else []),
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
                    # plain text has no language marks: the name in the reader's script, beside it the
                    # English (Chinese pages) or the characters (English pages), as the purity rules expect
                    other = f.names["zh-hant" if lang == "en" else "en"]
                    others = other if other != f.names[lang] else ""
                    count = f" ×{f.count}" if f.count > 1 else ""
                    shown = f"{f.names[lang]} {others}" if lang == "en" else f"{f.names[lang]}  {others}"
                    out.append(f"    {f.notation:<7} {shown}  {f.roman}{count}".rstrip())
            out.append("")
    out += [label("reference", lang), "─" * 20, game_class(game).option_table().describe(lang)]
    return "\n".join(out) + "\n"
