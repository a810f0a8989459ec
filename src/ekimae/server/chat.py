"""Chat text: what a message may be. Stored as typed (after this), shown as text only."""

from __future__ import annotations

import unicodedata


class ChatError(ValueError):
    """A message the server will not post; the message says why without echoing it."""


def clean_text(text: object, max_chars: int) -> str:
    """`text` with line breaks and tabs as spaces, other control and format characters
    (bidi overrides, zero-width joiners used to fake names) removed, trimmed; ChatError
    if that leaves nothing or more than `max_chars` characters."""
    if not isinstance(text, str):
        raise ChatError('a chat message is text: send {"text": "..."}')
    kept = []
    for ch in text:
        if ch in "\r\n\t":
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            kept.append(ch)
    cleaned = "".join(kept).strip()
    if not cleaned:
        raise ChatError("an empty message is not sent: write something first")
    if len(cleaned) > max_chars:
        raise ChatError(
            f"a chat message has at most {max_chars} characters (this one has {len(cleaned)})"
        )
    return cleaned
