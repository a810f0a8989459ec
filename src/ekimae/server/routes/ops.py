"""What the operator's tools ask a process: is it alive (`/healthz`), should it be sent
players (`/readyz`), and its Prometheus metrics (`/metrics`). docs/deploy.md tells what
to watch and alert on; deploy/nginx keeps `/metrics` from the public side."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, Response
from fastapi.responses import JSONResponse

from ekimae.server import metrics
from ekimae.server.config import mask_url
from ekimae.server.deps import ServicesDep
from ekimae.server.store import schema_head

router = APIRouter()

NO_STORE = {"Cache-Control": "no-store"}
DB_TIMEOUT = 5.0  # seconds a readiness check waits for the database


@router.get("/healthz")
async def healthz() -> JSONResponse:
    """Liveness: the process answers (its event loop runs). Nothing else is asked, so a
    database outage does not make a supervisor restart every process."""
    return JSONResponse({"alive": True}, headers=NO_STORE)


def _not_ready(reason: str) -> JSONResponse:
    metrics.READY.set(0)
    return JSONResponse({"ready": False, "reason": reason}, status_code=503, headers=NO_STORE)


@router.get("/readyz")
async def readyz(services: ServicesDep) -> JSONResponse:
    """Readiness: not stopping, the database answers, and its schema is the one this
    program's migrations end at. 503 with the reason otherwise."""
    if services.stopping:
        return _not_ready("stopping: this process is shutting down")
    head = schema_head()
    try:
        found = await asyncio.wait_for(
            asyncio.to_thread(services.store.schema_revision), DB_TIMEOUT
        )
    except TimeoutError:
        return _not_ready(f"database unreachable: no answer in {DB_TIMEOUT:.0f} s")
    except Exception as exc:
        first = (str(getattr(exc, "orig", None) or exc).strip().splitlines() or ["?"])[0]
        return _not_ready(f"database unreachable: {mask_url(first)[:200]}")
    if found != head:
        return _not_ready(
            f"database schema is {found or 'missing'}, this program needs {head}: "
            "restart a server process (each migrates at start) or restore a matching backup"
        )
    metrics.READY.set(1)
    return JSONResponse({"ready": True, "schema": head}, headers=NO_STORE)


@router.get("/metrics")
async def prometheus(services: ServicesDep) -> Response:
    if services.sampler is not None:
        services.sampler.sample()
    return Response(metrics.exposition(), media_type=metrics.CONTENT_TYPE, headers=NO_STORE)
