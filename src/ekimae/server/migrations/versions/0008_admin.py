"""The admin page (issue 35): hidden chat messages, closed games, the admin's log.

Revision ID: 0008
Revises: 0007

- `chat.hidden`: a message the admin hid; kept in the database, never sent to a page.
- `games.closed_at`: when the admin closed an unfinished game (it takes no more actions
  and counts as finished, without a result); None for every other game.
- `admin_log`: every admin action — when, who (the name given at login and the client's
  address), what, on which game — besides the log line `ekimae.admin` writes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("chat") as batch:
        batch.add_column(
            sa.Column("hidden", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("closed_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "admin_log",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("who", sa.String(200), nullable=False),
        sa.Column("action", sa.String(40), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("detail", sa.Text(), nullable=False, server_default=""),
    )


def downgrade() -> None:
    op.drop_table("admin_log")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("closed_at")
    with op.batch_alter_table("chat") as batch:
        batch.drop_column("hidden")
