"""Around the table: the chat, a seat's turn notifications, the ratings."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException

from ekimae.server.bodies import ChatRequest, NotifyRequest
from ekimae.server.deps import HubDep, ServicesDep, TableDep, seat_needed
from ekimae.server.errors import RefusedError
from ekimae.server.hub import Hub
from ekimae.server.notify import NotifyError, check_email, check_webhook

router = APIRouter()


@router.get("/api/ratings")
async def ratings_list(services: ServicesDep, limit: int = 50) -> dict[str, Any]:
    """OpenSkill ratings (`ratings`): named players across games, bot levels per game,
    best first. Reads the games that finished since the last call."""
    async with services.ratings_lock:
        entries = await asyncio.to_thread(services.ratings.refresh)
    limit = max(1, min(limit, 500))
    players = [e.to_dict() for e in entries if e.kind == "player"][:limit]
    bots = [e.to_dict() for e in entries if e.kind == "bot"][:limit]
    return {"players": players, "bots": bots}


@router.get("/api/games/{game_id}/chat")
async def api_chat(game_id: str, table: TableDep, services: ServicesDep) -> Any:
    """The game's chat (its newest messages, oldest first): for its seats and
    spectators alike, and still after the end (the replay page shows it)."""
    count = services.settings.limits.chat_history
    history = await asyncio.to_thread(services.store.chat, game_id, count)
    return {"messages": [m.to_dict() for m in history]}


@router.post("/api/games/{game_id}/chat")
async def api_post_chat(game_id: str, body: ChatRequest, table: TableDep, hub: HubDep) -> Any:
    """A seat posts under its seat's name; spectators read only."""
    doing = "post in the chat (spectators read only)"
    seat = await seat_needed(hub, game_id, body.token, doing)
    message = await hub.post_chat(table, seat, body.text)
    return {"ok": True, "message": message}


def _settings(hub: Hub, game_id: str, seat: int) -> dict[str, Any]:
    found = hub.store.notify_settings(game_id, seat)
    email = hub.notifier is not None and hub.notifier.email_available
    return {"email": found.email, "webhook": found.webhook, "email_available": email}


@router.get("/api/games/{game_id}/notify")
async def api_notify_settings(game_id: str, table: TableDep, hub: HubDep, token: str = "") -> Any:
    """A seat's own notification settings (nobody else's: they are never pushed)."""
    seat = await seat_needed(hub, game_id, token, "see its notification settings")
    return await asyncio.to_thread(_settings, hub, game_id, seat)


@router.post("/api/games/{game_id}/notify")
async def api_notify(
    game_id: str, body: NotifyRequest, table: TableDep, services: ServicesDep
) -> Any:
    """Set where this seat is told it is its turn: e-mail and/or a webhook."""
    hub = services.hub
    seat = await seat_needed(hub, game_id, body.token, "choose its notifications")
    if table.info.bots[seat] is not None:
        raise HTTPException(409, "a bot's seat is not notified")
    changes: dict[str, str | None] = {}
    try:
        if "email" in body.model_fields_set:
            if body.email and hub.notifier is not None and not hub.notifier.email_available:
                raise NotifyError("this server sends no e-mail (it was started without SMTP)")
            changes["email"] = check_email(body.email) if body.email else None
        if "webhook" in body.model_fields_set:
            allow = services.settings.webhook_private
            changes["webhook"] = check_webhook(body.webhook, allow) if body.webhook else None
    except NotifyError as exc:
        raise RefusedError("malformed", str(exc)) from None
    await asyncio.to_thread(hub.store.set_notify, game_id, seat, changes)
    return {"ok": True, **await asyncio.to_thread(_settings, hub, game_id, seat)}
