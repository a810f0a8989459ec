"""The admin's actions on games (issue 35), each logged twice: a line on the `ekimae.admin`
logger (the server's log, JSON with `--log-format json`) and a row of `admin_log` (shown
on the admin page), both with who, what and on which game; the row has the database's time.

Closing follows the way a game already stops taking actions for a graceful stop: the
table's gate refuses every action from then on (`tables.TableGate`, 409 `closed`), and the
database refuses one in flight (`Store.append_action` writes only to an open game). The
game counts as finished, with no result (the ratings skip it); its record is kept, so
its pages still show where it stood.
"""

from __future__ import annotations

import asyncio
import logging

from ekimae.server import admin_store
from ekimae.server.admin_auth import Admin
from ekimae.server.errors import RefusedError, not_found
from ekimae.server.hub import Hub
from ekimae.server.ladders import check_bot
from ekimae.server.removals import forget, unshow

log = logging.getLogger("ekimae.admin")


async def record(hub: Hub, admin: Admin, action: str, game_id: str | None, detail: str) -> None:
    """Log one admin action: the server's log and the `admin_log` table."""
    log.warning(
        "admin %s: %s%s%s",
        admin.who,
        action,
        f" game {game_id}" if game_id else "",
        f" ({detail})" if detail else "",
    )
    await asyncio.to_thread(admin_store.log_action, hub.store, admin.who, action, game_id, detail)


async def close(hub: Hub, admin: Admin, game_id: str) -> None:
    """Close an unfinished game: no more actions; every page is pushed that it is closed."""
    table = await hub.table(game_id)
    async with table.lock:  # after any write in flight: it lands first, or never
        closed = await asyncio.to_thread(admin_store.close_game, hub.store, game_id)
    if not closed:
        raise RefusedError("refused", f"game {game_id} is over already", status=409)
    hub.runner.cancel(table)
    await table.seats_changed()  # re-reads the game's info (closed) and pushes every page
    await record(hub, admin, "close", game_id, f"after {len(table.record.actions)} actions")


async def delete(hub: Hub, admin: Admin, game_id: str) -> None:
    """Delete a game, its record and its chat; its pages are disconnected."""
    table = await hub.tables.get(game_id) if len(game_id) <= 32 else None
    if table is not None:
        async with table.lock:
            deleted = await asyncio.to_thread(admin_store.delete_game, hub.store, game_id)
    else:  # not loadable (an older engine's record): deleted from the database alone
        deleted = await asyncio.to_thread(admin_store.delete_game, hub.store, game_id)
    if not deleted:
        raise not_found(game_id)
    forget(hub.tables, hub.runner, game_id)
    detail = "" if table is None else f"{table.game.name}, {len(table.record.actions)} actions"
    await record(hub, admin, "delete", game_id, detail)


async def hide_chat(hub: Hub, admin: Admin, game_id: str, message_id: int) -> None:
    """Hide a chat message: kept in the database, taken off every page, never sent again."""
    found = await asyncio.to_thread(admin_store.hide_chat, hub.store, game_id, message_id)
    if not found:
        raise RefusedError("not-found", f"no message {message_id} in game {game_id}", status=404)
    table = hub.tables.held.get(game_id)
    if table is not None:
        unshow(table, message_id)
    await record(hub, admin, "hide-chat", game_id, f"message {message_id}")


async def to_bot(hub: Hub, admin: Admin, game_id: str, seat: int, bot: str) -> None:
    """Hand a person's seat (a silent one) to a bot, as its host can."""
    table = await hub.table(game_id)
    if not 0 <= seat < len(table.info.names):
        raise RefusedError("malformed", f"no seat {seat + 1} in this game")
    try:
        check_bot(table.game.name, bot)
    except ValueError as exc:
        raise RefusedError("malformed", str(exc)) from None
    await hub.replace_with_bot(game_id, seat, bot)
    await record(hub, admin, "to-bot", game_id, f"seat {seat + 1} to {bot}")
