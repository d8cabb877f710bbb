"""The lobby's presets and options in the reader's language (they were English ids in every
language: `five_tigers`, `true/false`, English preset titles)."""

from __future__ import annotations

import re

import pytest

from yezi.core.registry import GAMES
from yezi.server.catalog import describe

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CJK = re.compile(r"[\u3400-\u9fff]")
# names of sources and notation that a Chinese title keeps as written
KEPT = re.compile(r"navpil|pagat|Culin|Celko|Anthony|Kam|Joe|Dylan|Sung|The Suffocated|Suffocated|Q-code|"
                  r"scoringService|ts|V-[A-Z]+\d*|M\d|L\d|§\d|[A-Z]\d+")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_option_and_preset_has_words_in_three_languages(game):
    d = describe(game)
    for name, o in d["options"].items():
        assert set(o["labels"]) == {"zh-hant", "zh-hans", "en"}, name
        for lang in ("zh-hant", "zh-hans"):
            assert CJK.search(o["labels"][lang]) and not LATIN_WORD.search(o["labels"][lang]), (name, o["labels"])
        assert not CJK.search(o["labels"]["en"]) and o["labels"]["en"] != name, (name, o["labels"])
        for c in o["choices"]:
            if isinstance(c["value"], bool):
                assert c["labels"]["zh-hant"] in ("是", "否") and c["labels"]["en"] in ("Yes", "No")
    for pid, p in d["presets"].items():
        assert p["titles"]["en"] and p["titles"]["zh-hant"] != p["titles"]["en"], pid
        for lang in ("zh-hant", "zh-hans"):
            assert not LATIN_WORD.search(KEPT.sub("", p["titles"][lang])), (pid, p["titles"][lang])


@pytest.mark.parametrize("game", list(GAMES))
def test_choices_that_are_identifiers_have_translated_labels(game):
    """A choice such as `hakka` or `none` is shown by its label (options.toml `label`, through the catalogs):
    Chinese words in Chinese, English words in English; the value stays what a player types in `-o`."""
    for name, o in describe(game)["options"].items():
        for c in o["choices"]:
            if not isinstance(c["value"], str) or not LATIN_WORD.search(c["value"]):
                continue
            labels = c["labels"]
            for lang in ("zh-hant", "zh-hans"):
                assert CJK.search(labels[lang]) and not LATIN_WORD.search(labels[lang]), (name, c["value"], labels)
            assert labels["en"] != c["value"] and not CJK.search(labels["en"]), (name, c["value"], labels)


def test_a_label_means_one_thing_in_chinese():
    """One English label is one msgid: it must not stand for two different Chinese choices."""
    seen: dict[str, str] = {}
    for game in GAMES:
        for o in describe(game)["options"].values():
            for c in o["choices"]:
                en, zh = c["labels"]["en"], c["labels"]["zh-hant"]
                assert seen.setdefault(en, zh) == zh, (game, en, seen[en], zh)
