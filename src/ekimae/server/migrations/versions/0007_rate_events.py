"""Per-client limits counted in the database (issue 26).

Revision ID: 0007
Revises: 0006

- `rate_events`: one row per counted event (a game created from an address, a hint, a
  chat message, a turn notice) under its limit's key, at `at` (epoch seconds, the
  database's clock). With several server processes on one PostgreSQL database, each
  process counting only its own let N processes allow N times the events; the limits
  now count these rows, under a per-key advisory lock, whichever process asks.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "rate_events",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(200), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_rate_events_key_at", "rate_events", ["key", "at"])


def downgrade() -> None:
    op.drop_index("ix_rate_events_key_at", table_name="rate_events")
    op.drop_table("rate_events")
