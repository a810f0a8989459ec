"""The per-game WebSocket: a seat's (with its token) or a spectator's (without).

The socket is sent the game on connect (with the chat so far), then every change as it is
stored; it may send `act`, `undo` and `chat` messages. Everything it is sent goes through
its client's outbox (`server.clients`), in order: a push before the `ack` of the action
that caused it. Bad input gets an error message and the socket stays open; a binary frame
is closed with 1003, an oversized one with 1009.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ekimae import i18n
from ekimae.server import metrics
from ekimae.server.clients import Client
from ekimae.server.deps import MAX_TOKEN, hub
from ekimae.server.errors import RefusedError
from ekimae.server.hub import Hub
from ekimae.server.table import Table

router = APIRouter()
log = logging.getLogger("ekimae.server")

_NOT_JSON = object()


@router.websocket("/ws/{game_id}")
async def ws_game(ws: WebSocket, game_id: str, token: str | None = None) -> None:
    found = hub(ws)
    table = await found.fresh(game_id) if len(game_id) <= 32 else None
    seat = None
    if token and table is not None and len(token) <= MAX_TOKEN:
        seat = await asyncio.to_thread(found.store.seat_for_token, game_id, token)
    if table is None or (token and seat is None):
        await ws.close(code=4403 if table else 4404)
        return
    await ws.accept()
    client = Client(seat, ws.send_text, ws.close, i18n.request_language(ws))
    metrics.SOCKETS.inc()
    try:
        await found.subscribe(table, client)
        await _serve(ws, found, table, client)
    finally:
        metrics.SOCKETS.dec()


async def _serve(ws: WebSocket, found: Hub, table: Table, client: Client) -> None:
    limit = found.limits.max_ws_message
    try:
        while True:
            message = await _receive(ws, limit)
            if isinstance(message, _Close):
                await client.stop()  # nothing more is sent: then the close
                await ws.close(code=message.code, reason=message.reason)
                return
            if client not in table.clients:  # a withdrawn link (closed by its outbox)
                return
            try:
                await _on_message(found, client, table, message)
            except WebSocketDisconnect:
                raise
            except Exception:
                # A fault of ours must not drop the socket: an error frame, logged.
                log.exception("socket message failed")
                error = {"kind": "error", "message": "the server could not handle this"}
                client.post({"type": "error", "error": error})
    except WebSocketDisconnect:
        pass
    finally:
        found.unsubscribe(table, client)
        await client.stop()


@dataclass(frozen=True)
class _Close:
    code: int
    reason: str


async def _receive(ws: WebSocket, max_size: int) -> Any:
    """The next message as JSON data, or the `_Close` it calls for.

    A binary frame is closed with 1003 and an oversized one with 1009; text that is not
    JSON is `_NOT_JSON` (an error message; the socket stays open). The game is never
    touched.
    """
    frame = await ws.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    if text is None:
        return _Close(1003, "binary frames are not accepted: send JSON text")
    if len(text) > max_size:
        return _Close(1009, f"a message may have at most {max_size} bytes")
    try:
        return json.loads(text)
    except ValueError:
        return _NOT_JSON


def _count(value: Any) -> int | None:
    """A message's action count (`expected`, `seq`), if it is a whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _error(kind: str, message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "error", **extra, "error": {"kind": kind, "message": message}}


async def _on_message(hub: Hub, client: Client, table: Table, message: Any) -> None:
    kind = message.get("type") if isinstance(message, dict) else None
    seat = client.seat
    if kind == "chat":
        await _on_chat(hub, client, table, message)
        return
    if kind not in ("act", "undo"):
        what = "not JSON" if message is _NOT_JSON else "not an act, undo or chat message"
        wanted = "expected {type: act}, {type: undo} or {type: chat}"
        client.post(_error("malformed", f"{what}: {wanted}"))
        return
    if seat is None:
        client.post(_error("forbidden", f"spectators cannot {kind}"))
        return
    expected, seq = _count(message.get("expected")), _count(message.get("seq"))
    key = message.get("key")
    key = key if isinstance(key, str) and 0 < len(key) <= 64 else None
    try:
        if kind == "undo":
            count = await table.undo(seat, expected)
            client.post({"type": "undone", "actions": count})
            return
        action = table.decode(message.get("action"))
        index = await table.act(seat, action, expected, key, seq)
    except RefusedError as exc:
        client.post({"type": "error", "error": exc.to_dict()})
        return
    client.post({"type": "ack", "index": index})


async def _on_chat(hub: Hub, client: Client, table: Table, message: dict[str, Any]) -> None:
    """`{"type": "chat", "text"}`: posted to every socket of the game as `chat`; a refusal
    is an `error` with `"about": "chat"` (so a page does not take it for its action's)."""
    if client.seat is None:
        why = "spectators can read the chat; posting needs a seat's link"
        client.post(_error("forbidden", why, about="chat"))
        return
    try:
        await hub.post_chat(table, client.seat, message.get("text"))
    except RefusedError as exc:
        client.post({"type": "error", "about": "chat", "error": exc.to_dict()})
