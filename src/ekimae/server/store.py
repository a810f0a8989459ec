"""Synchronous storage of game records (SQLAlchemy 2); the hub calls it from a thread.

Every write is one transaction. `append_action` inserts the action at the index the
caller expects; the (game, index) primary key turns a second writer's attempt into
`StaleWriteError` instead of a duplicated action.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, delete, event, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from ekimae.core.actions import Action
from ekimae.core.game import Game
from ekimae.core.record import GameRecord
from ekimae.server.config import normalise_url
from ekimae.server.models import ActionRow, GameRow, SeatToken

MIGRATIONS = Path(__file__).parent / "migrations"


class StaleWriteError(Exception):
    """Another writer appended at this index first; reload and try again."""


@dataclass(frozen=True)
class GameInfo:
    id: str
    game: str
    seats: int
    seed: int
    options: dict[str, Any]
    names: list[str]
    bots: list[str | None]
    action_count: int
    to_act: list[int]
    finished: bool
    winner: int | None
    created_at: str


def _info(row: GameRow) -> GameInfo:
    return GameInfo(
        row.id,
        row.game,
        row.seats,
        row.seed,
        dict(row.options),
        list(row.names),
        list(row.bots),
        row.action_count,
        list(row.to_act),
        row.finished,
        row.winner,
        row.created_at.isoformat() if row.created_at else "",
    )


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            # WAL: readers never wait for the writer; synchronous=FULL: a commit is on disk
            # before we broadcast it, so kill -9 loses nothing that anyone has seen.
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=5000")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to `revision`, the newest by default (safe to run on every start)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)


class Store:
    def __init__(self, url: str, game: Game[Any]) -> None:
        self.engine = make_engine(url)
        self.game = game
        migrate(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def create(
        self,
        seats: int,
        seed: int,
        options: dict[str, Any],
        names: list[str],
        bots: list[str | None],
        to_act: list[int],
    ) -> tuple[str, list[str]]:
        """A new game; returns its id and one secret token per seat."""
        game_id = secrets.token_urlsafe(9)
        tokens = [secrets.token_urlsafe(24) for _ in range(seats)]
        with self._session.begin() as db:
            db.add(
                GameRow(
                    id=game_id,
                    game=self.game.name,
                    seats=seats,
                    seed=seed,
                    options=options,
                    names=names,
                    bots=bots,
                    action_count=0,
                    to_act=to_act,
                    finished=False,
                    winner=None,
                    data_version=self.game.data_version,
                )
            )
            db.flush()
            db.add_all(SeatToken(game_id=game_id, seat=s, token=t) for s, t in enumerate(tokens))
        return game_id, tokens

    def info(self, game_id: str) -> GameInfo | None:
        with self._session() as db:
            row = db.get(GameRow, game_id)
            return None if row is None else _info(row)

    def list_games(self, limit: int = 100) -> list[GameInfo]:
        with self._session() as db:
            rows = db.scalars(select(GameRow).order_by(GameRow.created_at.desc()).limit(limit))
            return [_info(r) for r in rows]

    def unfinished(self) -> list[str]:
        with self._session() as db:
            return list(db.scalars(select(GameRow.id).where(GameRow.finished.is_(False))))

    def waiting_for_bots(self) -> list[str]:
        """Unfinished games where a bot is to act: the ones a restart must set going.

        Games waiting for people stay on disk until someone opens them, so a start does
        not replay every game ever left unfinished.
        """
        with self._session() as db:
            rows = db.execute(
                select(GameRow.id, GameRow.bots, GameRow.to_act).where(GameRow.finished.is_(False))
            )
            return [gid for gid, bots, to_act in rows if any(bots[s] for s in to_act)]

    def seat_for_token(self, game_id: str, token: str) -> int | None:
        with self._session() as db:
            row = db.scalars(
                select(SeatToken).where(SeatToken.game_id == game_id, SeatToken.token == token)
            ).first()
            return None if row is None else row.seat

    def tokens(self, game_id: str) -> list[str]:
        with self._session() as db:
            rows = db.scalars(
                select(SeatToken).where(SeatToken.game_id == game_id).order_by(SeatToken.seat)
            )
            return [r.token for r in rows]

    def record(self, game_id: str) -> GameRecord | None:
        """The game's record, actions in order (read from the database, never cached)."""
        with self._session() as db:
            row = db.get(GameRow, game_id)
            if row is None:
                return None
            actions = db.scalars(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.idx)
            )
            decoded = [(a.seat, self.game.codec.from_dict(a.action)) for a in actions]
            return GameRecord(
                row.game,
                row.seats,
                row.seed,
                dict(row.options),
                decoded,
                list(row.names),
                row.data_version,
            )

    def append_action(
        self,
        game_id: str,
        index: int,
        seat: int,
        action: Action,
        to_act: list[int],
        finished: bool,
        winner: int | None,
    ) -> None:
        """Commit action number `index`; `StaleWriteError` if that index is already taken."""
        try:
            with self._session.begin() as db:
                db.add(ActionRow(game_id=game_id, idx=index, seat=seat, action=action.to_dict()))
                db.flush()
                db.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id)
                    .values(action_count=index + 1, to_act=to_act, finished=finished, winner=winner)
                )
        except IntegrityError as exc:
            raise StaleWriteError(f"game {game_id}: action {index} already stored") from exc

    def undo_action(
        self,
        game_id: str,
        index: int,
        seat: int,
        to_act: list[int],
        finished: bool,
        winner: int | None,
    ) -> None:
        """Delete action `index` if it is the game's last and `seat`'s, in one transaction.

        The checks are repeated here, not only in the hub, so that a second server process
        (or a concurrent append) can never make an undo remove someone else's action:
        `StaleWriteError` and nothing changes.
        """
        with self._session.begin() as db:
            last = db.scalar(select(func.max(ActionRow.idx)).where(ActionRow.game_id == game_id))
            if last != index:
                raise StaleWriteError(f"game {game_id}: action {index} is not the last one")
            removed = db.execute(
                delete(ActionRow).where(
                    ActionRow.game_id == game_id, ActionRow.idx == index, ActionRow.seat == seat
                )
            )
            if removed.rowcount != 1:  # type: ignore[attr-defined]
                raise StaleWriteError(f"game {game_id}: action {index} is not seat {seat}'s")
            db.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(action_count=index, to_act=to_act, finished=finished, winner=winner)
            )
