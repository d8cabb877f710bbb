"""The card faces drawn by yezi/render (issue 12): every card of every paper deck, in both styles and
three languages, is well-formed SVG with its name as title and aria-label, differs from every other
card's face, stays small, and shows what the sources describe (seed 000 for Luk Fu, seed 002 and
the madiao spec for Ma Diao, seed 003 for the 十五湖 cards)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from yezi.components import lukfu_deck as LD
from yezi.components import madiao_deck as MD
from yezi.components import tiengow as tg
from yezi.render import cards as C
from yezi.render import fishing, lukfu, madiao, shiwuhu

NS = "{http://www.w3.org/2000/svg}"
LANGS = ("zh-hant", "zh-hans", "en")
LUKFU_CARDS = [*range(36), LD.WAN_TSIN]


def _name(game: str, card: int, lang: str) -> str:
    if game == "lukfu":
        return LD.name(card, lang)
    if game == "madiao":
        return MD.card_name(card, lang)
    return tg.name(card, lang)


def _faces(game: str, lang: str, style: str) -> dict[int, str]:
    mod = {"lukfu": lukfu, "madiao": madiao, "fishing": fishing}[game]
    return {int(k): v for k, v in mod.assets(lang, cards_style=style)["faces"].items()}


DECKS = {"lukfu": 37, "madiao": 40, "fishing": 21}


@pytest.mark.parametrize("style", ["traditional", "plain"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(DECKS))
def test_every_face_is_named_svg_and_distinct(game, lang, style):
    faces = _faces(game, lang, style)
    assert len(faces) == DECKS[game]
    assert len(set(faces.values())) == len(faces), "two cards share one face"
    for card, face in faces.items():
        root = ET.fromstring(face)
        assert root.tag == NS + "svg"
        name = _name(game, card, lang)
        assert root.get("role") == "img" and root.get("aria-label") == name
        title = root.find(NS + "title")
        assert title is not None and title.text == name
        w, h = float(root.get("width")), float(root.get("height"))
        vb = [float(x) for x in root.get("viewBox").split()]
        assert abs(w / h - vb[2] / vb[3]) < 0.01
        assert h / w >= 2.4, "the paper cards are long and narrow"
        assert len(face.encode()) < 2200, (card, len(face.encode()))
        if style == "plain":
            assert "plain" in root.get("class")


@pytest.mark.parametrize("lang", LANGS)
def test_faces_do_not_depend_on_ids(lang):
    """The same face is inlined many times in one page: no ids, no url(#…) references."""
    for game in DECKS:
        for face in _faces(game, lang, "traditional").values():
            assert " id=" not in face and "url(#" not in face


def test_backs_are_named_in_each_language():
    for lang in LANGS:
        for mod in (lukfu, madiao, fishing):
            for style in ("traditional", "plain"):
                root = ET.fromstring(mod.assets(lang, cards_style=style)["back"])
                assert root.get("aria-label") == C.back_name(lang) == root.find(NS + "title").text


def _seals(face: str) -> int:
    return face.count(f'fill="{C.SEAL}"')


def test_lukfu_red_seals_and_poker_marks_follow_seed_000():
    """Eight cards carry the red seal (the four 9s, 八拾, 百子, 毛公, 雲綫); the numerals 二 三 四 六
    carry the poker marks (黑桃 紅心 方塊, no 梅花); the 二 and 六 cards spell 大字紙牌 and a maker."""
    faces = _faces("lukfu", "zh-hant", "traditional")
    sealed = {c for c, f in faces.items() if _seals(f)}
    assert sealed == set(LD.RED_CARDS) and len(sealed) == 8
    marked = {c for c, f in faces.items() if '<path d="M' in f and (f'fill="{C.RED}"/>' in f or "Z\" fill=\"#1d1d1d\"" in f)
              and LD.number(c) in (2, 3, 4, 6) and c not in LD.SPECIAL_NAMES}
    assert marked == {c for c in range(36) if LD.number(c) in (2, 3, 4, 6)}
    spelled = "".join(next(ch for ch in "大字紙牌" if f">{ch}<" in faces[LD.card(s, 2)]) for s in (1, 3, 2, 0))
    assert spelled == "大字紙牌"
    # the three specials have their own faces: the red inner frame
    frame = f'<rect x="4.4" y="4.4" width="31.2" height="109.2" fill="none" stroke="{lukfu.SPECIAL_FRAME}"'
    assert {c for c, f in faces.items() if frame in f} == {0, 27, LD.WAN_TSIN}


def test_madiao_money_suits_show_their_money():
    """文錢: one coin per 錢 (a ring with a square hole); 空沒文 an empty coin; 索: one string per 索."""
    faces = _faces("madiao", "zh-hant", "traditional")
    def picture(face: str) -> str:  # between the name at the top and the suit mark at the foot
        return face.split("</text>")[1]

    for n in range(1, 10):
        coin = picture(faces[MD.JIUQIAN - 9 + n])
        holes = coin.split('<path d="')[1].split('"')[0]
        assert coin.count("<circle") == n and holes.count("M") == n
        strings = faces[MD.JIUSUO + 9 - n]
        dashed = [seg for seg in strings.split("<path") if "stroke-dasharray" in seg]
        assert sum(seg.split('"')[1].count("M") for seg in dashed) == n
    empty = picture(faces[MD.KONGWEN])
    assert "<circle" in empty and "z" not in empty.split("<text")[0]  # a coin without its hole: no cash at all
    # the top cards are told apart from the plain figures of their suit, and the 雌突 show two figures
    figures = {c: faces[c].count('fill="#f3dcb8"') for c in range(20)}
    assert all(figures[c] == 2 for c in MD.CI_TU) and all(figures[c] == 1 for c in range(20) if c not in MD.CI_TU)
    assert len({faces[c].split("</text>", 1)[1] for c in (MD.WANWAN, MD.QIANWAN, MD.BAILAO, MD.JIUSHI)}) == 4
    assert all(_seals(faces[c]) for c in MD.RED_SETS["wp10"])
    assert not any(_seals(faces[c]) for c in range(40) if c not in MD.RED_SETS["wp10"])


def test_shiwu_hu_cards_repeat_the_tiles_dots_in_both_halves():
    """Seed 003: the 天 card shows its twelve dots in each half, 24 in all; every card likewise."""
    faces = _faces("fishing", "zh-hant", "traditional")
    for k, face in faces.items():
        assert face.count("<circle") == 2 * tg.KINDS[k].pips, tg.name(k)
        assert face.count('<g transform="rotate(180') == 1  # the lower half turned round
    assert shiwuhu.assets("zh-hant")["faces"] == fishing.assets("zh-hant")["faces"]


def test_long_three_is_two_slanted_rows():
    """長三 [3:3]: each half is two rows of three dots, each row slanting the same way (seed 003)."""
    k = next(k.index for k in tg.KINDS if k.high == k.low == 3)
    half = fishing._half(tg.KINDS[k])
    pts = [(float(c.get("cx")), float(c.get("cy"))) for c in ET.fromstring(f'<g xmlns="{NS[1:-1]}">{half}</g>')]
    rows = [pts[:3], pts[3:]]
    for row in rows:
        (x0, y0), (x1, y1), (x2, y2) = row
        assert x0 < x1 < x2 and y0 < y1 < y2  # slanted, not upright
        assert abs((y1 - y0) * (x2 - x1) - (y2 - y1) * (x1 - x0)) < 1  # in a line


def test_assets_payload_stays_small():
    """JSON per language, measured when the art was drawn (zh-hant, traditional): Luk Fu 50 kB (34 kB
    with the text tiles before), Ma Diao 59 kB (27), Fishing 50 kB (44), 十五胡 47 kB (40)."""
    limits = {"lukfu": 58_000, "madiao": 66_000, "fishing": 58_000, "shiwuhu": 55_000}
    for game, mod in {"lukfu": lukfu, "madiao": madiao, "fishing": fishing, "shiwuhu": shiwuhu}.items():
        for lang in LANGS:
            for style in ("traditional", "plain"):
                size = len(json.dumps(mod.assets(lang, cards_style=style), ensure_ascii=False).encode())
                assert size < limits[game], (game, lang, style, size)


def test_table_drawings_use_the_art():
    from yezi.core.registry import load_game

    st = load_game("lukfu").start(seed=3)
    svg = lukfu.table_svg(st.view(0), "zh-hant")
    ET.fromstring(svg)
    assert 'role="img"' in svg and 'aria-label="九拾"' in lukfu.card_svg(8)
