"""The words the lobby shows for every rule option read as text, in every language.

The lobby's create form shows each option's label and description and each choice's label and
description (`yezi.server.catalog.describe`, from options.toml through the catalogs). They once
showed internal ids ("Under five_base scoring", "after session_length × 4 hands", a choice named
"3-9", "[V-S3] …", "[F] silent") and English fragments that started lowercase ("the third player cuts …", "yes").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from yezi.core.registry import GAMES, game_class
from yezi.i18n import LANGS
from yezi.server.catalog import describe

SNAKE = re.compile(r"[A-Za-z0-9]+_[A-Za-z0-9_]+")
LOWER_START = re.compile(r"^[a-z]")
# a source's or a variant's tag from rules-notes.md ("[F] silent", "[S4]", "[V-S3]"): the sources are cited
# beside the words (options.toml `source`, `yezi rules`), not in them
SOURCE_TAG = re.compile(r"\[[A-Z][A-Z0-9-]*\]")
QUOTED_CHINESE = re.compile(r"'[^']*[\u3400-\u9fff][^']*'")  # Chinese quotes with 「」


def _id_pattern(ident: str) -> re.Pattern[str]:
    """`ident` as a whole token (so the id `hand-first` is found, `first` inside `hand-first` is not)."""
    return re.compile(rf"(?<![\w-]){re.escape(ident)}(?![\w-])")


def _texts(game: str) -> Iterator[tuple[str, str, str, list[str]]]:
    """(where, language, text, ids that must not show) for every word of every option the lobby shows."""
    table = game_class(game).option_table()
    for name, o in describe(game)["options"].items():
        spec = table.options[name]
        # ids a player never needs to read: the option's kebab/snake value ids and the variant ids of rules-notes.md
        ids = [str(c.value) for c in spec.choices if isinstance(c.value, str) and re.search(r"[-_]", c.value)]
        ids += list(spec.variant_ids) + [c.variant for c in spec.choices if c.variant]
        words = [(f"{name}.label", o["labels"])]
        if o["descriptions"]:
            words.append((f"{name}.description", o["descriptions"]))
        for c in o["choices"]:
            words.append((f"{name}={c['value']!r} label", c["labels"]))
            if c["descriptions"]:
                words.append((f"{name}={c['value']!r} description", c["descriptions"]))
        for where, by_lang in words:
            for lang in LANGS:
                yield where, lang, by_lang[lang], ids


def _faults(game: str) -> list[str]:
    faults = []
    for where, lang, text, ids in _texts(game):
        if SNAKE.search(text):
            faults.append(f"{where} [{lang}] shows an id: {text!r}")
        faults += [f"{where} [{lang}] shows the id {i!r}: {text!r}" for i in ids if _id_pattern(i).search(text)]
        if lang == "en" and LOWER_START.match(text):
            faults.append(f"{where} [en] starts lowercase: {text!r}")
        if SOURCE_TAG.search(text):
            faults.append(f"{where} [{lang}] shows a source tag: {text!r}")
        if lang != "en" and QUOTED_CHINESE.search(text):
            faults.append(f"{where} [{lang}] quotes Chinese with ASCII quotes: {text!r}")
    return faults


@pytest.mark.parametrize("game", list(GAMES))
def test_no_option_word_shows_an_id_or_starts_lowercase(game):
    faults = _faults(game)
    assert faults == [], "\n".join(faults[:20]) + f"\n({len(faults)} in all)"


def test_the_check_sees_each_kind_of_fault(monkeypatch):
    """The walk above must be able to fail: a snake_case word, a value id, a variant id, a lowercase start."""
    import yezi.server.catalog as catalog

    real = describe("lukfu")
    fake = {"options": {k: dict(v) for k, v in real["options"].items()}}
    o = fake["options"]["straight_lengths"]
    o["descriptions"] = {lg: "Under five_base scoring" for lg in LANGS}
    o["choices"] = [dict(c, labels={lg: str(c["value"]) for lg in LANGS}, descriptions={lg: "[V-LF14] run" for lg in LANGS})
                    for c in o["choices"]]
    fake["options"]["cut_peek"] = dict(fake["options"]["cut_peek"],
                                       labels={"en": "the third player cuts", "zh-hant": "切", "zh-hans": "切"})
    monkeypatch.setattr(catalog, "describe", lambda game: fake)
    monkeypatch.setitem(globals(), "describe", lambda game: fake)
    text = "\n".join(_faults("lukfu"))
    assert "shows an id: 'Under five_base scoring'" in text
    assert "shows the id '3-9'" in text
    assert "starts lowercase: 'the third player cuts'" in text
    assert "shows the id 'V-LF14'" in text


@pytest.mark.parametrize("game", list(GAMES))
def test_preset_titles_show_no_ids(game):
    """The lobby's rules menu: a preset's title names the rules, its variant ids stay in presets.toml's notes
    ("navpil's GuPai JieLong: no re-lead [V-J1]" was a title). Titles may start with a source's own lowercase
    name (pagat, navpil)."""
    faults = [f"{pid} [{lang}]: {text!r}" for pid, p in describe(game)["presets"].items()
              for lang, text in p["titles"].items() if SOURCE_TAG.search(text) or SNAKE.search(text)]
    assert faults == [], faults


@pytest.mark.parametrize("game", list(GAMES))
def test_an_option_is_not_named_as_one_of_its_choices(game):
    """斜釘's "Head and tail penalties" read 頭七尾八 in Chinese, the very name of its first choice: the form
    then offered "頭七尾八: 頭七尾八 / 頭六尾七". In each language an option's name differs from its choices' and
    two choices of one option differ from each other."""
    faults = []
    for name, o in describe(game)["options"].items():
        for lang in LANGS:
            labels = [c["labels"][lang] for c in o["choices"]]
            if o["labels"][lang] in labels:
                faults.append(f"{name} [{lang}] is named as its choice {o['labels'][lang]!r}")
            if len(set(labels)) < len(labels):
                faults.append(f"{name} [{lang}] has two choices named alike: {labels}")
    assert faults == [], faults
