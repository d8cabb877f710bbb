"""The small markup the player's guides are written in, parsed into plain tuples (pure).

A guide is a text file, one per game and language (``yezi/guides/<game>/<lang>.md``):

* ``# Title`` once, then sections ``## id | Heading`` (the id is the same in every language, so
  that tests and links can find a section whatever language it is written in);
* paragraphs (lines joined until a blank line), and lists of ``- item`` lines;
* a directive alone on a line: ``::example NAME`` (a live example, see `yezi.guides.examples`),
  ``::gallery`` (every card or tile of the game), ``::reference`` (the option table appendix);
* inline: ``[[老歲]]`` or ``[[老歲|boss card]]`` a glossary term (the key is its traditional
  form), ``{card:九貫}`` a card drawn from the engine's names, ``{fact:deck}`` a number the
  engine computes, ``{year:1620}`` a year from the sources, ``{opt:laosui}`` an option id linked
  to the reference table, ``{preset:feng-1620}`` a preset name (checked against the engine), ``**bold**``,
  ``{pays:declare-baopei 2 -2 0 0}`` a statement of payments: the named example of examples.toml ends
  with these payments, one per seat in seat order (drawn from the engine's settlement, and checked
  against it by `yezi.guides.claims`).

Guides carry no other digits: every number a reader sees comes from the engine or is a year
(tests/guides/test_guides.py holds the pages to that; a ``pays`` claim's digits are the claim, shown
as the engine's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Inline nodes: ("text", s) ("strong", s) ("term", key, display|None) ("card", spec) ("fact", name)
# ("year", digits) ("opt", option id) ("pays", "example amounts…")
Inline = tuple
_INLINE = re.compile(r"\[\[([^\]|]+)(?:\|([^\]]+))?\]\]|\{(card|fact|year|opt|preset|pays):([^}]+)\}|\*\*([^*]+)\*\*")
_SECTION = re.compile(r"^##\s+([a-z][a-z0-9-]*)\s*\|\s*(.+)$")
_DIRECTIVE = re.compile(r"^::(example|gallery|reference)(?:\s+(\S+))?\s*$")


class MarkupError(ValueError):
    """A guide source that does not follow the markup (names the file and line)."""


@dataclass(frozen=True)
class Block:
    kind: str  # title | section | para | list | example | gallery | reference
    inlines: tuple[Inline, ...] = ()
    items: tuple[tuple[Inline, ...], ...] = ()
    ident: str = ""  # section id or example name


def parse_inline(text: str) -> tuple[Inline, ...]:
    out: list[Inline] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append(("text", text[pos:m.start()]))
        if m.group(1) is not None:
            out.append(("term", m.group(1).strip(), (m.group(2) or "").strip() or None))
        elif m.group(3) is not None:
            out.append((m.group(3), m.group(4).strip()))
        else:
            out.append(("strong", m.group(5)))
        pos = m.end()
    if pos < len(text):
        out.append(("text", text[pos:]))
    return tuple(out)


def parse(source: str, where: str = "guide") -> list[Block]:
    """The blocks of a guide source, in order."""
    blocks: list[Block] = []
    para: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", parse_inline(" ".join(para))))
            para.clear()
        if items:
            blocks.append(Block("list", items=tuple(parse_inline(i) for i in items)))
            items.clear()

    for n, raw in enumerate(source.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("<!--"):
            flush()
            continue
        if line.startswith("## "):
            flush()
            m = _SECTION.match(line)
            if not m:
                raise MarkupError(f"{where}:{n}: a section is written '## id | Heading'")
            blocks.append(Block("section", parse_inline(m.group(2)), ident=m.group(1)))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("title", parse_inline(line[2:].strip())))
        elif line.startswith("::"):
            flush()
            m = _DIRECTIVE.match(line)
            if not m or (m.group(1) == "example") != bool(m.group(2)):
                raise MarkupError(f"{where}:{n}: unknown directive {line!r}")
            blocks.append(Block(m.group(1), ident=m.group(2) or ""))
        elif line.startswith("- "):
            if para:
                flush()
            items.append(line[2:])
        elif items and raw.startswith("  "):
            items[-1] += " " + line
        else:
            if items:
                flush()
            para.append(line)
    flush()
    return blocks


def inlines_of(blocks: list[Block]) -> list[Inline]:
    """Every inline node of a document (titles, sections, paragraphs, list items)."""
    out: list[Inline] = []
    for b in blocks:
        out.extend(b.inlines)
        for it in b.items:
            out.extend(it)
    return out
