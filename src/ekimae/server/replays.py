"""Drawn replays of every title (issue 31): a finished game's page, step by step.

A replay is the title's own live page (its template and scripts) fed by these answers
instead of the game's socket (`static/live.js` in replay mode): each step's payload is
what a page of that seat received at that moment — or, `seat=all`, the open view with
every sealed choice — with nothing to choose. The title's drawing is the replay's; no
title writes a replay of its own. Replays open once the game is over.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from fastapi import APIRouter, HTTPException, Request

from ekimae import i18n
from ekimae.core.record import replay
from ekimae.server import follow

if TYPE_CHECKING:
    from ekimae.core.game import State
    from ekimae.server.hub import Hub, LiveGame

router = APIRouter()


def replay_context(live: LiveGame) -> dict[str, Any]:
    """What the title's page template needs to be a replay: the title's page context
    (from the finished game's spectator view) and `replay` (the base template's controls
    and the scripts' replay mode)."""
    view = live.state.view(None)
    return {
        "game_id": live.info.id,
        "seat": None,
        "token": "",
        "title": live.game.title,
        "game_name": live.game.name,
        "names": live.info.names,
        "total": len(live.record.actions),
        "replay": {"total": len(live.record.actions), "names": live.info.names},
        **live.web.page(view, live.info.options),
    }


def replay_payload(
    live: LiveGame, state: State, step: int, viewer: int, lang: str
) -> dict[str, Any]:
    """The page payload after `step` actions, as seat `viewer` saw it (`follow.OPEN`:
    everything open), with nothing to choose."""
    from ekimae.server.hub import state_payload  # the hub builds every page's payload

    copy = replace(live, state=state, record=live.record.truncated(step))
    follow.SOURCES[copy] = live
    seat = None if viewer == follow.OPEN else viewer
    payload = state_payload(copy, seat, lang)
    if viewer == follow.OPEN:
        view = state.open_view()
        payload["view"] = view
        payload["overlay"] = live.web.overlay(view, live.info.options)
        payload["prompt"] = live.web.prompt(view, None, live.info.options, lang=lang)
    payload.update(
        {
            "legal": [],
            "can_undo": False,
            "replay": {"step": step, "total": len(live.record.actions), "seat": seat},
            # The step's own move (the page asks for the whole list once: `GET .../moves`).
            "moves": follow.entries(live, viewer, lang, max(0, step - 1), step),
            "moves_from": max(0, step - 1),
        }
    )
    return payload


@router.get("/api/games/{game_id}/replay/page")
async def api_replay_page(request: Request, game_id: str, step: int = 0, seat: str = "all") -> Any:
    """The title page's payload after `step` actions of a finished game, as seat N saw it
    (`seat=N`, 0-based) or all open (`seat=all`)."""
    hub: Hub = request.app.state.hub
    live = await hub.fresh(game_id) if len(game_id) <= 32 else None
    if live is None:
        raise HTTPException(404, f"no game {game_id[:32]!r}")
    if not live.state.is_terminal():
        raise HTTPException(403, "replays open once the game is over")
    viewer = follow.replay_viewer(seat, len(live.info.names))
    total = len(live.record.actions)
    step = max(0, min(step, total))
    state = await asyncio.to_thread(replay, live.record, live.game, step)
    return replay_payload(live, state, step, viewer, i18n.request_language(request))
