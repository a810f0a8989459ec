"""The FastAPI application: templates, guards, static files, the process's services, the
routers (`server.routes`), and how errors are answered.

A seat is identified only by its secret token; without one a client is a spectator. Every
payload a client receives is built from `state.view(seat)` for its own seat
(`server.payloads`), so hidden information (other seats' bids, the deck order) never
leaves the engine. What a route needs it asks for (`server.deps`); a game's changes go
through its table (`server.table`); docs/server.md "The centre" draws the whole.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from ekimae import i18n
from ekimae.server import metrics, rules_pages
from ekimae.server.config import Limits, Settings
from ekimae.server.errors import RefusedError
from ekimae.server.guards import GuardedApp
from ekimae.server.headers import page_start
from ekimae.server.routes import admin, following, games, learn, live, ops, pages, seats, social
from ekimae.server.services import Services
from ekimae.server.titles import HERE as TITLES_DIR
from ekimae.server.titles import static_folders

HERE = Path(__file__).parent

# `ekimae serve --workers N` hands each of its processes the settings in this variable.
SETTINGS_ENV = "EKIMAE_SERVE_SETTINGS"


def app_from_env() -> FastAPI:
    """uvicorn's app factory in each process of `ekimae serve --workers N`: the settings
    `serve` checked, from `$EKIMAE_SERVE_SETTINGS` (JSON; the limits are the defaults)."""
    import os

    from ekimae.server import logs
    from ekimae.server.tuning import tune_gc

    data = json.loads(os.environ[SETTINGS_ENV])
    data["limits"] = Limits(**data.get("limits", {}))
    data["trusted_proxies"] = tuple(data.get("trusted_proxies", ()))
    settings = Settings(**data)
    # This process's uvicorn loggers: secrets never reach the logs.
    logs.install(json_lines=settings.log_json)
    app = create_app(settings)
    tune_gc()
    return app


def page_templates(pace_ms: int = Settings.pace_ms) -> Jinja2Templates:
    """Generic pages in templates/, each title's in titles/<title>/templates/; every page in
    the request's language (`_()` / `{% trans %}`, static/i18n.js's `t()`; issue 20)."""
    templates = Jinja2Templates(
        directory=[str(HERE / "templates"), str(TITLES_DIR)],
        context_processors=[i18n.page_context],
    )
    i18n.install_gettext(templates.env)
    templates.env.globals["page_start"] = page_start  # no inline script (server/headers.py)
    templates.env.globals["pace_ms"] = pace_ms  # base.html's data-pace (issue 31)
    return templates


async def answer_error(request: Request, exc: Exception) -> JSONResponse:
    """The one answer to what a request got wrong: a refusal (`RefusedError`: its kind,
    message and rule, with its status) or a malformed body (FastAPI's default echoes each
    bad input whole; here the field and the problem, cut short)."""
    if isinstance(exc, RefusedError):
        return JSONResponse({"error": exc.to_dict()}, status_code=exc.status)
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"loc": [str(part)[:40] for part in err.get("loc", ())], "msg": str(err["msg"])[:200]}
        for err in exc.errors()[:10]
    ]
    return JSONResponse({"detail": errors}, status_code=422)


def create_app(settings: Settings) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        running = await Services.start(settings)
        metrics.count_errors()  # after uvicorn configured its loggers
        app.state.services = running
        # What tests and tools read: the store, the hub, the ratings, the event bus.
        app.state.store, app.state.hub = running.store, running.hub
        app.state.ratings = running.ratings
        if running.bus is not None:
            app.state.bus = running.bus
        try:
            yield
        finally:
            await running.stop()

    app = GuardedApp(title="ekimae", lifespan=lifespan, max_body=settings.limits.max_body)
    app.state.templates = page_templates(settings.pace_ms)
    for module, folder in static_folders().items():  # each title's scripts
        app.mount(f"/static/titles/{module}", StaticFiles(directory=str(folder)))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.add_exception_handler(RequestValidationError, answer_error)
    app.add_exception_handler(RefusedError, answer_error)
    app.include_router(rules_pages.router)  # /rules, /rules/{game}: docs/rules as pages
    for routes in (pages, games, seats, social, following, live, learn, ops, admin):
        app.include_router(routes.router)
    return app
