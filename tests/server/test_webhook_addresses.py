"""Issue 26: a webhook reaches the address that was checked, and only a public one.

The address was checked, then the name was looked up again to connect: a name that
answers a public address first and loopback next (DNS rebinding) turned a webhook into a
request to this machine. And the IPv4-mapped and IPv4-compatible IPv6 forms of loopback
and private addresses (`::ffff:127.0.0.1`, `::127.0.0.1`) passed as public.
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ekimae.server.app import create_app
from ekimae.server.config import Settings, sqlite_url
from ekimae.server.notify import (
    Notifier,
    NotifyError,
    TurnNotice,
    check_resolves_public,
    check_webhook,
    pinned,
)
from ekimae.server.store import Store
from tests.server.test_notify import Hooks

MAPPED = [
    "::ffff:127.0.0.1",  # IPv4-mapped loopback
    "::127.0.0.1",  # IPv4-compatible loopback
    "::ffff:10.0.0.8",  # IPv4-mapped private
    "::10.0.0.8",  # IPv4-compatible private
    "::ffff:169.254.169.254",  # IPv4-mapped link-local (cloud metadata)
    "2002:7f00:1::",  # 6to4 of 127.0.0.1
    "64:ff9b::a00:8",  # NAT64 of 10.0.0.8
]


@pytest.mark.parametrize("address", MAPPED)
def test_ipv4_forms_inside_ipv6_are_refused(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(NotifyError, match="public address"):
        check_webhook(f"http://[{address}]:8080/hook", allow_private=False)
    # And a name resolving to one is refused when sending.
    fake = [(socket.AF_INET6, socket.SOCK_STREAM, 6, "", (address, 443, 0, 0))]
    monkeypatch.setattr(socket, "getaddrinfo", lambda *_a, **_k: fake)
    with pytest.raises(NotifyError, match="non-public"):
        asyncio.run(check_resolves_public("sneaky.example", 443))


def test_public_ipv6_and_its_ipv4_forms_pass() -> None:
    assert check_webhook("https://[2606:4700::1111]/hook", allow_private=False)
    assert check_webhook("http://[::ffff:8.8.8.8]/hook", allow_private=False)


def test_setting_a_mapped_loopback_webhook_is_refused_over_http(tmp_path: Path) -> None:
    settings = Settings(database_url=sqlite_url(tmp_path / "data"), bot_workers=0)
    with TestClient(create_app(settings)) as client:
        made = client.post("/api/games", json={"seats": [{"name": "A"}, {"bot": "random"}]})
        gid, token = made.json()["id"], made.json()["me"]["token"]
        res = client.post(
            f"/api/games/{gid}/notify",
            json={"token": token, "webhook": "http://[::ffff:127.0.0.1]:9/hook"},
        )
        assert res.status_code == 400 and "public address" in res.json()["error"]["message"]


def test_a_rebinding_name_never_reaches_loopback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`rebind.test` answers a public address when checked, loopback afterwards (where a
    hook server listens): the request goes to the checked address, never to loopback."""
    hooks = Hooks()
    port = int(hooks.url.rsplit(":", 1)[1])
    real = socket.getaddrinfo
    # First a global address (nothing answers it from here), then loopback, for good.
    answers = iter(["1.1.1.1"])

    def lookup(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host in ("rebind.test", b"rebind.test"):  # httpx's resolver asks in bytes
            address = next(answers, "127.0.0.1")
            return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, args[0] or 80))]
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    store = Store(sqlite_url(tmp_path / "data"))
    settings = Settings(database_url=store.url, notify_timeout=1.0)
    notifier = Notifier(store, settings)
    notice = TurnNotice("g1", "TOKYO METRO", ["Ann"], [0], 3)

    async def send() -> None:
        await notifier._webhook(notice, 0, f"http://rebind.test:{port}/hook")
        await notifier.close()

    try:
        asyncio.run(send())
    finally:
        hooks.server.shutdown()
        store.close()
    assert hooks.hits == []
    assert notifier.sent == []


def test_the_pinned_request_names_the_host() -> None:
    url, headers, extensions = pinned("https://hooks.example.org:8443/a?b=1", "203.0.113.9")
    assert url == "https://203.0.113.9:8443/a?b=1"
    assert headers == {"Host": "hooks.example.org:8443"}
    assert extensions == {"sni_hostname": "hooks.example.org"}  # TLS checks the name
    url, headers, extensions = pinned("http://hooks.example.org/x", "2001:db8::5")
    assert (url, headers, extensions) == (
        "http://[2001:db8::5]/x",
        {"Host": "hooks.example.org"},
        {},
    )
