"""The leaderboards: ``/leaderboard`` (every game) and ``/leaderboard/<game>``, and their data
(``GET /api/leaderboard/<game>``). The data is read off the loop (`board_data`, in the app's build
threads) and kept for a few seconds; the page is a pure function of that data, the reader's line
and the language, in the guides' layout (guide.css, the top bar of the rules and lessons pages).

A board lists the ranked players (at least `ratings.MIN_DEALS` rated deals) by their conservative
rating mu − 3 sigma, then the provisional ones, marked "?", then the bots' fixed ratings for
reference. "You play at the level of …" names the calibrated bot level nearest the player's mu.
"""

from __future__ import annotations

import contextlib
import re
from functools import cache
from html import escape
from typing import Any

from sqlalchemy.engine import Engine

from yezi.core.registry import game_class, load_game
from yezi.guides.html import BRAND_TITLE, HTML_LANG, topbar
from yezi.i18n import NP_, _c
from yezi.server.accounts import ratings
from yezi.sim.rating import BY_PLAYERS, family

TEXT = {
    "title": NP_("leaderboard:title", "Leaderboards"),
    "game-title": NP_("leaderboard:game-title", "{game}: leaderboard"),
    "lobby": NP_("leaderboard:lobby", "Lobby"),
    "intro": NP_("leaderboard:intro", "Ratings come from rated tables, opened by signed-in players: every finished "
                 "deal ranks its players by what the deal paid them (OpenSkill, Plackett–Luce). The rating shown is "
                 "the cautious one, μ − 3σ: it rises as the rating grows surer."),
    "min": NP_("leaderboard:min", "A player is ranked after {n} rated deals; until then the rating is provisional (?)."),
    "players": NP_("leaderboard:players", "{n} players"),
    "rank": NP_("leaderboard:rank", "#"),
    "player": NP_("leaderboard:player", "Player"),
    "rating": NP_("leaderboard:rating", "Rating"),
    "deals": NP_("leaderboard:deals", "Deals"),
    "level": NP_("leaderboard:level", "Plays like"),
    "none": NP_("leaderboard:none", "Nobody is ranked yet: open a rated table from the lobby."),
    "provisional": NP_("leaderboard:provisional", "Provisional: fewer than {n} rated deals"),
    "bots": NP_("leaderboard:bots", "Bots: fixed ratings, measured by duplicate tournaments between the levels"),
    "no-bots": NP_("leaderboard:no-bots", "The bots' ratings for this game are not measured yet."),
    "you": NP_("leaderboard:you", "Your rating: {rating} (rated deals: {deals})."),
    "you-provisional": NP_("leaderboard:you-provisional", "Your rating: {rating}? (rated deals: {deals}; ranked "
                           "after {min})."),
    "you-level": NP_("leaderboard:you-level", "You play at the level of {level}."),
    "you-none": NP_("leaderboard:you-none", "You have no rating here yet: open a rated table in the lobby."),
    "guest": NP_("leaderboard:guest", "Rated tables are for signed-in players; guests play unrated."),
    "you-mark": NP_("leaderboard:you-mark", "you"),
    "games": NP_("leaderboard:games", "Games"),
    "overview": NP_("leaderboard:overview", "The best of each game; open a game for its whole board."),
    "full": NP_("leaderboard:full", "Whole board"),
    "profile-title": NP_("leaderboard:profile-title", "Ratings"),
    "profile-line": NP_("leaderboard:profile-line", "{rating} after {deals} rated deals"),
    "profile-provisional": NP_("leaderboard:profile-provisional", "{rating}? after {deals} rated deals "
                               "(provisional until {min})"),
    "profile-level": NP_("leaderboard:profile-level", "plays at the level of {level}"),
}


def t(key: str, lang: str, **kw: Any) -> str:
    """The board's word `key` (its catalog context ``leaderboard:<key>``) in `lang`."""
    return _c(lang, f"leaderboard:{key}", TEXT[key], **kw)


@cache
def _bot_names(lang: str) -> dict[str, str]:
    from yezi.i18n.web import web_strings

    return {k.split(".", 1)[1]: v for k, v in web_strings(lang).items() if k.startswith("botNames.")}


def bot_name(level: str, lang: str) -> str:
    """A bot level as the lobby names it (the web client's strings, from the catalogs)."""
    return _bot_names(lang).get(level, level)


def esc(s: object) -> str:
    return escape(str(s), quote=True)


_CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]+")


def _mark(text: str, lang: str) -> str:
    """Escaped text; in English each run of Chinese characters marked as Chinese."""
    html = esc(text)
    return _CJK.sub(lambda m: f'<span lang="zh-Hant">{m.group(0)}</span>', html) if lang == "en" else html


# ---- data -------------------------------------------------------------------------------------

@cache
def families_of(game: str) -> list[tuple[str, int]]:
    """A game's rating families, most players first: (family, players)."""
    g = load_game(game)
    counts = [g.num_seats]
    if game in BY_PLAYERS:
        with contextlib.suppress(KeyError, TypeError, ValueError):
            counts = sorted({int(c.value) for c in g.option_table().options["players"].choices}, reverse=True)
    return [(family(game, n), n) for n in counts]


def _player(line: ratings.Line, rank: int | None) -> dict[str, Any]:
    return {"rank": rank, "user": line.user_id, "name": line.name, "rating": round(line.ordinal, 2),
            "mu": round(line.mu, 2), "sigma": round(line.sigma, 2), "deals": line.deals, "level": line.level,
            "provisional": line.provisional}


def board_data(engine: Engine, game: str, limit: int = 100) -> dict[str, Any]:
    """One game's boards as plain JSON: per family the ranked players, the provisional ones and the
    bots' fixed ratings (what the page and ``GET /api/leaderboard/<game>`` show)."""
    fams = []
    for fam, players in families_of(game):
        ranked, newer = ratings.leaderboard(engine, fam, limit)
        bots = sorted(ratings.calibration().get(fam, {}).items(), key=lambda kv: -kv[1].ordinal)
        fams.append({"family": fam, "players": players,
                     "ranked": [_player(x, i + 1) for i, x in enumerate(ranked)],
                     "provisional": [_player(x, None) for x in newer],
                     "bots": [{"level": lv, "rating": round(r.ordinal, 2), "mu": round(r.mu, 2),
                               "sigma": round(r.sigma, 2)} for lv, r in bots]})
    return {"game": game, "min_deals": ratings.MIN_DEALS, "families": fams}


# ---- the page ---------------------------------------------------------------------------------

def _head(title: str, lang: str) -> str:
    plain = re.sub(r"\s+", " ", _CJK.sub("", title)).strip() if lang == "en" else title
    return (f'<!doctype html><html lang="{HTML_LANG[lang]}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{esc(plain)} · {BRAND_TITLE[lang]}</title>"
            '<link rel="stylesheet" href="/static/guide.css"><link rel="stylesheet" href="/static/leaderboard.css">'
            '<link rel="icon" href="/static/favicon.svg"><script src="/static/who.js" defer></script></head>')


def _topbar(lang: str, path: str) -> str:
    return topbar(lang, path, f'<a href="/">{esc(t("lobby", lang))}</a>'
                              f'<a href="/leaderboard?lang={lang}">{esc(t("title", lang))}</a>')


def _games_nav(games: list[str], current: str, lang: str) -> str:
    items = "".join(
        f'<li><a href="/leaderboard/{esc(g)}?lang={lang}" id="board-{esc(g)}"'
        + (' aria-current="page"' if g == current else "") + f">{_mark(game_class(g).titles[lang], lang)}</a></li>"
        for g in games)
    return f'<nav class="boards" aria-label="{esc(t("games", lang))}"><ul>{items}</ul></nav>'


def _rows(players: list[dict[str, Any]], me: str | None, lang: str) -> str:
    out = []
    for p in players:
        mine = p["user"] == me
        mark = "?" if p["provisional"] else ""
        you = f' <span class="you">{esc(t("you-mark", lang))}</span>' if mine else ""
        level = bot_name(p["level"], lang) if p["level"] else "—"
        attrs = (' class="mine"' if mine else "") + (' data-provisional="1"' if mark else "")
        out.append(f'<tr{attrs}>'
                   f'<td class="num">{p["rank"] if p["rank"] is not None else ""}</td>'
                   f'<td class="name">{esc(p["name"])}{you}</td>'
                   f'<td class="num rating"><b>{p["rating"]:.1f}{mark}</b> '
                   f'<small class="muted">μ {p["mu"]:.1f} ± {p["sigma"]:.1f}</small></td>'
                   f'<td class="num">{p["deals"]}</td><td class="level">{esc(level)}</td></tr>')
    return "".join(out)


def _table(players: list[dict[str, Any]], me: str | None, lang: str, caption: str = "") -> str:
    cap = f'<caption>{esc(caption)}</caption>' if caption else ""
    return (f'<table class="board">{cap}<thead><tr><th class="num" scope="col">{esc(t("rank", lang))}</th>'
            f'<th scope="col">{esc(t("player", lang))}</th><th class="num" scope="col">{esc(t("rating", lang))}</th>'
            f'<th class="num" scope="col">{esc(t("deals", lang))}</th><th scope="col">{esc(t("level", lang))}</th>'
            f'</tr></thead><tbody>{_rows(players, me, lang)}</tbody></table>')


def _you(fam: dict[str, Any], mine: dict[str, Any] | None, lang: str) -> str:
    if mine is None:
        return ""
    rating = f'{mine["ordinal"]:.1f}'
    if mine["provisional"]:
        text = t("you-provisional", lang, rating=rating, deals=mine["deals"], min=ratings.MIN_DEALS)
    else:
        text = t("you", lang, rating=rating, deals=mine["deals"])
    if mine.get("level"):
        text += (" " if lang == "en" else "") + t("you-level", lang, level=bot_name(mine["level"], lang))
    return f'<p class="you-line" id="you-{esc(fam["family"])}">{esc(text)}</p>'


def _family(fam: dict[str, Any], mine: dict[str, Any] | None, me: str | None, lang: str, several: bool,
            bots: bool = True) -> str:
    head = f'<h3>{esc(t("players", lang, n=fam["players"]))}</h3>' if several else ""
    ranked = _table(fam["ranked"], me, lang) if fam["ranked"] else f'<p class="muted empty">{esc(t("none", lang))}</p>'
    newer = (_table(fam["provisional"], me, lang, t("provisional", lang, n=ratings.MIN_DEALS))
             if fam["provisional"] else "")
    if not bots:
        bot_part = ""
    elif fam["bots"]:
        bot_part = "".join(f'<tr><td class="name">{esc(bot_name(b["level"], lang))}</td>'
                       f'<td class="num rating"><b>{b["rating"]:.1f}</b> <small class="muted">μ {b["mu"]:.1f} ± '
                       f'{b["sigma"]:.1f}</small></td></tr>' for b in fam["bots"])
        bot_part = (f'<table class="board bots"><caption>{esc(t("bots", lang))}</caption><tbody>{bot_part}'
                    '</tbody></table>')
    else:
        bot_part = f'<p class="muted">{esc(t("no-bots", lang))}</p>'
    return (f'<section class="family" id="family-{esc(fam["family"])}" data-family="{esc(fam["family"])}">'
            f'{head}{_you(fam, mine, lang)}{ranked}{newer}{bot_part}</section>')


def _intro(lang: str, *more: str) -> str:
    """The board's opening sentences (spaced in English, run together in Chinese)."""
    parts = [t("intro", lang), t("min", lang, n=ratings.MIN_DEALS), *(t(k, lang) for k in more)]
    return esc((" " if lang == "en" else "").join(parts))


def page(data: dict[str, Any], games: list[str], lang: str, me: str | None, mine: list[dict[str, Any]],
         signed_in: bool) -> str:
    """The whole page for one game's boards (`board_data`); `me`/`mine`: the reader's id and
    `ratings.ratings_of_user` (empty for a guest)."""
    game = data["game"]
    title = t("game-title", lang, game=game_class(game).titles[lang])
    by_family = {r["family"]: r for r in mine}
    several = len(data["families"]) > 1
    fams = "".join(_family(f, by_family.get(f["family"]), me, lang, several) for f in data["families"])
    note = "" if signed_in else f'<p class="muted guest">{esc(t("guest", lang))}</p>'
    if signed_in and not any(f["family"] in by_family for f in data["families"]):
        note = f'<p class="muted">{esc(t("you-none", lang))}</p>'
    return (_head(title, lang) + '<body class="guide leaderboard">' + _topbar(lang, f"/leaderboard/{game}")
            + f'<main id="leaderboard" data-game="{esc(game)}"><h1>{_mark(title, lang)}</h1>'
            + _games_nav(games, game, lang)
            + f'<p class="intro">{_intro(lang)}</p>'
            + note + fams + "</main></body></html>")


def overview(boards: list[dict[str, Any]], games: list[str], lang: str, me: str | None, mine: list[dict[str, Any]],
             signed_in: bool, top: int = 5) -> str:
    """``/leaderboard``: every game's best `top` players per family, each linking to its whole board."""
    by_family = {r["family"]: r for r in mine}
    parts = []
    for data in boards:
        game = data["game"]
        several = len(data["families"]) > 1
        if any(f["ranked"] or f["family"] in by_family for f in data["families"]):
            fams = "".join(_family({**f, "ranked": f["ranked"][:top], "provisional": []},
                                   by_family.get(f["family"]), me, lang, several, bots=False)
                           for f in data["families"])
        else:  # nobody ranked in any family: one line, not one empty box per family
            fams = f'<p class="muted empty">{esc(t("none", lang))}</p>'
        parts.append(f'<section class="game" id="game-{esc(game)}"><h2 class="game-title">'
                     f'<a href="/leaderboard/{esc(game)}?lang={lang}">{_mark(game_class(game).titles[lang], lang)}</a>'
                     f'</h2>{fams}<p><a href="/leaderboard/{esc(game)}?lang={lang}" class="full">'
                     f'{esc(t("full", lang))}</a></p></section>')
    note = "" if signed_in else f'<p class="muted guest">{esc(t("guest", lang))}</p>'
    title = t("title", lang)
    return (_head(title, lang) + '<body class="guide leaderboard">' + _topbar(lang, "/leaderboard")
            + f'<main id="leaderboard" class="overview"><h1>{esc(title)}</h1>' + _games_nav(games, "", lang)
            + f'<p class="intro">{_intro(lang, "overview")}</p>' + note + "".join(parts) + "</main></body></html>")


def profile_block(lines: list[dict[str, Any]], titles: dict[str, str], lang: str) -> str:
    """A player's ratings on their profile (`ratings.ratings_of_user`): per family its game (and its
    players where the game has several families), the rating, the deals, the nearest bot level."""
    if not lines:
        return ""
    items = []
    for r in lines:
        fams = families_of(r["game"])
        players = next((n for f, n in fams if f == r["family"]), None)
        game = titles.get(r["game"], r["game"]) + (f' · {t("players", lang, n=players)}' if len(fams) > 1 else "")
        key = "profile-provisional" if r["provisional"] else "profile-line"
        text = t(key, lang, rating=f'{r["ordinal"]:.1f}', deals=r["deals"], min=ratings.MIN_DEALS)
        if r.get("level"):
            text += ("; " if lang == "en" else "；") + t("profile-level", lang, level=bot_name(r["level"], lang))
        items.append(f'<li data-family="{esc(r["family"])}"><a href="/leaderboard/{esc(r["game"])}?lang={lang}">'
                     f'{_mark(game, lang)}</a>{": " if lang == "en" else "："}{esc(text)}</li>')
    return (f'<section class="panel" id="ratings"><h2>{esc(t("profile-title", lang))}</h2>'
            f'<ul class="profile-ratings">{"".join(items)}</ul></section>')
