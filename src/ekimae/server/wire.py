"""The WebSocket protocol `ekimae serve` runs: uvicorn's own, compressing at deflate level 1.

Pages and the server still negotiate per-message deflate as before (same window, same
memory level); only the server's compression level differs. A push (10 KB of JSON) is
deflated for every socket separately (each connection keeps its own context), and at
zlib's default level 6 that was about a tenth of the server's CPU per action; level 1 is
about twice as fast and keeps four fifths of the saving on the wire (ratio 4.0 instead of
4.7 on TOKYO METRO's pushes; docs/performance.md).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory
from websockets.server import ServerProtocol

LEVEL = 1


class Protocol(WebSocketsSansIOProtocol):
    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            deflate = ServerPerMessageDeflateFactory(
                server_max_window_bits=12,
                client_max_window_bits=12,
                compress_settings={"memLevel": 5, "level": LEVEL},
            )
            self.conn = ServerProtocol(
                extensions=[deflate],
                max_size=config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )
