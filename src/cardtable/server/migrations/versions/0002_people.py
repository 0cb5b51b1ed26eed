"""People, hosts and seats (protocol version 2): players, the host of a table, whose seat a
seat is, listed/private tables, hints, tables whose cards are known, abandoned tables.

Existing tables and matches are kept as they are: every new column is nullable or has a
default (listed, not known, not abandoned; ``hints`` NULL means the default of the seats).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("secret_hash", sa.String(64), nullable=False),   # sha256 of the secret, never the secret
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("client_addr", sa.String(64), nullable=True),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_players_secret", "players", ["secret_hash"], unique=True)
    # plain ADD COLUMN on both databases (SQLite has it): batch mode would copy ``tables``
    # and drop the original, which the seats' and moves' foreign keys refuse
    op.add_column("tables", sa.Column("host_player", sa.String(32), nullable=True))
    op.add_column("tables", sa.Column("listed", sa.Boolean, nullable=False, server_default=sa.true()))
    op.add_column("tables", sa.Column("hints", sa.Boolean, nullable=True))
    op.add_column("tables", sa.Column("known_deal", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("tables", sa.Column("abandoned", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_tables_host", "tables", ["host_player", "status"])
    op.add_column("seats", sa.Column("player_id", sa.String(32), nullable=True))
    op.add_column("seats", sa.Column("person_name", sa.String(64), nullable=True))
    op.create_index("ix_seats_player", "seats", ["player_id"])


def downgrade() -> None:
    # (SQLite: batch mode copies the tables; run it with foreign keys off)
    op.drop_index("ix_seats_player", "seats")
    with op.batch_alter_table("seats") as s:
        s.drop_column("person_name")
        s.drop_column("player_id")
    op.drop_index("ix_tables_host", "tables")
    with op.batch_alter_table("tables") as t:
        for col in ("abandoned", "known_deal", "hints", "listed", "host_player"):
            t.drop_column(col)
    op.drop_index("ix_players_secret", "players")
    op.drop_table("players")
