"""Sources as a player reads them: titles and authors, never yezi's own file names or seed numbers.

The rules' TOML files cite their sources for the developers who check them ("[S3] seed 003: The
Suffocated, 十五湖之釣魚 (2009)", "[INF] spec §6 V2", "rules-notes.md §2.6 item 2"): the seed numbers,
the spec and notes files with their sections and the variant ids mean nothing to a player (issue 21).
`readable` keeps the titles, authors and addresses, names each seed document by its title, and drops
the rest; `DEV_REFERENCE` finds what must never reach a player (tests/guides/test_no_dev_references.py
runs it over the catalogs and every rendered guide).
"""

from __future__ import annotations

import re

from yezi.i18n import NP_, _c

#: what a choice with no outside source says: yezi chose it
YEZI = NP_("guide-cite:yezi", "yezi's reading")

#: the source documents yezi's rules were built from, by title and author (with the words that show a
#: note names one already, so that its seed number is then simply dropped)
SEEDS = {
    "000": "hillv2, 客家六虎牌（六胡，六壶）的前世今生 (2021)",
    "001": "Chinese Wikipedia, 六虎牌",
    "002": "馮夢龍《馬弔脚例》",
    "003": "The Suffocated, 十五湖之釣魚 (2009)",
    "004": "Chinese Wikipedia, 接龍 (中國骨牌)",
}
_NAMED = {"000": ("hillv2", "前世今生"), "001": ("Wikipedia",), "002": ("馬弔脚例",), "003": ("十五湖之釣魚",),
          "004": ("Wikipedia", "wikipedia")}

#: a reference into yezi's own files, or a seed or variant number: never shown to a player
DEV_REFERENCE = re.compile(
    r"seeds? ?\d{3}|種子文獻|种子文献|種子 ?\d|种子 ?\d|\bdocs/|\b[\w-]+\.md\b|§|rules-notes|規則筆記|规则笔记"
    r"|\bV-[A-Za-z0-9]+\b|\bspec\b|規格|规格")

_SEED = re.compile(r"\(?\bseeds? (\d{3})(?: and (\d{3}))?\)?:?")
_STEP = r"(?:,? (?:steps?|items?) \d+| steps| defaults?| \(\d\))?"
_DROP = [
    re.compile(r"\[RN [^\]]*\]" + _STEP),  # [RN §4.2] step 1: the rules notes
    re.compile(r"(?:as summarised in |with |from )?(?:docs/)?[\w-]+\.md\b(?: §[\d.]+)?(?: (?:Q\d+|ambiguity \d+|default|[A-Z]\d+))?"
               r"(?: ★ choices)?" + _STEP),
    re.compile(r"(?:as summarised in |with )?rules-notes(?: §[\d.]+(?:,? (?:steps?|items?) \d+|(?: steps| defaults))?(?: and §[\d.]+(?: steps| defaults)?)?"
               r"(?: \(\d\))?| [A-Z]-\d+)?"),
    re.compile(r"\bspec(?: §[\d.]+)?(?: V\d+)?(?: ★ choices)?"),
    re.compile(r"\(?\bV-[A-Za-z0-9]+(?:, V-[A-Za-z0-9]+)*\)?"),
    re.compile(r"\(\s*A-?\d+\)|;?\s*\bA-\d+\b"),  # the rules notes' ambiguities (A-3, A2)
]


def readable(source: str, lang: str = "en") -> str:
    """A rules file's source note as a player reads it (titles, authors, addresses, quotations)."""
    text = source or ""

    def seed(m: re.Match) -> str:
        named = [n for n in m.groups() if n and not any(w in text for w in _NAMED.get(n, ()))]
        return "; ".join(SEEDS.get(n, "") for n in named)

    text = _SEED.sub(seed, text)
    text = text.replace("[INF]", _c(lang, "guide-cite:yezi", YEZI))
    for pat in _DROP:
        text = pat.sub("", text)
    text = re.sub(r"\(\s*[,;:]?\s*\)", "", text)  # parentheses left empty
    text = re.sub(r"\s*([,;:])(\s*[,;:])+", r"\1", text)
    text = re.sub(r"\s+([,;:)])", r"\1", text)
    text = re.sub(r"\(\s+", "(", text)
    text = re.sub(r"\s{2,}", " ", text).strip(" ,;:")
    if not text or text.startswith("("):
        return _c(lang, "guide-cite:yezi", YEZI) + ((" " + text) if text else "")
    return text
