"""Chat text and players' names: what they may be. Stored as typed (after this), shown as
text only."""

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
    cleaned = _visible(text)
    if not cleaned:
        raise ChatError("an empty message is not sent: write something first")
    if len(cleaned) > max_chars:
        raise ChatError(
            f"a chat message has at most {max_chars} characters (this one has {len(cleaned)})"
        )
    return cleaned


def clean_name(text: str) -> str:
    """A player's name as chat cleans a message (issue 26: names kept the bidi overrides
    and zero-width characters chat strips, so one seat could pass for another): spaces
    for line breaks and tabs, other control and format characters removed, inner runs of
    spaces made one, trimmed. May be empty (the caller names the seat then)."""
    return " ".join(_visible(text).split())


def _visible(text: str) -> str:
    kept = []
    for ch in text:
        if ch in "\r\n\t":
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn"):
            kept.append(ch)
    return "".join(kept).strip()
