"""The player's guides: every guide renders in three languages with its sections in order and its
live examples; every number on a page comes from the engine; every marked term is in the glossary;
the terminal guide prints for every game and language."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest

from yezi.core.registry import GAMES
from yezi.guides import LANGS, SECTIONS, has_guide
from yezi.guides.engine import example_names, facts
from yezi.guides.markup import inlines_of
from yezi.guides.page import load, zh_number
from yezi.i18n.glossary import FIELDS, glossary, lookup

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GUIDED = [g for g in GAMES if has_guide(g)]
CASES = [(g, lang) for g in GUIDED for lang in LANGS]


class _Prose(HTMLParser):
    """The text a reader sees outside engine-filled elements, years, scripts and styles."""

    SKIP_TAGS = {"script", "style"}

    def __init__(self):
        super().__init__()
        self.stack: list[bool] = []  # per open element: inside a skipped subtree?
        self.text: list[str] = []
        self.years: list[str] = []
        self.engine_blocks: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        skip = (self.stack[-1] if self.stack else False) or tag in self.SKIP_TAGS or "data-engine" in a \
            or "data-year" in a
        if "data-engine" in a:
            self.engine_blocks.append(a["data-engine"])
        if "data-year" in a:
            self.years.append(a["data-year"])
        if tag not in ("br", "meta", "link", "input", "img", "hr", "circle", "rect", "line", "path"):
            self.stack.append(skip)

    def handle_endtag(self, tag):
        if tag not in ("br", "meta", "link", "input", "img", "hr", "circle", "rect", "line", "path") and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.text.append(data)


def prose(html: str) -> _Prose:
    p = _Prose()
    p.feed(html)
    return p


def test_zh_numbers():
    assert [zh_number(n) for n in (0, 6, 10, 12, 21, 36, 84, 100, 105, 1620)] == \
        ["零", "六", "十", "十二", "二十一", "三十六", "八十四", "一百", "一百零五", "一千六百二十"]


@pytest.mark.parametrize("game, lang", CASES)
def test_sections_in_order_with_live_examples(game, lang):
    from yezi.guides.html import guide_html, section_ids

    assert section_ids(game, lang) == list(SECTIONS)
    html = guide_html(game, lang)
    found = re.findall(r'data-section="([a-z-]+)"', html)
    assert found == [*SECTIONS, "reference"]
    used = [b.ident for b in load(game, lang).blocks if b.kind == "example"]
    assert used, f"{game}/{lang} has no worked example"
    for name in used:
        assert f'data-engine="example:{name}"' in html
    assert 'data-engine="gallery"' in html
    assert html.count("<svg") >= len(used) + 10  # the examples' tables and the gallery's faces


@pytest.mark.parametrize("game", GUIDED)
def test_every_language_shows_the_same_examples_and_facts(game):
    def marks(lang):
        nodes = inlines_of(load(game, lang).blocks)
        return ([b.ident for b in load(game, lang).blocks if b.kind == "example"],
                sorted({n[1] for n in nodes if n[0] == "opt"}))
    assert marks("en") == marks("zh-hant") == marks("zh-hans")
    for name in example_names(game):
        assert name in marks("en")[0], f"example {name} of examples.toml is on no page"


@pytest.mark.parametrize("game, lang", CASES)
def test_every_number_on_a_page_comes_from_the_engine(game, lang):
    """Digits may appear only inside engine-filled elements (facts, cards, examples, gallery,
    option table) or as years of the sources; every fact named is one the engine computes."""
    from yezi.guides.html import guide_html

    html = guide_html(game, lang)
    p = prose(html)
    text = "".join(p.text)
    stray = re.findall(r".{0,20}[0-9０-９].{0,20}", text)
    assert not stray, f"{game}/{lang}: numbers not from the engine: {stray}"
    assert all(y.isdigit() and 1000 <= int(y) <= 2100 for y in p.years)
    for n in inlines_of(load(game, lang).blocks):
        if n[0] == "fact":
            assert n[1] in facts(game)
    fact_spans = re.findall(r'data-engine="fact:([a-z0-9_]+)">([^<]+)<', html)
    from yezi.guides.page import number_text
    for name, shown in fact_spans:
        assert shown == number_text(facts(game)[name], lang)


def test_the_number_check_catches_a_stray_digit():
    p = prose('<p>A pack of 37 cards <span data-engine="fact:deck">37</span> in <span data-year="1620">1620</span></p>')
    assert re.findall(r"[0-9]+", "".join(p.text)) == ["37"]


@pytest.mark.parametrize("game, lang", CASES)
def test_marked_terms_are_in_the_glossary(game, lang):
    for n in inlines_of(load(game, lang).blocks):
        if n[0] == "term":
            lookup(n[1])  # raises KeyError naming the missing term


def test_glossary_entries_are_complete():
    terms = glossary()
    assert len(terms) >= 30
    for key in ("老歲", "做", "唔做", "食糊", "墊", "包賠", "夢家", "過山", "鈞", "一文加雜武", "算帳", "死砸", "大庄",
                "包庄", "衝", "滅", "百老", "樁家"):
        assert key in terms
    for t in terms.values():
        for f in FIELDS:
            assert getattr(t, f), (t.hant, f)
        assert set(t.meaning) == set(LANGS), t.hant
        assert all(g in GAMES for g in t.games), t.hant


def test_simplified_pages_use_simplified_characters():
    opencc = pytest.importorskip("opencc")
    t2s = opencc.OpenCC("t2s")
    for game in GUIDED:
        with open(os.path.join(ROOT, "yezi", "guides", game, "zh-hans.md"), encoding="utf-8") as f:
            src = f.read()
        assert t2s.convert(src) == src, game
    for t in glossary().values():
        assert t2s.convert(t.hans) == t.hans and t2s.convert(t.meaning["zh-hans"]) == t.meaning["zh-hans"]


@pytest.mark.parametrize("game, lang", CASES)
def test_terminal_guide(game, lang):
    r = subprocess.run([sys.executable, "-m", "yezi.cli.main", "rules", game, "--guide", "--lang", lang],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    title = load(game, lang).title
    assert title in out or out.splitlines()[0]
    heads = [b for b in load(game, lang).blocks if b.kind == "section"]
    at = 0
    for h in heads:  # each heading on its own line, underlined, after the one before
        text = "".join(n[1] for n in h.inlines if n[0] == "text")
        found = out.find(text + "\n─", at)
        assert found >= at, (text, at)
        at = found + 1
    for name in [b.ident for b in load(game, lang).blocks if b.kind == "example"]:
        assert name in out


def test_guide_for_unknown_game_is_a_clear_error():
    r = subprocess.run([sys.executable, "-m", "yezi.cli.main", "rules", "nosuch", "--guide"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "unknown game" in r.stderr


def test_every_game_of_the_registry_has_a_guide():
    assert list(GAMES) == GUIDED


@pytest.mark.parametrize("game", GUIDED)
def test_gallery_shows_every_card_or_tile_of_the_set(game):
    from yezi.guides.engine import set_size

    f = facts(game)
    assert set_size(game) == f.get("deck", f.get("dealt" if game == "dingniu" else "tiles"))


def test_a_fact_the_engine_does_not_compute_is_refused():
    from yezi.guides.markup import parse
    from yezi.guides.page import Guide

    g = Guide("lukfu", "en", parse("# T\n\n## about | A\nA pack of {fact:nonsense} cards."))
    with pytest.raises(KeyError):
        g.fact("nonsense")


# Characters that OpenCC would turn into another traditional form, kept on purpose: 庄 in 大庄 / 包庄
# and 么 in 地么 as seed 004 writes the 頂牛 terms; 脚 in the title 《馬弔脚例》 as seed 002 writes it;
# 准 (permit), 台 (台灣) and 吃, which are ordinary traditional usage.
TRADITIONAL_AS_WRITTEN = set("庄么脚准台吃")


def test_traditional_pages_use_traditional_characters():
    opencc = pytest.importorskip("opencc")
    s2t, t2s = opencc.OpenCC("s2t"), opencc.OpenCC("t2s")
    texts = {g: open_text(os.path.join(ROOT, "yezi", "guides", g, "zh-hant.md")) for g in GUIDED}
    texts["glossary"] = " ".join(t.hant + t.meaning["zh-hant"] for t in glossary().values())
    for where, text in texts.items():
        simplified = {ch for ch in text if "\u4e00" <= ch <= "\u9fff" and s2t.convert(ch) != ch
                      and t2s.convert(ch) == ch} - TRADITIONAL_AS_WRITTEN
        assert not simplified, (where, simplified)


def open_text(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


@pytest.mark.parametrize("name, pays", [
    ("baopei-dummy", [0, -6, 4, 2]),  # seed 000 結算: 頭家不用輸，二家輸 6 分，做夢者贏 4 分，三家贏 2 分
    ("declare-baopei", [2, -2, 0, 0]),  # the dealer declares at the first trick; the bidder 包賠
])
def test_luk_fu_worked_examples_pay_what_the_seed_says(name, pays):
    from yezi.guides.engine import example

    assert [p for _, p in example("lukfu", name, "en").payments] == pays


def test_fishing_worked_example_pays_what_the_seed_says():
    """Seed 003 (Mong Kok): B 輸給 A 2×(1110−700) = 820 分，C 輸給 A 2×(1110−400) = 1420 分，C 輸給 B 300 分."""
    from yezi.guides.engine import example

    ex = example("fishing", "mongkok-mountain", "en")
    assert [p for _, p in ex.payments] == [820 + 1420, 300 - 820, -1420 - 300]


@pytest.mark.parametrize("game", GUIDED)
def test_every_gallery_face_has_names_romanisation_and_notation(game):
    from yezi.guides.engine import gallery

    for lang in LANGS:
        for group in gallery(game, lang):
            assert group.title and group.faces
            for f in group.faces:
                assert f.svg.startswith("<svg") and f.notation and f.roman, (game, f.names)
                assert all(f.names[lg] for lg in LANGS), (game, f.names)


@pytest.mark.parametrize("game", ["lukfu", "madiao", "fishing"])
def test_a_simplified_page_shows_its_deal_lines_in_simplified(game):
    """Records write deals in 繁體; a 简体 reader is shown the same line in 简体 (web and terminal), and the
    line still names the same cards (a 繁體 page shows the record's own line)."""
    from yezi.guides.engine import _records, deal_notation
    from yezi.guides.html import guide_html
    from yezi.guides.text import guide_text

    rec = next(r for r in _records()[game].values() if "deal" in r)
    hans = deal_notation(game, rec, "zh-hans")
    assert deal_notation(game, rec, "zh-hant") == rec["deal"] and hans != rec["deal"]
    assert not any(c in hans for c in "頭夢貫綫萬錢莊龍鵝長紅雞腳彎")
    assert f"`{hans}`" in guide_text(game, "zh-hans") and ">" + hans + "<" in guide_html(game, "zh-hans").replace(
        "&#x27;", "'")


@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans"])
def test_chinese_terminal_gallery_names_cards_in_the_readers_script_only(lang):
    from yezi.guides.text import guide_text

    text = guide_text("lukfu", lang)
    assert "9 Tens" not in text and "Kiu sip" not in text
    assert "`9M`" in text and ("九貫" if lang == "zh-hant" else "九贯") in text


def test_english_pages_mark_glossed_chinese_names():
    """Engine and catalog text glosses names (``boss cards 老歲``); the web page marks them as Chinese, and
    leaves Chinese that is not a known name in gloss position unmarked (for the checker to report)."""
    from yezi.guides.html import txt

    assert txt("boss cards 老歲 count", "en") == 'boss cards <span lang="zh-Hant">老歲</span> count'
    assert txt("Nine of Tens (九拾)", "en") == 'Nine of Tens (<span lang="zh-Hant">九拾</span>)'
    assert txt("you need 6 糊", "en") == "you need 6 糊"  # not a gloss: after a digit
    assert txt("老歲 <b>", "zh-hant") == "老歲 &lt;b&gt;"


def test_terminal_wrap_keeps_a_gloss_on_the_line_of_its_english():
    from yezi.guides.text import _wrap

    text = "word " * 15 + "the Sap Ng Wu (十五湖 sap ng wu) cards"
    lines = _wrap(text, "en").splitlines()
    assert not any(line.startswith("(十五湖") or line.startswith("十五湖") for line in lines)
    assert "\u00a0" not in "".join(lines)


def test_english_tab_titles_carry_no_unmarked_chinese():
    import re as _re

    from yezi.guides.html import guide_html

    for game in ("paigow", "lukfu", "fishing"):
        title = _re.search("<title>(.*?)</title>", guide_html(game, "en")).group(1)
        assert not _re.search(r"[\u3400-\u9fff]", title) and title.endswith("yezi")


@pytest.mark.parametrize("game, lang", CASES)
def test_option_values_are_written_as_a_reader_types_them(game, lang):
    """`yezi rules lukfu --guide --lang zh-hans` printed Python's `True` (and "36 cards, no dummy, no 雲綫" as a
    source): a switch is written yes / no, as -o reads it, in the terminal guide and on the page."""
    from yezi.guides.html import guide_html
    from yezi.guides.text import guide_text

    for page in (guide_text(game, lang), guide_html(game, lang)):
        assert not re.search(r"\b(True|False)\b", page), re.search(r".{40}\b(True|False)\b.{20}", page)
    if game == "lukfu" and lang != "en":
        assert "36 cards" not in guide_text(game, lang)
