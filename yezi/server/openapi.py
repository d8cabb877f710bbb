"""The HTTP API as an OpenAPI 3.1 document, generated from the request models in
`yezi.server.schemas` (what is documented is what is enforced) and served at GET /api/openapi.json.
The fuzz tests (tests/security) drive the API from this document."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic.json_schema import models_json_schema

from yezi.core.protocol import LANGS, NOTATIONS
from yezi.core.registry import game_class
from yezi.core.views import view_schema
from yezi.server import catalog
from yezi.server.accounts import social_openapi
from yezi.server.accounts.club_schemas import MODELS as CLUB_MODELS
from yezi.server.accounts.passkey_schemas import PasskeyFinish, PasskeySignup, PasskeyStart
from yezi.server.config import Settings
from yezi.server.schemas import (
    ClaimSeat,
    CreateTable,
    CreateTournament,
    EmailAddress,
    LearnStep,
    MailedToken,
    NoFields,
    NoticePrefs,
    OpenSession,
    PushSubscription,
    QuickJoin,
    ReadNotices,
    RecordJson,
    RecoverByCode,
    ReissueInvite,
    RequestRecovery,
    ResetPassword,
    ResolveRuleset,
    SeatRequest,
    SessionId,
    SignIn,
    SignUp,
    TalkPost,
    TalkReport,
)

REF = "#/components/schemas/{model}"
JSON_LIMITS = {"create": 16384, "resolve": 16384, "claim": 4096, "session": 4096, "invite": 4096, "learn": 8192,
               "seat": 4096, "passkey": 16384, "club": 4096, "account": 4096}
ACCOUNT_MODELS = (SignUp, SignIn, NoFields, SessionId, RecoverByCode, EmailAddress, MailedToken, RequestRecovery,
                  ResetPassword)


def _json_body(model: type, limit: int) -> dict[str, Any]:
    return {"required": True, "description": f"at most {limit} bytes; strict JSON (no NaN, no lone surrogates)",
            "content": {"application/json": {"schema": {"$ref": REF.format(model=model.__name__)}}}}


def _ok(description: str, media: str = "application/json", status: str = "200") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object"} if media == "application/json" else {"type": "string"}
    return {status: {"description": description, "content": {media: {"schema": schema}}}}


def _errors(*statuses: int) -> dict[str, Any]:
    return {str(s): {"description": "refused; nothing changed",
                     "content": {"application/json": {"schema": {"$ref": REF.format(model="Error")}}}}
            for s in statuses}


def _path(name: str, schema: dict[str, Any], description: str = "") -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": schema, "description": description}


def _query(name: str, schema: dict[str, Any], description: str = "") -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


@cache
def _document(max_record_bytes: int) -> dict[str, Any]:
    models = (CreateTable, ResolveRuleset, ClaimSeat, RecordJson, OpenSession, ReissueInvite, LearnStep, SeatRequest,
              PasskeySignup, PasskeyStart, PasskeyFinish, CreateTournament, QuickJoin, NoticePrefs, PushSubscription, ReadNotices, TalkPost, TalkReport, *social_openapi.MODELS, *CLUB_MODELS, *ACCOUNT_MODELS)
    _, defs = models_json_schema([(m, "validation") for m in models], ref_template=REF)
    schemas = defs.get("$defs", {})
    schemas["CreateTable"]["properties"]["game"]["enum"] = list(catalog.playable_games())  # checked by the manager
    schemas["Error"] = {"type": "object", "required": ["error", "message"], "properties": {
        "error": {"type": "string", "description": "a stable code, e.g. bad-json, bad-seats, bad-origin"},
        "message": {"type": "string", "description": "why, for people"}}}
    game = _path("name", {"type": "string", "enum": list(catalog.playable_games())}, "a game served here")
    tid = _path("tid", {"type": "string", "maxLength": 64}, "a table id")
    k = _path("k", {"type": "integer", "minimum": 0}, "a deal number, from 0")
    seat = _query("seat", {"type": "string", "pattern": "^(all|public|[0-9]{1,2})$"},
                  "a seat number, public or all (default)")
    own = ("what everybody saw at the deal's end (face-down plays stay face down); with ?seat=N and that seat's "
           "credential ('Authorization: Bearer <token>', or its cookie under /t/{tid}/...) what that seat saw")
    mutating = "Browsers may call it only from this server's own pages (or YEZI_ALLOWED_ORIGINS): else 403."
    paths = {
        "/api/health": {"get": {
            "summary": "liveness, event-loop lag, each background loop's state and whether the database answers",
            "description": "ok: the process answers; ready: the database answers and no background loop is failing. "
                           "loops: per loop of the server its state (running, backing-off with the error's class "
                           "and since when, stopped); the tables' bot loops and move timers as counts per kind "
                           "(no table is named). database: reachable, asked at most once a second.",
            "responses": _ok("the health report (always 200 while the process answers)")}},
        "/api/openapi.json": {"get": {"summary": "this document", "responses": _ok("the document")}},
        "/api/schema/views": {"get": {
            "summary": "JSON Schema of each game's seat views (the 'view' of every state frame and replay frame)",
            "description": "games: game name -> a JSON Schema (draft 2020-12) of its views. Every view has the keys "
                           "of the common base (game, preset, num_seats, seat, current_player, to_act, terminal, "
                           "history: the action codes as that seat saw them, null where hidden; actors: the seat "
                           "that took each) and its game's own; a key a schema does not name is not sent.",
            "responses": _ok("the schemas")}},
        "/api/schema/frames": {"get": {
            "summary": "JSON Schema of every WebSocket frame the server sends, and of a replay's frames",
            "description": "websocket: a schema (draft 2020-12) whose $defs hold one schema per frame type (state, ack, "
                           "error, pong, chat, explain, why, hint, notice), told apart by 'type'; replay: the schema "
                           "of a replay and its frames. A frame's 'view' is its game's view (/api/schema/views).",
            "responses": _ok("the schemas")}},
        "/api/games": {"get": {"summary": "games served, with presets, options and bot levels",
                               "responses": _ok("the games")}},
        "/api/games/{name}/resolve": {"post": {
            "summary": "the seats of a ruleset (preset + options)", "description": mutating, "parameters": [game],
            "requestBody": _json_body(ResolveRuleset, JSON_LIMITS["resolve"]),
            "responses": {**_ok("seat count and names"), **_errors(400, 403, 404, 415)}}},
        "/api/games/{name}/assets": {"get": {
            "summary": "drawings and action labels", "parameters": [
                game, _query("lang", {"enum": list(LANGS)}),
                _query("cards", {"enum": ["traditional", "plain"]},
                       "card faces where the game draws both: the traditional art (default) or plain text tiles"),
                _query("v", {"type": "string", "maxLength": 64},
                       "the code's version (`version` of GET /api/games): the answer is then cached for good")],
            "responses": {**_ok("assets"), **_errors(404)}}},
        "/api/glossary": {"get": {
            "summary": "the glossary of game terms (both scripts, romanisation, gloss, meaning, games)",
            "parameters": [_query("lang", {"enum": list(LANGS)})], "responses": _ok("the terms")}},
        "/api/learn/{game}/{lesson}": {"post": {
            "summary": "a tutorial lesson's frame: the lesson replayed from the learner's inputs, then one more "
                       "(the engine's answer: played, refused with its rule, or not the lesson's move)",
            "parameters": [_path("game", {"type": "string"}), _path("lesson", {"type": "string"})],
            "requestBody": _json_body(LearnStep, JSON_LIMITS["learn"]),
            "responses": {**_ok("the frame"), **_errors(400, 403, 404, 409, 415)}}},
        "/api/tables": {
            "get": {"summary": "open tables", "responses": _ok("the tables")},
            "post": {"summary": "open a table; the seat tokens are shown once", "description": mutating,
                     "requestBody": _json_body(CreateTable, JSON_LIMITS["create"]),
                     "responses": {**_ok("the table and its seat links", status="201"),
                                   **_errors(400, 403, 415, 429)}}},
        "/api/tables/{tid}": {"get": {"summary": "a table: players, deals, totals", "parameters": [tid],
                                      "responses": {**_ok("the table"), **_errors(404)}}},
        "/api/tables/{tid}/claim": {"post": {
            "summary": "take a free seat open to anyone (an invitation seat: 403 invite-only); sets the seat's "
                       "cookie", "description": mutating, "parameters": [tid],
            "requestBody": _json_body(ClaimSeat, JSON_LIMITS["claim"]),
            "responses": {**_ok("the seat token and link"), **_errors(400, 403, 404, 415, 429)}}},
        "/t/{tid}/session": {
            "get": {"summary": "the seats of this table whose cookies the caller holds", "parameters": [tid],
                    "responses": {**_ok("positions"), **_errors(404)}},
            "post": {"summary": "exchange a seat link's secret for the seat's cookie (HttpOnly, SameSite=Strict, "
                                "Path=/t/{tid})", "description": mutating, "parameters": [tid],
                     "requestBody": _json_body(OpenSession, JSON_LIMITS["session"]),
                     "responses": {**_ok("the seat's position"), **_errors(400, 403, 404, 415, 429)}}},
        "/t/{tid}/invite": {"post": {
            "summary": "the host's new invitation link for a seat (the old one stops working); the host's cookie "
                       "or 'Authorization: Bearer <host token>'", "description": mutating, "parameters": [tid],
            "requestBody": _json_body(ReissueInvite, JSON_LIMITS["invite"]),
            "responses": {**_ok("the new link"), **_errors(400, 403, 404, 409, 415)}}},
        "/t/{tid}/rematch": {"post": {
            "summary": "after the match, a player asks for (accepts) a rematch with the same seats; once every "
                       "player has, the answer names the new table and sets the cookie of the caller's seat there "
                       "(the same for every holder of the seat; the seat's cookie or 'Authorization: Bearer "
                       "<token>')", "description": mutating,
            "parameters": [tid], "requestBody": _json_body(SeatRequest, JSON_LIMITS["seat"]),
            "responses": {**_ok("who accepted, who must, the new table"), **_errors(400, 403, 404, 409, 415, 429)}}},
        "/t/{tid}/again": {"post": {
            "summary": "after the match, a player opens a new table like this one as its host (counted against "
                       "the creation caps); the answer is that of POST /api/tables", "description": mutating,
            "parameters": [tid], "requestBody": _json_body(SeatRequest, JSON_LIMITS["seat"]),
            "responses": {**_ok("the table and its seat links", status="201"),
                          **_errors(400, 403, 404, 409, 415, 429)}}},
        **{f"{base}/deals/{{k}}/record.txt": {"get": {
            "summary": "a finished deal's record: " + own,
            "parameters": [tid, k, _query("lang", {"enum": list(NOTATIONS)}), seat],
            "responses": {**_ok("the record", "text/plain"), **_errors(400, 403, 404, 409)}}}
           for base in ("/api/tables/{tid}", "/t/{tid}")},
        **{f"{base}/match.zip": {"get": {
            "summary": "a finished match to take home: every deal's record and the settle-up (who pays whom); "
                       "the records are what everybody saw, or with ?position=P and that seat's credential what "
                       "it saw", "parameters": [tid, _query("lang", {"enum": list(LANGS)}),
                                                _query("position", {"type": "integer", "minimum": 0})],
            "responses": {**_ok("a zip of the records and settle-up.txt", "application/zip"),
                          **_errors(400, 403, 404, 409)}}} for base in ("/api/tables/{tid}", "/t/{tid}")},
        **{f"{base}/deals/{{k}}/replay": {"get": {
            "summary": "a finished deal step by step: " + own, "parameters": [tid, k, seat],
            "responses": {**_ok("the frames"), **_errors(400, 403, 404, 409, 429)}}}
           for base in ("/api/tables/{tid}", "/t/{tid}")},
        "/api/leaderboard/{name}": {"get": {
            "summary": "a game's leaderboards: per rating family (Luk Fu 4 or 3 players, ...) the ranked players "
                       "(at least min_deals rated deals; by mu - 3 sigma), the provisional ones and the bots' fixed "
                       "ratings", "parameters": [game],
            "responses": _ok("the boards") | _errors(404, 429)}},
        "/api/me/ratings": {"get": {
            "summary": "whether the caller is signed in (the yezi_session cookie), and their ratings per family",
            "responses": _ok("signed_in, name, ratings") | _errors(429)}},
        "/api/replay": {"post": {
            "summary": "replay an uploaded record (text or JSON form)", "description": mutating,
            "parameters": [seat],
            "requestBody": {"required": True, "description": f"a record of at most {max_record_bytes} bytes",
                            "content": {"text/plain": {"schema": {"type": "string", "maxLength": max_record_bytes}},
                                        "application/json": {"schema": {"$ref": REF.format(model="RecordJson")}}}},
            "responses": {**_ok("the frames"), **_errors(400, 403, 413, 429)}}},
        **_passkey_paths(mutating),
        **_club_paths(mutating),
        **_tournament_paths(mutating),
        **_talk_paths(mutating),
        **_quick_paths(mutating),
        **_notice_paths(mutating),
    }
    paths.update(social_openapi.paths(_ok, _errors, _json_body, _path))
    paths.update(_account_paths(tid, mutating))
    for ops in paths.values():  # any request may meet a database out of reach (yezi.server.http_util.db_unavailable)
        for op in ops.values():
            if op["summary"].startswith("liveness"):
                continue
            op["responses"]["503"] = {
                "description": "not served just now; nothing changed (db-unavailable: the database is out of "
                               "reach, try again after Retry-After seconds; full: the server holds all the tables it may)",
                "headers": {"Retry-After": {"schema": {"type": "integer"}, "description": "seconds (db-unavailable)"}},
                "content": {"application/json": {"schema": {"$ref": REF.format(model="Error")}}}}
    return {"openapi": "3.1.0",
            "info": {"title": "yezi", "version": "1",
                     "description": "Lobby, tables and replays of yezi. Live play is over the WebSocket "
                                    "/t/{tid}/ws?seat=<position> (the seat's cookie) or /ws/{tid} (spectators; "
                                    "programs send 'Authorization: Bearer <token>'); see yezi.server's docstring."},
            "paths": paths, "components": {"schemas": schemas}}


def _passkey_paths(mutating: str) -> dict[str, Any]:
    """Passkeys (WebAuthn; yezi.server.routes.passkeys): each ceremony's options, then its answer."""
    limit = JSON_LIMITS["passkey"]
    ceremony = ("answers {{ceremony, options}}: pass options (base64url binary fields) to navigator.credentials.{op}, "
                "then send its answer with the ceremony's handle to {verify} within 5 minutes (once). Counted "
                "against the address's per-minute limit. " + mutating)
    finish = ("the browser's answer to the options of {options}; the challenge works once. " + mutating)
    paths: dict[str, Any] = {}
    for kind, model, what, op in (("signup", PasskeySignup, "a new account's passkey (the account is made when it "
                                   "checks out)", "create"),
                                  ("add", PasskeyStart, "another passkey for the signed-in account", "create"),
                                  ("signin", PasskeyStart, "a sign-in naming no account (a discoverable passkey)",
                                   "get")):
        base = f"/api/passkeys/{kind}"
        paths[base + "/options"] = {"post": {
            "summary": f"options for {what}",
            "description": ceremony.format(op=op, verify=base + "/verify"),
            "requestBody": _json_body(model, limit),
            "responses": {**_ok("the ceremony's handle and options"), **_errors(400, 401, 403, 409, 415, 429)}}}
        paths[base + "/verify"] = {"post": {
            "summary": {"signup": "make the account with its passkey and sign in (sets the session cookie)",
                        "add": "add the passkey to the signed-in account",
                        "signin": "sign in with a passkey (a new session; sets the session cookie)"}[kind],
            "description": finish.format(options=base + "/options"),
            "requestBody": _json_body(PasskeyFinish, limit),
            "responses": {**_ok("done"), **_errors(400, 401, 403, 409, 415, 429)}}}
    paths["/api/account/passkeys"] = {"get": {
        "summary": "the signed-in user's passkeys (names, when made and last used; no key material)",
        "responses": {**_ok("the user and the passkeys"), **_errors(401)}}}
    paths["/api/account/passkeys/{cid}"] = {"delete": {
        "summary": "remove one of the signed-in user's passkeys (never the last way into an account without "
                   "a password: 409 last-passkey)", "description": mutating,
        "parameters": [_path("cid", {"type": "string", "maxLength": 1400}, "a passkey's credential id")],
        "responses": {**_ok("removed"), **_errors(401, 403, 404, 409, 429)}}}
    return paths


def _tournament_paths(mutating: str) -> dict[str, Any]:
    """The duplicate tournaments (`yezi.server.routes.tournaments`): a change needs a signed-in user."""
    tid = _path("tid", {"type": "string", "maxLength": 64}, "a tournament id")
    signed = mutating + " Needs a signed-in user (the yezi_session cookie): else 401 not-signed-in."

    def button(summary: str) -> dict[str, Any]:
        return {"post": {"summary": summary, "description": signed, "parameters": [tid],
                         "requestBody": _json_body(NoFields, 1024),
                         "responses": {**_ok("done"), **_errors(400, 401, 403, 404, 409, 415, 429)}}}

    return {
        "/api/tournaments": {
            "get": {"summary": "the newest tournaments, those still to play first", "responses": _ok("the tournaments")},
            "post": {"summary": "a duplicate tournament: every table of a round plays the same deals", "description": signed,
                     "requestBody": _json_body(CreateTournament, 16384),
                     "responses": {**_ok("the tournament", status="201"), **_errors(400, 401, 415, 429)}}},
        "/api/tournaments/{tid}": {"get": {
            "summary": "a tournament: entrants, rounds and tables, standings by total and by the same cards at the "
                       "other tables, and every deal's comparison", "parameters": [tid],
            "responses": {**_ok("the tournament"), **_errors(404, 429)}}},
        "/api/tournaments/{tid}/enter": button("enter (after the start: from the next round)"),
        "/api/tournaments/{tid}/withdraw": button("leave from the next round"),
        "/api/tournaments/{tid}/start": button("the organiser starts it: round 1 is dealt"),
    }


def _talk_paths(mutating: str) -> dict[str, Any]:
    """A club's chat and two friends' chat (`yezi.server.routes.talk`), read by polling."""
    signed = mutating + " Needs a signed-in member (a club's) or friend: else 401 / 403."
    after = {"name": "after", "in": "query", "required": False, "description": "only the messages after this id",
             "schema": {"type": "string", "maxLength": 20}}
    out: dict[str, Any] = {}
    for base, param in (("/api/clubs/{cid}/chat", _path("cid", {"type": "string", "maxLength": 64}, "a club id")),
                        ("/api/friends/{name}/chat", _path("name", {"type": "string", "maxLength": 64}, "a friend's name"))):
        out[base] = {
            "get": {"summary": "the room's messages (its recent ones, or those after `after`)",
                    "parameters": [param, after], "responses": {**_ok("the messages"), **_errors(401, 403, 404, 429)}},
            "post": {"summary": "say something: a text or a canned phrase", "description": signed, "parameters": [param],
                     "requestBody": _json_body(TalkPost, 4096),
                     "responses": {**_ok("the message"), **_errors(400, 401, 403, 404, 415, 429)}}}
        out[base + "/report"] = {"post": {
            "summary": "report a message: a copy is kept for the operator", "description": signed, "parameters": [param],
            "requestBody": _json_body(TalkReport, 4096),
            "responses": {**_ok("reported"), **_errors(400, 401, 403, 404, 415, 429)}}}
    return out


def _quick_paths(mutating: str) -> dict[str, Any]:
    """Quick match (`yezi.server.routes.quick`): a ticket's secret is a cookie of its own address."""
    ticket = _path("ticket", {"type": "string", "maxLength": 64}, "a quick-match ticket's id")
    return {
        "/api/quick": {
            "get": {"summary": "how many wait for each game now", "responses": _ok("the counts")},
            "post": {"summary": "wait for a table of people (a guest: realtime and unrated only); the ticket's secret "
                                "comes as a cookie", "description": mutating,
                     "requestBody": _json_body(QuickJoin, 4096),
                     "responses": {**_ok("the ticket", status="201"), **_errors(400, 403, 409, 415, 429, 503)}}},
        "/api/quick/{ticket}": {
            "get": {"summary": "still waiting, or seated: the table (its seat's cookie set)", "parameters": [ticket],
                    "responses": {**_ok("the ticket's state"), **_errors(404, 409, 429)}},
            "delete": {"summary": "stop waiting", "description": mutating, "parameters": [ticket],
                       "responses": {**_ok("left"), **_errors(404)}}},
    }


def _notice_paths(mutating: str) -> dict[str, Any]:
    """Notices and Web Push (`yezi.server.routes.notices`): a signed-in user's own."""
    signed = mutating + " Needs a signed-in user (the yezi_session cookie): else 401 not-signed-in."
    lang = {"name": "lang", "in": "query", "required": False, "schema": {"type": "string", "maxLength": 8}}

    def change(summary: str, model: type) -> dict[str, Any]:
        return {"summary": summary, "description": signed, "requestBody": _json_body(model, 4096),
                "responses": {**_ok("done"), **_errors(400, 401, 415, 429)}}

    return {
        "/api/notices": {"get": {"summary": "my recent notices (newest first) and the unread count", "parameters": [lang],
                                 "responses": {**_ok("the notices"), **_errors(401, 429)}}},
        "/api/notices/read": {"post": change("mark these notices read (no ids: all of mine)", ReadNotices)},
        "/api/notices/prefs": {
            "get": {"summary": "what is pushed and mailed, the quiet hours and their time zone",
                    "responses": {**_ok("the preferences"), **_errors(401, 429)}},
            "post": change("change some of my notice preferences", NoticePrefs)},
        "/api/push/key": {"get": {"summary": "the server's VAPID public key (applicationServerKey)",
                                  "responses": {**_ok("the key"), **_errors(429)}}},
        "/api/push/subscribe": {"post": change("this browser's push subscription (an https endpoint of a public push "
                                               "service)", PushSubscription)},
        "/api/push/unsubscribe": {"post": change("forget this browser's push subscription", PushSubscription)},
    }


def _club_paths(mutating: str) -> dict[str, Any]:
    """The clubs' operations (`yezi.server.routes.clubs`): every change needs a signed-in user's
    session cookie (``yezi_session``); a private club answers its members only."""
    cid = _path("cid", {"type": "string", "maxLength": 64}, "a club id")
    tid = _path("tid", {"type": "string", "maxLength": 64}, "a table id")
    signed = mutating + " Needs a signed-in user (the yezi_session cookie): else 401 sign-in-needed."

    def change(summary: str, model: type | None = None, ok: str = "done", *statuses: int, created: bool = False,
               params: tuple[dict[str, Any], ...] = (cid,)) -> dict[str, Any]:
        op: dict[str, Any] = {"summary": summary, "description": signed, "parameters": list(params),
                              "responses": {**_ok(ok, status="201" if created else "200"),
                                            **_errors(400, 401, 403, 404, 409, 415, 429, *statuses)}}
        if model is not None:
            op["requestBody"] = _json_body(model, JSON_LIMITS["club"])
        return op

    new_club, join, answer, role, take, note = CLUB_MODELS
    return {
        "/api/clubs": {
            "get": {"summary": "my clubs (signed in) and the public clubs", "responses": _ok("the clubs")},
            "post": change("make a club; its maker is its owner", new_club, "the club", created=True, params=())},
        "/api/clubs/{cid}": {"get": {
            "summary": "a club's home: its standing table, open tables and their seats, members, recent games and "
                       "leaderboard (a private club shows a non-member its name only)",
            "parameters": [cid], "responses": {**_ok("the club"), **_errors(404)}}},
        "/api/clubs/{cid}/ledger": {"get": {
            "summary": "every finished match at the club's tables in points, the balance since the last settling "
                       "and who owes whom in the fewest transfers (members only at a private club)",
            "parameters": [cid], "responses": {**_ok("the ledger"), **_errors(403, 404)}}},
        "/api/clubs/{cid}/join": {"post": change("join by the club's invite link (its secret)", join, "the role")},
        "/api/clubs/{cid}/requests": {"post": change("ask to join; an organiser accepts", None, "asked")},
        "/api/clubs/{cid}/requests/answer": {"post": change("an organiser accepts or declines a request", answer)},
        "/api/clubs/{cid}/leave": {"post": change("leave the club (the last owner hands over first)")},
        "/api/clubs/{cid}/role": {"post": change("an owner makes a member owner, organiser or member", role)},
        "/api/clubs/{cid}/invite": {
            "post": change("an organiser's new invite link (the old one stops working)", None, "the link"),
            "delete": change("an organiser revokes the invite link")},
        "/api/clubs/{cid}/standing": {"post": {
            **change("an organiser saves the standing table: the lobby's create body", None, "the saved spec"),
            "requestBody": _json_body(CreateTable, JSON_LIMITS["create"])}},
        "/api/clubs/{cid}/open": {"post": change(
            "a member opens this week's table from the standing one: every person's seat waits for a member",
            None, "the table and its seats", 503, created=True)},
        "/api/clubs/{cid}/tables/{tid}/take": {"post": change(
            "a member takes a free seat of the club's table; sets the seat's cookie", take,
            "the seat token and link", params=(cid, tid))},
        "/api/clubs/{cid}/notes": {"post": change("an organiser's note on the ledger ('settled' starts the balance "
                                                  "again)", note, "noted", created=True)},
    }


def _account_paths(tid: dict[str, Any], mutating: str) -> dict[str, Any]:
    """Password accounts (yezi.server.routes.account): the session is the HttpOnly ``yezi_session`` cookie."""
    def post(summary: str, model: type, ok: str, *errors: int, status: str = "200", **extra: Any) -> dict[str, Any]:
        return {"post": {"summary": summary, "description": mutating, **extra,
                         "requestBody": _json_body(model, JSON_LIMITS["account"]),
                         "responses": {**_ok(ok, status=status), **_errors(400, 403, 415, *errors)}}}

    return {
        "/api/me": {"get": {"summary": "who this browser is signed in as: {user: {id, name}} or {user: null}",
                            "responses": _ok("the user or null")}},
        "/api/account": {"get": {"summary": "my account: email, recovery codes left, signed-in devices",
                                 "responses": {**_ok("the account"), **_errors(401)}}},
        "/api/account/signup": post("make an account (name and password) and sign in; the recovery codes are "
                                    "shown once", SignUp, "the user and its recovery codes", 409, 429, status="201"),
        "/api/account/signin": post("sign in with a name and password (a wrong password and an unknown name "
                                    "answer alike: 401 bad-credentials)", SignIn, "the user", 401, 429),
        "/api/account/signout": post("sign this device out", NoFields, "signed out"),
        "/api/account/sessions/revoke": post("sign one of my devices out", SessionId, "revoked", 401, 404),
        "/api/account/sessions/revoke-others": post("sign out everywhere but this device", NoFields,
                                                    "how many were signed out", 401),
        "/api/account/recovery-codes": post("a new set of recovery codes (the old ones stop working)", NoFields,
                                            "the codes, shown once", 401, 429),
        "/api/account/recover": post("a recovery code (it works once) signs in and sets a new password",
                                     RecoverByCode, "the user", 401, 429),
        "/api/account/recover/email": post("mail a recovery link to the account's verified address (the same "
                                           "answer whether or not the account exists)", RequestRecovery,
                                           "accepted", 404, 429, status="202"),
        "/api/account/recover/reset": post("a mailed recovery link's token (once, before it expires) sets a new "
                                           "password and signs in", ResetPassword, "the user", 429),
        "/api/account/email": post("my address (null: none); a verification link is mailed to it", EmailAddress,
                                   "the address, unverified", 401, 404, 429),
        "/api/account/email/verify": post("a verification link's token (once, before it expires)", MailedToken,
                                          "verified", 429),
        "/api/account/games": {"get": {"summary": "the tables whose seats I held, from any device",
                                       "responses": {**_ok("the games"), **_errors(401)}}},
        "/api/account/awaiting": {"get": {"summary": "the games awaiting my move (the seats my account opens), "
                                                     "the nearest deadline first",
                                          "responses": {**_ok("the games"), **_errors(401)}}},
        "/t/{tid}/account": post("the seats of this table whose cookies this browser holds become the signed-in "
                                 "user's (a guest's games carried into the account)", NoFields, "the positions",
                                 401, 404, 429, parameters=[tid]),
    }


def openapi_document(settings: Settings) -> dict[str, Any]:
    return _document(settings.max_record_bytes)


@cache
def view_schemas_document() -> dict[str, Any]:
    """The views' JSON Schemas, served beside this document at /api/schema/views (the server's
    frames carry views that the tests check against them: tests/web/helpers.py)."""
    return {"games": {name: view_schema(game_class(name)) for name in catalog.playable_games()}}
