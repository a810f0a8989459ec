"""Finished games' places, for ratings.

Revision ID: 0005
Revises: 0004

- `results`: one row per finished game once the ratings have read it: the places
  (1 = first; tied seats share a place), with the seats' names and bots as they were.
  Derived from the record (replayed once), kept so ratings need not replay every game.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "results",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer(), nullable=False, unique=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("places", sa.JSON(), nullable=False),
        sa.Column("names", sa.JSON(), nullable=False),
        sa.Column("bots", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("results")
