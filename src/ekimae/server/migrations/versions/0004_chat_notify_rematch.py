"""Chat per game, turn notifications per seat, rematches.

Revision ID: 0004
Revises: 0003

- `chat`: a game's messages (seat, the seat's name then, text, time), read in `id` order.
- `seat_notify`: where a seat asked to be told it is its turn (e-mail, webhook URL).
- `games.rematch`: the game a rematch of this one created, so every seat that asks for
  it gets the same new game.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column(
            "created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False
        ),
    )
    op.create_index("ix_chat_game", "chat", ["game_id", "id"])
    op.create_table(
        "seat_notify",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("webhook", sa.String(500), nullable=True),
    )
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch")
    op.drop_table("seat_notify")
    op.drop_index("ix_chat_game", "chat")
    op.drop_table("chat")
