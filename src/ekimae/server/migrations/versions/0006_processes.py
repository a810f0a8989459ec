"""Several server processes on one database (issue 21).

Revision ID: 0006
Revises: 0005

- `games.revision`: bumped by every append and undo. A write is conditional on the
  revision its process last read, so a process whose cached state is stale (another
  process wrote meanwhile) fails cleanly, re-reads the record and retries: one game's
  actions are serialised across processes without an in-memory lock.
- `leases`: which process runs a game's bots and timer, until `expires_at` (seconds since
  the epoch on the database's clock); renewed while it runs, taken over once expired.
- `seat_notify.notified`: the action count of the last turn notice sent to that seat, set
  by a conditional update, so that one turn is announced once over all processes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("revision", sa.Integer(), nullable=False, server_default="0"))
    with op.batch_alter_table("seat_notify") as batch:
        batch.add_column(sa.Column("notified", sa.Integer(), nullable=True))
    op.create_table(
        "leases",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("holder", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("leases")
    with op.batch_alter_table("seat_notify") as batch:
        batch.drop_column("notified")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("revision")
