"""Who may use the admin page: the holder of the server's admin secret (issue 35).

The secret is given to `serve` in a file or the environment, never in a URL. A browser
logs in once with it (a POST; the secret is compared in constant time) and gets a session
cookie — HttpOnly, SameSite=Strict, path /admin — signed with a key derived from the
secret, so every server process accepts it and changing the secret ends every session. A
script sends `Authorization: Bearer <secret>` instead. A write from a cookie must also
carry the page's CSRF token (`X-CSRF-Token`, derived from the cookie) and, if the browser
sends one, an Origin of this server; a bearer header is no ambient credential, so it
needs neither.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass

from ekimae.server.chat import clean_name

COOKIE = "ekimae_admin"
SESSION_SECONDS = 12 * 3600
MAX_NAME = 40


@dataclass(frozen=True)
class Admin:
    """Whoever passed: the name they gave (for the log), from where, by which means."""

    name: str
    address: str
    via: str  # "session" (the page's cookie) or "bearer" (a script)

    @property
    def who(self) -> str:
        return f"{self.name} ({self.via} from {self.address})"


class AdminAuth:
    def __init__(self, secret: str) -> None:
        self._secret = secret.encode()
        self._key = hashlib.sha256(b"ekimae admin session\0" + self._secret).digest()

    def matches(self, given: str) -> bool:
        """Whether `given` is the secret, in time independent of where they differ."""
        return hmac.compare_digest(hashlib.sha256(given.encode()).digest(), self._hashed)

    @property
    def _hashed(self) -> bytes:
        return hashlib.sha256(self._secret).digest()

    def _sign(self, text: str) -> str:
        return hmac.new(self._key, text.encode(), hashlib.sha256).hexdigest()

    def session(self, name: str, now: float | None = None) -> str:
        """A new session cookie's value for `name`: expiry, name, signature."""
        expires = int((now if now is not None else time.time()) + SESSION_SECONDS)
        encoded = base64.urlsafe_b64encode(admin_name(name).encode()).decode().rstrip("=")
        body = f"{expires}.{encoded}"
        return f"{body}.{self._sign(body)}"

    def session_name(self, cookie: str | None, now: float | None = None) -> str | None:
        """The name a valid, unexpired session cookie was given for; None otherwise."""
        if not cookie or len(cookie) > 200 or cookie.count(".") != 2:
            return None
        expires, encoded, signature = cookie.split(".")
        if not hmac.compare_digest(self._sign(f"{expires}.{encoded}"), signature):
            return None
        if not expires.isdigit() or int(expires) < (now if now is not None else time.time()):
            return None
        padded = encoded + "=" * (-len(encoded) % 4)
        return base64.urlsafe_b64decode(padded.encode()).decode()

    def csrf(self, cookie: str) -> str:
        """The CSRF token of a session: only a page this server sent knows it."""
        return self._sign(f"csrf:{cookie}")[:32]

    def csrf_ok(self, cookie: str, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(self.csrf(cookie), token)


def admin_name(text: str | None) -> str:
    """The name an admin gave at login (for the log), cleaned like a player's; "admin"."""
    return clean_name(text or "")[:MAX_NAME] or "admin"


MIN_SECRET = 16  # characters: a short secret could be guessed, however slowly


def read_secret(path: str | None, environ: dict[str, str]) -> str | None:
    """The admin secret: the file `path` (`serve --admin-secret-file`), else the file
    named by $EKIMAE_ADMIN_SECRET_FILE, else $EKIMAE_ADMIN_SECRET; None: no admin page.
    Its first line, trimmed. `ValueError` with the reason for an unreadable file or a
    secret under `MIN_SECRET` characters (the message never shows the secret)."""
    path = path or environ.get("EKIMAE_ADMIN_SECRET_FILE") or None
    if path is not None:
        where = f"--admin-secret-file {path}"
        try:
            with open(path, encoding="utf-8") as source:
                secret = source.readline().strip()
        except (OSError, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            raise ValueError(f"{where}: cannot read it ({reason})") from None
    else:
        where = "$EKIMAE_ADMIN_SECRET"
        secret = environ.get("EKIMAE_ADMIN_SECRET", "").strip()
        if not secret:
            return None
    if len(secret) < MIN_SECRET:
        raise ValueError(
            f"{where}: the admin secret has {len(secret)} characters, at least {MIN_SECRET} "
            "are needed (e.g. `openssl rand -base64 24`)"
        )
    return secret
