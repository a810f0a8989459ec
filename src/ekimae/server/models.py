"""The tables: a game is its record (options, seed, seats, actions) plus per-seat tokens.

Nothing derived from the state is trusted on reload: `to_act`, `finished` and `winner` on
`games` are a summary for the lobby list, rewritten with every action; the state itself
is always rebuilt by replaying `actions`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    func,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    seats: Mapped[int] = mapped_column(Integer)
    # Decimal text: people's games have 256-bit seeds (`ekimae.seeding`).
    seed: Mapped[str] = mapped_column(String(200))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    names: Mapped[list[str]] = mapped_column(JSON)
    bots: Mapped[list[str | None]] = mapped_column(JSON)  # bot name per seat, None: a person
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    action_count: Mapped[int] = mapped_column(Integer, default=0)
    to_act: Mapped[list[int]] = mapped_column(JSON)
    finished: Mapped[bool] = mapped_column(default=False)
    winner: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # The game's data files when it was created (`Game.data_version`); "" before 0002.
    data_version: Mapped[str] = mapped_column(String(16), default="", server_default="")
    # The creator's secret for managing seats (invitations, revoking, bots); None before 0003.
    host_token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    listed: Mapped[bool] = mapped_column(default=True, server_default="1")
    # The creator chose the seed: the decks may be known to them; every seat is told.
    practice: Mapped[bool] = mapped_column(default=False, server_default="0")
    # The game a rematch created from this one (same seats, a new secret seed); None
    # until a seat asks for it (0004).
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # Bumped by every append and undo (revision 0006): writes are conditional on it, so a
    # process with a stale cache re-reads instead of writing over another's action.
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # When the admin closed it unfinished (0008): no more actions, finished without a result.
    closed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SeatToken(Base):
    __tablename__ = "seat_tokens"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token: Mapped[str] = mapped_column(String(64), unique=True)


class Invite(Base):
    """An unclaimed seat's invitation; claiming it deletes it and creates the seat's token."""

    __tablename__ = "invites"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_invites_game_seat"),)

    code: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)


class ActionRow(Base):
    """One accepted action. The (game, index) key makes a double append impossible."""

    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "key", name="uq_actions_game_key"),)

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # The client's idempotency key, if it sent one: a retry with the same key is answered
    # with this action's index instead of being applied again.
    key: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ChatRow(Base):
    """One chat message, stored with its game; `name` is the seat's name when it was sent."""

    __tablename__ = "chat"
    __table_args__ = (Index("ix_chat_game", "game_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(80))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    # Hidden by the admin (0008): kept here, never sent to a page again.
    hidden: Mapped[bool] = mapped_column(default=False, server_default=false())


class NotifyRow(Base):
    """Where a seat asked to be told that it is its turn (its own choice; shown to nobody
    else): an e-mail address and/or a webhook URL."""

    __tablename__ = "seat_notify"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    webhook: Mapped[str | None] = mapped_column(String(500), nullable=True)
    # The action count of the last turn notice sent (revision 0006): one per turn over all
    # server processes, set by a conditional update.
    notified: Mapped[int | None] = mapped_column(Integer, nullable=True)


class ResultRow(Base):
    """A finished game's places (1 = first, ties share), read once for the ratings (0005).

    `seq` orders results as the ratings first read them, so every process folds them in
    the same order; `rated` is False for games that say so (practice, solo)."""

    __tablename__ = "results"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    game: Mapped[str] = mapped_column(String(40))
    places: Mapped[list[int]] = mapped_column(JSON)
    names: Mapped[list[str]] = mapped_column(JSON)
    bots: Mapped[list[str | None]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column()


class LeaseRow(Base):
    """Which server process runs a game's bots and timer (revision 0006): `holder` until
    `expires_at` (epoch seconds, the database's clock), renewed while it runs; any
    process may take it over once it has expired (its holder died or stalled)."""

    __tablename__ = "leases"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    holder: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[float] = mapped_column(Float)


class RateEvent(Base):
    """One event counted by a per-client limit (revision 0007), shared by every server
    process on the database: `key` names the limit and the client, `at` is epoch seconds
    on the database's clock."""

    __tablename__ = "rate_events"
    __table_args__ = (Index("ix_rate_events_key_at", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    key: Mapped[str] = mapped_column(String(200))
    at: Mapped[float] = mapped_column(Float)


class AdminLogRow(Base):
    """One admin action (0008): when, who (the name given at login and the address), what
    (`close`, `delete`, `hide-chat`, `to-bot`, `login` ...), on which game, and details."""

    __tablename__ = "admin_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    who: Mapped[str] = mapped_column(String(200))
    action: Mapped[str] = mapped_column(String(40))
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    detail: Mapped[str] = mapped_column(Text, default="", server_default="")
