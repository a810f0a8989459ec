"""ASGI guards in front of every route: a bounded request body, safe response headers."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ekimae.server.headers import with_headers


class BodyLimit:
    """Refuse request bodies over `max_body` bytes with 413, before any route reads them;
    give every response the headers of `server.headers` (CSP, nosniff, no framing, no
    referrer), errors included.

    The declared Content-Length is checked first. A body without one (chunked) is read
    here as it arrives, at most `max_body` bytes of it, and handed to the route whole: one
    byte over and the answer is 413 like a declared one (issue 26: it was a 400, the
    route's parser having swallowed the error).
    """

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await self._refuse(send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = dict(message)
                message["headers"] = with_headers(list(message.get("headers", [])))
            await send(message)

        read = await self._read(receive)
        if read is None:
            await self._refuse(send)
            return
        await self.app(scope, read, sending)

    async def _read(self, receive: Receive) -> Receive | None:
        """A `receive` that hands the route the whole body, read here; None past the limit.
        A disconnect before the end is passed on as it came."""
        body = bytearray()
        ended: Message | None = None
        while True:
            message = await receive()
            if message["type"] != "http.request":
                ended = message
                break
            body += message.get("body", b"")
            if len(body) > self.max_body:
                return None
            if not message.get("more_body", False):
                break
        first: list[Message] = [{"type": "http.request", "body": bytes(body), "more_body": False}]
        if ended is not None:
            first = [ended]

        async def replay() -> Message:
            return first.pop() if first else await receive()

        return replay

    async def _refuse(self, send: Send) -> None:
        body = json.dumps(
            {"detail": f"a request body may have at most {self.max_body} bytes"}
        ).encode()
        headers = with_headers(
            [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ]
        )
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class GuardedApp(FastAPI):
    """A FastAPI app with `BodyLimit` outside everything, even the handler of unexpected
    errors, so that a 500 carries the same headers as any other response."""

    def __init__(self, *args: Any, max_body: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_body = max_body

    def build_middleware_stack(self) -> ASGIApp:
        return BodyLimit(super().build_middleware_stack(), self.max_body)
