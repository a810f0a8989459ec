"""Drawn replays of every title (issue 31): a finished game's page, step by step.

A replay is the title's own live page (its template and scripts) fed by these answers
instead of the game's socket (`static/live.js` in replay mode): each step's payload is
what a page of that seat received at that moment — or, `seat=all`, the open view with
every sealed choice — with nothing to choose. The title's drawing is the replay's; no
title writes a replay of its own. Replays open once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ekimae.server import follow, undoing
from ekimae.server.payloads import Snapshot

if TYPE_CHECKING:
    from ekimae.core.game import Game, State
    from ekimae.core.record import GameRecord
    from ekimae.server.payloads import Live
    from ekimae.server.store import GameInfo
    from ekimae.server.titles import WebTitle


@dataclass(eq=False)  # by identity: `follow.SOURCES` holds it weakly
class Step:
    """A finished game as it stood after some step: what its payload is made of."""

    info: GameInfo
    record: GameRecord
    state: State
    game: Game[Any]
    web: WebTitle
    claimed: list[bool]
    verdict: undoing.Verdict
    accepted_wall: float


def replay_context(live: Live) -> dict[str, Any]:
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


def replay_payload(live: Live, state: State, step: int, viewer: int, lang: str) -> dict[str, Any]:
    """The page payload after `step` actions, as seat `viewer` saw it (`follow.OPEN`:
    everything open), with nothing to choose."""
    copy = Step(
        live.info,
        live.record.truncated(step),
        state,
        live.game,
        live.web,
        list(live.claimed),
        undoing.Verdict(None),
        live.accepted_wall,
    )
    follow.SOURCES[copy] = live
    seat = None if viewer == follow.OPEN else viewer
    payload = dict(Snapshot(copy).payload(seat, lang))
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
