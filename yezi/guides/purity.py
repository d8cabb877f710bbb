"""The purity rules: what counts as a leak of one language into another (tools/purity.py applies them).

Categories of finding:

- ``en-cjk``: Chinese characters in English output that are not a marked name. In HTML a name is
  marked by an element with ``lang="zh-…"`` around it. In plain text the marking is the gloss form
  ``English name 中文`` (tools/purity.py documents it): a run of Chinese characters is accepted when it
  directly follows a Latin word or closing bracket and one space, or sits in brackets right after one
  (``Nine of Tens (九拾)``), and it is a name the project knows (a glossary term, a card or tile name,
  a game title or a name registered through `yezi.i18n.terms`).
- ``hans-trad``: in 简体 output, a character that OpenCC's phrase-aware t2s conversion changes.
- ``hant-simp``: in 繁體 output, a character that OpenCC's s2t conversion changes and that is not a
  character both scripts share (`SHARED`).
- ``zh-latin``: in Chinese output, an English word (two or more Latin letters) outside ``lang="en"``
  elements, code elements and the allow-list (`ZH_LATIN_ALLOWED`: notation, units, romanised names).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser

CATEGORIES = ("en-cjk", "hans-trad", "hant-simp", "zh-latin")
CJK_RUN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff][\u3400-\u9fff\uf900-\ufaff·・]*")
LATIN_WORD = re.compile(r"(?<![A-Za-z0-9_./:#@&=?-])[A-Za-z][A-Za-z']+(?![A-Za-z0-9_./:#@&=?(-])")
#: characters OpenCC's s2t changes that traditional text also writes (台 in 台灣/枱, 干 in 干支, 吃 as seed 004
#: quotes 兒女英雄傳 …)
SHARED = frozenset("吃台干于里面发系只着游周斗松范余后表志制准冲凶谷向症咸苏采卷云布借家岩征朴秋钟"
                   "庄么脚晒")  # 大庄, 地么, 《馬弔脚例》 as the sources write them; Cantonese 晒
#: Latin words Chinese output may carry: notation, units and names that have no Chinese form
ZH_LATIN_ALLOWED = frozenset({
    "yezi", "SVG", "PNG", "URL", "ID", "id", "JSON", "CLI", "API", "HTTP", "OK", "vs", "Elo", "AI",
    "help", "moves", "hint", "rules", "quit", "why", "q", "unseen", "warn",  # the terminal's commands, typed as they are
    "pagat", "Pagat", "navpil", "Stewart", "Culin", "Sung", "Dylan", "Celko", "Kam", "Feng", "Menglong", "Wilkinson", "Lo", "Hakka",
})
#: names of several Latin words that Chinese text writes as they are (a source's author who signs with a
#: pen name that has no Chinese form); removed as a whole, so that "The" alone stays a finding
ZH_LATIN_NAMES = re.compile(r"(?<![A-Za-z])The Suffocated(?![A-Za-z])")
PLACEHOLDER = re.compile(r"\{\w+\}")  # {names}: filled in by the client, not words of the text
CODE_TAGS = frozenset({"code", "kbd", "samp", "pre", "script", "style", "cite"})  # cite: sources, verbatim


@dataclass(frozen=True)
class Finding:
    category: str
    snippet: str


@cache
def _opencc(direction: str) -> Callable[[str], str]:
    import opencc

    return opencc.OpenCC(direction).convert


def _known_names() -> frozenset[str]:
    from yezi.guides.names import known_names

    return known_names()


def _en_cjk(text: str) -> list[Finding]:
    out = []
    names = _known_names()
    for m in CJK_RUN.finditer(text):
        run = m.group()
        before = text[:m.start()]
        glossed = bool(re.search(r"[A-Za-z)’'\]] $", before) or re.search(r"[A-Za-z] ?[(（]$", before))
        if not (glossed and run in names):
            out.append(Finding("en-cjk", text[max(0, m.start() - 24):m.end() + 8]))
    return out


def _zh(text: str, lang: str) -> list[Finding]:
    out = []
    if lang == "zh-hans":
        conv = _opencc("t2s")(text)
        if len(conv) == len(text):
            bad = [i for i, (a, b) in enumerate(zip(text, conv)) if a != b]
        else:
            bad = [i for i, c in enumerate(text) if _opencc("t2s")(c) != c]
        out += [Finding("hans-trad", text[max(0, i - 8):i + 8]) for i in bad]
    elif lang == "zh-hant":
        bad = [i for i, c in enumerate(text) if CJK_RUN.match(c) and c not in SHARED and _opencc("s2t")(c) != c]
        out += [Finding("hant-simp", text[max(0, i - 8):i + 8]) for i in bad]
    for m in LATIN_WORD.finditer(ZH_LATIN_NAMES.sub("", PLACEHOLDER.sub("", text))):
        if m.group() not in ZH_LATIN_ALLOWED:
            out.append(Finding("zh-latin", text[max(0, m.start() - 12):m.end() + 12]))
    return out


#: a source cited in plain text, to the end of its line: quoted as the bibliography writes it
CITATION = re.compile(r"(?:出處|出处|source)[:：][^\n]*")


#: code in plain text, the terminal's counterpart of <code>: what a reader types (`-o laosui=deduce`, a
#: command, an option id) and record notation (a `Deal:` line) stand in backticks and are not prose. A
#: Chinese reader's notation must still be in the reader's script: the script check sees inside them.
BACKTICK_CODE = re.compile(r"`[^`\n]*`")


def check_text(text: str, lang: str) -> list[Finding]:
    """Findings in plain text written for a reader of `lang` (source citations are skipped, and code in
    backticks is skipped except by the 简体/繁體 script checks)."""
    text = CITATION.sub("", text)
    if lang != "en":
        code = " ".join(BACKTICK_CODE.findall(text)).replace("`", " ")
        out = [f for f in _zh(code, lang) if f.category != "zh-latin"]
        return out + _zh(BACKTICK_CODE.sub(" ", text), lang)
    text = BACKTICK_CODE.sub(" ", text)
    if lang == "en":
        return _en_cjk(text)
    return _zh(text, lang)


class _Nodes(HTMLParser):
    """Text nodes with the language in force (the nearest ``lang``) and whether they are code."""

    VOID = frozenset({"br", "img", "meta", "link", "input", "hr", "source", "wbr", "col", "area", "base"})

    def __init__(self, lang: str):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None]] = [("", lang)]
        self.nodes: list[tuple[str, str, bool]] = []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            self._attrs(dict(attrs))
            return
        a = dict(attrs)
        self.stack.append((tag, a.get("lang")))
        self._attrs(a)

    def handle_startendtag(self, tag, attrs):
        self._attrs(dict(attrs))

    def _attrs(self, a: dict) -> None:
        lang = next(lg for _t, lg in reversed(self.stack) if lg)
        for key in ("title", "alt", "aria-label", "placeholder"):
            if a.get(key):
                self.nodes.append((a[key], lang, False))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        if not data.strip():
            return
        lang = next(lg for _t, lg in reversed(self.stack) if lg)
        code = any(t in CODE_TAGS for t, _lg in self.stack)
        self.nodes.append((data, lang, code))


def _norm(html_lang: str) -> str:
    x = html_lang.lower()
    if x.endswith("-latn"):
        return "latn"  # romanised Chinese (zh-Latn): a spelling of the Chinese, in neither script
    return "zh-hans" if x.startswith("zh-hans") or x in ("zh-cn", "zh-sg") else (
        "zh-hant" if x.startswith("zh") else "en")


def check_html(html: str, lang: str) -> list[Finding]:
    """Findings in an HTML page or fragment written for a reader of `lang`: each text node is judged in
    the language its nearest ``lang`` attribute declares; code and SVG source are skipped."""
    p = _Nodes(lang if lang != "en" else "en")
    p.feed(html)
    out: list[Finding] = []
    for text, node_lang, code in p.nodes:
        nl = _norm(node_lang)
        if code or nl == "latn":
            continue
        if lang == "en":
            if nl == "en":
                out += [Finding("en-cjk", text[max(0, m.start() - 24):m.end() + 8]) for m in CJK_RUN.finditer(text)]
        elif nl == lang or (nl.startswith("zh") and lang.startswith("zh") and nl == lang):
            out += _zh(text, lang)
        elif nl.startswith("zh"):
            out += [f for f in _zh(text, nl) if f.category != "zh-latin"]
    return out


def count(findings: Iterable[Finding]) -> dict[str, int]:
    out = dict.fromkeys(CATEGORIES, 0)
    for f in findings:
        out[f.category] += 1
    return out
