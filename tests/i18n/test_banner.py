"""The terminal's table banner names the preset by its title in the reader's language (it showed the
preset's id, `== 接龍 · wikipedia ==`, to every reader)."""

from __future__ import annotations

import contextlib
import io
import re

import pytest

from yezi.cli.main import main
from yezi.core.registry import game_class


def run_cli(argv: list[str]) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), contextlib.suppress(SystemExit):
        main(argv)
    return buf.getvalue()


@pytest.mark.parametrize("game", ["jielong", "dingniu", "tseding", "tiengow", "paigow", "lukfu"])
@pytest.mark.parametrize("lang", ["zh-hant", "zh-hans", "en"])
def test_banner_shows_the_preset_title(game, lang):
    table = game_class(game).option_table()
    preset = table.default_preset
    out = run_cli(["play", game, "--autoplay", "--deals", "1", "--seed", "2", "--lang", lang])
    banner = next(line for line in out.splitlines() if line.startswith("== ") and " · " in line)
    assert f" · {preset} ==" not in banner, banner
    assert table.preset_title(preset, lang) in banner
    if lang != "en":
        assert re.search(r"[\u3400-\u9fff]", banner.split(" · ", 1)[1]), banner


@pytest.mark.parametrize("lang,shown", [("zh-hant", "hakka（客家）"), ("zh-hans", "hakka（客家）"), ("en", "Presets of lukfu")])
def test_rules_option_list_speaks_the_requested_language(lang, shown):
    """`yezi rules GAME --lang L` printed the option list in English whatever L was; in Chinese a choice's
    value (what `-o` takes) now carries its translated label."""
    out = run_cli(["rules", "lukfu", "--lang", lang])
    assert shown in out, out[:300]
    if lang != "en":
        assert "Presets of" not in out and "Options:" not in out


def test_rules_option_list_defaults_to_english():
    assert run_cli(["rules", "lukfu"]).startswith("Presets of lukfu")
