"""The FastAPI application: pages, the JSON API and the per-game WebSocket.

A seat is identified only by its secret token; without one a client is a spectator. The
creator gets their own seat's token and a host token; every other person's seat is an
invitation whose token is made for, and sent only to, whoever claims it. Every payload a
client receives is built from `state.view(seat)` for its own seat, so hidden information
(other seats' bids, the deck order) never leaves the engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field, field_validator

from ekimae import i18n
from ekimae.core.errors import DataError
from ekimae.core.record import replay
from ekimae.core.rng import MAX_SEED_BITS
from ekimae.games import find_game, games
from ekimae.seeding import secret_seed
from ekimae.server import hints as hint_words
from ekimae.server import learn, rules_pages
from ekimae.server.bus import Bus
from ekimae.server.config import Settings
from ekimae.server.guards import BodyLimit
from ekimae.server.hub import (
    Client,
    Hub,
    LiveGame,
    RefusedError,
    legal_payload,
    state_payload,
    table_summary,
)
from ekimae.server.ladders import bot_levels, bot_names
from ekimae.server.limits import RateLimiter, retry_after
from ekimae.server.notify import Notifier, NotifyError, check_email, check_webhook
from ekimae.server.ratings import Ratings
from ekimae.server.store import GameInfo, Store
from ekimae.server.titles import HERE as TITLES_DIR
from ekimae.server.titles import static_folders, web_title
from ekimae.server.workers import BusyError, make_pool

HERE = Path(__file__).parent


TOKEN = Field(default="", max_length=64)
# An idempotency key: any string the client chooses, unique per action it means to take.
KEY = Field(default=None, min_length=1, max_length=64)


class SeatSpec(BaseModel):
    name: str = Field(default="", max_length=40)
    bot: str | None = Field(default=None, max_length=40)


class CreateGame(BaseModel):
    # None: the first registered title (what a request meant before there were others).
    game: str | None = Field(default=None, max_length=40)
    # The game's own range is checked when it is made (GameType.min_seats..max_seats).
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    # Only where no hidden information is at stake: see `seed_refusal`.
    seed: int | None = Field(default=None, ge=0)
    # A practice game lets its creator choose the seed; every seat is told so.
    practice: bool = False
    # Unlisted games are reached by their links only, never shown in the public lobby.
    listed: bool = True
    # The creator's own seat (default: the first person's seat); `spectate` to sit nowhere.
    host_seat: int | None = Field(default=None, ge=0)
    spectate: bool = False
    options: dict[str, str] = Field(default_factory=dict, max_length=16)

    @field_validator("seed")
    @classmethod
    def _seed_fits(cls, seed: int | None) -> int | None:
        if seed is not None and seed.bit_length() > MAX_SEED_BITS:
            raise ValueError(f"a seed has at most {MAX_SEED_BITS} bits")
        return seed


class ActRequest(BaseModel):
    token: str = TOKEN
    action: Any
    expected: int | None = Field(default=None, ge=0)
    seq: int | None = Field(default=None, ge=0)
    key: str | None = KEY


class UndoRequest(BaseModel):
    token: str = TOKEN
    expected: int | None = Field(default=None, ge=0)


class ClaimRequest(BaseModel):
    name: str = Field(default="", max_length=40)


class HostRequest(BaseModel):
    host_token: str = TOKEN


class BotRequest(BaseModel):
    host_token: str = TOKEN
    # None: the game's default level (`default_bot`).
    bot: str | None = Field(default=None, max_length=40)


class ChatRequest(BaseModel):
    token: str = TOKEN
    text: Any = None  # checked by the hub, with a clear message (`chat.clean_text`)


class NotifyRequest(BaseModel):
    """A seat's own notification settings: a field left out stays as it is, null clears."""

    token: str = TOKEN
    email: str | None = Field(default=None, max_length=1000)
    webhook: str | None = Field(default=None, max_length=1000)


class RematchRequest(BaseModel):
    token: str = TOKEN


def default_bot(game: str) -> str:
    """The level a bot seat starts at: the game's `learning` level (issue 30: one a
    first-time player beats about half the time), else `normal` where the ladder has it,
    else the ladder's middle (weakest first)."""
    learning = bot_levels(game).get("learning")
    if learning is not None:
        return learning
    names = bot_names(game)
    return "normal" if "normal" in names else names[len(names) // 2]


def seed_refusal(body: CreateGame, host_seat: int | None) -> str | None:
    """Why the creator may not choose this game's seed, or None if they may.

    Whoever knows the seed knows every deck. That matters only if someone else at the
    table is a person: so a seed is taken for a practice game (every seat is told) or
    for one whose only person's seat is the creator's own.
    """
    if body.seed is None or body.practice:
        return None
    people = {i for i, s in enumerate(body.seats) if not s.bot}
    if people <= ({host_seat} if host_seat is not None else set()):
        return None
    return (
        'a seed can be chosen only for a practice game ("practice": true, which every seat'
        " is told) or when every other seat is a bot: whoever knows the seed knows the decks"
    )


def choose_host_seat(body: CreateGame) -> int | None:
    """The creator's seat: the one asked for, else the first person's; None to spectate."""
    people = [i for i, s in enumerate(body.seats) if not s.bot]
    if body.spectate:
        return None
    if body.host_seat is None:
        return people[0] if people else None
    if body.host_seat not in people:
        raise HTTPException(400, f"host_seat {body.host_seat} is not a person's seat")
    return body.host_seat


def _summary(info: GameInfo) -> dict[str, Any]:
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


def _title(name: str) -> str:
    try:
        return find_game(name).title
    except ValueError:  # a game stored by a server that had a title this one lacks
        return name


def _refusal(exc: RefusedError) -> JSONResponse:
    return JSONResponse({"error": exc.to_dict()}, status_code=exc.status)


# `ekimae serve --workers N` hands each of its processes the settings in this variable.
SETTINGS_ENV = "EKIMAE_SERVE_SETTINGS"


def app_from_env() -> FastAPI:
    """uvicorn's app factory in each process of `ekimae serve --workers N`: the settings
    `serve` checked, from `$EKIMAE_SERVE_SETTINGS` (JSON; the limits are the defaults)."""
    import os

    from ekimae.server import logs

    data = json.loads(os.environ[SETTINGS_ENV])
    logs.install()  # this process's uvicorn loggers: secrets never reach the logs
    return create_app(Settings(**data))


def create_app(settings: Settings) -> FastAPI:
    # Generic pages in templates/, each title's in titles/<title>/templates/; every page in
    # the request's language (`_()` / `{% trans %}`, static/i18n.js's `t()`; issue 20).
    templates = Jinja2Templates(
        directory=[str(HERE / "templates"), str(TITLES_DIR)],
        context_processors=[i18n.page_context],
    )
    i18n.install_gettext(templates.env)
    limits = settings.limits
    creates = RateLimiter(limits.creates_per_window, limits.window_seconds)
    hints = RateLimiter(limits.hints_per_window, limits.window_seconds)
    hinting: set[tuple[str, int]] = set()  # (game, seat) with a hint being searched

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.database_url)
        pool = make_pool(settings.bot_workers, limits.max_pending_searches, settings.ray_address)
        notifier = Notifier(store, settings)
        hub = Hub(
            store,
            pool,
            settings.bot_delay,
            limits=limits,
            notifier=notifier,
            lease_seconds=settings.lease_seconds,
            check_seconds=settings.check_seconds,
        )
        app.state.store = store
        app.state.hub = hub
        app.state.ratings = Ratings(store)
        bus: Bus | None = None
        watch: asyncio.Task[None] | None = None
        if hub.multi:
            # Other processes may serve the same games: hear their writes, check the
            # table periodically, adopt games whose bots' process died.
            bus = Bus(settings.database_url, store.channel, hub.on_event, hub.catch_up)
            app.state.bus = bus
            bus.start()
            with contextlib.suppress(TimeoutError):
                await bus.wait_connected()
            watch = asyncio.create_task(hub.watch())
        await hub.resume_bots()
        try:
            yield
        finally:
            if watch is not None:
                watch.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watch
            if bus is not None:
                await bus.close()
            await hub.close()
            store.close()

    app = FastAPI(title="ekimae", lifespan=lifespan)
    app.add_middleware(BodyLimit, max_body=limits.max_body)
    for module, folder in static_folders().items():  # each title's scripts
        app.mount(f"/static/titles/{module}", StaticFiles(directory=str(folder)))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(rules_pages.router)  # /rules, /rules/{game}: docs/rules as pages
    app.include_router(learn.router(templates, limits))  # /learn: lessons (issue 30)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's default echoes each bad input whole; name the field and the problem.
        errors = [
            {"loc": [str(part)[:40] for part in err.get("loc", ())], "msg": str(err["msg"])[:200]}
            for err in exc.errors()[:10]
        ]
        return JSONResponse({"detail": errors}, status_code=422)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def live_or_404(hub: Hub, game_id: str) -> LiveGame:
        live = await hub.fresh(game_id) if len(game_id) <= 32 else None
        if live is None:
            raise HTTPException(404, f"no game {game_id[:32]!r}")
        return live

    def seat_of(hub: Hub, game_id: str, token: str | None) -> int | None:
        """The seat a token belongs to; None for no token; 403 for a wrong one."""
        if not token:
            return None
        seat = hub.store.seat_for_token(game_id, token) if len(token) <= 64 else None
        if seat is None:
            raise HTTPException(403, "this link's token does not belong to a seat of this game")
        return seat

    def seat_or_403(hub: Hub, game_id: str, token: str, doing: str) -> int:
        seat = seat_of(hub, game_id, token)
        if seat is None:
            raise HTTPException(403, f"a seat's token is needed to {doing}")
        return seat

    def host_or_403(hub: Hub, game_id: str, host_token: str | None) -> None:
        if not host_token or len(host_token) > 64 or not hub.store.is_host(game_id, host_token):
            raise HTTPException(403, "only the game's host (its creator's link) can do this")

    def client_key(request: Request) -> str:
        return request.client.host if request.client else "-"

    # ---------------------------------------------------------------------- pages

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        return templates.TemplateResponse(request, "lobby.html", {"titles": _titles()})

    @app.get("/g/{game_id}", response_class=HTMLResponse)
    async def game_page(request: Request, game_id: str, t: str | None = None) -> Response:
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_of(hub, game_id, t)
        view = live.state.view(seat)
        context = {
            "game_id": game_id,
            "seat": seat,
            "token": t or "",
            "title": live.game.title,
            "game_name": live.game.name,
            **live.web.page(view, live.info.options),
        }
        return templates.TemplateResponse(request, live.web.template, context)

    @app.get("/g/{game_id}/host", response_class=HTMLResponse)
    async def host_page(request: Request, game_id: str, h: str | None = None) -> Response:
        """The host's page: invitations to re-send, links to withdraw, seats for bots."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        host_or_403(hub, game_id, h)
        return templates.TemplateResponse(
            request,
            "host.html",
            {
                "game_id": game_id,
                "host_token": h,
                "bots": bot_names(name := (await live_or_404(hub, game_id)).game.name),
                "default_bot": default_bot(name),
            },
        )

    @app.get("/join/{code}", response_class=HTMLResponse)
    async def join_page(request: Request, code: str) -> Response:
        """An invitation: who is at the table, and a button to take the seat."""
        return templates.TemplateResponse(request, "join.html", {"code": code})

    @app.get("/replay/{game_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, game_id: str) -> Response:
        live = await live_or_404(hub_of(request), game_id)
        if not live.state.is_terminal():
            raise HTTPException(403, "replays open once the game is over")
        context = {
            "game_id": game_id,
            "total": len(live.record.actions),
            "names": live.info.names,
            "title": live.game.title,
            "game_name": live.game.name,
            **live.web.replay_page(live.info.options),
        }
        return templates.TemplateResponse(request, live.web.replay_template, context)

    # ---------------------------------------------------------------------- API

    ratings_lock = asyncio.Lock()

    @app.get("/api/ratings")
    async def ratings_list(request: Request, limit: int = 50) -> dict[str, Any]:
        """OpenSkill ratings (`ratings`): named players across games, bot levels per game,
        best first. Reads the games that finished since the last call."""
        async with ratings_lock:
            entries = await asyncio.to_thread(request.app.state.ratings.refresh)
        limit = max(1, min(limit, 500))
        players = [e.to_dict() for e in entries if e.kind == "player"][:limit]
        bots = [e.to_dict() for e in entries if e.kind == "bot"][:limit]
        return {"players": players, "bots": bots}

    @app.get("/api/i18n/{lang}")
    async def api_i18n(lang: str) -> dict[str, str]:
        """A language's catalogue, msgid -> text (English: empty), for scripts."""
        if lang not in i18n.LANGUAGES:
            raise HTTPException(404, f"no language {lang!r} (known: {', '.join(i18n.LANGUAGES)})")
        return i18n.catalog(lang)

    @app.get("/api/titles")
    async def api_titles() -> list[dict[str, Any]]:
        """Every game this server plays, as it describes itself, with its bots."""
        return _titles()

    @app.get("/api/titles/{name}/components")
    async def api_components(name: str) -> dict[str, Any]:
        """The printed components a game's page shows (TOKYO METRO: its action cards)."""
        if name not in games():
            raise HTTPException(404, f"no game {name[:40]!r}")
        return web_title(name).components()

    @app.get("/api/games")
    async def api_list(request: Request) -> list[dict[str, Any]]:
        return [_summary(i) for i in hub_of(request).store.list_games()]

    @app.post("/api/games", status_code=201)
    async def api_create(request: Request, body: CreateGame) -> Any:
        hub = hub_of(request)
        try:
            game = find_game(body.game or next(iter(games())))
        except ValueError as exc:
            raise HTTPException(400, str(exc)[:300]) from None
        host_seat = choose_host_seat(body)
        why = seed_refusal(body, host_seat)
        if why is not None:
            raise HTTPException(400, why)
        wait = creates.allow(client_key(request), time.monotonic())
        if wait is not None:
            return JSONResponse(
                {"detail": f"too many games created from here; try again in {wait:.0f} s"},
                status_code=429,
                headers={"Retry-After": retry_after(wait)},
            )
        names = [s.name.strip() or (s.bot or f"Player {i + 1}") for i, s in enumerate(body.seats)]
        bots = [s.bot or None for s in body.seats]
        # Hidden parts (deck order, later shuffles) come from 256 secret bits: see seeding.
        seed = body.seed if body.seed is not None else secret_seed()
        try:
            created = await hub.create(
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
        return {
            "id": gid,
            "host_token": created.host_token,
            "host_url": f"/g/{gid}/host?h={created.host_token}",
            "me": None
            if created.host_seat is None
            else {
                "seat": created.host_seat,
                "token": created.host_seat_token,
                "url": f"/g/{gid}?t={created.host_seat_token}",
            },
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

    @app.get("/api/join/{code}")
    async def api_invitation(request: Request, code: str) -> Any:
        """What an invitation is for, so the person can decide to take the seat."""
        hub = hub_of(request)
        found = hub.store.invite(code) if len(code) <= 64 else None
        if found is None:
            raise HTTPException(410, "this invitation was already used or withdrawn")
        game_id, seat = found
        live = await live_or_404(hub, game_id)
        return {"seat": seat, **table_summary(live)}

    @app.post("/api/join/{code}")
    async def api_claim(request: Request, code: str, body: ClaimRequest) -> Any:
        """Take an invitation's seat: the seat's secret is made now, and only the person
        claiming it receives it."""
        if len(code) > 64:
            raise HTTPException(410, "this invitation was already used or withdrawn")
        try:
            game_id, seat, token = await hub_of(request).claim(code, body.name.strip())
        except RefusedError as exc:
            return _refusal(exc)
        return {"game_id": game_id, "seat": seat, "token": token, "url": f"/g/{game_id}?t={token}"}

    @app.get("/api/games/{game_id}/seats")
    async def api_seats(request: Request, game_id: str, h: str | None = None) -> Any:
        """For the host: every seat, who holds it, and the open invitations to re-send."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        host_or_403(hub, game_id, h)
        return [
            {
                "seat": s.seat,
                "name": s.name,
                "bot": s.bot,
                "claimed": s.claimed,
                "invite_url": f"/join/{s.invite}" if s.invite else None,
            }
            for s in hub.store.seats(game_id)
        ]

    @app.post("/api/games/{game_id}/seats/{seat}/revoke")
    async def api_revoke(request: Request, game_id: str, seat: int, body: HostRequest) -> Any:
        """The host withdraws a seat's link (a leaked or wrongly sent one) and gets a new
        invitation for it; whoever held the old link is disconnected."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        host_or_403(hub, game_id, body.host_token)
        try:
            code = await hub.revoke(game_id, seat)
        except RefusedError as exc:
            return _refusal(exc)
        return {"ok": True, "seat": seat, "invite_url": f"/join/{code}"}

    @app.post("/api/games/{game_id}/seats/{seat}/bot")
    async def api_to_bot(request: Request, game_id: str, seat: int, body: BotRequest) -> Any:
        """The host hands a vanished person's seat to a bot, which plays on from here."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        host_or_403(hub, game_id, body.host_token)
        bot = body.bot or default_bot((await live_or_404(hub, game_id)).game.name)
        try:
            await hub.replace_with_bot(game_id, seat, bot)
        except RefusedError as exc:
            return _refusal(exc)
        return {"ok": True, "seat": seat, "bot": bot}

    @app.get("/api/games/{game_id}")
    async def api_state(request: Request, game_id: str, token: str | None = None) -> Any:
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        return state_payload(live, seat_of(hub, game_id, token), i18n.request_language(request))

    @app.get("/api/games/{game_id}/legal")
    async def api_legal(
        request: Request, game_id: str, token: str | None = None, part: str | None = None
    ) -> Any:
        """A seat's legal actions by part (`legal_parts`): without `part`, the parts and
        how many actions each has; with it, that part's actions. For games whose whole
        listing is too large to push (the placements of every element in hand)."""
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, token or "", "list its actions")
        state = live.state
        if part is None:
            parts = state.legal_parts(seat)
            return {
                "parts": [{"part": p, "count": len(state.legal_actions_in(seat, p))} for p in parts]
            }
        legal = state.legal_actions_in(seat, part[:64])
        payload = legal_payload(
            live.game,
            live.web,
            state,
            seat,
            live.info.options,
            legal,
            lang=i18n.request_language(request),
        )
        return {"part": part[:64], "legal": payload}

    @app.post("/api/games/{game_id}/actions")
    async def api_act(request: Request, game_id: str, body: ActRequest) -> Any:
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, body.token, "act")
        try:
            action = hub.decode(live, body.action)
            index = await hub.act(game_id, seat, action, body.expected, body.key, body.seq)
        except RefusedError as exc:
            return _refusal(exc)
        return {"ok": True, "index": index}

    @app.post("/api/games/{game_id}/undo")
    async def api_undo(request: Request, game_id: str, body: UndoRequest) -> Any:
        """Take back the token's seat's last action, if nobody else has acted since."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, body.token, "undo")
        try:
            count = await hub.undo(game_id, seat, body.expected)
        except RefusedError as exc:
            return _refusal(exc)
        return {"ok": True, "actions": count}

    @app.get("/api/games/{game_id}/hint")
    async def api_hint(request: Request, game_id: str, token: str | None = None) -> Any:
        """The move the `strong` bot would make for this seat now, from its view only.

        Searched by a worker process; one hint at a time per seat, a few per window."""
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, token or "", "ask for a hint")
        if (game_id, seat) in hinting:
            raise HTTPException(429, "a hint for this seat is being worked out already")
        wait = hints.allow(f"{game_id}:{seat}", time.monotonic())
        if wait is not None:
            return JSONResponse(
                {"detail": f"hints are limited; the next one in {wait:.0f} s"},
                status_code=429,
                headers={"Retry-After": retry_after(wait)},
            )
        hinting.add((game_id, seat))
        try:
            found = await hub.hint(live, seat)
        except RefusedError as exc:
            return _refusal(exc)
        except BusyError as exc:
            return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "5"})
        finally:
            hinting.discard((game_id, seat))
        return hint_words.payload(live, seat, found, i18n.request_language(request))

    @app.get("/api/games/{game_id}/chat")
    async def api_chat(request: Request, game_id: str) -> Any:
        """The game's chat (its newest messages, oldest first): for its seats and
        spectators alike, and still after the end (the replay page shows it)."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        history = await asyncio.to_thread(hub.store.chat, game_id, limits.chat_history)
        return {"messages": [m.to_dict() for m in history]}

    @app.post("/api/games/{game_id}/chat")
    async def api_post_chat(request: Request, game_id: str, body: ChatRequest) -> Any:
        """A seat posts under its seat's name; spectators read only."""
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, body.token, "post in the chat (spectators read only)")
        try:
            message = await hub.post_chat(live, seat, body.text)
        except RefusedError as exc:
            return _refusal(exc)
        return {"ok": True, "message": message}

    def notify_answer(hub: Hub, game_id: str, seat: int) -> dict[str, Any]:
        found = hub.store.notify_settings(game_id, seat)
        email = hub.notifier is not None and hub.notifier.email_available
        return {"email": found.email, "webhook": found.webhook, "email_available": email}

    @app.get("/api/games/{game_id}/notify")
    async def api_notify_settings(request: Request, game_id: str, token: str = "") -> Any:
        """A seat's own notification settings (nobody else's: they are never pushed)."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, token, "see its notification settings")
        return await asyncio.to_thread(notify_answer, hub, game_id, seat)

    @app.post("/api/games/{game_id}/notify")
    async def api_notify(request: Request, game_id: str, body: NotifyRequest) -> Any:
        """Set where this seat is told it is its turn: e-mail and/or a webhook."""
        hub = hub_of(request)
        live = await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, body.token, "choose its notifications")
        if live.info.bots[seat] is not None:
            raise HTTPException(409, "a bot's seat is not notified")
        changes: dict[str, str | None] = {}
        try:
            if "email" in body.model_fields_set:
                if body.email and hub.notifier is not None and not hub.notifier.email_available:
                    raise NotifyError("this server sends no e-mail (it was started without SMTP)")
                changes["email"] = check_email(body.email) if body.email else None
            if "webhook" in body.model_fields_set:
                allow = settings.webhook_private
                changes["webhook"] = check_webhook(body.webhook, allow) if body.webhook else None
        except NotifyError as exc:
            return _refusal(RefusedError("malformed", str(exc)))
        await asyncio.to_thread(hub.store.set_notify, game_id, seat, changes)
        return {"ok": True, **await asyncio.to_thread(notify_answer, hub, game_id, seat)}

    @app.post("/api/games/{game_id}/rematch")
    async def api_rematch(request: Request, game_id: str, body: RematchRequest) -> Any:
        """A finished game's rematch with the same seats: made by the first seat to ask,
        the same new game for every later one; each seat gets its own link in it."""
        hub = hub_of(request)
        await live_or_404(hub, game_id)
        seat = seat_or_403(hub, game_id, body.token, "ask for a rematch")
        try:
            new_id, token = await hub.rematch(game_id, seat)
        except RefusedError as exc:
            return _refusal(exc)
        return {"id": new_id, "url": f"/g/{new_id}?t={token}"}

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
        elif re.fullmatch(r"[0-9]{1,2}", seat) and int(seat) < seats:
            viewer = int(seat)
        else:
            raise HTTPException(400, f"seat must be 'all' or 0..{seats - 1}, not {seat[:8]!r}")
        total = len(live.record.actions)
        step = max(0, min(step, total))
        state = await asyncio.to_thread(replay, live.record, live.game, step)
        view = state.open_view() if viewer is None else state.view(viewer)
        last = live.record.actions[step - 1] if step else None
        text = None
        if last is not None:
            text = live.game.format_action(last[1])
            if viewer is not None and last[0] != viewer and last[1].kind in live.game.type.sealed:
                text = f"sealed a {last[1].kind}"  # as that seat saw it: content hidden
        return {
            "step": step,
            "total": total,
            "seat": viewer,
            "view": view,
            "names": live.info.names,
            "overlay": live.web.overlay(view, live.info.options),
            "legal": legal_payload(
                live.game,
                live.web,
                state,
                viewer,
                live.info.options,
                lang=i18n.request_language(request),
            ),
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
        live = await hub.fresh(game_id) if len(game_id) <= 32 else None
        seat = None
        if token and live is not None and len(token) <= 64:
            seat = hub.store.seat_for_token(game_id, token)
        if live is None or (token and seat is None):
            await ws.close(code=4403 if live else 4404)
            return
        await ws.accept()
        client = Client(seat, ws.send_json, ws.close, i18n.request_language(ws))
        await hub.subscribe(live, client)
        try:
            while True:
                message = await _receive(ws, limits.max_ws_message)
                if message is None:
                    return
                if client not in live.clients:  # the seat's link was withdrawn meanwhile
                    return
                await _on_message(hub, ws, live, seat, message)
        except WebSocketDisconnect:
            pass
        finally:
            hub.unsubscribe(live, client)

    return app


async def _receive(ws: WebSocket, max_size: int) -> Any:
    """The next message as JSON data; None once the socket is closed.

    A binary frame is closed with 1003 and an oversized one with 1009; text that is not
    JSON gets an error message and the socket stays open. The game is never touched.
    """
    frame = await ws.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    text = frame.get("text")
    if text is None:
        await ws.close(code=1003, reason="binary frames are not accepted: send JSON text")
        return None
    if len(text) > max_size:
        await ws.close(code=1009, reason=f"a message may have at most {max_size} bytes")
        return None
    try:
        return json.loads(text)
    except ValueError:
        return _NOT_JSON


_NOT_JSON = object()


def _count(value: Any) -> int | None:
    """A message's action count (`expected`, `seq`), if it is a whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


async def _on_message(
    hub: Hub, ws: WebSocket, live: LiveGame, seat: int | None, message: Any
) -> None:
    game_id = live.info.id
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "chat":
        await _on_chat(hub, ws, live, seat, message)
        return
    if kind not in ("act", "undo"):
        what = "not JSON" if message is _NOT_JSON else "not an act, undo or chat message"
        await ws.send_json(
            {
                "type": "error",
                "error": {
                    "kind": "malformed",
                    "message": f"{what}: expected {{type: act}}, {{type: undo}} or {{type: chat}}",
                },
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
    expected, seq = _count(message.get("expected")), _count(message.get("seq"))
    key = message.get("key")
    key = key if isinstance(key, str) and 0 < len(key) <= 64 else None
    try:
        if kind == "undo":
            count = await hub.undo(game_id, seat, expected)
            await ws.send_json({"type": "undone", "actions": count})
            return
        action = hub.decode(live, message.get("action"))
        index = await hub.act(game_id, seat, action, expected, key, seq)
    except RefusedError as exc:
        await ws.send_json({"type": "error", "error": exc.to_dict()})
        return
    await ws.send_json({"type": "ack", "index": index})


async def _on_chat(
    hub: Hub, ws: WebSocket, live: LiveGame, seat: int | None, message: dict[str, Any]
) -> None:
    """`{"type": "chat", "text"}`: posted to every socket of the game as `chat`; a refusal
    is an `error` with `"about": "chat"` (so a page does not take it for its action's)."""
    if seat is None:
        error = {
            "kind": "forbidden",
            "message": "spectators can read the chat; posting needs a seat's link",
        }
        await ws.send_json({"type": "error", "about": "chat", "error": error})
        return
    try:
        await hub.post_chat(live, seat, message.get("text"))
    except RefusedError as exc:
        await ws.send_json({"type": "error", "about": "chat", "error": exc.to_dict()})


def _titles() -> list[dict[str, Any]]:
    return [
        {
            **g.type.to_dict(),
            "bots": bot_names(name),
            # In order, weakest first (a list: JSON objects may be reordered on the way).
            "levels": [{"level": w, "bot": b} for w, b in bot_levels(name).items()],
            "default_bot": default_bot(name),
        }
        for name, g in games().items()
    ]
