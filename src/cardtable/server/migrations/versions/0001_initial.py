"""Tables, seats and the committed move log.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("preset", sa.String(64), nullable=True),
        sa.Column("rules", sa.Text, nullable=False),           # JSON of the overrides given
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("bot_delay_ms", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("totals", sa.Text, nullable=False),          # JSON list, for summaries
        sa.Column("deadline_ms", sa.BigInteger, nullable=True),
        sa.Column("client_addr", sa.String(64), nullable=True),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_tables_created", "tables", ["created_ms"])
    op.create_index("ix_tables_deadline", "tables", ["status", "deadline_ms"])
    op.create_index("ix_tables_client", "tables", ["client_addr", "status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),       # open | person | bot
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),  # sha256 of the token, never the token
    )
    op.create_table(
        "moves",
        # (table_id, seq) is the arbiter between processes: seq N is committed once
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("deal", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("move", sa.Text, nullable=False),
        sa.Column("source", sa.String(8), nullable=False),     # person | bot | timeout
        sa.Column("at_ms", sa.BigInteger, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_table("seats")
    op.drop_table("tables")
