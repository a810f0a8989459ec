"""The shipped deployment (issue 35), run for real: Debian's nginx with deploy/'s site in
front of two `ekimae serve` processes on one PostgreSQL.

Two people play through nginx from two browsers (their pushes cross processes); the
processes see each client's own address through X-Forwarded-For, which they believe
from the proxy only, so the per-client limits hold per client — counted in the shared
database, whichever process a request reaches — and a client cannot forge its way out.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy import create_engine, text

from ekimae.server.config import normalise_url
from tests.server.conftest import POSTGRES_ENV
from tools.load_test import HOST, free_port, kill_hard, start_server, wait_ready

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "deploy" / "nginx" / "ekimae.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CREATE_LIMIT = 2


@dataclass(frozen=True)
class Deployment:
    url: str  # nginx
    logs: list[Path]  # each process's log


def _schema_url() -> Iterator[str]:
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(f'{POSTGRES_ENV} is not set: run `eval "$(tools/services.sh --print-env)"`')
    schema = f"t_{secrets.token_hex(6)}"
    admin = create_engine(normalise_url(url))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def nginx_conf(prefix: Path, listen: int, upstreams: list[int]) -> Path:
    """Our site file as shipped, on test ports, inside a minimal main configuration."""
    site = SITE.read_text()
    site = site.replace("127.0.0.1:8001", f"127.0.0.1:{upstreams[0]}")
    site = site.replace("127.0.0.1:8002", f"127.0.0.1:{upstreams[1]}")
    site = site.replace("    listen [::]:80;\n", "").replace(
        "listen 80;", f"listen {HOST}:{listen};"
    )
    assert f"{HOST}:{listen}" in site and str(upstreams[1]) in site
    for sub in ("body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (prefix / sub).mkdir(parents=True, exist_ok=True)
    conf = prefix / "nginx.conf"
    conf.write_text(
        f"""{"user root;" if os.geteuid() == 0 else ""}
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
{site}
}}
"""
    )
    return conf


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Deployment]:
    assert Path(NGINX).exists(), "nginx is not installed: run tools/services.sh first"
    tmp = tmp_path_factory.mktemp("deploy")
    ports = [free_port(), free_port()]
    listen = free_port()
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(contextlib.contextmanager(_schema_url)())
        procs = []
        for port in ports:
            proc = start_server(
                tmp / f"data-{port}", port, database_url=url, create_limit=CREATE_LIMIT,
                extra=["--trusted-proxy", "127.0.0.1"],
            )  # fmt: skip
            stack.callback(kill_hard, proc)
            procs.append(proc)
        for proc, port in zip(procs, ports, strict=True):
            wait_ready(proc, f"http://{HOST}:{port}", timeout=60)
        conf = nginx_conf(tmp / "nginx", listen, ports)
        nginx = subprocess.Popen(
            [NGINX, "-p", str(tmp / "nginx"), "-c", str(conf), "-g", "daemon off;"],
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        stack.callback(_stop, nginx)
        base = f"http://{HOST}:{listen}"
        deadline = time.monotonic() + 20
        while True:
            assert nginx.poll() is None, nginx.stderr.read() if nginx.stderr else b""
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/api/titles", timeout=2).status_code == 200:
                    break
            assert time.monotonic() < deadline, "nginx did not answer"
            time.sleep(0.1)
        yield Deployment(base, [tmp / f"server-{port}.log" for port in ports])


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGQUIT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def client_at(address: str, base: str) -> httpx.Client:
    """A client whose connections come from `address` (any 127/8 address is this host)."""
    return httpx.Client(
        base_url=base, timeout=30, transport=httpx.HTTPTransport(local_address=address)
    )


def _game(http: httpx.Client) -> httpx.Response:
    return http.post("/api/games", json={"game": "chocolate-milk", "seats": [{"name": "Solo"}]})


def test_each_client_is_limited_by_its_own_address_across_both_processes(
    deployment: Deployment,
) -> None:
    with (
        client_at("127.0.0.2", deployment.url) as ann,
        client_at("127.0.0.3", deployment.url) as ben,
    ):
        # Round-robin sends Ann's requests to both processes; the count is shared.
        for _ in range(CREATE_LIMIT):
            assert _game(ann).status_code == 201
        refused = _game(ann)
        assert refused.status_code == 429, refused.text
        # A forged X-Forwarded-For does not help: nginx appends the real address and the
        # server believes only the hop nginx added.
        forged = ann.post(
            "/api/games",
            json={"game": "chocolate-milk", "seats": [{"name": "Solo"}]},
            headers={"X-Forwarded-For": "203.0.113.9"},
        )
        assert forged.status_code == 429
        # Ben, from another address, has a bucket of his own.
        assert _game(ben).status_code == 201
    served = [log.read_text().count('"POST /api/games HTTP/1.1" 201') for log in deployment.logs]
    assert all(n >= 1 for n in served), served  # both processes created games


def _sockets(deployment: Deployment, gid: str) -> list[int]:
    """How many sockets to game `gid` each process has accepted (from its access log)."""
    return [log.read_text().count(f'"WebSocket /ws/{gid}?') for log in deployment.logs]


def test_two_browsers_play_through_nginx_across_processes(
    deployment: Deployment, browser: Browser
) -> None:
    base = deployment.url
    with client_at("127.0.0.4", base) as http:
        made = http.post(
            "/api/games", json={"game": "tokyo-metro", "seats": [{"name": "Ann"}, {"name": "Ben"}]}
        ).json()
        invite = made["seats"][1]["invite_url"].replace("/join/", "/api/join/")
        ben = http.post(invite, json={"name": "Ben"}).json()
    gid = made["id"]
    ann_page = browser.new_context().new_page()
    ben_page = browser.new_context().new_page()
    ann_page.goto(base + made["me"]["url"])
    expect(ann_page.locator("#bid-submit")).to_be_visible(timeout=20_000)
    _wait_for(lambda: sum(_sockets(deployment, gid)) == 1)
    ann_process = _sockets(deployment, gid).index(1)
    # Ben's page is (re)opened until round-robin gives his socket the other process, so
    # that each bid reaches the other page across processes (through PostgreSQL).
    for _ in range(8):
        before = _sockets(deployment, gid)
        ben_page.goto(base + ben["url"])
        expect(ben_page.locator("#bid-submit")).to_be_visible(timeout=20_000)
        seen = sum(before)
        _wait_for(lambda: sum(_sockets(deployment, gid)) > seen)  # noqa: B023 - waited on here
        after = _sockets(deployment, gid)
        if after[1 - ann_process] > before[1 - ann_process]:
            break
    else:
        pytest.fail(f"nginx never sent Ben's socket to the other process: {after}")
    ann_page.select_option("#bid-amount", "300")
    ann_page.click("#bid-submit")
    ben_page.select_option("#bid-amount", "0")
    ben_page.click("#bid-submit")
    for page in (ann_page, ben_page):
        expect(page.locator("#sidelog-list")).to_contain_text("bids revealed", timeout=20_000)
        expect(page.locator("#sidelog-list")).to_contain_text("¥300")


def _wait_for(condition: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
