"""Score sheets (issue 30): the scorekeeper's sheets a signed-in account keeps, each read by
anyone holding its link.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "score_sheets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("title", sa.String(120), nullable=False),
        sa.Column("deals", sa.Integer, nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("updated_ms", sa.BigInteger, nullable=False),
    )
    op.create_index("ix_score_sheets_account_id", "score_sheets", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_score_sheets_account_id", "score_sheets")
    op.drop_table("score_sheets")
