"""The yezi web app: HTTP + WebSocket tables served from the engines, persisted as event logs.

`yezi.server.app.create_app` builds the ASGI app; `yezi.cli.serve` runs it with uvicorn.

Pieces
------
* `catalog`: which games are served (every engine that loads), their presets, options, bots.
* `db`: SQLAlchemy Core tables (yezi_tables, yezi_players, yezi_deals, yezi_events) and the
  `Store`; the schema is made and upgraded by Alembic (`migrations/`, run at start-up).
* `tables`: `LiveTable` (a match of deals, its connections, its bots) and `TableManager`.
* `app`: assembles the app; `context`: what handlers share (settings, store, tables);
  `routes/*`: the handlers (pages, api_games, api_tables, replay, ws); `http_util`: errors, bodies, headers.
* `schemas`: the declared shape of every HTTP body and WebSocket message (pydantic, strict types,
  no unknown fields, strict JSON: no lone surrogates, no NaN, nesting at most 32); `openapi`: the
  HTTP API as OpenAPI 3.1, generated from them and served at ``GET /api/openapi.json``; beside it
  ``GET /api/schema/views``: the JSON Schema of each game's views (`yezi.core.views`), the ``view``
  of every state frame.
* `workers`: thinking off the event loop: bot moves, hints and replays run in worker processes
  (`jobs`), tables with people first, all-bot tables in a lane of their own at lower CPU priority;
  `budget`: CPU budgets per table, client and server; `replays`: a record's frames, built in a
  worker; `clients`: the key per-client limits are kept under.
* `origin`: cross-origin POSTs and WebSocket handshakes are refused with 403 ``bad-origin``
  (``YEZI_ALLOWED_ORIGINS=https://a.example,https://b.example`` lists other origins allowed).

Adding a game
-------------
Nothing here names a game. A game is served once `yezi.core.registry` can load it; it looks right
once it has `yezi/render/<name>.py` (pure SVG: ``assets(lang)``, ``table_svg(view, lang,
seat_names)``, optionally ``frame_extras(state, seat)`` with seat-private explanations derived from
that seat's knowledge only, and ``seat_explanations(state, seat)`` for dear ones, sent on an
``explain`` request) and `yezi/web/games/<name>.js` exporting
``async render(root, frame, ctx)``. Without the JS module the generic client shows the Python
drawing and the legal actions as buttons.

Seats and links (`seats`)
-------------------------
A human seat is ``open`` (anyone may claim it from the lobby) or ``invite`` (only its own secret link
``/t/<table>#seat=<token>`` takes it; the host may re-issue it, ``POST /t/<table>/invite``). The page
exchanges a link's secret for an HttpOnly, SameSite=Strict cookie of ``Path=/t/<table>``
(``POST /t/<table>/session``) and clears it from the address bar; ``/t/<table>`` alone is the watch link.
Idle tables are archived (`expiry`); per-client caps and timeouts: `clients`, `netguard`; logs: `logs`.

WebSocket protocol (``/t/<table>/ws?seat=<position>&name=<display name>&lang=<zh-hant|zh-hans|en>``)
---------------------------------------------------------------------------------------------------
The seat's cookie authenticates; programs use ``/ws/<table>`` with ``Authorization: Bearer <token>``.
A ``?token=`` in the address is refused (``token-in-url``): it would be written to logs.
No token: a spectator. Client messages are JSON objects of at most 4 KiB, at most 10 a second
(burst 20), with exactly the fields below (``id``: a string of 1 to 64 characters, optional on every
message) and their JSON types (``true`` is not a number, ``"false"`` not a boolean):

* ``{"type": "action", "action": <code or notation>, "id": <unique string>, "seq": <moves so far>}``
* ``{"type": "next_deal", "id": ...}`` once a deal of a match is over;
* ``{"type": "lang", "lang": "en"}`` (the language of the log lines; answered with a state frame);
* ``{"type": "name", "name": ...}`` (a seat holder's display name);
* ``{"type": "hint", "id": ..., "level": "easy|normal|strong"}`` on the seat's own turn, at tables
  opened with ``"hints": true`` (the default): answered by a ``hint`` frame;
* ``{"type": "why", "id": ..., "actions": [<code>, ...]}`` (1 to 64 codes) on the seat's own turn: why
  each is refused now, answered by a ``why`` frame;
* ``{"type": "sync"}`` (resend the state) and ``{"type": "ping", "id": ...}``.

Server frames:

* ``state``: ``view`` (= the engine's ``view(seat)``; spectators ``view(None)``), ``seq``,
  ``deal_no``, ``seat`` and ``position``, ``legal`` and ``labels`` (only to the seat to act),
  ``log`` in the connection's language (as that seat saw it; once the deal is over, with what the
  engine then reveals), ``table`` (players, connection state; ``playing_as`` of a bot rationed to a
  cheaper level while the server is busy, and the table's ``notice`` saying so in every language),
  ``table.match`` (where the match stands: ``unit``, ``count``, ``round``; once it is over, ``settle``:
  each position's total and who pays whom in the fewest transfers), ``totals``, ``deal_over``/
  ``match_over``, ``payments`` once over (what the deal books), ``extras`` from the render module;
* ``ack``: ``id``, ``seq`` — sent only after the action is committed to the event log;
* ``hint``: ``id``, ``deal_no`` and ``seq`` of the decision it answers, and ``hint``: either
  ``kind: "advice"`` (the game's own advisor, e.g. Luk Fu's 做 / 唔做 numbers) or ``kind: "search"``
  (the search bot's move, its expected payment with a 95% half-width, the alternatives), both with
  ``action`` (the move suggested), ``line`` and ``risk`` in the player's words (each compared choice's
  outcomes, no ±), ``details`` (the statistics) and ``summary`` (line and risk) in the connection's language;
* ``why``: ``id``, ``deal_no``, ``seq`` and ``refusals``: ``{code: {rule, rule_text, message} | null}`` (null:
  legal), worked out in a worker on a world drawn from the seat's view;
* ``error``: ``code`` (bad-json, bad-message, bad-action, illegal (+``rule``), not-your-turn,
  stale, duplicate-id, bad-id, too-large, rate-limited, spectator, deal-over, ...) and ``message``.
  The state is unchanged and the connection stays open.

HTTP JSON bodies go with ``Content-Type: application/json`` (else 415); a body that breaks its
schema gets 400 with ``error`` (a stable code) and ``message`` (the field and what is wrong).
"""
