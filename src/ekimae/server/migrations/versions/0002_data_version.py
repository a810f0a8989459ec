"""Games remember the data files they were created with.

Revision ID: 0002
Revises: 0001

A game is its record; the record replays exactly only with the same printed values (map,
cards, track, rules). Games created before this revision get "" (unknown).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column(
        "games", sa.Column("data_version", sa.String(16), nullable=False, server_default="")
    )


def downgrade() -> None:
    op.drop_column("games", "data_version")
