"""The app's routes, one module per area; every handler is a plain function of the request that
finds what it needs through `yezi.server.context.context_of`."""

from __future__ import annotations

from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute

from yezi.server.routes import after_match, api_games, api_tables, learn, pages, ratings, replay, rules, sessions, ws


def all_routes() -> list[BaseRoute]:
    return [
        Route("/", pages.index),
        Route("/t/{tid}", pages.table_page),
        Route("/t/{tid}/session", sessions.open_session, methods=["POST"]),
        Route("/t/{tid}/session", sessions.my_seats, methods=["GET"]),
        Route("/t/{tid}/invite", sessions.reissue_invite, methods=["POST"]),
        Route("/t/{tid}/rematch", after_match.ask_rematch, methods=["POST"]),
        Route("/t/{tid}/again", after_match.play_again, methods=["POST"]),
        WebSocketRoute("/t/{tid}/ws", ws.ws_table),  # seat cookies (Path=/t/<id>) reach it
        # a seat's own records and replays: the same handlers as /api/tables/..., where its cookie reaches
        Route("/t/{tid}/deals/{k}/record.txt", replay.record_txt),
        Route("/t/{tid}/deals/{k}/replay", replay.table_replay),
        Route("/t/{tid}/match.zip", replay.match_zip_route),
        Route("/replay", pages.index),
        Route("/games", pages.index),  # "your games" (kept in the browser)
        Route("/rules", rules.index),
        Route("/rules/{game}", rules.guide),
        Route("/api/glossary", rules.glossary),
        Route("/learn", learn.index),
        Route("/learn/{game}", learn.game),
        Route("/api/learn/{game}/{lesson}", learn.frame, methods=["POST"]),
        Route("/leaderboard", ratings.index),
        Route("/leaderboard/{game}", ratings.game_board),
        Route("/api/leaderboard/{name}", ratings.game_board_json),
        Route("/api/me/ratings", ratings.my_ratings),
        Route("/api/health", pages.health),
        Route("/api/openapi.json", pages.openapi),
        Route("/api/schema/views", pages.view_schemas),
        Route("/api/games", api_games.games),
        Route("/api/games/{name}/resolve", api_games.resolve, methods=["POST"]),
        Route("/api/games/{name}/assets", api_games.assets),
        Route("/api/tables", api_tables.list_tables, methods=["GET"]),
        Route("/api/tables", api_tables.create_table, methods=["POST"]),
        Route("/api/tables/{tid}", api_tables.get_table),
        Route("/api/tables/{tid}/claim", api_tables.claim, methods=["POST"]),
        Route("/api/tables/{tid}/deals/{k}/record.txt", replay.record_txt),
        Route("/api/tables/{tid}/match.zip", replay.match_zip_route),
        Route("/api/tables/{tid}/deals/{k}/replay", replay.table_replay),
        Route("/api/replay", replay.upload_replay, methods=["POST"]),
        WebSocketRoute("/ws/{tid}", ws.ws_table),
        Mount("/static", app=pages.Static(directory=pages.WEB_DIR), name="static"),
    ]
