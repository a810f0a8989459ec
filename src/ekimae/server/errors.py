"""What the server refuses, as every route and socket answers it."""

from __future__ import annotations

from typing import Any

# Longest error message a client is sent: refusals name bad input, never echo it whole.
MAX_MESSAGE = 300
# Times a request is checked again after another process wrote first, before a 409.
STALE_RETRIES = 5


class RefusedError(Exception):
    """An action the server will not take; `kind` is malformed, illegal, stale or forbidden."""

    def __init__(self, kind: str, message: str, rule: str = "", status: int = 400) -> None:
        if len(message) > MAX_MESSAGE:
            message = message[: MAX_MESSAGE - 1] + "…"
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.rule = rule
        self.status = status

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": self.kind, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        return out


def not_found(game_id: str) -> RefusedError:
    return RefusedError("not-found", f"no game {game_id[:32]!r}", status=404)
