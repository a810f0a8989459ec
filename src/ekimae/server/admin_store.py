"""What the admin page reads and writes in the database (issue 35): the games, page by
page, with their last action's time; closing, deleting; every chat message, hidden ones
too, and hiding one; the admin's log. Blocking calls: the routes run them in a thread.

Each write tells the other server processes (`Store.event`) what changed, as the
store's own writes do: `seats` for a closed game (they re-read its info), `deleted`,
`chat-hidden`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from ekimae.server.models import ActionRow, AdminLogRow, ChatRow, GameRow
from ekimae.server.store import ChatMessage, GameInfo, Store, _chat, _info

Which = Literal["all", "playing", "finished", "closed"]
WHICH: tuple[Which, ...] = ("all", "playing", "finished", "closed")


@dataclass(frozen=True)
class GameLine:
    info: GameInfo
    last_action_at: str | None  # ISO time of its last stored action (None: none yet)


def _filter(which: Which) -> list[Any]:
    if which == "playing":
        return [GameRow.finished.is_(False)]
    if which == "finished":
        return [GameRow.finished.is_(True), GameRow.closed_at.is_(None)]
    if which == "closed":
        return [GameRow.closed_at.is_not(None)]
    return []


def games_page(store: Store, which: Which, offset: int, limit: int) -> tuple[list[GameLine], int]:
    """The games (newest first) from `offset`, at most `limit`, and how many there are."""
    last = (
        select(ActionRow.game_id, func.max(ActionRow.created_at).label("last_at"))
        .group_by(ActionRow.game_id)
        .subquery()
    )
    where = _filter(which)
    with Session(store.engine) as db:
        total = int(db.scalar(select(func.count()).select_from(GameRow).where(*where)) or 0)
        rows = db.execute(
            select(GameRow, last.c.last_at)
            .outerjoin(last, last.c.game_id == GameRow.id)
            .where(*where)
            .order_by(GameRow.created_at.desc(), GameRow.id)
            .offset(offset)
            .limit(limit)
        ).all()
    lines = [GameLine(_info(row), at.isoformat() if at is not None else None) for row, at in rows]
    return lines, total


def close_game(store: Store, game_id: str) -> bool:
    """Mark an unfinished game closed: finished, no result, no more actions (the revision
    moves on, so a process holding the game re-reads it). False if it is over already."""
    with Session(store.engine) as db, db.begin():
        done = db.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.finished.is_(False), GameRow.closed_at.is_(None))
            .values(finished=True, closed_at=func.now(), revision=GameRow.revision + 1)
        )
        closed = bool(done.rowcount)  # type: ignore[attr-defined]
    if closed:
        store.event(game_id, "seats")
    return closed


def delete_game(store: Store, game_id: str) -> bool:
    """Delete a game with everything of it (actions, seats, invitations, chat, settings,
    result, lease: their foreign keys cascade). False if there was no such game."""
    with Session(store.engine) as db, db.begin():
        done = db.execute(delete(GameRow).where(GameRow.id == game_id))
        deleted = bool(done.rowcount)  # type: ignore[attr-defined]
    if deleted:
        store.event(game_id, "deleted")
    return deleted


def chat_all(store: Store, game_id: str, limit: int = 500) -> list[tuple[ChatMessage, bool]]:
    """The game's last `limit` messages, oldest first, each with whether it is hidden."""
    with Session(store.engine) as db:
        rows = list(
            db.scalars(
                select(ChatRow)
                .where(ChatRow.game_id == game_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
        )
    return [(_chat(r), r.hidden) for r in reversed(rows)]


def hide_chat(store: Store, game_id: str, message_id: int) -> bool:
    """Hide one message of the game (kept in the database). False if no such message."""
    with Session(store.engine) as db, db.begin():
        done = db.execute(
            update(ChatRow)
            .where(ChatRow.id == message_id, ChatRow.game_id == game_id)
            .values(hidden=True)
        )
        found = bool(done.rowcount)  # type: ignore[attr-defined]
    if found:
        store.event(game_id, "chat-hidden", id=message_id)
    return found


def log_action(store: Store, who: str, action: str, game_id: str | None, detail: str) -> None:
    with Session(store.engine) as db, db.begin():
        db.add(
            AdminLogRow(who=who[:200], action=action[:40], game_id=game_id, detail=detail[:2000])
        )


def recent_log(store: Store, limit: int = 50) -> list[dict[str, Any]]:
    """The newest admin actions first."""
    with Session(store.engine) as db:
        rows = db.scalars(select(AdminLogRow).order_by(AdminLogRow.id.desc()).limit(limit))
        return [
            {
                "at": r.at.isoformat() if r.at else "",
                "who": r.who,
                "action": r.action,
                "game_id": r.game_id,
                "detail": r.detail,
            }
            for r in rows
        ]
