"""The FastAPI application: pages, the JSON API and the per-game WebSocket.

A seat is identified only by its secret token (in the link it was given); without one a
client is a spectator. Every payload a client receives is built from `state.view(seat)`
for its own seat, so hidden information (other seats' bids) never leaves the engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from ekimae.bots.search_bots import hint
from ekimae.core.errors import DataError
from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.games.tokyo_metro.components import load_cards
from ekimae.server.board_svg import base_svg, full_svg, overlay_svg
from ekimae.server.bots import bot_names
from ekimae.server.config import Settings
from ekimae.server.hub import (
    Client,
    Hub,
    LiveGame,
    RefusedError,
    legal_payload,
    open_view,
    state_payload,
)
from ekimae.server.store import GameInfo, Store

HERE = Path(__file__).parent
GAME_NAME = "tokyo-metro"


class SeatSpec(BaseModel):
    name: str = Field(default="", max_length=40)
    bot: str | None = None


class CreateGame(BaseModel):
    seats: list[SeatSpec] = Field(min_length=1, max_length=5)
    seed: int | None = None
    options: dict[str, str] = Field(default_factory=dict)


class ActRequest(BaseModel):
    token: str
    action: Any
    expected: int | None = None


class UndoRequest(BaseModel):
    token: str
    expected: int | None = None


def _summary(info: GameInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "names": info.names,
        "bots": info.bots,
        "actions": info.action_count,
        "to_act": info.to_act,
        "finished": info.finished,
        "winner": info.winner,
        "created_at": info.created_at,
        "replay_url": f"/replay/{info.id}" if info.finished else None,
        "spectator_url": f"/g/{info.id}",
    }


def _refusal(exc: RefusedError) -> JSONResponse:
    return JSONResponse({"error": exc.to_dict()}, status_code=exc.status)


def create_app(settings: Settings) -> FastAPI:
    game = find_game(GAME_NAME)
    templates = Jinja2Templates(directory=str(HERE / "templates"))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database_url, game)
        hub = Hub(store, game, settings.bot_delay)
        app.state.store = store
        app.state.hub = hub
        await hub.resume_bots()
        try:
            yield
        finally:
            await hub.close()
            store.close()

    app = FastAPI(title="ekimae", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def live_or_404(hub: Hub, game_id: str) -> LiveGame:
        live = await hub.get(game_id)
        if live is None:
            raise HTTPException(404, f"no game {game_id!r}")
        return live

    def seat_of(hub: Hub, game_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None for no token; 403 for a wrong one."""
        if not token:
            return None
        seat = hub.store.seat_for_token(game_id, token)
        if seat is None:
            raise HTTPException(403, "this link's token does not belong to a seat of this game")
        return seat

    # ---------------------------------------------------------------------- pages

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        return templates.TemplateResponse(request, "lobby.html", {"bots": bot_names()})

    @app.get("/g/{game_id}", response_class=HTMLResponse)
    async def game_page(request: Request, game_id: str, t: str | None = None) -> Response:
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_of(hub, game_id, t)
        view = live.state.view(seat)
        return templates.TemplateResponse(
            request,
            "game.html",
            {"game_id": game_id, "seat": seat, "token": t or "", "svg": full_svg(view)},
        )

    @app.get("/replay/{game_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, game_id: str) -> Response:
        live = await live_or_404(hub_of(request), game_id)
        if not live.state.is_terminal():
            raise HTTPException(403, "replays open once the game is over")
        return templates.TemplateResponse(
            request,
            "replay.html",
            {
                "game_id": game_id,
                "total": len(live.record.actions),
                "names": live.info.names,
                "svg": base_svg(),
            },
        )

    # ---------------------------------------------------------------------- API

    @app.get("/api/bots")
    async def api_bots() -> list[str]:
        return bot_names()

    @app.get("/api/cards")
    async def api_cards() -> dict[str, Any]:
        cards = load_cards()
        return {
            card.id: {
                "deck": card.deck,
                "dots": card.dots,
                "actions": [
                    {"spot": a.spot, "kind": a.kind.value, "slots": a.slots, "value": a.value}
                    for a in card.actions
                ],
            }
            for card in cards.cards.values()
        }

    @app.get("/api/games")
    async def api_list(request: Request) -> list[dict[str, Any]]:
        return [_summary(i) for i in hub_of(request).store.list_games()]

    @app.post("/api/games", status_code=201)
    async def api_create(request: Request, body: CreateGame) -> dict[str, Any]:
        hub = hub_of(request)
        names = [s.name.strip() or (s.bot or f"Player {i + 1}") for i, s in enumerate(body.seats)]
        bots = [s.bot or None for s in body.seats]
        seed = body.seed if body.seed is not None else secrets.randbits(31)
        try:
            game_id, tokens = await hub.create(names, bots, seed, dict(body.options))
        except (DataError, ValueError) as exc:
            raise HTTPException(400, str(exc)) from None
        return {
            "id": game_id,
            "seats": [
                {
                    "seat": i,
                    "name": names[i],
                    "bot": bots[i],
                    "url": None if bots[i] else f"/g/{game_id}?t={tokens[i]}",
                    "token": None if bots[i] else tokens[i],
                }
                for i in range(len(names))
            ],
            "spectator_url": f"/g/{game_id}",
        }

    @app.get("/api/games/{game_id}")
    async def api_state(request: Request, game_id: str, token: str | None = None) -> Any:
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        return state_payload(game, live, seat_of(hub, game_id, token))

    @app.post("/api/games/{game_id}/actions")
    async def api_act(request: Request, game_id: str, body: ActRequest) -> Any:
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        seat = seat_of(hub, game_id, body.token)
        assert seat is not None  # ActRequest.token is required and non-empty here
        try:
            index = await hub.act(game_id, seat, hub.decode(body.action), body.expected)
        except RefusedError as exc:
            return _refusal(exc)
        return {"ok": True, "index": index}

    @app.post("/api/games/{game_id}/undo")
    async def api_undo(request: Request, game_id: str, body: UndoRequest) -> Any:
        """Take back the token's seat's last action, if nobody else has acted since."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        seat = seat_of(hub, game_id, body.token)
        if seat is None:
            raise HTTPException(403, "a seat's token is needed to undo")
        try:
            count = await hub.undo(game_id, seat, body.expected)
        except RefusedError as exc:
            return _refusal(exc)
        return {"ok": True, "actions": count}

    @app.get("/api/games/{game_id}/hint")
    async def api_hint(request: Request, game_id: str, token: str | None = None) -> Any:
        """The move the `strong` bot would make for this seat now, from its view only."""
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_of(hub, game_id, token)
        if seat is None:
            raise HTTPException(403, "a seat's token is needed for a hint")
        if seat not in live.state.current_players():
            raise HTTPException(409, "it is not this seat's turn")
        view, legal = live.state.view(seat), list(live.state.legal_actions(seat))
        # About a second of search: off the event loop, like the bots.
        action, chance = await asyncio.to_thread(hint, view, legal)
        return {
            "action": action.to_dict(),
            "text": game.format_action(action),
            "win_chance": chance,
        }

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(request: Request, game_id: str, step: int = 0, seat: str = "all") -> Any:
        """The game after `step` actions (only once it is over), all open or as one seat saw it.

        `seat=all` shows every sealed bid; `seat=N` (0-based) shows exactly what seat N's
        page showed at that moment: its own bid, the others' hidden until the reveal.
        """
        live = await live_or_404(hub_of(request), game_id)
        if not live.state.is_terminal():
            raise HTTPException(403, "replays open once the game is over")
        seats = len(live.info.names)
        viewer: int | None
        if seat == "all":
            viewer = None
        elif seat.isdigit() and int(seat) < seats:
            viewer = int(seat)
        else:
            raise HTTPException(400, f"seat must be 'all' or 0..{seats - 1}, not {seat!r}")
        total = len(live.record.actions)
        step = max(0, min(step, total))
        state = await asyncio.to_thread(replay, live.record, game, step)
        view = open_view(state) if viewer is None else state.view(viewer)
        last = live.record.actions[step - 1] if step else None
        text = None
        if last is not None:
            text = game.format_action(last[1])
            if viewer is not None and last[0] != viewer and last[1].kind == "turn-bid":
                text = "sealed a bid"  # as that seat saw it: the amount was not shown
        return {
            "step": step,
            "total": total,
            "seat": viewer,
            "view": view,
            "names": live.info.names,
            "overlay": overlay_svg(view),
            "legal": legal_payload(game, state, viewer),
            "last": None if last is None else {"seat": last[0], "text": text},
        }

    @app.get("/api/games/{game_id}/record")
    async def api_record(request: Request, game_id: str) -> Any:
        live = await live_or_404(hub_of(request), game_id)
        if not live.state.is_terminal():
            raise HTTPException(403, "the record (with every secret bid) opens after the end")
        return live.record.to_dict()

    # ---------------------------------------------------------------------- live

    @app.websocket("/ws/{game_id}")
    async def ws_game(ws: WebSocket, game_id: str, token: str | None = None) -> None:
        hub = hub_of(ws)
        live = await hub.get(game_id)
        seat = hub.store.seat_for_token(game_id, token) if token else None
        if live is None or (token and seat is None):
            await ws.close(code=4403 if live else 4404)
            return
        await ws.accept()
        client = Client(seat, ws.send_json)
        await hub.subscribe(live, client)
        try:
            while True:
                message = await ws.receive_json()
                await _on_message(hub, ws, game_id, seat, message)
        except WebSocketDisconnect:
            pass
        finally:
            hub.unsubscribe(live, client)

    return app


async def _on_message(
    hub: Hub, ws: WebSocket, game_id: str, seat: int | None, message: Any
) -> None:
    kind = message.get("type") if isinstance(message, dict) else None
    if kind not in ("act", "undo"):
        await ws.send_json(
            {
                "type": "error",
                "error": {"kind": "malformed", "message": "expected {type: act} or {type: undo}"},
            }
        )
        return
    if seat is None:
        await ws.send_json(
            {
                "type": "error",
                "error": {"kind": "forbidden", "message": f"spectators cannot {kind}"},
            }
        )
        return
    expected = message.get("expected")
    expected = expected if isinstance(expected, int) and not isinstance(expected, bool) else None
    try:
        if kind == "undo":
            count = await hub.undo(game_id, seat, expected)
            await ws.send_json({"type": "undone", "actions": count})
            return
        index = await hub.act(game_id, seat, hub.decode(message.get("action")), expected)
    except RefusedError as exc:
        await ws.send_json({"type": "error", "error": exc.to_dict()})
        return
    await ws.send_json({"type": "ack", "index": index})
