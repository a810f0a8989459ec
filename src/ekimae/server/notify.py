"""Telling a seat it is its turn while its page is closed: e-mail and webhooks.

Each seat chooses for itself, on its own page (`POST /api/games/{id}/notify`), an e-mail
address and/or a webhook URL; nobody else sees them. When an action by someone else makes
a person's seat one to act, the hub hands a `TurnNotice` to the `Notifier`, which sends in
a task of its own: the action path never waits for a mail server or a web hook, and a
failure is a log line (address and URL redacted), never an error anywhere else.

Abuse: a webhook is http or https only, to a public address (loopback, private and
link-local addresses are refused, in their IPv4-in-IPv6 forms too, checked again at
sending time against what the name resolves to, and the request goes to the address that
was checked, never to a second lookup's; unless the operator allows them), with a timeout
and without following redirects; its body carries no seat token (webhooks often post
into shared channels). Sending is rate-limited per seat and per destination, so a game
against fast bots cannot turn the server into a mail bomb against an address a player
typed in.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
import smtplib
import socket
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Any
from urllib.parse import unquote, urlsplit

import httpx

from ekimae.server.config import Settings
from ekimae.server.limits import rate_limiter
from ekimae.server.logs import redact
from ekimae.server.store import NotifySettings, Store

log = logging.getLogger("ekimae.server")

MAX_EMAIL = 254
MAX_WEBHOOK = 500
_EMAIL = re.compile(r"[^@\s<>,;\"'()\[\]\\]{1,64}@[A-Za-z0-9.-]{1,190}\.[A-Za-z]{2,63}")


class NotifyError(ValueError):
    """A setting the server refuses; the message says what is wrong without echoing it."""


def check_email(text: str) -> str:
    """A plain address `name@domain.tld` (no display name, no header tricks), or NotifyError."""
    text = text.strip()
    if len(text) > MAX_EMAIL or not _EMAIL.fullmatch(text):
        raise NotifyError("the e-mail address must look like name@example.org")
    return text


# NAT64's well-known prefix (RFC 6052): the last 32 bits are an IPv4 address.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")


def _is_public(address: str) -> bool:
    """A global address, and so is any IPv4 address an IPv6 one carries (issue 26: the
    IPv4-mapped ::ffff:127.0.0.1, the IPv4-compatible ::127.0.0.1, 6to4 2002:7f00:1::
    and NAT64 64:ff9b::7f00:1 forms of loopback and private addresses are refused too)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if not ip.is_global:
        return False
    if isinstance(ip, ipaddress.IPv6Address):
        low = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
        embedded = [ip.ipv4_mapped, ip.sixtofour]
        if int(ip) >> 32 == 0 or ip in _NAT64:  # IPv4-compatible (::/96), NAT64
            embedded.append(low)
        return all(v4 is None or v4.is_global for v4 in embedded)
    return True


def check_webhook(url: str, allow_private: bool) -> str:
    """An http(s) URL with a host, at most 500 characters; unless `allow_private`, not
    naming a loopback/private/link-local address itself (`resolve_public` checks the
    name's addresses again when sending)."""
    url = url.strip()
    if len(url) > MAX_WEBHOOK or any(c.isspace() for c in url):
        raise NotifyError(f"the webhook must be one URL of at most {MAX_WEBHOOK} characters")
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError on a bad port
    except ValueError:
        raise NotifyError("the webhook URL is malformed") from None
    if parts.scheme not in ("http", "https") or not host:
        raise NotifyError("the webhook must be an http:// or https:// URL with a host")
    if not allow_private:
        literal = host.strip("[]")
        if host.lower() in ("localhost", "localhost.") or host.lower().endswith(".localhost"):
            raise NotifyError("the webhook must be on a public address, not this machine")
        try:
            ipaddress.ip_address(literal)
        except ValueError:
            pass  # a name: checked against what it resolves to when sending
        else:
            if not _is_public(literal):
                raise NotifyError(
                    "the webhook must be on a public address, not a loopback, private or"
                    " link-local one"
                )
    return url


def mask_email(address: str) -> str:
    """`a***@example.org`: enough to tell addresses apart in a log, not to write to one."""
    name, _, domain = address.partition("@")
    return f"{name[:1]}***@{domain}"


# ---------------------------------------------------------------------------- SMTP


@dataclass(frozen=True)
class Smtp:
    host: str
    port: int
    security: str  # "none", "starttls" or "tls"
    user: str | None
    password: str | None
    sender: str

    def __repr__(self) -> str:  # never the password
        return f"Smtp({self.security}://{self.host}:{self.port}, user={self.user!r})"


_SCHEMES = {"smtp": ("none", 25), "smtp+starttls": ("starttls", 587), "smtps": ("tls", 465)}


def parse_smtp(url: str, sender: str | None) -> Smtp:
    """`smtp://host:port` (no TLS), `smtp+starttls://…` or `smtps://…`, with an optional
    `user:password@` for AUTH; `sender` is the From address. ValueError says what is wrong
    (never with the password)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise ValueError(
            "the SMTP URL is malformed; e.g. smtp+starttls://user:pw@host:587"
        ) from None
    if parts.scheme not in _SCHEMES or not parts.hostname:
        raise ValueError(
            "the SMTP URL must be smtp://host:port, smtp+starttls://host:port or smtps://host:port"
        )
    if not sender:
        raise ValueError("e-mail needs a From address too (--smtp-from / EKIMAE_SMTP_FROM)")
    try:
        check_email(sender)
    except NotifyError:
        raise ValueError("the From address must look like ekimae@example.org") from None
    security, default_port = _SCHEMES[parts.scheme]
    user = unquote(parts.username) if parts.username else None
    password = unquote(parts.password) if parts.password else None
    return Smtp(parts.hostname, port or default_port, security, user, password, sender.strip())


def send_mail(smtp: Smtp, to: str, subject: str, body: str, timeout: float) -> None:
    """One message, synchronously (the notifier runs it in a thread)."""
    message = EmailMessage()
    message["From"] = smtp.sender
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if smtp.security == "tls":
        client = smtplib.SMTP_SSL(smtp.host, smtp.port, timeout=timeout, context=context)
    else:
        client = smtplib.SMTP(smtp.host, smtp.port, timeout=timeout)
    with client:
        if smtp.security == "starttls":
            client.starttls(context=context)
        if smtp.user and smtp.password:
            client.login(smtp.user, smtp.password)
        client.send_message(message)


# ---------------------------------------------------------------------------- notifier


@dataclass(frozen=True)
class TurnNotice:
    game_id: str
    title: str
    names: list[str]
    seats: list[int]  # the people's seats that have just become to act
    actions: int  # the action count at that moment


class Notifier:
    """Sends turn notices in background tasks; `close` cancels what is still running."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.smtp = parse_smtp(settings.smtp_url, settings.smtp_from) if settings.smtp_url else None
        limits = settings.limits
        self._limit = rate_limiter(store, "notice", limits.notify_per_window, limits.window_seconds)
        self._tasks: set[asyncio.Task[None]] = set()
        self._http: httpx.AsyncClient | None = None
        # Sent notices (for tests and the docs' figures): (kind, game, seat).
        self.sent: list[tuple[str, str, int]] = []

    @property
    def email_available(self) -> bool:
        return self.smtp is not None

    def turn(self, notice: TurnNotice) -> None:
        """Schedule the notices; returns at once."""
        task = asyncio.create_task(self._deliver(notice))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    @property
    def pending(self) -> int:
        """Notices still being sent (tests wait for 0)."""
        return len(self._tasks)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
        if self._http is not None:
            await self._http.aclose()

    async def _deliver(self, notice: TurnNotice) -> None:
        try:
            # Marked as told in the database first: with several server processes (or an
            # undo and a redo at the same count) one turn is announced once.
            targets = await asyncio.to_thread(
                self.store.claim_turn_notices, notice.game_id, notice.seats, notice.actions
            )
            for seat, target in targets.items():
                await self._to_seat(notice, seat, target)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # never let a notice crash anything
            log.error("turn notices for game %s failed: %s", notice.game_id, _safe(exc))

    async def _allowed(self, *keys: str) -> bool:
        """Whether every key's limit allows one more (counted key by key until one does
        not, as before)."""
        for key in keys:
            if await self._limit.ask(key) is not None:
                return False
        return True

    async def _to_seat(self, notice: TurnNotice, seat: int, target: NotifySettings) -> None:
        if target.email and self.smtp is not None:
            if await self._allowed(
                f"seat:{notice.game_id}:{seat}:email", f"to:{target.email.lower()}"
            ):
                await self._email(notice, seat, target.email)
            else:
                log.warning("e-mail to %s held back: rate limit", mask_email(target.email))
        if target.webhook:
            host = urlsplit(target.webhook).hostname or "?"
            if await self._allowed(f"seat:{notice.game_id}:{seat}:webhook", f"to:{host}"):
                await self._webhook(notice, seat, target.webhook)
            else:
                log.warning("webhook to %s held back: rate limit", host)

    async def _email(self, notice: TurnNotice, seat: int, to: str) -> None:
        assert self.smtp is not None
        token = await asyncio.to_thread(self.store.seat_token, notice.game_id, seat)
        if token is None:  # the seat's link was withdrawn meanwhile
            return
        link = f"{self.settings.public_url.rstrip('/')}/g/{notice.game_id}?t={token}"
        name = notice.names[seat] if seat < len(notice.names) else ""
        subject = f"Your turn — {notice.title} (game {notice.game_id})"
        body = (
            f"It is your turn in {notice.title}, game {notice.game_id}:\n"
            f"seat {seat + 1} {name}, after {notice.actions} actions.\n\n"
            f"Your seat's link (it is yours alone; do not forward it):\n{link}\n\n"
            "You get this because this address was entered on that seat's page;\n"
            "clear the e-mail field there to stop.\n"
        )
        try:
            await asyncio.to_thread(
                send_mail, self.smtp, to, subject, body, self.settings.notify_timeout
            )
        except Exception as exc:
            text = _safe(exc).replace(to, mask_email(to))
            log.error("e-mail to %s for game %s failed: %s", mask_email(to), notice.game_id, text)
            return
        self.sent.append(("email", notice.game_id, seat))

    async def _webhook(self, notice: TurnNotice, seat: int, url: str) -> None:
        parts = urlsplit(url)
        host = parts.hostname or "?"
        body: dict[str, Any] = {
            "event": "your-turn",
            "game_id": notice.game_id,
            "title": notice.title,
            "seat": seat,
            "name": notice.names[seat] if seat < len(notice.names) else "",
            "actions": notice.actions,
            # The spectator page: no seat token, since webhooks often post to shared places.
            "url": f"{self.settings.public_url.rstrip('/')}/g/{notice.game_id}",
        }
        try:
            if self.settings.webhook_private:
                if self._http is None:
                    self._http = httpx.AsyncClient(
                        follow_redirects=False, timeout=self.settings.notify_timeout
                    )
                res = await self._http.post(url, json=body)
            else:
                port = parts.port or (443 if parts.scheme == "https" else 80)
                address = await resolve_public(host, port)
                target, headers, extensions = pinned(url, address)
                # A client of its own: a pooled connection is keyed by the address, and
                # must not carry one host's request over a TLS session made for another.
                # No proxy from the environment: the request goes to the checked address.
                async with httpx.AsyncClient(
                    follow_redirects=False, timeout=self.settings.notify_timeout, trust_env=False
                ) as http:
                    res = await http.post(target, json=body, headers=headers, extensions=extensions)
        except Exception as exc:
            text = _safe(exc).replace(url, f"<webhook on {host}>")
            log.error("webhook to %s for game %s failed: %s", host, notice.game_id, text)
            return
        if not 200 <= res.status_code < 300:
            log.error(
                "webhook to %s for game %s answered %d", host, notice.game_id, res.status_code
            )
            return
        self.sent.append(("webhook", notice.game_id, seat))


async def resolve_public(host: str, port: int) -> str:
    """The address to send to: `host` looked up once, when sending (a name can point
    anywhere by then); NotifyError if any address it has is loopback, private or
    link-local. The request then goes to this very address (`pinned`): a second lookup
    could answer otherwise (DNS rebinding, issue 26)."""
    infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    addresses = [str(info[4][0]) for info in infos]
    if not addresses or not all(_is_public(a) for a in addresses):
        raise NotifyError("its host resolves to a non-public address")
    return addresses[0]


async def check_resolves_public(host: str, port: int) -> None:
    """Refuse a name that resolves to a loopback, private or link-local address."""
    await resolve_public(host, port)


def pinned(url: str, address: str) -> tuple[str, dict[str, str], dict[str, Any]]:
    """(URL, headers, httpx extensions) to send to `url` at the checked `address`: the
    connection goes to the address, the request still names the host (Host header) and
    TLS still checks the host's certificate (SNI, verified for that name)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    literal = f"[{address}]" if ":" in address else address
    netloc = literal if parts.port is None else f"{literal}:{parts.port}"
    named = host if parts.port is None else f"{host}:{parts.port}"
    if ":" in host:
        named = f"[{host}]" if parts.port is None else f"[{host}]:{parts.port}"
    extensions: dict[str, Any] = {"sni_hostname": host} if parts.scheme == "https" else {}
    return parts._replace(netloc=netloc).geturl(), {"Host": named}, extensions


def _safe(exc: BaseException) -> str:
    """An exception as one short log-safe line (tokens in URLs redacted)."""
    return redact(f"{type(exc).__name__}: {exc}")[:300]
