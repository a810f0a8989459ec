"""Seats and invitations: what an invitation is for, claiming it, the host's seat list,
withdrawing a link, handing a seat to a bot, and a finished game's rematch.

The creator gets their own seat's token and a host token; every other person's seat is an
invitation whose token is made for, and sent only to, whoever claims it.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException

from ekimae.server.bodies import BotRequest, ClaimRequest, HostRequest, RematchRequest, default_bot
from ekimae.server.chat import clean_name
from ekimae.server.deps import HostDep, HubDep, TableDep, host_needed, live_table, seat_needed
from ekimae.server.payloads import table_summary

router = APIRouter()

GONE = "this invitation was already used or withdrawn"


@router.get("/api/join/{code}")
async def api_invitation(code: str, hub: HubDep) -> Any:
    """What an invitation is for, so the person can decide to take the seat."""
    found = await asyncio.to_thread(hub.store.invite, code) if len(code) <= 64 else None
    if found is None:
        raise HTTPException(410, GONE)
    game_id, seat = found
    table = await live_table(game_id, hub)
    return {"seat": seat, **table_summary(table)}


@router.post("/api/join/{code}")
async def api_claim(code: str, body: ClaimRequest, hub: HubDep) -> Any:
    """Take an invitation's seat: the seat's secret is made now, and only the person
    claiming it receives it."""
    if len(code) > 64:
        raise HTTPException(410, GONE)
    game_id, seat, token = await hub.claim(code, clean_name(body.name))
    return {"game_id": game_id, "seat": seat, "token": token, "url": f"/g/{game_id}?t={token}"}


@router.get("/api/games/{game_id}/seats")
async def api_seats(game_id: str, table: TableDep, host: HostDep, hub: HubDep) -> Any:
    """For the host: every seat, who holds it, and the open invitations to re-send."""
    return [
        {
            "seat": s.seat,
            "name": s.name,
            "bot": s.bot,
            "claimed": s.claimed,
            "invite_url": f"/join/{s.invite}" if s.invite else None,
        }
        for s in await asyncio.to_thread(hub.store.seats, game_id)
    ]


@router.post("/api/games/{game_id}/seats/{seat}/revoke")
async def api_revoke(
    game_id: str, seat: int, body: HostRequest, table: TableDep, hub: HubDep
) -> Any:
    """The host withdraws a seat's link (a leaked or wrongly sent one) and gets a new
    invitation for it; whoever held the old link is disconnected."""
    await host_needed(hub, game_id, body.host_token)
    code = await hub.revoke(game_id, seat)
    return {"ok": True, "seat": seat, "invite_url": f"/join/{code}"}


@router.post("/api/games/{game_id}/seats/{seat}/bot")
async def api_to_bot(
    game_id: str, seat: int, body: BotRequest, table: TableDep, hub: HubDep
) -> Any:
    """The host hands a vanished person's seat to a bot, which plays on from here."""
    await host_needed(hub, game_id, body.host_token)
    bot = body.bot or default_bot(table.game.name)
    await hub.replace_with_bot(game_id, seat, bot)
    return {"ok": True, "seat": seat, "bot": bot}


@router.post("/api/games/{game_id}/rematch")
async def api_rematch(game_id: str, body: RematchRequest, table: TableDep, hub: HubDep) -> Any:
    """A finished game's rematch with the same seats: made by the first seat to ask,
    the same new game for every later one; each seat gets its own link in it."""
    seat = await seat_needed(hub, game_id, body.token, "ask for a rematch")
    new_id, token = await hub.rematch(game_id, seat)
    return {"id": new_id, "url": f"/g/{new_id}?t={token}"}
