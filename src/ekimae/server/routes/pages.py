"""The HTML pages: the lobby, a game's page, the host's page, an invitation, a replay (the
title's own page in replay mode)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from ekimae.games import games
from ekimae.server import lobby as title_cards
from ekimae.server import replays
from ekimae.server.bodies import default_bot
from ekimae.server.deps import HostDep, PageSeatDep, TableDep, TemplatesDep
from ekimae.server.ladders import bot_levels, bot_names

router = APIRouter()


def titles() -> list[dict[str, Any]]:
    """Every game this server plays, as it describes itself, with its bots."""
    return [
        {
            **g.type.to_dict(),
            "bots": bot_names(name),
            # In order, weakest first (a list: JSON objects may be reordered on the way).
            "levels": [{"level": w, "bot": b} for w, b in bot_levels(name).items()],
            "default_bot": default_bot(name),
            **title_cards.card(name),  # picture, typical length, learn link (issue 31)
        }
        for name, g in games().items()
    ]


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, templates: TemplatesDep) -> Response:
    return templates.TemplateResponse(request, "lobby.html", {"titles": titles()})


@router.get("/g/{game_id}", response_class=HTMLResponse)
async def game_page(
    request: Request,
    game_id: str,
    table: TableDep,
    seat: PageSeatDep,
    templates: TemplatesDep,
    t: str | None = None,
) -> Response:
    view = table.state.view(seat)
    context = {
        "game_id": game_id,
        "seat": seat,
        "token": t or "",
        "title": table.game.title,
        "game_name": table.game.name,
        **table.web.page(view, table.info.options),
    }
    return templates.TemplateResponse(request, table.web.template, context)


@router.get("/g/{game_id}/host", response_class=HTMLResponse)
async def host_page(
    request: Request, game_id: str, table: TableDep, host: HostDep, templates: TemplatesDep
) -> Response:
    """The host's page: invitations to re-send, links to withdraw, seats for bots."""
    name = table.game.name
    context = {
        "game_id": game_id,
        "title": table.game.title,  # the heading names the game, not its internal id
        "host_token": host,
        "bots": bot_names(name),
        "default_bot": default_bot(name),
    }
    return templates.TemplateResponse(request, "host.html", context)


@router.get("/join/{code}", response_class=HTMLResponse)
async def join_page(request: Request, code: str, templates: TemplatesDep) -> Response:
    """An invitation: who is at the table, and a button to take the seat."""
    return templates.TemplateResponse(request, "join.html", {"code": code})


@router.get("/replay/{game_id}", response_class=HTMLResponse)
async def replay_page(
    request: Request, game_id: str, table: TableDep, templates: TemplatesDep
) -> Response:
    if not table.state.is_terminal():
        raise HTTPException(403, "replays open once the game is over")
    # The title's own page in replay mode (issue 31): `server/replays.py`.
    context = replays.replay_context(table)
    return templates.TemplateResponse(request, table.web.template, context)
