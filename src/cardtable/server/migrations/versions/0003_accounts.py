"""Accounts, ratings and open data (protocol version 3): accounts with Argon2id password
hashes, their sessions, the players (credentials) that belong to an account, ratings per
game with their history, rated tables.

Existing tables, matches and players are kept: every new column is nullable or has a default
(a table is unrated, a player belongs to no account).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("name_key", sa.String(64), nullable=False),       # the name case-folded: one account per name
        sa.Column("password_hash", sa.String(200), nullable=False),  # Argon2id, never the password
        sa.Column("player_id", sa.String(32), nullable=False),       # the account's own player
        sa.Column("public_name", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_accounts_name_key", "accounts", ["name_key"], unique=True)
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),    # sha256 of the cookie's token
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account_id"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game", "mu"])
    op.create_table(
        "rating_events",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), primary_key=True),    # one update per player and match
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_rating_events_account", "rating_events", ["account_id", "game", "at_ms"])
    op.add_column("players", sa.Column("account_id", sa.String(32), nullable=True))
    op.create_index("ix_players_account", "players", ["account_id"])
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("quick", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as t:
        t.drop_column("quick")
        t.drop_column("rated")
    op.drop_index("ix_players_account", "players")
    with op.batch_alter_table("players") as p:
        p.drop_column("account_id")
    for name, index in (("rating_events", "ix_rating_events_account"), ("ratings", "ix_ratings_game"),
                        ("sessions", "ix_sessions_account"), ("accounts", "ix_accounts_name_key")):
        op.drop_index(index, name)
        op.drop_table(name)
