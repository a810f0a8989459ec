"""What routes ask for, as FastAPI dependencies: the process's services and hub, the live
game of the path's `game_id`, the seat of a token, the host, the reader's language.

A seat is identified only by its secret token; without one a client is a spectator. Every
lookup in the database runs in a worker thread, never on the event loop.
"""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import Depends, HTTPException
from fastapi.responses import JSONResponse
from fastapi.templating import Jinja2Templates
from starlette.requests import HTTPConnection

from ekimae import i18n
from ekimae.server.hub import Hub
from ekimae.server.limits import retry_after
from ekimae.server.services import Services
from ekimae.server.table import Table

MAX_TOKEN = 64


def services(conn: HTTPConnection) -> Services:
    found: Services = conn.app.state.services
    return found


def hub(conn: HTTPConnection) -> Hub:
    found: Hub = conn.app.state.services.hub
    return found


def templates(conn: HTTPConnection) -> Jinja2Templates:
    found: Jinja2Templates = conn.app.state.templates
    return found


def language(conn: HTTPConnection) -> str:
    """The reader's language (`?lang=`, the cookie, Accept-Language: `i18n`)."""
    return i18n.request_language(conn)


ServicesDep = Annotated[Services, Depends(services)]
HubDep = Annotated[Hub, Depends(hub)]
TemplatesDep = Annotated[Jinja2Templates, Depends(templates)]
LangDep = Annotated[str, Depends(language)]


async def live_table(game_id: str, hub: HubDep) -> Table:
    """The path's game, compared with the database first when processes share it; 404."""
    table = await hub.fresh(game_id) if len(game_id) <= 32 else None
    if table is None:
        raise HTTPException(404, f"no game {game_id[:32]!r}")
    return table


TableDep = Annotated[Table, Depends(live_table)]


async def token_seat(hub: Hub, game_id: str, token: str | None) -> int | None:
    """The seat a token belongs to; None for no token; 403 for a wrong one."""
    if not token:
        return None
    seat = None
    if len(token) <= MAX_TOKEN:
        seat = await asyncio.to_thread(hub.store.seat_for_token, game_id, token)
    if seat is None:
        raise HTTPException(403, "this link's token does not belong to a seat of this game")
    return seat


async def seat_needed(hub: Hub, game_id: str, token: str, doing: str) -> int:
    """The token's seat, 403 without one: `doing` says what it is needed for."""
    seat = await token_seat(hub, game_id, token)
    if seat is None:
        raise HTTPException(403, f"a seat's token is needed to {doing}")
    return seat


async def query_seat(game_id: str, hub: HubDep, token: str | None = None) -> int | None:
    """`?token=`: the reader's seat (None: a spectator)."""
    return await token_seat(hub, game_id, token)


async def page_seat(game_id: str, hub: HubDep, t: str | None = None) -> int | None:
    """`?t=` on a game's page link: the reader's seat (None: a spectator)."""
    return await token_seat(hub, game_id, t)


SeatDep = Annotated[int | None, Depends(query_seat)]
PageSeatDep = Annotated[int | None, Depends(page_seat)]


async def host_needed(hub: Hub, game_id: str, host_token: str | None) -> None:
    """403 unless `host_token` is the game's host secret (its creator's link)."""
    host = False
    if host_token and len(host_token) <= MAX_TOKEN:
        host = await asyncio.to_thread(hub.store.is_host, game_id, host_token)
    if not host:
        raise HTTPException(403, "only the game's host (its creator's link) can do this")


async def query_host(game_id: str, hub: HubDep, h: str | None = None) -> str:
    """`?h=`: the host's secret, checked; the page passes it on."""
    await host_needed(hub, game_id, h)
    assert h is not None
    return h


HostDep = Annotated[str, Depends(query_host)]


async def create_refused(conn: HTTPConnection, services: Services) -> JSONResponse | None:
    """A 429 if this client address made its share of games in the window (`--create-limit`;
    0: no limit), else None: counted alike for a game from the lobby and a lesson's."""
    if not services.settings.limits.creates_per_window:
        return None
    peer = conn.client.host if conn.client else None
    client = services.addresses.of(peer, conn.headers.getlist("x-forwarded-for"))
    wait = await services.creates.ask(client)
    if wait is None:
        return None
    return JSONResponse(
        {"detail": f"too many games created from here; try again in {wait:.0f} s"},
        status_code=429,
        headers={"Retry-After": retry_after(wait)},
    )
