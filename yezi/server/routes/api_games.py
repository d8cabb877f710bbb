"""GET /api/games, POST /api/games/{name}/resolve, GET /api/games/{name}/assets: what can be played."""

from __future__ import annotations

from functools import partial

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from yezi.core.errors import YeziError
from yezi.core.match import length_choices
from yezi.core.protocol import LANGS
from yezi.core.registry import load_game
from yezi.server import catalog
from yezi.server.built import IMMUTABLE, SHORT, Built, built_json, cached, code_version
from yezi.server.http_util import err, read_model
from yezi.server.schemas import ResolveRuleset
from yezi.server.tables import TableError


def _games(version: str) -> Built:
    return built_json({"games": [catalog.describe(g) for g in catalog.playable_games()], "version": version})


async def games(request: Request) -> Response:
    """The lobby's catalogue (240 kB), and `version`: what the client puts in the assets' URLs (``&v=``)."""
    version = await code_version()
    return await cached(request, ("games", version), partial(_games, version), SHORT)


async def resolve(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in catalog.playable_games():
        return err("bad-game", f"unknown game {name!r}", 404)
    try:
        body = await read_model(request, ResolveRuleset, 16384)
        game = load_game(name, body.get("preset") or None, body.get("options") or {})
    except TableError as e:
        return err(e.code, e.message)
    except (YeziError, TypeError, AttributeError) as e:
        return err("bad-options", str(e))
    return JSONResponse({
        "num_seats": game.num_seats, "active": game.active_seats(), "preset": game.rules.preset,
        "seat_names": {lang: [game.seat_name(s, lang) for s in range(game.num_seats)] for lang in LANGS},
        # the match lengths a lobby offers at this ruleset: the game's own first (the default), then N deals
        "lengths": {lang: length_choices(game, lang) for lang in LANGS},
    })


def _assets(name: str, style: str | None, lang: str) -> Built:
    """A game's drawings and action labels in one language and card style (tiengow: 1 MB, 60 ms)."""
    mod = catalog.render_module(name)
    if mod is None or not hasattr(mod, "assets"):
        data = {}
    elif style is not None:
        data = dict(mod.assets(lang, cards_style=style))
    else:
        data = dict(mod.assets(lang))
    game = load_game(name)
    data["actions"] = {str(a): game.format_action(a, lang) for a in range(game.action_space_size)}
    return built_json(data)


async def assets(request: Request) -> Response:
    """Built once per (game, card style, language); immutable under the URL that names the code's
    version (``&v=``, from GET /api/games), a minute's cache and the ETag without it."""
    name = request.path_params["name"]
    lang = request.query_params.get("lang", "zh-hant")
    if name not in catalog.playable_games() or lang not in LANGS:
        return err("bad-request", "unknown game or language", 404)
    # ?cards=plain: the plain text faces, for games whose module draws more than one style
    style = request.query_params.get("cards")
    if style not in getattr(catalog.render_module(name), "CARD_STYLES", ()):
        style = None
    version = await code_version()
    cache_control = IMMUTABLE if request.query_params.get("v") == version else SHORT
    return await cached(request, ("assets", name, style, lang), partial(_assets, name, style, lang), cache_control)
