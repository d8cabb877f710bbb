"""Players never read yezi's own file names, spec sections, variant ids or seed numbers (issue 21: the
Shiwu Hu table said "(seed 003) … open questions in docs/shiwuhu.md", `why 九綫` ended "（種子文獻001）",
the Chinese guide prose showed option ids, the Ma Diao appendix "spec madiao.md §6"). Sources are cited
by title and author (`yezi.guides.citations.readable`)."""

from __future__ import annotations

import html
import re

import pytest

from yezi.core.registry import GAMES
from yezi.guides import LANGS, has_guide
from yezi.guides.citations import DEV_REFERENCE, readable
from yezi.i18n.catalog import catalog

GUIDES = [g for g in GAMES if has_guide(g)]


def _hits(text: str) -> list[str]:
    return [text[max(0, m.start() - 40):m.end() + 20] for m in DEV_REFERENCE.finditer(text)]


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_text_names_a_file_a_section_or_a_seed(lang: str) -> None:
    c = catalog(lang)
    texts = list(c.singles.values()) + [f for forms in c.plurals.values() for f in forms] + list(c.contexts.values())
    if lang == "en":  # English shows the msgid where the catalog has no text of its own
        from babel.messages.pofile import read_po

        from yezi.i18n.catalog import po_path

        with po_path("en").open("rb") as f:
            texts += [m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id]
    bad = [h for t in texts for h in _hits(t)]
    assert not bad, bad


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GUIDES)
def test_no_guide_page_names_a_file_a_section_a_seed_or_an_option_id(game: str, lang: str) -> None:
    from yezi.guides.html import guide_html
    from yezi.guides.page import load

    page = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", guide_html(game, lang), flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    assert not _hits(text), _hits(text)
    # the prose names an option in the reader's words (its id stays in the appendix, as notation)
    prose = page.split('id="s-reference"')[0]
    ids = set(re.findall(r'class="opt" href="#opt-([\w-]+)"', prose))
    shown = re.findall(r'class="opt" href="#opt-[\w-]+" data-engine="option">(.*?)</a>', prose)
    assert all(x not in ids for x in shown), shown
    assert load(game, lang)  # the guide exists in this language


def test_a_source_note_reads_as_a_citation() -> None:
    assert readable("[S3] seed 003: The Suffocated, 十五湖之釣魚 (2009), main text") == \
        "[S3] The Suffocated, 十五湖之釣魚 (2009), main text"
    assert readable("S0 Huizhou comment in seed 000") == \
        "S0 Huizhou comment in hillv2, 客家六虎牌（六胡，六壶）的前世今生 (2021)"
    assert readable("馮夢龍《馬弔脚例》 (seed 002); spec madiao.md §6 ★ choices") == "馮夢龍《馬弔脚例》"
    assert readable("[INF] spec §6 V2", "en") == "yezi's reading"
    assert readable("lukfu.md default (S0 SW lists 雲綫 among the 老歲)", "zh-hant") == "本站的解讀 (S0 SW lists 雲綫 among the 老歲)"
