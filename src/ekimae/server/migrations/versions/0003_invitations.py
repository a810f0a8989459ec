"""Secret seeds, invitations, a host's secret, unlisted and practice games, idempotency keys.

Revision ID: 0003
Revises: 0002

- `games.seed` becomes text: people's games have 256-bit seeds (BigInteger holds 63).
- `games.host_token`: the creator's secret for managing invitations (not a seat's).
- `games.listed`, `games.practice`: unlisted games stay out of the lobby; a practice game
  let its creator choose the seed, and every seat is told so.
- `invites`: one open invitation per unclaimed seat; claiming it creates that seat's token.
- `actions.key`: an idempotency key, unique per game, so a retried action is never applied
  twice.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed",
            type_=sa.String(200),
            existing_type=sa.BigInteger(),
            postgresql_using="seed::text",
        )
        batch.add_column(sa.Column("host_token", sa.String(64), nullable=True))
        batch.add_column(sa.Column("listed", sa.Boolean(), nullable=False, server_default="1"))
        batch.add_column(sa.Column("practice", sa.Boolean(), nullable=False, server_default="0"))
    op.create_table(
        "invites",
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.UniqueConstraint("game_id", "seat", name="uq_invites_game_seat"),
    )
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("key", sa.String(64), nullable=True))
        batch.create_unique_constraint("uq_actions_game_key", ["game_id", "key"])


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_constraint("uq_actions_game_key", type_="unique")
        batch.drop_column("key")
    op.drop_table("invites")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("practice")
        batch.drop_column("listed")
        batch.drop_column("host_token")
        batch.alter_column(
            "seed",
            type_=sa.BigInteger(),
            existing_type=sa.String(200),
            postgresql_using="seed::bigint",
        )
