"""The errors every consumer of the engine can rely on.

Two kinds of bad action exist and callers treat them differently: a *malformed* action
could never be legal (unknown type, missing field, wrong type), an *illegal* one is
well-formed but against the rules right now. Bad data files raise `DataError`.
"""

from __future__ import annotations


class EkimaeError(Exception):
    """Base of every error the engine raises on purpose."""


class MalformedActionError(EkimaeError):
    """The action cannot be read: unknown type, missing or mistyped field, bad text."""


class IllegalActionError(EkimaeError):
    """A well-formed action that the rules forbid now; the state is left as it was.

    `rule` is the rule ID (e.g. ``TM-7.2``) that forbids it, `allowed` a short
    description of what would have been allowed.
    """

    def __init__(self, rule: str, message: str, allowed: str = "") -> None:
        self.rule = rule
        self.reason = message
        self.allowed = allowed
        text = f"{rule}: {message}"
        if allowed:
            text += f" (allowed: {allowed})"
        super().__init__(text)


class DataError(EkimaeError):
    """A component data file or a game record is invalid; names the file and the field."""

    def __init__(self, source: str, field: str, message: str) -> None:
        self.source = source
        self.field = field
        super().__init__(f"{source}: {field}: {message}")
