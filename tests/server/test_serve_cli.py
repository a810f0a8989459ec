"""`ekimae serve`: a bad option is one line and exit status 2; secrets stay out of the logs.

Each case runs the real command (`python -m ekimae.cli.main serve ...`) as a subprocess.
Nothing here needs PostgreSQL: the unreachable database is a closed loopback port, and every
server or socket listens on 127.0.0.1 only.
"""

from __future__ import annotations

import json
import logging
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
import websockets.exceptions
import websockets.sync.client
from uvicorn.logging import AccessFormatter, DefaultFormatter

from ekimae.server import logs
from ekimae.server.cli import mask_url, uvicorn_config
from ekimae.server.config import Settings
from tools.load_test import HOST, free_port, kill_hard, start_server, wait_ready

SERVE = [sys.executable, "-m", "ekimae.cli.main", "serve", "--host", HOST]


def _serve(*args: str, timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
    """The command's outcome; `timeout` bounds a hang only (a busy machine starts slowly)."""
    return subprocess.run(
        [*SERVE, *args], capture_output=True, text=True, timeout=timeout, check=False
    )


def _refused(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """The one stderr line of a refused start (which must not have started anything)."""
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    assert result.returncode == 2, (result.returncode, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("ekimae serve: "), lines[0]
    assert "Uvicorn" not in result.stdout + result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def _closed_port() -> int:
    """A loopback port nothing listens on (bound briefly, then released)."""
    return free_port()


# ---------------------------------------------------------------------------- bad options


@pytest.mark.parametrize("port", ["99999", "0", "-1", "65536"])
def test_port_out_of_range(port: str, tmp_path: Path) -> None:
    line = _refused(_serve("--port", port, "--data-dir", str(tmp_path)), "--port", "65535")
    assert port in line


def test_negative_bot_delay(tmp_path: Path) -> None:
    _refused(_serve("--bot-delay", "-0.5", "--data-dir", str(tmp_path)), "--bot-delay")


def test_negative_bot_workers(tmp_path: Path) -> None:
    _refused(_serve("--bot-workers", "-1", "--data-dir", str(tmp_path)), "--bot-workers")


def test_data_dir_under_a_regular_file(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    data_dir = blocker / "data"
    _refused(_serve("--data-dir", str(data_dir), "--port", str(free_port())), str(data_dir))
    assert blocker.read_text() == "not a folder"


@pytest.mark.parametrize(
    "url",
    [
        "nonsense://x",
        "junk",
        "postgresql://user:pw@db.example:notaport/games",
        "postgresql://user:pw@[::1/games",
    ],
)
def test_malformed_database_url(url: str) -> None:
    line = _refused(_serve("--database-url", url, "--port", str(free_port())), "--database-url")
    assert ":pw@" not in line


def test_unreachable_database_is_refused_without_its_password() -> None:
    url = f"postgresql://ekimae:HUSH-PW-31337@{HOST}:{_closed_port()}/ekimae"
    result = _serve("--database-url", url, "--port", str(free_port()))
    line = _refused(result, "cannot connect", "ekimae:***@")
    assert "HUSH-PW-31337" not in result.stdout + result.stderr, line


def test_a_database_that_never_answers_is_given_up_on() -> None:
    """A port that takes the connection and never answers: the start gives up after its
    connect timeout (cli.DB_CONNECT_TIMEOUT) with one line. Without one it would hang
    until this test's bound, which bounds a hang only (no clock is compared: issue 28)."""
    with socket.socket() as silent:
        silent.bind((HOST, 0))
        silent.listen()
        url = f"postgresql://ekimae:HUSH-PW-31337@{HOST}:{silent.getsockname()[1]}/ekimae"
        result = _serve("--database-url", url, "--port", str(free_port()), timeout=120)
    line = _refused(result, "cannot connect", "timeout expired", "ekimae:***@")
    assert "HUSH-PW-31337" not in result.stdout + result.stderr, line


def test_port_in_use(tmp_path: Path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind((HOST, 0))
        held.listen()
        port = held.getsockname()[1]
        result = _serve("--port", str(port), "--data-dir", str(tmp_path / "data"))
    _refused(result, f"{HOST}:{port}", "in use", "--port")


def test_mask_url() -> None:
    assert mask_url("postgresql://u:secret@h:5432/db") == "postgresql://u:***@h:5432/db"
    assert mask_url("postgresql://u@h/db") == "postgresql://u@h/db"
    assert mask_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"
    assert mask_url("junk://u:p:q@h:x") == "junk://u:***@h:x"
    assert mask_url("postgresql://u:a/b@c@h/db") == "postgresql://u:***@h/db"


def test_uvicorn_gets_the_websocket_message_limit() -> None:
    settings = Settings(database_url="sqlite://")
    config = uvicorn_config(object(), HOST, 8000, settings)
    assert config.ws_max_size == settings.limits.max_ws_message


# ---------------------------------------------------------------------------- redaction


def _access_record(path: str) -> logging.LogRecord:
    """A record as uvicorn's h11 protocol logs one request."""
    return logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("127.0.0.1:5000", "GET", path, "1.1", 200),
        None,
    )


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/g/abc?t=TOKEN1", "/g/abc?t=***"),
        ("/api/games/abc?token=TOKEN2", "/api/games/abc?token=***"),
        (
            "/api/games/abc/hint?seat=1&token=TOKEN3&at=5",
            "/api/games/abc/hint?seat=1&token=***&at=5",
        ),
        ("/g/abc/host?h=TOKEN4", "/g/abc/host?h=***"),
        ("/x?host_token=TOKEN5&t=TOKEN6", "/x?host_token=***&t=***"),
        ("/x?%74oken=TOKEN7", "/x?%74oken=***"),
        ("/join/CODE1", "/join/***"),
        ("/api/join/CODE2?t=TOKEN8", "/api/join/***?t=***"),
        ("/api/invites/CODE3/accept", "/api/invites/***/accept"),
        ("/ws/abc?token=TOKEN9", "/ws/abc?token=***"),
        ("/g/abc?seat=2&tt=keep&at=keep", "/g/abc?seat=2&tt=keep&at=keep"),
        ("/g/abc?t=", "/g/abc?t="),
    ],
)
def test_access_record_is_redacted(path: str, shown: str) -> None:
    record = _access_record(path)
    assert logs.RedactSecrets().filter(record)
    assert record.args is not None and len(record.args) == 5  # uvicorn's formatter unpacks it
    line = AccessFormatter(fmt='%(client_addr)s - "%(request_line)s" %(status_code)s').format(
        record
    )
    assert line == f'127.0.0.1:5000 - "GET {shown} HTTP/1.1" 200 OK'
    assert "TOKEN" not in line and "CODE" not in line


def test_plain_and_websocket_messages_are_redacted() -> None:
    redactor = logs.RedactSecrets()
    plain = logging.LogRecord(
        "uvicorn.error", logging.INFO, __file__, 1, "GET /join/CODE?t=TOKEN", None, None
    )
    ws = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        __file__,
        1,
        '%s - "WebSocket %s" [accepted]',
        ("127.0.0.1:5000", "/ws/abc?token=TOKEN"),
        None,
    )
    ws.color_message = '%s - "WebSocket \x1b[1m%s\x1b[0m" [accepted]'
    keyed = logging.LogRecord(
        "ekimae", logging.INFO, __file__, 1, "%(path)s", ({"path": "/g/x?t=TOKEN"},), None
    )
    for record in (plain, ws, keyed):
        assert redactor.filter(record)
    assert plain.getMessage() == "GET /join/***?t=***"
    assert ws.getMessage() == '127.0.0.1:5000 - "WebSocket /ws/abc?token=***" [accepted]'
    assert keyed.getMessage() == "/g/x?t=***"
    coloured = DefaultFormatter(fmt="%(message)s", use_colors=True).format(ws)
    assert "TOKEN" not in coloured and "token=***" in coloured


def test_traceback_text_is_redacted() -> None:
    try:
        raise LookupError("no invitation at /join/CODE4 for ?t=TOKEN10")
    except LookupError:
        record = logging.LogRecord(
            "uvicorn.error", logging.ERROR, __file__, 1, "failed", None, sys.exc_info()
        )
    assert logs.RedactSecrets().filter(record)
    text = logging.Formatter().format(record)
    assert "LookupError: no invitation at /join/*** for ?t=***" in text
    assert "CODE4" not in text and "TOKEN10" not in text


def test_install_covers_loggers_and_their_handlers() -> None:
    name = "ekimae-test-redaction"
    logger = logging.getLogger(name)
    handler = logging.StreamHandler()
    logger.addHandler(handler)
    try:
        logs.install([name])
        logs.install([name])  # a second install adds nothing
        assert sum(isinstance(f, logs.RedactSecrets) for f in logger.filters) == 1
        assert sum(isinstance(f, logs.RedactSecrets) for f in handler.filters) == 1
    finally:
        logger.removeHandler(handler)
        logger.filters.clear()


def test_a_running_server_logs_no_secrets(tmp_path: Path) -> None:
    """The real server's stdout and stderr name the requests but none of their secrets."""
    port = free_port()
    base = f"http://{HOST}:{port}"
    proc = start_server(tmp_path / "data", port)  # stdout and stderr: server-<port>.log
    try:
        wait_ready(proc, base)
        with httpx.Client(base_url=base, timeout=10) as http:
            assert http.get("/g/nope?t=SECRETTOKEN123").status_code == 404
            assert http.get("/api/games/nope?token=SECRETTOKEN456").status_code == 404
            http.get("/join/SECRETCODE789")  # 404 or a page saying the code is unknown
        with pytest.raises(websockets.exceptions.InvalidHandshake):
            websockets.sync.client.connect(
                f"ws://{HOST}:{port}/ws/nope?token=SECRETWS000", open_timeout=10
            )
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # uvicorn shuts down and flushes its logs
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                kill_hard(proc)
    log = (tmp_path / f"server-{port}.log").read_text()
    for secret in ("SECRETTOKEN123", "SECRETTOKEN456", "SECRETCODE789", "SECRETWS000"):
        assert secret not in log, log
    for shown in (
        "GET /g/nope?t=*** HTTP/1.1",
        "GET /api/games/nope?token=*** HTTP/1.1",
        "GET /join/*** HTTP/1.1",
        '"WebSocket /ws/nope?token=***"',
    ):
        assert shown in log, log


def test_json_log_lines_are_one_object_each_and_redacted(tmp_path: Path) -> None:
    """`--log-format json` (issue 35): every log line a collector reads is one JSON
    object with time, level, logger and message; access lines add the request's parts;
    secrets are redacted as in the text form."""
    port = free_port()
    base = f"http://{HOST}:{port}"
    proc = start_server(tmp_path / "data", port, extra=["--log-format", "json"])
    try:
        wait_ready(proc, base)
        with httpx.Client(base_url=base, timeout=10) as http:
            assert http.get("/g/nope?t=SECRETJSON1").status_code == 404
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                kill_hard(proc)
    log = (tmp_path / f"server-{port}.log").read_text()
    assert "SECRETJSON1" not in log
    # `serve` prints where its data is and where to open it before logging starts.
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    assert lines and all({"time", "level", "logger", "message"} <= line.keys() for line in lines)
    access = [line for line in lines if line["logger"] == "uvicorn.access"]
    wanted = {"method": "GET", "path": "/g/nope?t=***", "status": 404}
    assert any(wanted.items() <= line.items() for line in access), access
    assert not [line for line in log.splitlines() if line and not line.startswith(("{", "ekimae:"))]
