"""Following a game (issue 31): the side log's moves, and a drawn replay's steps (the
title's own page in replay mode, `server.replays`)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException

from ekimae.core.record import replay
from ekimae.server import follow, replays
from ekimae.server.deps import LangDep, SeatDep, TableDep

router = APIRouter()


@router.get("/api/games/{game_id}/moves")
async def api_moves(
    table: TableDep, viewer: SeatDep, lang: LangDep, since: int = 0, seat: str = ""
) -> Any:
    """The side log from action `since` on, as the token's seat (or a spectator) sees it.
    Once the game is over, `seat=all` shows every sealed choice and `seat=N` what seat N
    saw (the replay's move list)."""
    if seat:
        if not table.state.is_terminal():
            raise HTTPException(403, "a seat's view of the log opens once the game is over")
        viewer = follow.replay_viewer(seat, len(table.info.names))
    return {
        "moves": follow.entries(table, viewer, lang, max(0, since)),
        "total": len(table.record.actions),
        "names": table.info.names,
    }


@router.get("/api/games/{game_id}/replay/page")
async def api_replay_page(table: TableDep, lang: LangDep, step: int = 0, seat: str = "all") -> Any:
    """The title page's payload after `step` actions of a finished game, as seat N saw it
    (`seat=N`, 0-based) or all open (`seat=all`)."""
    if not table.state.is_terminal():
        raise HTTPException(403, "replays open once the game is over")
    viewer = follow.replay_viewer(seat, len(table.info.names))
    step = max(0, min(step, len(table.record.actions)))
    state = await asyncio.to_thread(replay, table.record, table.game, step)
    return replays.replay_payload(table, state, step, viewer, lang)
