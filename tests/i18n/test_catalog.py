"""The gettext catalogs: every msgid the code marks is in the three .po files, translated in the two
Chinese ones (简体 the simplified form of 繁體), and engine refusals read in the reader's language."""

from __future__ import annotations

import importlib.util
import pathlib
import re

import pytest

from yezi.core.registry import load_game
from yezi.i18n import LANGS, N_, Msg, _, catalog_json, ngettext
from yezi.i18n.catalog import load_po, po_path

ROOT = pathlib.Path(__file__).parents[2]
CJK = re.compile(r"[\u3400-\u9fff]")


def _tools():
    from yezi.i18n import tools

    return tools


def test_every_marked_msgid_is_in_every_catalog_and_translated():
    ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in _tools().extract() if m.id}
    assert len(ids) > 400
    for lang in LANGS:
        assert po_path(lang).exists(), lang
        cat = load_po(lang)
        have = {(None, k) for k in (*cat.singles, *cat.plurals)} | set(cat.contexts) | set(cat.context_plurals)
        if lang == "en":
            continue  # the msgids are the English text; en.po overrides only where it says so
        missing = sorted(ids - have)
        assert missing == [], (lang, missing[:5])


def test_no_catalog_holds_a_msgid_twice():
    """A msgid (in its context) written twice in a .po file has two translations and gettext shows
    one of them wherever either source asks: Luk Fu's table on the learn page said 十五胡's
    "12 隻" instead of the board's own words. Entries added by hand must extend the one that
    exists (its source lines), never repeat it."""
    from babel.messages.pofile import read_po

    for path in [*ROOT.glob("yezi/locale/*/LC_MESSAGES/yezi.po"), ROOT / "yezi/locale/yezi.pot"]:
        text = path.read_text(encoding="utf-8")
        keys = []
        for block in text.split("\n\n"):
            mid = re.search(r'^msgid ((?:".*"\n?)+)', block, re.M)
            if mid is None:
                continue
            ctx = re.search(r'^msgctxt "(.*)"$', block, re.M)
            keys.append((ctx.group(1) if ctx else None, "".join(re.findall(r'"(.*)"', mid.group(1)))))
        twice = sorted({k for k in keys if k[1] and keys.count(k) > 1})
        assert twice == [], (path.name, twice[:5])
        with path.open("rb") as f:  # and babel reads as many entries as the file has blocks
            assert len([m for m in read_po(f) if m.id]) == len([k for k in keys if k[1]]), path


def test_placeholders_survive_translation():
    for lang in ("zh-hant", "zh-hans"):
        for msgid, text in load_po(lang).singles.items():
            assert set(re.findall(r"\{(\w+)\}", msgid)) == set(re.findall(r"\{(\w+)\}", text)), (lang, msgid)


def test_simplified_catalog_is_the_simplified_form_of_traditional():
    pytest.importorskip("opencc")
    spec = importlib.util.spec_from_file_location("learn_hans", ROOT / "tools" / "learn_hans.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    hant, hans = load_po("zh-hant").singles, load_po("zh-hans").singles
    for msgid, text in hant.items():
        assert hans[msgid] == tool.simplified(text), msgid


def test_explicit_language_and_parameters_rendered_per_language():
    card = {"zh-hant": "一貫", "zh-hans": "一贯", "en": "1 Myriads"}
    assert _("en", "you hold no {card}", card=card) == "you hold no 1 Myriads"
    assert _("zh-hans", "you hold no {card}", card=card) == "你手上没有一贯"
    assert _("zh-hant", "you hold no {card}", card=lambda lang: card[lang]) == "你手上沒有一貫"
    m = Msg(N_("you hold no {card}"), card=card)
    assert str(m) == "you hold no 1 Myriads" and m.render("zh-hant") == "你手上沒有一貫"
    assert ngettext("en", "{n} card", "{n} cards", 2) == "2 cards"
    assert ngettext("en", "{n} card", "{n} cards", 1) == "1 card"
    assert _("fr", "you hold no {card}", card="x") == "you hold no x"  # an unknown language reads as English


def test_json_export_for_the_web(tmp_path):
    data = catalog_json("zh-hans")
    assert data["you hold no {card}"] == "你手上没有{card}"
    paths = _tools().export_json(tmp_path)
    assert sorted(p.name for p in paths) == ["en.json", "zh-hans.json", "zh-hant.json"]


def test_cli_i18n_stats(capsys):
    from yezi.cli.main import main

    assert main(["i18n", "stats"]) == 0
    out = capsys.readouterr().out
    assert "zh-hant:" in out and "zh-hans:" in out


def test_a_zh_hans_player_reads_refusals_in_simplified_chinese():
    """Before: `一贯` typed by a zh-hans player got an English error with traditional card names."""
    g = load_game("lukfu")
    st = g.start(seed=3)
    seat = st.current_player
    view = st.view(seat)
    from yezi.components.lukfu_deck import name

    held = set(view["hand"]) if isinstance(view["hand"], list) else set()
    missing = next(c for c in range(36) if c not in held)
    a = g.parse_action(name(missing, "zh-hans"))
    err = st.explain_illegal(a, st.legal_actions())
    hans, hant, en = err.text("zh-hans"), err.text("zh-hant"), err.text("en")
    assert CJK.search(hans) and not re.search(r"[A-Za-z]{2,}", hans), hans
    assert hans != hant
    assert err.message == en and not re.search(r"[A-Za-z]{3,}", hant), hant


def test_play_prints_the_refusal_in_the_players_language():
    """`yezi play --lang zh-hans`: a refused move is explained in simplified Chinese (it was English)."""
    from tests.cli_helpers import yezi

    out = yezi("play", "lukfu", "--lang", "zh-hans", "--seed", "3", "--bots", "random", stdin="一贯\nq\n")
    refusals = [ln.split("✗", 1)[1] for ln in out.splitlines() if "✗" in ln]
    assert refusals, out[-600:]
    for line in refusals:
        assert CJK.search(line) and not re.search(r"[A-Za-z]{2,}", line), line
