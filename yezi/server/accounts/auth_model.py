"""The tables of password sign-in's recovery (migration 0007): recovery codes and mailed tokens.

Both keep only the SHA-256 of their secret (each is 128 random bits or more, so a fast hash is
enough: nobody guesses one to test against a leaked row). Each is single-use (`used_at`); a
mailed token also expires (`expires_at`).
"""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, String, Table

from yezi.server.db import metadata

recovery_codes_t = Table(
    "yezi_recovery_codes", metadata,
    Column("code_hash", String(64), primary_key=True),
    Column("user_id", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),  # set once: the code no longer works
    Index("ix_yezi_recovery_codes_user", "user_id"),
)
email_tokens_t = Table(
    "yezi_email_tokens", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", String(32), nullable=False),
    Column("purpose", String(16), nullable=False),  # "verify" (an address) or "recover" (the account)
    Column("email", String(254), nullable=False),  # the address it was sent to
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Column("used_at", Float, nullable=True),
    Index("ix_yezi_email_tokens_user", "user_id"),
)
