"""The passkeys' tables (SQLAlchemy Core on the app's one `metadata`; created by migration 0008).

A credential row is a passkey: the public key an authenticator made for this site (its relying
party id, kept so a key made under one name is never checked under another), the signature counter
it last reported, and what its owner sees on the account page (a name such as "Chrome · Linux",
when it was made and last used). A challenge row is one ceremony in progress: it lives a few
minutes and is deleted by the request that uses it, so it works once, on whichever instance of a
cluster sharing PostgreSQL that request reaches.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Float, Index, LargeBinary, String, Table, Text

from yezi.server.db import metadata

passkeys_t = Table(
    "yezi_passkeys", metadata,
    Column("id", String(1400), primary_key=True),  # the credential id, base64url (at most 1023 bytes)
    Column("user_id", String(32), nullable=False),
    Column("rp_id", String(253), nullable=False),
    Column("public_key", LargeBinary, nullable=False),  # COSE_Key, as the authenticator gave it
    Column("sign_count", BigInteger, nullable=False, default=0),
    Column("transports", String(200), nullable=False, default=""),  # comma-separated hints (usb, internal…)
    Column("name", String(80), nullable=False, default=""),
    Column("created_at", Float, nullable=False),
    Column("last_used", Float, nullable=True),
    Index("ix_yezi_passkeys_user", "user_id"),
)
passkey_challenges_t = Table(
    "yezi_passkey_challenges", metadata,
    Column("id", String(32), primary_key=True),  # the ceremony's handle, sent to the browser with the options
    Column("challenge", String(64), nullable=False),  # base64url of 32 random bytes
    Column("purpose", String(16), nullable=False),  # signup, add, signin
    Column("user_id", String(32), nullable=True),  # add: the signed-in user; signup: the id the account gets
    Column("name", String(40), nullable=True),  # signup: the name chosen
    Column("rp_id", String(253), nullable=False),
    Column("origins", Text, nullable=False),  # JSON list: the origins a browser's answer may name
    Column("expires_at", Float, nullable=False),
    Index("ix_yezi_passkey_challenges_expires", "expires_at"),
)
