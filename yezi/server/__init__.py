"""The yezi web app: HTTP + WebSocket tables served from the engines, persisted as event logs.

`yezi.server.app.create_app` builds the ASGI app; `yezi.cli.serve` runs it with uvicorn.
"""
