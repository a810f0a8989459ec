"""Learning to play (issue 30): the /learn page, the lessons' scripts, and a lesson's game
started for the learner. The lessons themselves (data, checks, rehearsal) are
`server.learn`'s."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response

from ekimae.server import learn
from ekimae.server.deps import LangDep, ServicesDep, TemplatesDep, create_refused
from ekimae.server.errors import RefusedError

router = APIRouter()


@router.get("/learn", response_class=HTMLResponse)
async def learn_page(request: Request, templates: TemplatesDep, lang: LangDep) -> Response:
    """Every lesson by title, each with Start (and Resume where the browser kept one)."""
    context = {"titles": learn.lesson_cards(lang)}
    return templates.TemplateResponse(request, "learn.html", context)


@router.get("/api/learn")
async def api_lessons(lang: LangDep) -> list[dict[str, Any]]:
    return learn.lesson_cards(lang)


@router.get("/api/learn/{key}")
async def api_lesson(key: str, lang: LangDep) -> dict[str, Any]:
    """A lesson's script in the reader's language (what static/learn.js reads)."""
    return learn.lesson_or_404(key).payload(lang)


@router.post("/api/learn/{key}", status_code=201)
async def api_start(request: Request, key: str, services: ServicesDep, lang: LangDep) -> Any:
    """A new game for the lesson; its page's URL for the learner's seat. Counted like any
    other game made from this client address."""
    lesson = learn.lesson_or_404(key)
    refused = await create_refused(request, services)
    if refused is not None:
        return refused
    try:
        game_id, token = await learn.start(services.hub, lesson, lang)
    except RefusedError as exc:  # a lesson whose setup the engine refuses: a data bug
        raise HTTPException(500, f"lesson {key}: {exc.message}") from None
    url = f"/g/{game_id}?t={token}&learn={lesson.key}"
    return {"id": game_id, "seat": 0, "token": token, "url": url}
