"""The games' JSON API: titles, the lobby's list, making a game, a game's state, its legal
actions, acting, undoing, hints, replays and the record."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import JSONResponse, Response

from ekimae import i18n
from ekimae.core.errors import DataError
from ekimae.core.record import replay
from ekimae.games import find_game, games
from ekimae.seeding import secret_seed
from ekimae.server import hints
from ekimae.server import lobby as title_cards
from ekimae.server.bodies import ActRequest, CreateGame, UndoRequest, choose_host_seat
from ekimae.server.bodies import seed_refusal as seed_refused
from ekimae.server.chat import clean_name
from ekimae.server.deps import (
    HubDep,
    LangDep,
    SeatDep,
    ServicesDep,
    TableDep,
    create_refused,
    seat_needed,
)
from ekimae.server.limits import retry_after
from ekimae.server.payloads import legal_payload
from ekimae.server.routes.pages import titles
from ekimae.server.store import GameInfo
from ekimae.server.titles import web_title
from ekimae.server.workers import BusyError

router = APIRouter()


def _title(name: str) -> str:
    try:
        return find_game(name).title
    except ValueError:  # a game stored by a server that had a title this one lacks
        return name


def summary(info: GameInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "game": info.game,
        "title": _title(info.game),
        "names": info.names,
        "bots": info.bots,
        "actions": info.action_count,
        "to_act": info.to_act,
        "finished": info.finished,
        "winner": info.winner,
        "created_at": info.created_at,
        "practice": info.practice,
        "replay_url": f"/replay/{info.id}" if info.finished else None,
        "spectator_url": f"/g/{info.id}",
    }


@router.get("/api/i18n/{lang}")
async def api_i18n(lang: str) -> dict[str, str]:
    """A language's catalogue, msgid -> text (English: empty), for scripts."""
    if lang not in i18n.LANGUAGES:
        raise HTTPException(404, f"no language {lang!r} (known: {', '.join(i18n.LANGUAGES)})")
    return i18n.catalog(lang)


@router.get("/api/titles")
async def api_titles() -> list[dict[str, Any]]:
    """Every game this server plays, as it describes itself, with its bots."""
    return titles()


@router.get("/api/titles/{name}/components")
async def api_components(name: str) -> dict[str, Any]:
    """The printed components a game's page shows (TOKYO METRO: its action cards)."""
    if name not in games():
        raise HTTPException(404, f"no game {name[:40]!r}")
    return web_title(name).components()


@router.get("/api/titles/{name}/picture.svg")
async def api_picture(name: str) -> Response:
    """A title's picture for the lobby, drawn from its components (issue 31)."""
    if name not in games():
        raise HTTPException(404, f"no game {name[:40]!r}")
    return Response(
        title_cards.picture(name),
        media_type="image/svg+xml",
        headers={"Cache-Control": "public, max-age=3600"},
    )


@router.get("/api/games")
async def api_list(hub: HubDep) -> list[dict[str, Any]]:
    return [summary(i) for i in await asyncio.to_thread(hub.store.list_games)]


@router.post("/api/games", status_code=201)
async def api_create(request: Request, body: CreateGame, services: ServicesDep) -> Any:
    try:
        game = find_game(body.game or next(iter(games())))
    except ValueError as exc:
        raise HTTPException(400, str(exc)[:300]) from None
    host_seat = choose_host_seat(body)
    why = seed_refused(body, host_seat)
    if why is not None:
        raise HTTPException(400, why)
    refused = await create_refused(request, services)
    if refused is not None:
        return refused
    names = [clean_name(s.name) or (s.bot or f"Player {i + 1}") for i, s in enumerate(body.seats)]
    bots = [s.bot or None for s in body.seats]
    # Hidden parts (deck order, later shuffles) come from 256 secret bits: see seeding.
    seed = body.seed if body.seed is not None else secret_seed()
    try:
        created = await services.hub.create(
            game,
            names,
            bots,
            seed,
            dict(body.options),
            host_seat=host_seat,
            listed=body.listed,
            practice=body.seed is not None,
        )
    except (DataError, ValueError) as exc:
        raise HTTPException(400, str(exc)[:300]) from None
    gid = created.id
    me = None
    if created.host_seat is not None:
        token = created.host_seat_token
        me = {"seat": created.host_seat, "token": token, "url": f"/g/{gid}?t={token}"}
    return {
        "id": gid,
        "host_token": created.host_token,
        "host_url": f"/g/{gid}/host?h={created.host_token}",
        "me": me,
        "seats": [
            {
                "seat": i,
                "name": names[i],
                "bot": bots[i],
                "invite_url": f"/join/{created.invites[i]}" if i in created.invites else None,
            }
            for i in range(len(names))
        ],
        "spectator_url": f"/g/{gid}",
        "listed": body.listed,
        "practice": body.seed is not None,
    }


@router.get("/api/games/{game_id}")
async def api_state(table: TableDep, seat: SeatDep, lang: LangDep) -> Any:
    return table.snapshot().payload(seat, lang)


@router.get("/api/games/{game_id}/legal")
async def api_legal(
    game_id: str,
    table: TableDep,
    hub: HubDep,
    lang: LangDep,
    token: str | None = None,
    part: str | None = None,
) -> Any:
    """A seat's legal actions by part (`legal_parts`): without `part`, the parts and
    how many actions each has; with it, that part's actions. For games whose whole
    listing is too large to push (the placements of every element in hand)."""
    seat = await seat_needed(hub, game_id, token or "", "list its actions")
    state = table.state
    if part is None:
        parts = state.legal_parts(seat)
        return {
            "parts": [{"part": p, "count": len(state.legal_actions_in(seat, p))} for p in parts]
        }
    legal = state.legal_actions_in(seat, part[:64])
    view = table.snapshot().view(seat)
    payload = legal_payload(
        table.game, table.web, state, seat, table.info.options, legal, lang=lang, view=view
    )
    return {"part": part[:64], "legal": payload}


@router.post("/api/games/{game_id}/actions")
async def api_act(game_id: str, body: ActRequest, table: TableDep, hub: HubDep) -> Any:
    seat = await seat_needed(hub, game_id, body.token, "act")
    action = table.decode(body.action)
    index = await table.act(seat, action, body.expected, body.key, body.seq)
    return {"ok": True, "index": index}


@router.post("/api/games/{game_id}/undo")
async def api_undo(game_id: str, body: UndoRequest, table: TableDep, hub: HubDep) -> Any:
    """Take back the token's seat's last action, if nobody else has acted since."""
    seat = await seat_needed(hub, game_id, body.token, "undo")
    count = await table.undo(seat, body.expected)
    return {"ok": True, "actions": count}


@router.get("/api/games/{game_id}/hint")
async def api_hint(
    game_id: str,
    table: TableDep,
    services: ServicesDep,
    lang: LangDep,
    token: str | None = None,
) -> Any:
    """The move the `strong` bot would make for this seat now, from its view only, in
    words (`server.hints`, issue 30).

    Searched by a worker process; one hint at a time per seat, a few per window."""
    seat = await seat_needed(services.hub, game_id, token or "", "ask for a hint")
    if (game_id, seat) in services.hinting:
        raise HTTPException(429, "a hint for this seat is being worked out already")
    wait = await services.hints.ask(f"{game_id}:{seat}")
    if wait is not None:
        return JSONResponse(
            {"detail": f"hints are limited; the next one in {wait:.0f} s"},
            status_code=429,
            headers={"Retry-After": retry_after(wait)},
        )
    services.hinting.add((game_id, seat))
    try:
        found = await services.hub.hint(table, seat)
    except BusyError as exc:
        return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "5"})
    finally:
        services.hinting.discard((game_id, seat))
    return hints.payload(table, seat, found, lang)


@router.get("/api/games/{game_id}/replay")
async def api_replay(table: TableDep, lang: LangDep, step: int = 0, seat: str = "all") -> Any:
    """The game after `step` actions (only once it is over), all open or as one seat saw it.

    `seat=all` shows every sealed bid; `seat=N` (0-based) shows exactly what seat N's
    page showed at that moment: its own bid, the others' hidden until the reveal.
    """
    if not table.state.is_terminal():
        raise HTTPException(403, "replays open once the game is over")
    seats = len(table.info.names)
    viewer: int | None
    if seat == "all":
        viewer = None
    elif re.fullmatch(r"[0-9]{1,2}", seat) and int(seat) < seats:
        viewer = int(seat)
    else:
        raise HTTPException(400, f"seat must be 'all' or 0..{seats - 1}, not {seat[:8]!r}")
    record, game = table.record, table.game
    total = len(record.actions)
    step = max(0, min(step, total))
    state = await asyncio.to_thread(replay, record, game, step)
    view = state.open_view() if viewer is None else state.view(viewer)
    last = record.actions[step - 1] if step else None
    text = None
    if last is not None:
        text = game.format_action(last[1])
        if viewer is not None and last[0] != viewer and last[1].kind in game.type.sealed:
            text = f"sealed a {last[1].kind}"  # as that seat saw it: content hidden
    options = table.info.options
    return {
        "step": step,
        "total": total,
        "seat": viewer,
        "view": view,
        "names": table.info.names,
        "overlay": table.web.overlay(view, options),
        "legal": legal_payload(game, table.web, state, viewer, options, lang=lang),
        "last": None if last is None else {"seat": last[0], "text": text},
    }


@router.get("/api/games/{game_id}/record")
async def api_record(table: TableDep) -> Any:
    if not table.state.is_terminal():
        raise HTTPException(403, "the record (with every secret bid) opens after the end")
    return table.record.to_dict()
