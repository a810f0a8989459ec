"""The registry of titles: every consumer finds a game here by its name."""

from __future__ import annotations

from typing import Any

from ekimae.core.game import Game


def games() -> dict[str, Game[Any]]:
    """All registered games by name (imported lazily so `import ekimae.games` stays cheap)."""
    from ekimae.games.tokyo_metro.game import GAME as TOKYO_METRO

    return {TOKYO_METRO.name: TOKYO_METRO}


def find_game(name: str) -> Game[Any]:
    known = games()
    if name not in known:
        raise ValueError(f"unknown game {name!r} (known: {', '.join(sorted(known))})")
    return known[name]
