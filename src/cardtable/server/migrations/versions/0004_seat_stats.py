"""Players' statistics per game: each ended match's figures for each seat (the game's
``stats`` part summed over the match's deals), kept once so that a player's page sums rows
instead of replaying every match.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_stats",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("figures", sa.Text, nullable=False),      # JSON {figure: sum over the match's deals}
    )


def downgrade() -> None:
    op.drop_table("seat_stats")
