"""Reviews of ended matches (issue 29), kept once computed: one per table, seat, budget and
language (the summary's sentences are in the asker's language).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("worlds", sa.Integer, primary_key=True),
        sa.Column("lang", sa.String(16), primary_key=True),    # its sentences' language
        sa.Column("created_ms", sa.BigInteger, nullable=False),
        sa.Column("body", sa.Text, nullable=False),          # the review's JSON (cardtable.review)
    )


def downgrade() -> None:
    op.drop_table("reviews")
