"""Synchronous storage of game records (SQLAlchemy 2); the hub calls it from a thread.

Every write is one transaction. `append_action` inserts the action at the index the
caller expects; the (game, index) primary key turns a second writer's attempt into
`StaleWriteError` instead of a duplicated action. With several server processes, a write
is also conditional on the game's `revision` the caller last read (bumped by every append
and undo), so a process whose cache is stale fails cleanly and re-reads.

On PostgreSQL every write that other processes' sockets must hear of (an action, an undo,
a chat message, a seat change, a rematch) also sends `pg_notify('ekimae', ...)` in its own
transaction: delivered only if it commits, and in commit order (`server.bus` listens).
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Connection,
    Engine,
    Row,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ekimae.core.actions import Action
from ekimae.core.game import Game
from ekimae.core.record import GameRecord
from ekimae.games import find_game
from ekimae.server.config import normalise_url
from ekimae.server.models import (
    ActionRow,
    ChatRow,
    GameRow,
    Invite,
    LeaseRow,
    NotifyRow,
    RateEvent,
    ResultRow,
    SeatToken,
)

MIGRATIONS = Path(__file__).parent / "migrations"
# The hot path (an action's write, a game's load and re-read, a token's seat) goes through
# SQLAlchemy Core on these tables with statements built once (issue 29: the ORM's unit of
# work was a fifth of the server's CPU per action); the rest uses the ORM.
GAMES = cast(Table, GameRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)
TOKENS = cast(Table, SeatToken.__table__)
# The advisory lock that serialises migrations of one database (any constant).
MIGRATE_LOCK = 0x656B696D  # "ekim"
# The PostgreSQL channel every server process LISTENs on (`server.bus`).
CHANNEL = "ekimae"


class StaleWriteError(Exception):
    """Another writer appended at this index first; reload and try again."""


class SeatError(Exception):
    """A seat change the store refuses: the invitation is gone, the seat is a bot's, …"""


def new_secret() -> str:
    """A seat token, host token or invitation code: 192 bits, URL-safe."""
    return secrets.token_urlsafe(24)


@dataclass(frozen=True)
class CreatedGame:
    id: str
    host_token: str
    # The creator's own seat and its token, if they sit at the table.
    host_seat: int | None
    host_seat_token: str | None
    invites: dict[int, str]  # seat -> invitation code, for every other person's seat


@dataclass(frozen=True)
class SeatStatus:
    seat: int
    name: str
    bot: str | None
    claimed: bool  # a person holds this seat's token
    invite: str | None  # the open invitation's code (unclaimed person seats only)


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
    listed: bool = True
    practice: bool = False
    rematch: str | None = None  # the game a rematch of this one created
    revision: int = 0  # bumped by every append and undo (see `Store.append_action`)
    closed: bool = False  # the admin closed it unfinished: it takes no more actions (0008)


@dataclass(frozen=True)
class ChatMessage:
    id: int
    seat: int
    name: str  # the seat's name when it was sent
    text: str
    at: str  # ISO time, the database's clock

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at,
        }


def _chat(row: ChatRow) -> ChatMessage:
    at = row.created_at.isoformat() if row.created_at else ""
    return ChatMessage(row.id, row.seat, row.name, row.text, at)


@dataclass(frozen=True)
class Discard:
    """A seat's pending sealed choice taken out of the record when the seat changes hands
    (`core.sealed`): action `index`, `seat`'s, and the game's summary without it."""

    index: int
    seat: int
    to_act: list[int]
    finished: bool
    winner: int | None
    revision: int | None = None  # as in `Store.append_action`


@dataclass(frozen=True)
class NotifySettings:
    """Where a seat asked to be told it is its turn; for that seat's eyes only."""

    email: str | None = None
    webhook: str | None = None


def _info(row: GameRow | Row[Any]) -> GameInfo:
    return GameInfo(
        row.id,
        row.game,
        row.seats,
        int(row.seed),
        dict(row.options),
        list(row.names),
        list(row.bots),
        row.action_count,
        list(row.to_act),
        row.finished,
        row.winner,
        row.created_at.isoformat() if row.created_at else "",
        row.listed,
        row.practice,
        row.rematch,
        row.revision,
        row.closed_at is not None,
    )


# The most an event may carry of an action's wire form and key, in bytes of JSON: far
# under PostgreSQL's 8000-byte limit on a notification, whatever else it holds.
CARRY_LIMIT = 2000


def carry(seat: int, wire: dict[str, Any], key: str | None) -> dict[str, Any]:
    """What an action's event carries of it (nothing if it is too big to carry)."""
    extra = {"s": seat, "a": wire, "y": key}
    return extra if len(json.dumps(extra)) <= CARRY_LIMIT else {}


def _moved(revision: bool) -> Any:
    """`UPDATE games SET <summary>, revision = revision + 1 WHERE id = :g [AND revision =
    :rev] RETURNING revision`: the write's first statement, which also locks the row."""
    # A game the admin closed takes no more actions, whatever a process's cache says.
    where = [GAMES.c.id == bindparam("g"), GAMES.c.closed_at.is_(None)]
    if revision:
        where.append(GAMES.c.revision == bindparam("rev"))
    return (
        update(GAMES)
        .where(*where)
        .values(
            action_count=bindparam("count"),
            to_act=bindparam("to_act_"),
            finished=bindparam("finished_"),
            winner=bindparam("winner_"),
            revision=GAMES.c.revision + 1,
        )
        .returning(GAMES.c.revision)
    )


_MOVE = {True: _moved(True), False: _moved(False)}
_ADD_ACTION = insert(ACTIONS).values(
    game_id=bindparam("g"),
    idx=bindparam("idx_"),
    seat=bindparam("seat_"),
    action=bindparam("action_"),
    key=bindparam("key_"),
)
_LAST_INDEX = select(func.max(ACTIONS.c.idx)).where(ACTIONS.c.game_id == bindparam("g"))
_DROP_ACTION = delete(ACTIONS).where(
    ACTIONS.c.game_id == bindparam("g"),
    ACTIONS.c.idx == bindparam("idx_"),
    ACTIONS.c.seat == bindparam("seat_"),
)
_GAME = select(GAMES).where(GAMES.c.id == bindparam("g"))
_ACTIONS_FROM = (
    select(ACTIONS.c.idx, ACTIONS.c.seat, ACTIONS.c.action, ACTIONS.c.key)
    .where(ACTIONS.c.game_id == bindparam("g"), ACTIONS.c.idx >= bindparam("start"))
    .order_by(ACTIONS.c.idx)
)
# The game's revision and the action stored at one index (None if there is none): an
# action its event did not carry (a sealed choice), read alone (`Store.action_at`).
_ACTION_AT = (
    select(GAMES.c.revision, ACTIONS.c.seat, ACTIONS.c.action, ACTIONS.c.key)
    .select_from(
        GAMES.outerjoin(
            ACTIONS, (ACTIONS.c.game_id == GAMES.c.id) & (ACTIONS.c.idx == bindparam("i"))
        )
    )
    .where(GAMES.c.id == bindparam("g"))
)
NOTIFY = cast(Table, NotifyRow.__table__)
# Seats told of the turn at action count :count, each once over every process.
_CLAIM_NOTICES = (
    update(NOTIFY)
    .where(
        NOTIFY.c.game_id == bindparam("g"),
        NOTIFY.c.seat.in_(bindparam("seats_", expanding=True)),
        NOTIFY.c.notified.is_(None) | (NOTIFY.c.notified < bindparam("count")),
    )
    .values(notified=bindparam("count"))
    .returning(NOTIFY.c.seat, NOTIFY.c.email, NOTIFY.c.webhook)
)
_TOKEN_SEAT = select(TOKENS.c.seat).where(
    TOKENS.c.game_id == bindparam("g"), TOKENS.c.token == bindparam("token_")
)


@dataclass(frozen=True)
class Loaded:
    """A game read in one transaction: its row, and its actions from index `start` on
    (all of them when `start` is 0) with their idempotency keys (key -> index)."""

    info: GameInfo
    start: int
    actions: list[tuple[int, Action]]
    keys: dict[str, int]
    data_version: str

    def record(self) -> GameRecord:
        """The whole record (only for a load from the start)."""
        assert self.start == 0
        info = self.info
        return GameRecord(
            info.game,
            info.seats,
            info.seed,
            dict(info.options),
            list(self.actions),
            list(info.names),
            self.data_version,
        )

    def appends_only(self, revision: int, count: int) -> bool:
        """Whether the game only grew since it was at (`revision`, `count` actions): every
        append bumps the revision and the count by one, an undo or a discarded sealed
        choice bumps the revision and takes one off the count, so the two grew alike if
        and only if nothing was taken out (then the actions read from `count` on are
        exactly the new ones)."""
        grew = self.info.action_count - count
        return grew >= 0 and self.info.revision - revision == grew == len(self.actions)


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
    """Bring the schema to `revision`, the newest by default (safe to run on every start).

    On SQLite a column change rebuilds the table (copy, drop, rename); with foreign keys
    enforced, dropping the old `games` would cascade to every seat token and action. So
    enforcement is off while migrating (a PRAGMA that only works outside a transaction),
    the keys are checked afterwards, and it is back on before the connection is reused.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as conn:
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        try:
            with conn.begin():
                if engine.dialect.name == "postgresql":
                    # Several processes starting at once (`serve --workers N`) migrate one
                    # at a time: the others wait here, then find the schema up to date.
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_LOCK})
                config.attributes["connection"] = conn
                command.upgrade(config, revision)
            if sqlite:
                broken = conn.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise RuntimeError(f"migration left broken foreign keys: {broken[:5]}")
        finally:
            if sqlite:
                conn.rollback()
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()


def schema_head() -> str:
    """The newest migration revision this program knows."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def _free_persons_seat(db: Session, game_id: str, seat: int) -> GameRow:
    """Delete a person's seat's token, open invitation and notification settings (in the
    caller's transaction); `SeatError` if there is no such seat or a bot plays it."""
    row = db.get(GameRow, game_id)
    if row is None or not 0 <= seat < row.seats:
        raise SeatError(f"no seat {seat + 1} in this game")
    if row.bots[seat] is not None:
        raise SeatError(f"seat {seat + 1} is a bot's, not a person's")
    db.execute(delete(SeatToken).where(SeatToken.game_id == game_id, SeatToken.seat == seat))
    db.execute(delete(Invite).where(Invite.game_id == game_id, Invite.seat == seat))
    # Whoever held the seat chose where to be told of its turns; the next holder is not them.
    db.execute(delete(NotifyRow).where(NotifyRow.game_id == game_id, NotifyRow.seat == seat))
    return row


class Store:
    """Games of every registered title: each row names its game, whose codec reads its
    actions."""

    def __init__(self, url: str, origin: str = "") -> None:
        self.engine = make_engine(url)
        migrate(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self.url = url
        self.postgres = self.engine.dialect.name == "postgresql"
        # This process's name in the events it sends (so it can skip its own) and leases.
        self.origin = origin or secrets.token_hex(6)
        self.channel = CHANNEL
        if self.postgres:
            # One channel per schema: servers of other schemas (tests) never hear these.
            with self.engine.connect() as conn:
                schema = str(conn.execute(text("SELECT current_schema()")).scalar() or "")
            safe = "".join(c for c in schema if c.isalnum() or c == "_")[:40]
            self.channel = f"{CHANNEL}_{safe}"

    def _event(self, db: Session | Connection, game_id: str, kind: str, **data: Any) -> None:
        """Tell the other server processes (PostgreSQL only; SQLite serves one process):
        sent when, and only if, the caller's transaction commits."""
        if not self.postgres:
            return
        payload = json.dumps({"g": game_id, "k": kind, "o": self.origin, **data})
        db.execute(
            text("SELECT pg_notify(:channel, :payload)"),
            {"channel": self.channel, "payload": payload},
        )

    def event(self, game_id: str, kind: str, **data: Any) -> None:
        """An event in a transaction of its own (a change made without a write here)."""
        with self._session.begin() as db:
            self._event(db, game_id, kind, **data)

    def _now(self, db: Session) -> float:
        """Seconds since the epoch on the database's clock (PostgreSQL), so that processes
        on several machines agree on when a lease expires; this machine's for SQLite."""
        if self.postgres:
            return float(db.scalar(text("SELECT extract(epoch from clock_timestamp())")))
        return time.time()

    def close(self) -> None:
        self.engine.dispose()

    def schema_revision(self) -> str | None:
        """The database's migration revision now (a round trip: the readiness check)."""
        with self.engine.connect() as conn:
            row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
        return None if row is None else str(row[0])

    def create(
        self,
        game: Game[Any],
        seed: int,
        options: dict[str, Any],
        names: list[str],
        bots: list[str | None],
        to_act: list[int],
        *,
        host_seat: int | None,
        listed: bool = True,
        practice: bool = False,
    ) -> CreatedGame:
        """A new game. Only the host's own seat gets a token now; every other person's
        seat gets an invitation, whose token is made for whoever claims it."""
        game_id = secrets.token_urlsafe(9)
        host_token = new_secret()
        people = [s for s, bot in enumerate(bots) if bot is None]
        seat_token = new_secret() if host_seat is not None else None
        invites = {s: new_secret() for s in people if s != host_seat}
        with self._session.begin() as db:
            db.add(
                GameRow(
                    id=game_id,
                    game=game.name,
                    seats=len(names),
                    seed=str(seed),
                    options=options,
                    names=names,
                    bots=bots,
                    action_count=0,
                    to_act=to_act,
                    finished=False,
                    winner=None,
                    data_version=game.data_version_for(options),
                    host_token=host_token,
                    listed=listed,
                    practice=practice,
                )
            )
            db.flush()
            if host_seat is not None and seat_token is not None:
                db.add(SeatToken(game_id=game_id, seat=host_seat, token=seat_token))
            db.add_all(Invite(code=c, game_id=game_id, seat=s) for s, c in invites.items())
        return CreatedGame(game_id, host_token, host_seat, seat_token, invites)

    def is_host(self, game_id: str, host_token: str) -> bool:
        with self._session() as db:
            row = db.get(GameRow, game_id)
            known = row.host_token if row is not None else None
        return known is not None and secrets.compare_digest(known, host_token)

    def seats(self, game_id: str) -> list[SeatStatus]:
        with self._session() as db:
            row = db.get(GameRow, game_id)
            if row is None:
                return []
            claimed = set(db.scalars(select(SeatToken.seat).where(SeatToken.game_id == game_id)))
            query = select(Invite.seat, Invite.code).where(Invite.game_id == game_id)
            invites = {row[0]: row[1] for row in db.execute(query)}
            return [
                SeatStatus(s, row.names[s], row.bots[s], s in claimed, invites.get(s))
                for s in range(row.seats)
            ]

    def invite(self, code: str) -> tuple[str, int] | None:
        """The (game, seat) an open invitation is for."""
        with self._session() as db:
            row = db.get(Invite, code)
            return None if row is None else (row.game_id, row.seat)

    def claim(self, code: str, name: str) -> tuple[str, int, str]:
        """Claim an invitation: (game, seat, the new token). In one transaction the
        invitation is deleted and the token created, so two claims cannot both win."""
        token = new_secret()
        try:
            with self._session.begin() as db:
                invite = db.get(Invite, code, with_for_update=True)
                if invite is None:
                    raise SeatError("this invitation was already used or withdrawn")
                game_id, seat = invite.game_id, invite.seat
                removed = db.execute(delete(Invite).where(Invite.code == code))
                if removed.rowcount != 1:  # type: ignore[attr-defined]
                    raise SeatError("this invitation was already used or withdrawn")
                db.add(SeatToken(game_id=game_id, seat=seat, token=token))
                if name:
                    row = db.get(GameRow, game_id)
                    assert row is not None  # the invite's foreign key
                    names = list(row.names)
                    names[seat] = name
                    row.names = names
                self._event(db, game_id, "seats")
        except IntegrityError:
            raise SeatError("this seat was claimed at the same moment by someone else") from None
        return game_id, seat, token

    def revoke(
        self, game_id: str, seat: int, discard: Discard | None = None
    ) -> tuple[str, int | None]:
        """Withdraw a person's seat from whoever holds it (or its invitation) and open a
        new invitation for it; returns the new code (and the game's new revision if an
        action was discarded). `discard`: the seat's pending sealed choice, taken out in
        the same transaction (nobody who takes the seat reads it)."""
        code = new_secret()
        revision = None
        with self._session.begin() as db:
            _free_persons_seat(db, game_id, seat)
            db.add(Invite(code=code, game_id=game_id, seat=seat))
            if discard is not None:
                revision = self._discard(db, game_id, discard)
            self._event(db, game_id, "seats", drop=seat)
        return code, revision

    def replace_with_bot(
        self, game_id: str, seat: int, bot: str, discard: Discard | None = None
    ) -> int | None:
        """A person's seat is played by `bot` from now on; their link stops working.
        `discard`: as in `revoke` (the bot chooses afresh; returns the new revision)."""
        revision = None
        with self._session.begin() as db:
            row = _free_persons_seat(db, game_id, seat)
            bots, names = list(row.bots), list(row.names)
            bots[seat], names[seat] = bot, f"{names[seat]} (bot: {bot})"
            row.bots, row.names = bots, names
            if discard is not None:
                revision = self._discard(db, game_id, discard)
            self._event(db, game_id, "seats", drop=seat)
        return revision

    def _discard(self, db: Session, game_id: str, discard: Discard) -> int:
        """Delete action `discard.index` (the seat's) and number the later ones down by
        one, in the caller's transaction; `StaleWriteError` (nothing written) if the game
        moved on or that action is not the seat's."""
        where = [GameRow.id == game_id]
        if discard.revision is not None:
            where.append(GameRow.revision == discard.revision)
        count = db.execute(
            update(GameRow)
            .where(*where)
            .values(
                action_count=GameRow.action_count - 1,
                to_act=discard.to_act,
                finished=discard.finished,
                winner=discard.winner,
                revision=GameRow.revision + 1,
            )
            .returning(GameRow.action_count, GameRow.revision)
        ).first()
        if count is None:
            raise StaleWriteError(f"game {game_id}: another process wrote first")
        removed = db.execute(
            delete(ActionRow).where(
                ActionRow.game_id == game_id,
                ActionRow.idx == discard.index,
                ActionRow.seat == discard.seat,
            )
        )
        if removed.rowcount != 1:  # type: ignore[attr-defined]
            raise StaleWriteError(f"game {game_id}: action {discard.index} is not the seat's")
        # Two steps, so that no two rows ever share an index (checked row by row).
        later = [ActionRow.game_id == game_id, ActionRow.idx > discard.index]
        db.execute(update(ActionRow).where(*later).values(idx=-ActionRow.idx))
        moved = [ActionRow.game_id == game_id, ActionRow.idx < 0]
        db.execute(update(ActionRow).where(*moved).values(idx=-ActionRow.idx - 1))
        self._event(db, game_id, "undo", n=int(count[0]), r=int(count[1]))
        return int(count[1])

    def info(self, game_id: str) -> GameInfo | None:
        with self._session() as db:
            row = db.get(GameRow, game_id)
            return None if row is None else _info(row)

    def list_games(self, limit: int = 100) -> list[GameInfo]:
        """The public lobby: listed games only, newest first."""
        with self._session() as db:
            rows = db.scalars(
                select(GameRow)
                .where(GameRow.listed.is_(True))
                .order_by(GameRow.created_at.desc())
                .limit(limit)
            )
            return [_info(r) for r in rows]

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
        with self.engine.connect() as conn:
            seat = conn.execute(_TOKEN_SEAT, {"g": game_id, "token_": token}).scalar()
            return None if seat is None else int(seat)

    def record(self, game_id: str) -> tuple[GameRecord, dict[str, int]] | None:
        """The game's record, actions in order (read from the database, never cached), and
        the idempotency keys its actions were sent with (key -> action index)."""
        loaded = self.load(game_id)
        return None if loaded is None else (loaded[1], loaded[2])

    def load(self, game_id: str) -> tuple[GameInfo, GameRecord, dict[str, int]] | None:
        """The game's row, record and keys read in one transaction (a consistent snapshot:
        `info.revision` is the revision of exactly these actions)."""
        loaded = self.load_from(game_id, 0)
        return None if loaded is None else (loaded.info, loaded.record(), loaded.keys)

    def load_from(self, game_id: str, start: int) -> Loaded | None:
        """The game's row and its actions from index `start` on, in one transaction: a
        game this process has cached up to `start` actions reads only what is new
        (`Loaded.appends_only` says whether that is all that changed)."""
        with self.engine.begin() as conn:
            row = conn.execute(_GAME, {"g": game_id}).first()
            if row is None:
                return None
            info = _info(row)
            rows = conn.execute(_ACTIONS_FROM, {"g": game_id, "start": start}).all()
        codec = find_game(info.game).codec
        actions = [(int(seat), codec.from_dict(action)) for _, seat, action, _ in rows]
        keys = {key: int(idx) for idx, _, _, key in rows if key is not None}
        return Loaded(info, start, actions, keys, row.data_version)

    def action_at(self, game_id: str, index: int, revision: int) -> dict[str, Any] | None:
        """Action `index` as its event would have carried it (`carry`: seat, wire form,
        key) if the game is at `revision` now, in one query; None otherwise (the game
        moved on or back since: the caller reads the game as a whole)."""
        with self.engine.connect() as conn:
            row = conn.execute(_ACTION_AT, {"g": game_id, "i": index}).first()
        if row is None or row.revision != revision or row.seat is None:
            return None
        return {"s": int(row.seat), "a": row.action, "y": row.key}

    def revisions(self, game_ids: list[str]) -> dict[str, int]:
        """The current revision of each of these games (the periodic catch-up check)."""
        if not game_ids:
            return {}
        with self.engine.connect() as conn:
            query = select(GAMES.c.id, GAMES.c.revision).where(GAMES.c.id.in_(game_ids))
            return {str(gid): int(rev) for gid, rev in conn.execute(query)}

    # ------------------------------------------------------------------- limits

    def rate_allow(self, key: str, limit: int, window: float) -> float | None:
        """Count an event under `key` if fewer than `limit` were counted in the last
        `window` seconds and return None; else the seconds until one more would be allowed
        (nothing counted). Every process asking about one key queues on an advisory lock,
        so N processes allow `limit` events, not N times as many (issue 26)."""
        key = key[:200]
        with self._session.begin() as db:
            if self.postgres:
                db.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": key})
            now = self._now(db)
            db.execute(delete(RateEvent).where(RateEvent.key == key, RateEvent.at <= now - window))
            held = db.execute(
                select(func.count(), func.min(RateEvent.at)).where(RateEvent.key == key)
            ).one()
            if held[0] >= limit:
                return max(0.0, float(held[1]) + window - now)
            db.add(RateEvent(key=key, at=now))
            return None

    def rate_forget(self, prefix: str, window: float) -> None:
        """Drop the events under keys starting with `prefix` older than `window` seconds
        (clients that stopped asking; `rate_allow` drops the rest key by key)."""
        with self._session.begin() as db:
            now = self._now(db)
            db.execute(
                delete(RateEvent).where(
                    RateEvent.key.startswith(prefix, autoescape=True),
                    RateEvent.at <= now - window,
                )
            )

    # ------------------------------------------------------------------- leases

    def take_lease(self, game_id: str, holder: str, seconds: float) -> bool:
        """Hold (or renew) the right to run `game_id`'s bots and timer for `seconds`;
        False while another holder's lease has not expired."""
        with self._session.begin() as db:
            now = self._now(db)
            row = db.get(LeaseRow, game_id, with_for_update=True)
            if row is None:
                try:
                    with db.begin_nested():
                        db.add(LeaseRow(game_id=game_id, holder=holder, expires_at=now + seconds))
                except IntegrityError:
                    return False  # taken at this very moment by another process
                return True
            if row.holder != holder and row.expires_at > now:
                return False
            row.holder, row.expires_at = holder, now + seconds
            return True

    def renew_leases(self, game_ids: list[str], holder: str, seconds: float) -> set[str]:
        """Renew, in one statement, `holder`'s leases of these games; returns the games
        whose lease it still held (one another process took over after it expired is not
        renewed: it is lost)."""
        if not game_ids:
            return set()
        with self._session.begin() as db:
            now = self._now(db)
            rows = db.execute(
                update(LeaseRow)
                .where(LeaseRow.holder == holder, LeaseRow.game_id.in_(game_ids))
                .values(expires_at=now + seconds)
                .returning(LeaseRow.game_id)
            )
            return {str(gid) for (gid,) in rows}

    def release_lease(self, game_id: str, holder: str) -> None:
        with self._session.begin() as db:
            db.execute(
                delete(LeaseRow).where(LeaseRow.game_id == game_id, LeaseRow.holder == holder)
            )

    def unleased_bot_games(self) -> list[str]:
        """Unfinished games where a bot is to act and no live lease: whose runner died."""
        with self._session() as db:
            now = self._now(db)
            rows = db.execute(
                select(GameRow.id, GameRow.bots, GameRow.to_act)
                .outerjoin(LeaseRow, LeaseRow.game_id == GameRow.id)
                .where(
                    GameRow.finished.is_(False),
                    (LeaseRow.game_id.is_(None)) | (LeaseRow.expires_at <= now),
                )
            )
            return [gid for gid, bots, to_act in rows if any(bots[s] for s in to_act)]

    def append_action(
        self,
        game_id: str,
        index: int,
        seat: int,
        action: Action,
        to_act: list[int],
        finished: bool,
        winner: int | None,
        key: str | None = None,
        revision: int | None = None,
        carried: bool = False,
    ) -> int:
        """Commit action number `index`; returns the game's new revision.

        `StaleWriteError` if that index (or that idempotency key) is already taken, or if
        the game's revision is no longer `revision` (another process wrote since the caller
        read it): nothing is written then. The conditional update comes first and locks the
        game's row, so writers of one game queue there, whichever process they are in.
        `carried`: the event names the action itself (its seat, wire form and key, what the
        row holds), so a process holding the game one revision behind applies it without
        reading (`server.carried`); the caller leaves it False for a sealed choice.
        """
        summary = {
            "g": game_id,
            "rev": revision,
            "count": index + 1,
            "to_act_": to_act,
            "finished_": finished,
            "winner_": winner,
        }
        try:
            with self.engine.begin() as conn:
                moved = conn.execute(_MOVE[revision is not None], summary).scalar()
                if moved is None:
                    raise StaleWriteError(f"game {game_id}: another process wrote first")
                wire = action.to_dict()
                row = {"g": game_id, "idx_": index, "seat_": seat, "action_": wire}
                conn.execute(_ADD_ACTION, {**row, "key_": key})
                extra = carry(seat, wire, key) if carried else {}
                self._event(conn, game_id, "action", n=index + 1, r=moved, **extra)
        except IntegrityError as exc:
            raise StaleWriteError(f"game {game_id}: action {index} already stored") from exc
        return int(moved)

    def undo_action(
        self,
        game_id: str,
        index: int,
        seat: int,
        to_act: list[int],
        finished: bool,
        winner: int | None,
        revision: int | None = None,
    ) -> int:
        """Delete action `index` if it is the game's last and `seat`'s, in one transaction;
        returns the game's new revision (`revision`: as in `append_action`).

        The checks are repeated here, not only in the hub, so that a second server process
        (or a concurrent append) can never make an undo remove someone else's action:
        `StaleWriteError` and nothing changes.
        """
        summary = {
            "g": game_id,
            "rev": revision,
            "count": index,
            "to_act_": to_act,
            "finished_": finished,
            "winner_": winner,
        }
        with self.engine.begin() as conn:
            moved = conn.execute(_MOVE[revision is not None], summary).scalar()
            if moved is None:
                raise StaleWriteError(f"game {game_id}: another process wrote first")
            last = conn.execute(_LAST_INDEX, {"g": game_id}).scalar()
            if last != index:
                raise StaleWriteError(f"game {game_id}: action {index} is not the last one")
            removed = conn.execute(_DROP_ACTION, {"g": game_id, "idx_": index, "seat_": seat})
            if removed.rowcount != 1:
                raise StaleWriteError(f"game {game_id}: action {index} is not seat {seat}'s")
            self._event(conn, game_id, "undo", n=index, r=moved)
        return int(moved)

    # ---------------------------------------------------------------- results

    def finished_without_result(self, limit: int) -> list[GameInfo]:
        """Finished games the ratings have not read yet, oldest first."""
        with self._session() as db:
            rows = db.scalars(
                select(GameRow)
                .outerjoin(ResultRow, ResultRow.game_id == GameRow.id)
                .where(
                    GameRow.finished.is_(True),
                    GameRow.closed_at.is_(None),  # closed by the admin: no result
                    ResultRow.game_id.is_(None),
                )
                .order_by(GameRow.created_at, GameRow.id)
                .limit(limit)
            )
            return [_info(r) for r in rows]

    def add_result(self, info: GameInfo, places: list[int], rated: bool) -> None:
        """Keep a finished game's places; a second writer (another process) is harmless."""
        try:
            with self._session.begin() as db:
                last = db.scalar(select(func.max(ResultRow.seq))) or 0
                db.add(
                    ResultRow(
                        game_id=info.id,
                        seq=last + 1,
                        game=info.game,
                        places=places,
                        names=info.names,
                        bots=info.bots,
                        rated=rated,
                    )
                )
        except IntegrityError:
            return  # read already (same game) or raced for the same seq: read again later

    def results(self, after: int = 0) -> list[ResultRow]:
        """Rated results after `seq`, in the order they were read."""
        with self._session() as db:
            return list(
                db.scalars(
                    select(ResultRow)
                    .where(ResultRow.seq > after, ResultRow.rated.is_(True))
                    .order_by(ResultRow.seq)
                )
            )

    # ------------------------------------------------------------------- chat

    def add_chat(self, game_id: str, seat: int, name: str, text: str) -> ChatMessage:
        """Store one message (already checked by the hub) and return it as stored."""
        with self._session.begin() as db:
            row = ChatRow(game_id=game_id, seat=seat, name=name[:80], text=text)
            db.add(row)
            db.flush()
            db.refresh(row)  # the database's id and time
            self._event(db, game_id, "chat", id=row.id)
            return _chat(row)

    def chat_message(self, game_id: str, message_id: int) -> ChatMessage | None:
        with self._session() as db:
            row = db.get(ChatRow, message_id)
            return None if row is None or row.game_id != game_id or row.hidden else _chat(row)

    def chat(self, game_id: str, limit: int = 500) -> list[ChatMessage]:
        """The game's last `limit` messages, oldest first; none the admin hid."""
        with self._session() as db:
            rows = list(
                db.scalars(
                    select(ChatRow)
                    .where(ChatRow.game_id == game_id, ChatRow.hidden.is_(False))
                    .order_by(ChatRow.id.desc())
                    .limit(limit)
                )
            )
        return [_chat(r) for r in reversed(rows)]

    # ------------------------------------------------------------------- notifications

    def notify_settings(self, game_id: str, seat: int) -> NotifySettings:
        with self._session() as db:
            row = db.get(NotifyRow, (game_id, seat))
            return NotifySettings() if row is None else NotifySettings(row.email, row.webhook)

    def set_notify(self, game_id: str, seat: int, changes: dict[str, str | None]) -> NotifySettings:
        """Change a seat's `email` and/or `webhook` (None clears one); the others stay."""
        with self._session.begin() as db:
            row = db.get(NotifyRow, (game_id, seat), with_for_update=True)
            if row is None:
                row = NotifyRow(game_id=game_id, seat=seat, email=None, webhook=None)
                db.add(row)
            if "email" in changes:
                row.email = changes["email"]
            if "webhook" in changes:
                row.webhook = changes["webhook"]
            return NotifySettings(row.email, row.webhook)

    def notify_targets(self, game_id: str, seats: list[int]) -> dict[int, NotifySettings]:
        """The seats among `seats` that asked for e-mail or a webhook."""
        with self._session() as db:
            rows = db.scalars(
                select(NotifyRow).where(NotifyRow.game_id == game_id, NotifyRow.seat.in_(seats))
            )
            return {
                r.seat: NotifySettings(r.email, r.webhook) for r in rows if r.email or r.webhook
            }

    def claim_turn_notices(
        self, game_id: str, seats: list[int], count: int
    ) -> dict[int, NotifySettings]:
        """The seats among `seats` that asked for e-mail or a webhook and were not yet told
        of the turn at action count `count`: each marked told by a conditional update, so
        that whichever server processes ask, one turn is announced once."""
        if not seats:
            return {}
        with self.engine.begin() as conn:  # one statement for every seat, through Core
            rows = conn.execute(_CLAIM_NOTICES, {"g": game_id, "seats_": seats, "count": count})
            told = sorted((int(seat), email, webhook) for seat, email, webhook in rows)
        return {
            seat: NotifySettings(email, webhook)
            for seat, email, webhook in told
            if email or webhook
        }

    def seat_token(self, game_id: str, seat: int) -> str | None:
        """A seat's token, for messages to that seat only (its e-mail, its rematch link)."""
        with self._session() as db:
            row = db.get(SeatToken, (game_id, seat))
            return None if row is None else row.token

    # ------------------------------------------------------------------- rematch

    def create_rematch(
        self, old_id: str, game: Game[Any], seed: int, to_act: list[int]
    ) -> tuple[str, bool]:
        """The game a rematch of `old_id` made: (its id, whether this call created it).

        Created once: same title, options, seat names and bots, `seed` (a new secret), the
        same host secret and listing; never practice (nobody chose the seed). Every person's
        seat whose link was held gets a fresh token (handed out by `seat_token` to whoever
        holds the old seat's token); a seat nobody held gets an invitation. Old game's
        `rematch` is set in the same transaction, by a conditional update, so two servers
        asking at once cannot both create one.
        """
        new_id = secrets.token_urlsafe(9)
        try:
            with self._session.begin() as db:
                old = db.get(GameRow, old_id, with_for_update=True)
                if old is None:
                    raise SeatError(f"no game {old_id!r}")
                if old.rematch is not None:
                    return old.rematch, False
                db.add(
                    GameRow(
                        id=new_id,
                        game=old.game,
                        seats=old.seats,
                        seed=str(seed),
                        options=dict(old.options),
                        names=list(old.names),
                        bots=list(old.bots),
                        action_count=0,
                        to_act=to_act,
                        finished=False,
                        winner=None,
                        data_version=game.data_version_for(dict(old.options)),
                        host_token=old.host_token,
                        listed=old.listed,
                        practice=False,
                    )
                )
                db.flush()
                held = set(db.scalars(select(SeatToken.seat).where(SeatToken.game_id == old_id)))
                for s, bot in enumerate(old.bots):
                    if bot is not None:
                        continue
                    if s in held:
                        db.add(SeatToken(game_id=new_id, seat=s, token=new_secret()))
                    else:
                        db.add(Invite(code=new_secret(), game_id=new_id, seat=s))
                done = db.execute(
                    update(GameRow)
                    .where(GameRow.id == old_id, GameRow.rematch.is_(None))
                    .values(rematch=new_id)
                )
                if done.rowcount != 1:  # type: ignore[attr-defined]
                    raise StaleWriteError("another server made this rematch first")
                self._event(db, old_id, "rematch", id=new_id)
        except (StaleWriteError, IntegrityError):
            info = self.info(old_id)
            if info is None or info.rematch is None:
                raise
            return info.rematch, False
        return new_id, True
