"""The games' settlement explanations and warnings come from the gettext catalogs, as every other
user-facing string does: the modules hold English msgids marked for extraction under a context named
after the module (``dominoes-settle:KEY`` …), and the 繁體 and 简体 texts are catalog translations a
translator sees (before, they were in-code dicts of three languages).

The only Chinese left in these modules is in docstrings and comments, in the English msgids (which
name a game term beside its English words, ``eight doubles 八掘``), in `register(...)` calls and in
the game-term tables listed in `KEPT` with the reason they stay data.
"""

from __future__ import annotations

import ast
import importlib
import pathlib
import re

import pytest

from yezi.i18n.catalog import load_po

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
PLACEHOLDER = re.compile(r"\{\w*\}")
ZH = ("zh-hant", "zh-hans")

#: module -> {name of a table or function that keeps Chinese: why it stays data}
KEPT: dict[str, dict[str, str]] = {
    "yezi.games.dominoes.settle": {
        "RANK_NAMES": "頂牛's rank names 贏家/小庄/二庄/大庄 are game terms",
        "TAGS": "斜釘's tags 通牌/頭七·尾八/無 are game terms",
        "HEAD_TAIL": "the 頭七/尾八 (頭六/尾七) penalty names are game terms",
        "HEAD_TAIL_EN": "the English gloss of the penalty names writes the terms beside it",
        "HEAD_TAIL_HANS": "the penalty names in 简体",
        "redeal_count": "the Chinese numerals 零…八 the redeal threshold is written with",
    },
    "yezi.games.lukfu.settlement": {"SEATS": "the seats' names 頭家/二家/夢家/三家 are game terms"},
    "yezi.games.tiengow.scoring": {"SPECIAL_NAMES": "the special plays' names 賀武尊/擒尊/四大賀 are game terms"},
    "yezi.games.fishing.scoring": {
        "SIZE_NAMES": "the fish sizes 大魚/中魚/小魚 are game terms",
        "SPECIALS": "the special sets' names 十二天九/三鈞/八至尊 are game terms",
    },
    "yezi.games.dominoes.dingniu": {"titles": "the game's title 頂牛 is a name"},
    "yezi.guides.engine": {
        "_MADIAO_PINYIN": "how the 馬弔 card names are romanised: the names are data",
        "_MADIAO_SUIT_PY": "the same for the 馬弔 suits",
        "_madiao_face": "reads the numeral of a 馬弔 card name (一…九) to romanise it",
        "_TSEDING_JYUTPING": "how the 斜釘 code words are said: the words are data",
        "_DINGNIU_PINYIN": "how the 頂牛 tile names are said: the names are data",
        "_DEAL_WORDS_HANS": "the 简体 spelling of a deal line's seat and stock words, notation",
    },
}
#: module -> its tables of key -> English msgid, each with its msgctxt prefix (``prefix:KEY``), or a lone
#: msgid with its whole msgctxt
TABLES: dict[str, tuple[tuple[str, str], ...]] = {
    "yezi.games.dominoes.settle": (("TEXT", "dominoes-settle"),),
    "yezi.games.fishing.settlement": (("T", "fishing-settle"),),
    "yezi.games.lukfu.settlement": (("TEMPLATES", "lukfu-settle"), ("WHY", "lukfu-settle-why")),
    "yezi.games.tiengow.scoring": (("WHY", "tiengow-settle"), ("PAYS", "tiengow-settle:pays"),
                                   ("MULT", "tiengow-settle:mult")),
    "yezi.games.fishing.scoring": (("REASONS", "fishing-scoring"),),
    "yezi.games.dominoes.dingniu": (("NOTES", "dingniu-note"), ("BAOZHUANG_RISK", "dingniu-risk"),
                                    ("WARNING_HEAD", "dingniu-risk:head")),
    "yezi.guides.engine": (("_UI", "guide-gallery"),),
}
CASES = [(module, attr, prefix) for module, tables in sorted(TABLES.items()) for attr, prefix in tables]
#: the marking functions and the position of their msgid argument
MSGID_ARG = {"NP_": 1, "N_": 0, "_": 1, "_c": 2, "Msg": 0, "ngettext": 1}


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def source(module: str) -> str:
    return pathlib.Path(importlib.import_module(module).__file__).read_text(encoding="utf-8")


def chinese_outside_terms(src: str, kept: dict[str, str]) -> list[tuple[int, str]]:
    """The string literals of `src` holding Chinese that are neither docstrings, English msgids,
    `register` arguments nor inside a table or function that `kept` names."""
    tree = ast.parse(src)
    allowed: set[int] = set()  # id() of nodes whose strings are allowed

    def allow(node: ast.AST) -> None:
        allowed.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                allow(body[0])
        if isinstance(node, ast.FunctionDef) and node.name in kept:
            allow(node)
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id in kept for t in targets):
                allow(node)
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name == "register":
                allow(node)
            elif name in MSGID_ARG and len(node.args) > MSGID_ARG[name]:
                arg = node.args[MSGID_ARG[name]]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    # an English msgid: Chinese only as a term named beside English words
                    assert not CJK.search(arg.value) or re.search(r"[A-Za-z]{2}", arg.value), arg.value
                    allow(arg)
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and CJK.search(n.value)
            and id(n) not in allowed]


@pytest.mark.parametrize("module", sorted(TABLES))
def test_module_keeps_no_chinese_prose(module):
    found = chinese_outside_terms(source(module), KEPT.get(module, {}))
    assert found == [], f"{module}: Chinese prose belongs in the catalogs (yezi/locale/*/yezi.po): {found[:5]}"


def test_the_check_catches_an_in_code_table():
    """The check is not vacuous: an old-style three-language dict is found, a kept table is not."""
    src = 'T = {"x": {"zh-hant": "點數", "en": "score"}}\nRANK_NAMES = ("小庄",)\nM = NP_("c:x", "eight doubles 八掘")\n'
    assert sorted(v for _, v in chinese_outside_terms(src, {})) == sorted(["點數", "小庄"])
    assert [v for _, v in chinese_outside_terms(src, {"RANK_NAMES": "terms"})] == ["點數"]


@pytest.fixture(scope="module")
def extracted() -> set[tuple[str | None, str]]:
    from yezi.i18n.tools import extract

    return {(m.context, m.id) for m in extract() if isinstance(m.id, str) and m.id}


@pytest.mark.parametrize("module,attr,prefix", CASES)
def test_every_template_is_extracted_and_translated_in_both_scripts(module, attr, prefix, extracted):
    table = getattr(importlib.import_module(module), attr)
    if isinstance(table, str):
        prefix, key = prefix.split(":")
        table = {key: table}
    cats = {lang: load_po(lang) for lang in ZH}
    assert table
    for key, msgid in table.items():
        assert isinstance(msgid, str), (module, key, msgid)
        ctx = f"{prefix}:{key}"
        assert (ctx, msgid) in extracted, f"{ctx} is not marked as NP_({ctx!r}, {msgid!r})"
        for lang in ZH:
            text = cats[lang].contexts.get((ctx, msgid))
            assert text, (lang, ctx, msgid)  # some are the same in every language ("{ws} − {ls} = {diff}")
            # the code fills the English placeholders by name: a translation uses no other
            assert set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(msgid)), (lang, ctx, text)
