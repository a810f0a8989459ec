"""Secrets never reach the server's logs: seat tokens and invitation codes are redacted.

A seat's token (`?t=` in page links, `?token=` in the API and WebSocket), a host's token
(`?h=`, `?host_token=`) and an invitation code (`/join/<code>`, `/api/join/<code>`,
`/api/invites/<code>`) each grant a seat or a game to whoever holds them, so a log line
must not carry them. `RedactSecrets` rewrites a record's message and its arguments (uvicorn's
access record keeps the path with its query string in `args`, and its formatter unpacks
that tuple, so the tuple keeps its shape); `install` puts it on uvicorn's loggers and on
their handlers (a handler's filter also sees records propagated from child loggers).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote_plus

MASK = "***"
SECRET_PARAMS = frozenset({"t", "token", "h", "host_token"})
UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
# The server's own (bot errors, turn notices that failed): redacted the same way.
LOGGERS = (*UVICORN_LOGGERS, "ekimae.server")

# `?name=value` / `&name=value`; the value ends where the parameter, the URL or the quoted
# request line ends.
_PARAM = re.compile(r"([?&])([^?&=#\s\"']*)=([^&#\s\"']*)")
# The segment after `/join/`, `/api/join/` or `/api/invites/`.
_PATH = re.compile(r"(/(?:api/)?join/|/api/invites/)[^/?#\s\"']+")
_FORMATTER = logging.Formatter()


def redact(text: str) -> str:
    """`text` with every secret query value and invitation code replaced by `***`."""

    def param(match: re.Match[str]) -> str:
        sep, name, value = match.groups()
        if value and unquote_plus(name) in SECRET_PARAMS:
            return f"{sep}{name}={MASK}"
        return match.group(0)

    return _PATH.sub(rf"\g<1>{MASK}", _PARAM.sub(param, text))


def _redact_value(value: Any) -> Any:
    return redact(value) if isinstance(value, str) else value


class RedactSecrets(logging.Filter):
    """Rewrites records in place (never drops one): message, arguments, colour message."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(_redact_value(arg) for arg in args)
        elif isinstance(args, dict):
            record.args = {key: _redact_value(arg) for key, arg in args.items()}
        # uvicorn's formatter prints this instead of `msg` when the terminal has colours.
        colour = record.__dict__.get("color_message")
        if isinstance(colour, str):
            record.__dict__["color_message"] = redact(colour)
        # A traceback's text: formatters print `exc_text` when it is set, rather than
        # formatting `exc_info` themselves.
        if record.exc_info and not record.exc_text:
            record.exc_text = _FORMATTER.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


class JsonLines(logging.Formatter):
    """One JSON object per line (`ekimae serve --log-format json`), for a log collector.

    Every line has `time` (UTC, ISO 8601), `level`, `logger` and `message` (redacted like
    the text form: the filters ran before any formatter); uvicorn's access lines add
    `client`, `method`, `path`, `status`; a traceback comes as `error`."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            client, method, path, _, status = args
            line.update(client=client, method=method, path=path, status=status)
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(self.formatException(record.exc_info))
        if record.exc_text:
            line["error"] = record.exc_text
        return json.dumps(line, ensure_ascii=False, default=str)


def install(names: Iterable[str] = LOGGERS, *, json_lines: bool = False) -> RedactSecrets:
    """Put one `RedactSecrets` on each named logger and on its handlers (call after uvicorn
    has configured its logging, which replaces the handlers); returns the filter. With
    `json_lines`, those handlers write `JsonLines`, and the server's own logger gets one
    on standard error if it has none."""
    redactor = RedactSecrets()
    if json_lines:
        own = logging.getLogger("ekimae.server")
        if not own.handlers:
            own.addHandler(logging.StreamHandler())
            own.setLevel(logging.INFO)
    for name in names:
        logger = logging.getLogger(name)
        targets: list[logging.Filterer] = [logger, *logger.handlers]
        for target in targets:
            if not any(isinstance(f, RedactSecrets) for f in target.filters):
                target.addFilter(redactor)
        if json_lines:
            for handler in logger.handlers:
                handler.setFormatter(JsonLines())
    return redactor
