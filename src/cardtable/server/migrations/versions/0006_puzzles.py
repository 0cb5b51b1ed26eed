"""Puzzles (issue 29): each player's puzzle rating per game, their first try at each puzzle
(only a first try is rated), and each puzzle's own rating.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "puzzle_ratings",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("tried", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "puzzle_attempts",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("at_ms", sa.BigInteger, nullable=False),
    )
    op.create_table(
        "puzzle_skill",
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("tried", sa.Integer, nullable=False),
        sa.Column("solved", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    for name in ("puzzle_skill", "puzzle_attempts", "puzzle_ratings"):
        op.drop_table(name)
