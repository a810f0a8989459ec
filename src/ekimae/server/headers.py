"""The headers every response carries, and the pages' start without inline script.

Issue 26: pages had no Content-Security-Policy, X-Content-Type-Options or frame-ancestors,
and error responses lost the Referrer-Policy. `guards.BodyLimit` adds these to every HTTP
response (pages, the API, static files, errors, its own 413). The policy allows scripts
from this server only and no inline script at all: a page names the module and function
that start it, with their arguments as JSON, in a data block (`page_start`), and
/static/boot.js runs them. Inline styles stay allowed (the rules pages and the board's
drawings use them; they cannot run code).
"""

from __future__ import annotations

from typing import Any

from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",  # the game's WebSocket is same-origin ('self' covers ws/wss)
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",  # no page is framed (clickjacking)
    ]
)

HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers without CSP 2
    # A seat's link carries its token in the URL: never sent to another site.
    (b"referrer-policy", b"no-referrer"),
]
_NAMES = {name for name, _ in HEADERS}


def with_headers(headers: list[tuple[bytes, bytes]]) -> list[tuple[bytes, bytes]]:
    """`headers` with ours, replacing any of the same name."""
    return [h for h in headers if h[0].lower() not in _NAMES] + HEADERS


def page_start(module: str, start: str, *args: Any) -> Markup:
    """A data block asking /static/boot.js to call `start(*args)` from `module` (a path
    under /static/): for templates, instead of an inline module script."""
    if not module.startswith("/static/"):
        raise ValueError(f"a page starts from a module under /static/, not {module!r}")
    data = htmlsafe_json_dumps({"module": module, "start": start, "args": list(args)})
    return Markup(f'<script type="application/json" class="page-start">{data}</script>')
