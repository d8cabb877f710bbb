"""Who is asking: the key that per-client limits and budgets are kept under."""

from __future__ import annotations

from starlette.requests import HTTPConnection


def client_key(conn: HTTPConnection) -> str:
    """The client a request or WebSocket comes from. For now its peer address; one function, so
    that a proxy-aware identification can replace it everywhere at once."""
    return conn.client.host if conn.client else "?"
