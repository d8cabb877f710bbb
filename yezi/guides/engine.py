"""What a guide takes from the engine: numbers (facts), card names and faces, the gallery and
the live worked examples. Pure functions of (game, language); nothing here is written by hand
except which engine quantity each fact names."""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from yezi.components import tiengow as tg
from yezi.core.errors import YeziError
from yezi.core.registry import load_game
from yezi.i18n import NP_, _c

DOMINO_STYLE = {"jielong": "hk", "tseding": "tseding", "dingniu": "dingniu"}
TILE_GAMES = ("jielong", "tseding", "dingniu", "tiengow", "paigow")
CARD_GAMES_15 = ("fishing", "shiwuhu")  # the 十五湖 deck


# ---- facts ---------------------------------------------------------------------------------

def _start(game: str, preset: str | None = None, seed: int = 1, **opts: Any):
    g = load_game(game, preset, opts)
    return g, g.start(seed=seed)


def _lukfu() -> dict[str, int]:
    from yezi.components.lukfu_deck import deck

    g, s = _start("lukfu")
    v = s.view(None)
    g3, _s3 = _start("lukfu", "hakka-hk-3p")
    from yezi.components.lukfu_deck import NUMERALS, SUITS
    from yezi.games.lukfu.settlement import DUMMY_BASE, points
    from yezi.games.lukfu.state import FIVE_TIGERS

    return {"players": g.num_seats, "players3": g3.num_seats, "deck": len(deck(4)),
            "deck3": len(deck(3)), "hand": v["hand_sizes"][0], "dummy_hand": v["hand_sizes"][2],
            "suits": SUITS, "per_suit": len(NUMERALS), "tigers": bin(FIVE_TIGERS).count("1"),
            # the fewest 糊 that score: the declaring threshold of the scoring table
            "hu": next(h for h in range(40) if points(h, "hakka") >= 1), "dummy_base": DUMMY_BASE}


def _fishing() -> dict[str, int]:
    g, s = _start("fishing")
    v = s.view(0)
    g2, s2 = _start("fishing", None, players=2) if 2 in [c.value for c in g.option_table().options["players"].choices] \
        else (g, s)
    d = g.deal_from_seed(1)
    deck = sum(len(h) for h in d["hands"]) + len(d["lake"]) + len(d["stock"])
    return {"players": g.num_seats, "players2": g2.num_seats, "deck": deck, "kinds": tg.NUM_KINDS,
            "copies": deck // tg.NUM_KINDS, "hand": v["hand_sizes"][0], "lake": len(d["lake"]),
            "stock": v["stock_left"], "hand2": s2.view(0)["hand_sizes"][0], "lake2": len(g2.deal_from_seed(1)["lake"]),
            "civil": len(tg.CIVIL), "military": len(tg.MILITARY), **_fish_points(g)}


def _fish_points(g) -> dict[str, int]:
    from yezi.games.fishing.scoring import BIG, MEDIUM, POINTS, SMALL, SPECIALS, THREE_JUN

    return {"big": POINTS[BIG], "medium": POINTS[MEDIUM], "small": POINTS[SMALL],
            "mountain": g.rules["overmountain_3p"], "jun": SPECIALS[THREE_JUN]["need"][tg.PLUM]}


def _dominoes(game: str) -> dict[str, int]:
    g, s = _start(game)
    v = s.view(0)
    counts = v["hand_counts"]
    from yezi.games.dominoes.settle import BASE

    return {"players": g.num_seats, "tiles": len(g.cfg.tiles), "hand": counts[0],
            "kinds": tg.NUM_KINDS, "civil": len(tg.CIVIL), "military": len(tg.MILITARY),
            "dealt": sum(counts), "win": BASE[0], "small": -BASE[1], "second": -BASE[2], "big": -BASE[3],
            "baozhuang": 2 * -sum(BASE[1:])}


def _madiao() -> dict[str, int]:
    from yezi.components import madiao_deck as d

    g, s = _start("madiao")
    s.apply(s.legal_actions()[0])  # the banker's stake; then the cards are dealt
    hands = s.view(None)["hand_sizes"]
    return {"players": g.num_seats, "deck": d.NUM_CARDS, "suits": len(d.SUIT_SIZE), "tens": d.SUIT_SIZE[0],
            "myriads": d.SUIT_SIZE[1], "strings": d.SUIT_SIZE[2], "cash": d.SUIT_SIZE[3], "hand": hands[0],
            "stock": d.NUM_CARDS - sum(hands), "tricks": hands[0]}


def _tiengow() -> dict[str, int]:
    g, s = _start("tiengow")
    v = s.view(0)
    return {"players": g.num_seats, "tiles": sum(v["hand_sizes"]), "hand": v["hand_sizes"][0],
            "kinds": tg.NUM_KINDS, "civil": len(tg.CIVIL), "military": len(tg.MILITARY)}


def _shiwuhu() -> dict[str, int]:
    g, s = _start("shiwuhu")
    v = s.view(0)
    return {"players": g.num_seats, "deck": sum(v["hand_sizes"]), "hand": v["hand_sizes"][0],
            "kinds": tg.NUM_KINDS, "need": v["need"][1], "need_dealer": v["need"][0]}


def _paigow() -> dict[str, int]:
    g, s = _start("paigow")
    v = s.view(0)
    return {"seats": g.num_seats, "tiles": sum(k.copies32 for k in tg.KINDS), "hand": len(v["hand"]),
            "kinds": tg.NUM_KINDS}


FACTS: dict[str, Callable[[], dict[str, int]]] = {
    "lukfu": _lukfu, "fishing": _fishing, "jielong": lambda: _dominoes("jielong"),
    "tseding": lambda: _dominoes("tseding"), "dingniu": lambda: _dominoes("dingniu"), "madiao": _madiao,
    "tiengow": _tiengow, "shiwuhu": _shiwuhu, "paigow": _paigow,
}


@cache
def facts(game: str) -> dict[str, int]:
    """The numbers a guide may state, each computed from the engine (a started deal, the deck)."""
    return FACTS[game]()


# ---- card names and faces ----------------------------------------------------------------------

@dataclass(frozen=True)
class Face:
    """One card or tile as a guide shows it."""

    svg: str
    names: dict[str, str]  # zh-hant, zh-hans, en
    roman: str
    notation: str
    count: int = 1  # copies in the set


_HAKKA_NUM = ("yit", "ngi", "sam", "si", "ng", "liuk", "tshit", "pat", "kiu")
_PINYIN_NUM = ("yī", "èr", "sān", "sì", "wǔ", "liù", "qī", "bā", "jiǔ")


def _lukfu_face(c: int, lang: str) -> Face:
    from yezi.components.lukfu_deck import SPECIAL_NAMES, SUIT_ROMAN, name, number, suit
    from yezi.render.lukfu import card_svg

    roman = SPECIAL_NAMES[c]["roman"] if c in SPECIAL_NAMES else f"{_HAKKA_NUM[number(c) - 1]} {SUIT_ROMAN[suit(c)].lower()}"
    return Face(card_svg(c, lang, 34), {lg: name(c, lg) for lg in ("zh-hant", "zh-hans", "en")}, roman.capitalize(),
                name(c, "ascii"))


_MADIAO_PINYIN = {"萬萬": "wànwàn", "千萬": "qiānwàn", "百萬": "bǎiwàn", "空文": "kōngwén", "半文": "bànwén"}
_MADIAO_SUIT_PY = {"十": "shí", "萬": "wàn", "索": "suǒ", "錢": "qián"}


def _madiao_face(c: int, lang: str) -> Face:
    from yezi.components import madiao_deck as d
    from yezi.render.madiao import card_svg

    hant = d.card_name(c, "zh-hant")
    roman = _MADIAO_PINYIN.get(hant) or _PINYIN_NUM["一二三四五六七八九".index(hant[0])] + _MADIAO_SUIT_PY[hant[1]]
    return Face(card_svg(c, lang, 30), {lg: d.card_name(c, lg) for lg in ("zh-hant", "zh-hans", "en")}, roman,
                d.card_name(c, "ascii"))


# How the 斜釘 code words are said (Cantonese, Jyutping) and the 頂牛 names (Mandarin, pinyin); a
# tile without a name of its own in those games keeps its Hong Kong name and Jyutping.
_TSEDING_JYUTPING = {"釘": "deng1", "二": "ji6", "斜": "ce4", "血": "hyut3", "梅": "mui4", "龍": "lung4", "掘": "gwat6"}
_DINGNIU_PINYIN = {"大天": "dà tiān", "地么": "dì yāo", "紅八": "hóng bā", "幺鵝": "yāo é", "大五": "dà wǔ",
                   "長三": "cháng sān", "二板": "èr bǎn", "虎頭": "hǔ tóu", "紅十": "hóng shí", "一六": "yī liù",
                   "一五": "yī wǔ", "歪脖九": "wāi bó jiǔ", "二六": "èr liù"}


def _roman_of(name: str, style: str) -> str:
    if style == "tseding" and all(ch in _TSEDING_JYUTPING for ch in name):
        return " ".join(_TSEDING_JYUTPING[ch] for ch in name)
    if style == "dingniu":
        return _DINGNIU_PINYIN.get(name, "")
    return ""


def _kind_face(game: str, k: int, lang: str) -> Face:
    from yezi.games.tiengow.names import JYUTPING

    kind = tg.KINDS[k]
    style = DOMINO_STYLE.get(game, "hk")
    if game in CARD_GAMES_15:
        from yezi.render.fishing import card_svg

        face, count = card_svg(k, lang, 30), 4
    else:
        from yezi.render.dominoes import tile_svg

        face, count = tile_svg(kind.high, kind.low, size=22), kind.copies32
    names = {lg: tg.name(k, lg, style) for lg in ("zh-hant", "zh-hans", "en")}
    roman = _roman_of(names["zh-hant"], style) or JYUTPING[k]
    return Face(face, names, roman, f"[{kind.high}:{kind.low}]", count)


def face(game: str, spec: str | int, lang: str) -> Face:
    """A card or tile of `game` by any of its names (a guide writes ``{card:九貫}``)."""
    if game == "lukfu":
        from yezi.components.lukfu_deck import parse_card

        return _lukfu_face(parse_card(spec) if isinstance(spec, str) else spec, lang)
    if game == "madiao":
        from yezi.components import madiao_deck as d

        return _madiao_face(d.parse_card(spec) if isinstance(spec, str) else spec, lang)
    return _kind_face(game, tg.parse_kind(spec) if isinstance(spec, str) else spec, lang)


# ---- the gallery -------------------------------------------------------------------------------

#: the gallery's group headings: key -> English msgid, worded in each language by the catalogs under the
#: context ``guide-gallery:KEY``
_UI: dict[str, str] = {
    "suit": NP_("guide-gallery:suit", "{suit} suit"),
    "specials": NP_("guide-gallery:specials", "Special cards"),
    "civil": NP_("guide-gallery:civil", "Civil (文) tiles, in pairs"),
    "military": NP_("guide-gallery:military", "Military (武) tiles"),
    "civil15": NP_("guide-gallery:civil15", "Civil (文) cards"),
    "military15": NP_("guide-gallery:military15", "Military (武) cards"),
    "wenwu": NP_("guide-gallery:wenwu", "Civil-military sets (一文加雜武)"),
    "supreme": NP_("guide-gallery:supreme", "The Supreme pair (至尊)"),
}


@dataclass
class Group:
    title: str
    faces: list[Face] = field(default_factory=list)


def gallery(game: str, lang: str) -> list[Group]:
    """Every card or tile of the game, grouped as players group them."""
    ui = {k: _c(lang, "guide-gallery:" + k, v) for k, v in _UI.items()}
    if game == "lukfu":
        from yezi.components.lukfu_deck import SUIT_NAMES, WAN_TSIN, card

        groups = [Group(_c(lang, "guide-gallery:suit", _UI["suit"], suit=SUIT_NAMES[lang][s]),
                        [face(game, card(s, n), lang) for n in range(9, 0, -1)])
                  for s in range(4)]
        groups.append(Group(ui["specials"], [face(game, c, lang) for c in (0, 27, WAN_TSIN)]))
        return groups
    if game == "madiao":
        from yezi.components import madiao_deck as d

        return [Group(d.SUIT_NAMES[lang][s], [face(game, c, lang) for c in range(d.SUIT_START[s],
                                                                                  d.SUIT_START[s] + d.SUIT_SIZE[s])])
                for s in range(4)]
    suffix = "15" if game in CARD_GAMES_15 else ""
    in_set = _domino_set(game)
    groups = [Group(ui["civil" + suffix], [face(game, k, lang) for k in tg.CIVIL if k in in_set]),
              Group(ui["military" + suffix], [face(game, k, lang) for k in tg.MILITARY if k in in_set])]
    if game in ("fishing", "shiwuhu", "tiengow"):
        for w in tg.WENWU:
            groups.append(Group(f"{ui['wenwu']} · {w.names[lang]}",
                                [face(game, k, lang) for k in (w.civil, *w.military)]))
    if game in ("tiengow", "paigow"):
        groups.append(Group(ui["supreme"], [face(game, k, lang) for k in tg.SUPREME]))
    return groups


def _domino_set(game: str) -> set[int]:
    """The kinds a game plays with: 頂牛 drops most military tiles; the others use all."""
    if game in DOMINO_STYLE:
        return set(load_game(game).cfg.tiles)
    return set(range(tg.NUM_KINDS))


def set_size(game: str) -> int:
    """How many cards or tiles the gallery stands for (copies counted, each face once even where
    players group it twice, as Luk Fu's named ones or a civil card in its 文武 set)."""
    seen = {f.notation: f.count for g in gallery(game, "en") for f in g.faces}
    return sum(seen.values())


# ---- live examples -----------------------------------------------------------------------------

@dataclass
class Example:
    """A position the engine reached from a record, as each language shows it."""

    name: str
    game: str
    record: dict[str, Any]
    table: str  # SVG from the game's own table renderer
    seat: int | None
    to_act: str | None
    legal: list[str]
    payments: list[tuple[str, int]]
    lines: list[str]
    actions: list[str]  # the record's actions as the engine writes them in the page's language
    refused: tuple[str, str, str] | None = None  # (move, rule id, the engine's message) for a `try`
    screen: str = ""  # the position as `yezi play` prints it (the game's own text renderer)


@lru_cache(maxsize=1)
def _records() -> dict[str, dict[str, dict[str, Any]]]:
    return tomllib.loads((resources.files("yezi.guides") / "examples.toml").read_text(encoding="utf-8"))


def example_names(game: str) -> list[str]:
    return list(_records().get(game, {}))


def _flatten(x: Any) -> list[str]:
    if isinstance(x, str):
        return [x]
    if isinstance(x, (list, tuple)):
        return [s for e in x for s in _flatten(e)]
    return []


def _settlement_lines(game: str, state: Any, lang: str) -> list[str]:
    v = state.view(None)
    if "settlement_i18n" in v:
        return _flatten(v["settlement_i18n"].get(lang))
    mod = importlib.import_module(f"yezi.render.{game}")
    extras = mod.frame_extras(state, None) if hasattr(mod, "frame_extras") else {}
    for key in ("why", "settlement"):
        if isinstance(extras.get(key), dict) and lang in extras[key]:
            return _flatten(extras[key][lang])
    if isinstance(extras.get("settlement"), dict) and lang in extras["settlement"]:
        return _flatten(extras["settlement"][lang])
    return []


def _fishing_scores(name: str, rec: dict[str, Any], lang: str) -> Example:
    """A Fishing settlement from the players' scores, by the engine's own method for the ruleset
    (what `yezi settle fishing --scores` does): seed 003 gives its examples this way."""
    from yezi.games.fishing.settlement import Standing, method_from_rules

    g = load_game("fishing", rec.get("preset"), {**rec.get("options", {}), "players": len(rec["scores"])})
    names = [g.seat_name(s, lang) for s in range(g.num_seats)]
    juns = rec.get("jun", [0] * len(rec["scores"]))
    standings = [Standing(sc, j, j == 3) for sc, j in zip(rec["scores"], juns, strict=True)]
    result = method_from_rules(g.rules, g.num_seats).settle(standings, names, lang=lang)
    lines = [f"{names[p.payer]} → {names[p.payee]} {p.amount}: {p.arithmetic}" for p in result.pairs]
    return Example(name, "fishing", rec, "", None, None, [], list(zip(names, result.payments, strict=True)), lines,
                   [f"{n}: {sc}" for n, sc in zip(names, rec["scores"], strict=True)])


@cache
def example(game: str, name: str, lang: str) -> Example:
    """Replay the named record through the engine and draw what it reached."""
    rec = _records()[game][name]
    if "scores" in rec:
        return _fishing_scores(name, rec, lang)
    g = load_game(game, rec.get("preset"), rec.get("options", {}))
    state = g.new_state(g.parse_deal(rec["deal"])) if "deal" in rec else g.start(seed=rec["seed"])
    actions: list[str] = []
    for text in rec.get("actions", []):
        code = g.parse_action(text) if not isinstance(text, int) else text
        actions.append(g.format_action(code, lang))
        state.apply(code)
    seat = rec.get("seat")
    view = state.view(seat)
    mod = importlib.import_module(f"yezi.render.{game}")
    table = mod.table_svg(view, lang, seat_names=[g.seat_name(s, lang) for s in range(g.num_seats)])
    legal: list[str] = []
    to_act = None
    if state.current_player is not None:
        to_act = g.seat_name(state.current_player, lang)
        if seat is None or state.current_player == seat:
            legal = [g.format_action(a, lang) for a in state.legal_actions()]
    pays = [(g.seat_name(s, lang), int(p)) for s, p in enumerate(state.payments())] if state.is_terminal() else []
    lines = _settlement_lines(game, state, lang) if state.is_terminal() else []
    refused = None
    if "try" in rec:  # a move the text says the engine refuses: ask the engine why
        move = g.parse_action(rec["try"])
        legal_codes = state.legal_actions()
        if move in legal_codes:
            raise ValueError(f"example {game}.{name}: {rec['try']} is legal; the guide says it is refused")
        err = state.explain_illegal(move, legal_codes)
        refused = (g.format_action(move, lang), err.rule, err.message)
    return Example(name, game, rec, table, seat, to_act, legal, pays, lines, actions, refused,
                   _screen(g, view, lang))


#: words of a deal line that are not card names, as 简体 writes them (the seats' short names, the stock)
_DEAL_WORDS_HANS = {"頭": "头", "夢": "梦", "龍": "龙"}
_CJK_WORD = re.compile(r"[\u3400-\u9fff]+")


def deal_notation(game: str, rec: dict[str, Any], lang: str) -> str:
    """The record's deal line as a reader of `lang` is shown it. Records write deals in 繁體 (what
    `parse_deal` reads); a 简体 page shows the same line with each card and seat name in 简体, so that
    no traditional character reaches a 简体 reader. English pages show the record line as notation."""
    text = str(rec.get("deal", rec.get("seed", "")))
    if lang != "zh-hans" or "deal" not in rec:
        return text
    g = load_game(game, rec.get("preset"), rec.get("options", {}))
    words = {**_DEAL_WORDS_HANS, **{g.seat_name(s, "zh-hant"): g.seat_name(s, "zh-hans") for s in range(g.num_seats)}}

    def hans(m: re.Match[str]) -> str:
        w = m.group()
        if w in words:
            return words[w]
        try:
            return face(game, w, "zh-hans").names["zh-hans"]
        except (YeziError, ValueError, KeyError):
            return w  # not a card name (骰, 官堆): written the same in both scripts

    return _CJK_WORD.sub(hans, text)


def _screen(g: Any, view: dict[str, Any], lang: str) -> str:
    """The game's terminal drawing of a view, the one `yezi play` shows (empty if it has none)."""
    pkg = type(g).__module__.rsplit(".", 1)[0]
    try:
        text = importlib.import_module(pkg + ".text")
    except ModuleNotFoundError:
        return ""
    render = getattr(text, "render", None)
    return render(g, view, lang) if render else ""
