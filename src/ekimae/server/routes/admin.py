"""The admin page and its API (issue 35): the games with their seats and connections,
closing and deleting a game, hiding a chat message, handing a silent seat to a bot, the
admin's log. One router per resource (`session`, `games`, `chat`, `log`), all in `router`.

Without an admin secret (`serve --admin-secret-file`) every path here is a 404. Who may
pass, and how a write proves it came from the page, is `server.admin_auth`; what each
action does and how it is logged, `server.admin_actions`.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import BaseModel, Field

from ekimae.server import admin_actions, admin_store
from ekimae.server.admin_auth import COOKIE, SESSION_SECONDS, Admin, AdminAuth, admin_name
from ekimae.server.bodies import default_bot
from ekimae.server.deps import ServicesDep, TemplatesDep
from ekimae.server.ladders import bot_names
from ekimae.server.limits import Limiter, retry_after
from ekimae.server.services import Services

NO_STORE = {"Cache-Control": "no-store"}
PER_PAGE = 25


class LoginRequest(BaseModel):
    secret: str = Field(max_length=1000)
    name: str = Field(default="", max_length=40)


class BotChoice(BaseModel):
    bot: str | None = Field(default=None, max_length=40)


# ------------------------------------------------------------------------- who passes


def admin_auth(services: ServicesDep) -> AdminAuth:
    """The server's admin secret; 404 without one (there is no admin page then)."""
    secret = services.settings.admin_secret
    if not secret:
        raise HTTPException(404, "Not Found")
    return AdminAuth(secret)


AuthDep = Annotated[AdminAuth, Depends(admin_auth)]


def client_address(request: Request, services: Services) -> str:
    peer = request.client.host if request.client else None
    return services.addresses.of(peer, request.headers.getlist("x-forwarded-for"))


async def limited(limiter: Limiter | None, key: str) -> None:
    wait = None if limiter is None else await limiter.ask(key)
    if wait is not None:
        raise HTTPException(
            429,
            f"too many admin requests from here; try again in {wait:.0f} s",
            headers={"Retry-After": retry_after(wait)},
        )


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


async def admin_reader(
    request: Request, response: Response, services: ServicesDep, auth: AuthDep
) -> Admin:
    """The admin of a session cookie or a bearer header; 401 for neither, 403 for a wrong
    secret. Bearer requests are counted before the comparison (guessing is slow)."""
    response.headers.update(NO_STORE)
    address = client_address(request, services)
    bearer = _bearer(request)
    if bearer is not None:
        await limited(services.admin_writes, address)
        if not auth.matches(bearer):
            admin_actions.log.warning("admin: a wrong secret from %s (bearer)", address)
            raise HTTPException(403, "wrong admin secret")
        name = admin_name(request.headers.get("x-admin-name") or "script")
        return Admin(name, address, "bearer")
    session_name = auth.session_name(request.cookies.get(COOKIE))
    if session_name is None:
        raise HTTPException(401, "log in on /admin first, or send Authorization: Bearer <secret>")
    return Admin(session_name, address, "session")


ReaderDep = Annotated[Admin, Depends(admin_reader)]


def same_origin(request: Request, origin: str) -> bool:
    """Whether a browser's Origin header names the server the request reached."""
    parts = urlsplit(origin)
    return parts.netloc == request.headers.get("host", "") and parts.scheme in ("http", "https")


async def admin_writer(
    request: Request, admin: ReaderDep, auth: AuthDep, services: ServicesDep
) -> Admin:
    """An admin allowed to change something: a session's write carries the page's CSRF
    token and comes from this server's own pages; every write is rate limited."""
    if admin.via == "session":
        cookie = request.cookies.get(COOKIE, "")
        origin = request.headers.get("origin")
        if not auth.csrf_ok(cookie, request.headers.get("x-csrf-token")):
            raise HTTPException(403, "this request lacks the admin page's CSRF token")
        if origin is not None and not same_origin(request, origin):
            raise HTTPException(403, "an admin request from another site is refused")
        await limited(services.admin_writes, admin.address)
    return admin


WriterDep = Annotated[Admin, Depends(admin_writer)]


# ------------------------------------------------------------------------- the session

session = APIRouter()


@session.get("/admin", response_class=HTMLResponse)
async def admin_page(
    request: Request, services: ServicesDep, auth: AuthDep, templates: TemplatesDep
) -> Response:
    """The admin page once logged in; the login form before."""
    cookie = request.cookies.get(COOKIE, "")
    name = auth.session_name(cookie)
    if name is None:
        page = templates.TemplateResponse(request, "admin_login.html", {})
    else:
        context = {"admin_name": name, "csrf": auth.csrf(cookie), "per_page": PER_PAGE}
        page = templates.TemplateResponse(request, "admin.html", context)
    page.headers.update(NO_STORE)
    return page


@session.post("/admin/login")
async def admin_login(
    request: Request, body: LoginRequest, services: ServicesDep, auth: AuthDep
) -> Response:
    """The secret for a session cookie. Every attempt counts toward a small limit per
    address, checked before the secret is compared."""
    address = client_address(request, services)
    await limited(services.admin_logins, address)
    if not auth.matches(body.secret):
        admin_actions.log.warning("admin: a wrong secret from %s (login)", address)
        return JSONResponse({"detail": "wrong admin secret"}, status_code=403, headers=NO_STORE)
    name = admin_name(body.name)
    cookie = auth.session(name)
    response = JSONResponse({"ok": True, "name": name}, headers=NO_STORE)
    secure = request.url.scheme == "https" or services.settings.public_url.startswith("https:")
    response.set_cookie(
        COOKIE,
        cookie,
        max_age=SESSION_SECONDS,
        path="/admin",
        httponly=True,
        samesite="strict",
        secure=secure,
    )
    await admin_actions.record(services.hub, Admin(name, address, "session"), "login", None, "")
    return response


@session.post("/admin/logout")
async def admin_logout(admin: WriterDep) -> Response:
    response = JSONResponse({"ok": True}, headers=NO_STORE)
    response.delete_cookie(COOKIE, path="/admin", httponly=True, samesite="strict")
    return response


# ------------------------------------------------------------------------- games

games = APIRouter(prefix="/admin/api/games")


def _game_line(services: Services, line: admin_store.GameLine) -> dict[str, Any]:
    info = line.info
    table = services.hub.tables.held.get(info.id)
    clients = list(table.clients) if table is not None else []
    claimed = table.claimed if table is not None else None
    state = "closed" if info.closed else "finished" if info.finished else "playing"
    return {
        "id": info.id,
        "game": info.game,
        "title": table.game.title if table is not None else info.game,
        "state": state,
        "actions": info.action_count,
        "created_at": info.created_at,
        "last_action_at": line.last_action_at,
        "listed": info.listed,
        # Sockets open to this server process (each process counts its own).
        "connections": len(clients),
        "spectators": sum(1 for c in clients if c.seat is None),
        "seats": [
            {
                "seat": seat,
                "name": name,
                "bot": info.bots[seat],
                "claimed": None if claimed is None else claimed[seat],
                "connected": sum(1 for c in clients if c.seat == seat),
                "to_act": seat in info.to_act and not info.finished,
            }
            for seat, name in enumerate(info.names)
        ],
        "bots": bot_names(info.game),
        "default_bot": default_bot(info.game),
    }


@games.get("")
async def list_games(
    admin: ReaderDep, services: ServicesDep, which: str = "all", page: int = 1
) -> Any:
    """The games, newest first, `PER_PAGE` a page; `which`: all, playing, finished, closed."""
    if which not in admin_store.WHICH:
        raise HTTPException(400, f"which is one of {', '.join(admin_store.WHICH)}")
    page = max(1, min(page, 1_000_000))
    lines, total = await asyncio.to_thread(
        admin_store.games_page,
        services.store,
        which,
        (page - 1) * PER_PAGE,
        PER_PAGE,
    )
    pages = max(1, -(-total // PER_PAGE))
    return {
        "games": [_game_line(services, line) for line in lines],
        "page": page,
        "pages": pages,
        "total": total,
        "which": which,
    }


@games.post("/{game_id}/close")
async def close_game(game_id: str, admin: WriterDep, services: ServicesDep) -> Any:
    await admin_actions.close(services.hub, admin, game_id)
    return {"ok": True, "id": game_id, "state": "closed"}


@games.delete("/{game_id}")
async def delete_game(game_id: str, admin: WriterDep, services: ServicesDep) -> Any:
    await admin_actions.delete(services.hub, admin, game_id)
    return {"ok": True, "id": game_id, "deleted": True}


@games.post("/{game_id}/seats/{seat}/bot")
async def seat_to_bot(
    game_id: str, seat: int, body: BotChoice, admin: WriterDep, services: ServicesDep
) -> Any:
    table = await services.hub.table(game_id)
    bot = body.bot or default_bot(table.game.name)
    await admin_actions.to_bot(services.hub, admin, game_id, seat, bot)
    return {"ok": True, "seat": seat, "bot": bot}


# ------------------------------------------------------------------------- chat

chat = APIRouter(prefix="/admin/api/games/{game_id}/chat")


@chat.get("")
async def game_chat(game_id: str, admin: ReaderDep, services: ServicesDep) -> Any:
    """Every message of the game, hidden ones too (marked)."""
    found = await asyncio.to_thread(admin_store.chat_all, services.store, game_id)
    return {"messages": [{**m.to_dict(), "hidden": hidden} for m, hidden in found]}


@chat.post("/{message_id}/hide")
async def hide_message(
    game_id: str, message_id: int, admin: WriterDep, services: ServicesDep
) -> Any:
    await admin_actions.hide_chat(services.hub, admin, game_id, message_id)
    return {"ok": True, "id": message_id, "hidden": True}


# ------------------------------------------------------------------------- the log

log = APIRouter(prefix="/admin/api/log")


@log.get("")
async def admin_log(admin: ReaderDep, services: ServicesDep, limit: int = 50) -> Any:
    """The newest admin actions first."""
    limit = max(1, min(limit, 500))
    return {"entries": await asyncio.to_thread(admin_store.recent_log, services.store, limit)}


router = APIRouter()
for part in (session, games, chat, log):
    router.include_router(part)
