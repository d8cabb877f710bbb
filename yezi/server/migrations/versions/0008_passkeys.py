"""Passkeys (WebAuthn, issue 22).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02

* ``yezi_passkeys``: an account's passkeys (`yezi.server.accounts.passkey_model`): credential id,
  public key, signature counter, transports, the relying party id it was made for, a name, when it
  was made and last used.
* ``yezi_passkey_challenges``: ceremonies in progress, single-use and expiring, in the database so
  that every instance sharing it agrees.
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "yezi_passkeys",
        sa.Column("id", sa.String(1400), primary_key=True),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("rp_id", sa.String(253), nullable=False),
        sa.Column("public_key", sa.LargeBinary, nullable=False),
        sa.Column("sign_count", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("transports", sa.String(200), nullable=False, server_default=""),
        sa.Column("name", sa.String(80), nullable=False, server_default=""),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_index("ix_yezi_passkeys_user", "yezi_passkeys", ["user_id"])
    op.create_table(
        "yezi_passkey_challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenge", sa.String(64), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=True),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("rp_id", sa.String(253), nullable=False),
        sa.Column("origins", sa.Text, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_yezi_passkey_challenges_expires", "yezi_passkey_challenges", ["expires_at"])


def downgrade() -> None:
    op.drop_index("ix_yezi_passkey_challenges_expires", "yezi_passkey_challenges")
    op.drop_table("yezi_passkey_challenges")
    op.drop_index("ix_yezi_passkeys_user", "yezi_passkeys")
    op.drop_table("yezi_passkeys")
