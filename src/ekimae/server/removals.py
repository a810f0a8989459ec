"""What a process does with a game the admin changed (issue 35), whichever process the
admin's request reached (`admin_actions`) or heard of it from another (`peers`): a deleted
game is forgotten (its bots and timer stopped, its sockets closed), a hidden chat message
is taken off every open page."""

from __future__ import annotations

from ekimae.server.runners import Runner
from ekimae.server.table import Table
from ekimae.server.tables import Tables

DELETED = 4404  # the WebSocket close code of a deleted game's sockets: do not reconnect


def forget(tables: Tables, runner: Runner, game_id: str) -> Table | None:
    """Drop a deleted game from this process; its table, if it was held here."""
    table = tables.drop(game_id)
    if table is None:
        return None
    runner.cancel(table)
    if table.timer_task is not None:
        table.timer_task.cancel()
    for client in list(table.clients):
        table.clients.discard(client)
        client.shut(DELETED, "an administrator deleted this game")
    return table


def unshow(table: Table, message_id: int) -> None:
    """Tell every open page of the game to remove a hidden chat message."""
    table.send_all({"type": "chat-hidden", "id": message_id})
