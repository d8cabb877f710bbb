"""The terminal views' and the CLI's fixed words come from the gettext catalogs, as every other
user-facing string does: a migrated module holds English msgids marked for extraction (``N_``,
``NP_``, ``_``, ``_c``), and its 繁體 and 简体 texts are catalog translations.

Chinese may remain in a migrated module only (a) in docstrings and comments, (b) inside an English
msgid, where a game term stands beside its gloss (``boss (老歲)``, the purity rule's marking), and
(c) in the term tables listed in `KEPT`, each with the reason it is data and not prose: a run of
Chinese characters, or ``"in NAME"`` for every literal of the module-level statement NAME (the
calculators' input keys and examples, and their English-only --help, which names the terms in Chinese;
their prompts and input errors are msgids of their word tables, translated). The test
fails on the modules as they were, whose words were ``{"zh-hant": …, "zh-hans": …, "en": …}`` dicts.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import re

import pytest

from yezi.i18n import LANGS, Words
from yezi.i18n.catalog import load_po

ROOT = pathlib.Path(__file__).parents[2]
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")
#: the calls whose string arguments are msgids (English, translated through the catalogs)
MARKERS = {"N_", "NP_", "_", "_c", "Msg", "ngettext"}

#: module -> {Chinese kept as data: why}
KEPT: dict[str, dict[str, str]] = {
    "yezi.games.lukfu.text": {
        "七綫": "the card name in `why`'s usage example (an argument the player types, not prose)",
        "七线": "the same card name in simplified characters",
    },
    "yezi.games.fishing.text": {},
    "yezi.games.paigow.text": {},
    "yezi.games.shiwuhu.text": {
        "胡": "registered as a term: English prints it beside 'points' (yezi.i18n.terms.register)",
    },
    "yezi.games.tiengow.text": {},
    "yezi.games.madiao.text": {
        "非百老已出": "GUARD_D1: Feng Menglong's own words (《馬弔脚例》), quoted verbatim as the source",
        "不可鬭也": "GUARD_D1, the quotation's 繁體 form",
        "不可斗也": "GUARD_D1, the quotation's 简体 form",
        "願認者聽": "the clause '願認者聽' of 《馬弔脚例》 quoted as the source of `warn`",
        "愿认者听": "the same quotation in 简体",
        "百老": "the glossary key of the term Old Hundred 百老 (yezi.i18n.terms.term)",
        "正本": "a trick status as the engine records it (a key compared with, never shown from here)",
        "大活": "a game term (fully live 大活) passed to yezi.i18n.terms.name",
    },
    "yezi.cli.replay": {},
    "yezi.cli.play": {},
    "yezi.cli.settle.lukfu": {
        "in KEYS": "the input keys the calculator accepts, Chinese aliases included",
        "in NOBODY": "the words for 'nobody' the calculator accepts",
        "in EXAMPLE": "the example input of --help, as a player types it",
        "in build_parser": "argparse's English --help, naming the terms in Chinese (the CLI's --help is English)",
    },
    "yezi.cli.settle.madiao": {
        "in KEYS": "the input keys the calculator accepts, Chinese aliases included",
        "in EXAMPLE": "the example input of --help, as a player types it",
        "in build_parser": "argparse's English --help, naming the terms in Chinese (the CLI's --help is English)",
    },
    "yezi.cli.settle.dominoes": {
        "in SUANZHANG": "the words that mark a 算帳 line in the input",
        "in BAJUE": "the words that mark an eight-doubles line in the input",
        "in NOTHING": "the words for 'no tiles' the calculator accepts",
        "in EXAMPLES": "the example input of --help, as a player types it",
        "in build_parser": "argparse's English --help, naming the terms in Chinese (the CLI's --help is English)",
    },
    "yezi.cli.settle.fishing": {
        "in build_parser": "argparse's English --help, naming the terms in Chinese (the CLI's --help is English)",
    },
    "yezi.server.tables": {},
    "yezi.render.cards": {},
    "yezi.games.lukfu.advisor": {
        "in POSITIONS": "the seat names (頭家 二家 三家) the advisor accepts as input",
        "in seat_of": "an English input error listing the seat names to type",
        "in advise": "the default position 頭家 (an input value)",
        "in main": "argparse's English --help and the seat names looped over (not translated yet)",
    },
    "yezi.learn.html": {
        "in BRAND_TITLE": "the project's name 葉子 (a name, shown as it is)",
        "in BRAND": "the project's name 葉子 (a name, shown as it is)",
    },
    "yezi.games.shiwuhu.game": {
        "in SEAT_NAMES": "seat names: the game's own terms",
        "in ": "names registered as terms (yezi.i18n.terms.register)",
        "in EXAMPLE_GROUP": "the names of three tiles (地八: 平八, 彎八), passed as a message parameter",
        "in Shiwuhu": "the titles and the notation (tile names the parser reads) in English input errors",
        "in ShiwuhuState": "the notation's move words (過, 宣告, 續打) and terms named in messages",
    },
    "yezi.games.paigow.game": {
        "in _SEAT_NAMES": "seat names: the game's own terms",
        **dict.fromkeys(("押", "注", "頭", "头", "開牌", "开牌", "骰"),
                        "the notation's move words (押2注, 頭, 開牌) in _WORDS, which parse_action reads back"),
        "in ": "names registered as terms (yezi.i18n.terms.register)",
        "in PaiGow": "the titles and the notation in the parser and its English input errors",
        "in PaiGowState": "term names (大牌九, 開牌) passed to yezi.i18n.terms.name",
    },
    "yezi.games.tiengow.game": {
        "in SEAT_NAMES": "seat names: the game's own terms",
        "in DOWN_WORD": "the notation's face-down word 墊, which the parser reads back",
        "in _DOWN_PREFIX": "the parser's pattern for 墊",
        "in TienGow": "the titles and the notation in the parser and its English input errors",
        "in TienGowState": "terms named in messages (文尊, 至尊, 擒 ...)",
    },
    "yezi.games.madiao.words": {
        f"in {table}": "Ma Diao's names (items, hands, standings, banks, end reasons): terms with their glosses"
        for table in ("ITEMS", "HE", "DIAO_KINDS", "TRICK_STATUS", "SIHE", "NEXT_BANKER", "END_REASONS", "POOL")
    },
    "yezi.games.dominoes.text": {
        "算帳": "the term 算帳 (settling) that the result line shows after a seat's name in every language",
        "算帐": "the same term in 简体",
    },
}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def chinese_outside_msgids(path: pathlib.Path) -> dict[str, set[str]]:
    """The runs of Chinese characters in `path`'s string literals that are neither docstrings nor
    msgids, by the module-level statement they are in (its name: the assigned name or the def's)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in MARKERS:
            for arg in node.args:
                skip.update(id(n) for n in ast.walk(arg) if isinstance(n, ast.Constant))
    found: dict[str, set[str]] = {}
    for stmt in tree.body:
        name = getattr(stmt, "name", None) or next(
            (t.id for t in getattr(stmt, "targets", [getattr(stmt, "target", None)]) if isinstance(t, ast.Name)), "")
        for node in ast.walk(stmt):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                runs = CJK.findall(node.value)
                if runs:
                    found.setdefault(name, set()).update(runs)
    return found


def unexplained(module: str, path: pathlib.Path) -> set[str]:
    kept = KEPT[module]
    return {run for scope, runs in chinese_outside_msgids(path).items() if f"in {scope}" not in kept
            for run in runs if run not in kept}


@pytest.mark.parametrize("module", sorted(KEPT))
def test_module_keeps_chinese_only_in_its_term_tables(module):
    path = pathlib.Path(importlib.import_module(module).__file__)
    extra = unexplained(module, path)
    assert extra == set(), f"{module}: words to move into the catalogs (yezi/locale/*/yezi.po): {sorted(extra)}"


def test_the_check_sees_a_per_language_dict(tmp_path):
    """The shape these modules had: a dict of three languages is found; msgids and docstrings are not."""
    src = tmp_path / "old.py"
    src.write_text('"""手牌 in a docstring."""\nL = {"zh-hant": {"hand": "手牌"}, "en": {"hand": "Hand"}}\n'
                   'x = N_("boss (老歲)")\n', encoding="utf-8")
    assert chinese_outside_msgids(src) == {"L": {"手牌"}}


WORD_TABLES = [(m, "L") for m in sorted(KEPT) if m.startswith("yezi.games.") and m.endswith(".text")] + [
    ("yezi.cli.play", "MESSAGES"), ("yezi.cli.settle.lukfu", "WORDS"), ("yezi.cli.settle.madiao", "WORDS"),
    ("yezi.cli.settle.dominoes", "WORDS"), ("yezi.cli.settle.fishing", "HEADS"), ("yezi.games.lukfu.advisor", "WORDS"),
    ("yezi.cli.settle.common", "WORDS"), ("yezi.cli.settle.lukfu", "KEY_NAMES"), ("yezi.cli.settle", "WORDS"),
    ("yezi.core.options", "REFUSALS")]


@pytest.fixture(scope="module")
def extracted() -> set[tuple[str | None, str]]:
    from yezi.i18n.tools import extract

    return {(m.context, m.id) for m in extract() if isinstance(m.id, str) and m.id}


@pytest.mark.parametrize("module,var", WORD_TABLES)
def test_word_tables_are_extracted_and_translated_in_both_scripts(module, var, extracted):
    words = getattr(importlib.import_module(module), var)
    assert isinstance(words, Words)
    cats = {lang: load_po(lang) for lang in ("zh-hant", "zh-hans")}
    for key, msgid in words.table.items():
        if not msgid:
            continue
        ctx = words.context(key)
        assert (ctx, msgid) in extracted, f"{ctx} is not marked as NP_({ctx!r}, {msgid!r})"
        assert words["en"][key] == msgid
        for lang, cat in cats.items():
            text = cat.contexts.get((ctx, msgid))
            assert text and CJK.search(text), (lang, ctx, msgid, text)
            assert words[lang][key] == text
            # a translation uses no placeholder its msgid does not fill
            assert set(re.findall(r"\{(\w*)\}", text)) <= set(re.findall(r"\{(\w*)\}", msgid)), (lang, ctx)


def test_old_modules_fail_the_check(tmp_path):
    """Each migrated module, as it was before the move, holds Chinese the check does not explain."""
    import subprocess

    for module in KEPT:
        rel = module.replace(".", "/") + ".py"
        old = subprocess.run(["git", "show", f"a4c2068:{rel}"], cwd=ROOT, capture_output=True, text=True)
        if old.returncode:
            pytest.skip("the history before the move is not available")
        tmp = tmp_path / "old_module.py"
        tmp.write_text(old.stdout, encoding="utf-8")
        assert unexplained(module, tmp), module


#: the contexts of the moved words: each module's own (``lukfu-text:hand``, ``settle-lukfu:void``, ``play:help``)
CONTEXTS = ("lukfu-text", "fishing-text", "paigow-text", "shiwuhu-text", "tiengow-text", "madiao-text",
            "dominoes-text", "play", "replay", "settle-lukfu", "settle-madiao", "settle-dominoes", "settle-fishing",
            "settle-common", "settle-lukfu-key", "settle", "options",
            "server-tables", "lukfu-advisor", "render-cards", "learn-html", "shiwuhu-game", "paigow-game",
            "tiengow-game", "madiao-words")


def test_every_moved_message_is_translated_in_both_scripts(extracted):
    cats = {lang: load_po(lang) for lang in ("zh-hant", "zh-hans")}
    moved = [(c, m) for c, m in extracted if c and c.split(":")[0] in CONTEXTS]
    assert len(moved) >= 150
    for ctx, msgid in moved:
        for lang, cat in cats.items():
            text = cat.contexts.get((ctx, msgid))
            assert text and CJK.search(text), (lang, ctx, msgid, text)
            assert set(re.findall(r"\{(\w*)\}", text)) <= set(re.findall(r"\{(\w*)\}", msgid)), (lang, ctx)


def test_per_language_values_read_as_the_dicts_did():
    from yezi.games.madiao import words as W
    from yezi.games.shiwuhu.game import NOTICE, OPEN_QUESTIONS, Shiwuhu
    from yezi.i18n import render

    assert dict(Shiwuhu.notice)["en"].startswith("Provisional rules") and "重構" in NOTICE["zh-hant"]
    assert NOTICE.get("ascii", NOTICE["en"]) == NOTICE["en"]
    assert all(len(OPEN_QUESTIONS[lang]) == 12 for lang in LANGS)
    assert OPEN_QUESTIONS["zh-hans"][0] == "一轮是轮流爬牌（默认）还是每人一次？"
    assert (render(W.ZHU, "en"), render(W.ZHU, "zh-hant")) == (" stake", "注")
    assert (W.SOURCE["en"], W.SOURCE["zh-hant"], W.SOURCE["zh-hans"]) == ("Feng's rule: ", "《馬弔脚例》", "《马吊脚例》")
    assert repr(W.TRICK) == repr({"zh-hant": "卓", "zh-hans": "桌", "en": " tricks"})


def test_words_read_as_the_per_language_dicts_did():
    from yezi.games.paigow.text import L

    assert set(L) == set(LANGS) and "zh-hant" in L and "xx" not in L
    assert L.get("xx", L["en"]) == L["en"]
    assert L["zh-hant"]["first"] == "首疊歸" and L["zh-hans"]["first"] == "首叠归"
    assert L["en"]["first"] == "first stack to"
