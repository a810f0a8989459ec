"""Ratings: an OpenSkill (Plackett–Luce) rating per named player and per bot level.

A finished game is read once: its record is replayed, its places (1 = first, tied seats
sharing a place: `State.ranking`) kept in `results`. Ratings are then folded over the
results in the order they were read, so every process computes the same numbers.

Who is rated:
- a person by the name they played under, across every game (names are not accounts:
  two people typing the same name share a rating; the lobby says so);
- a bot by its level *and game* (`normal` of TOKYO METRO is not `normal` of another).

Not rated: practice games (the host chose the seed, the decks may have been known),
one-seat games (nobody to rank against) and seats with no name of their own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.server.store import GameInfo, Store

READ_PER_CALL = 200  # finished games replayed per refresh, to bound one request's work
_UNNAMED = re.compile(r"^(seat \d+|player \d+|)$", re.IGNORECASE)


def places_of(ranking: Sequence[Sequence[int]], seats: int) -> list[int]:
    """Each seat's place from a ranking (lists of seats sharing a place), 1 = first."""
    places = [0] * seats
    for place, tied in enumerate(ranking, start=1):
        for seat in tied:
            places[seat] = place
    return places


def identity(game: str, name: str, bot: str | None) -> str | None:
    """The rated identity of one seat, None if it is not rated."""
    if bot is not None:
        return f"bot:{game}:{bot}"
    plain = name.strip()
    return None if _UNNAMED.match(plain) else f"player:{plain.casefold()}"


@dataclass
class Entry:
    kind: str  # "player" or "bot"
    name: str
    game: str | None  # the game of a bot level; None for a player (all games)
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """A conservative skill estimate (μ − 3σ), what the lobby sorts by."""
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "name": self.name,
            "game": self.game,
            "mu": round(self.mu, 2),
            "sigma": round(self.sigma, 2),
            "ordinal": round(self.ordinal, 2),
            "games": self.games,
        }


class Ratings:
    """The ratings of one store, refreshed on demand (cheap when nothing finished)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.model = PlackettLuce()
        self._seen = 0  # last result `seq` folded in
        self._entries: dict[str, Entry] = {}

    def read_finished(self) -> int:
        """Replay finished games not read yet and keep their places; how many were read."""
        infos = self.store.finished_without_result(READ_PER_CALL)
        for info in infos:
            self.store.add_result(info, self._places(info), _rated(info))
        return len(infos)

    def _places(self, info: GameInfo) -> list[int]:
        found = self.store.record(info.id)
        if found is None:
            return [0] * info.seats
        state = replay(found[0], find_game(info.game))
        return places_of(state.ranking(), info.seats)

    def refresh(self) -> list[Entry]:
        """Read what finished, fold the new results in; every entry, best first."""
        self.read_finished()
        for row in self.store.results(self._seen):
            self._fold(row.game, row.places, row.names, row.bots)
            self._seen = row.seq
        return sorted(self._entries.values(), key=lambda e: -e.ordinal)

    def _fold(self, game: str, places: list[int], names: list[str], bots: list[str | None]) -> None:
        seats = [
            (key, place)
            for key, place in (
                (identity(game, names[s], bots[s]), places[s]) for s in range(len(places))
            )
            if key is not None and place > 0
        ]
        keys = [k for k, _ in seats]
        if len(set(keys)) < 2 or len(set(keys)) != len(keys):
            return  # nobody to rank against, or one identity in two seats: no information
        shown = {identity(game, names[s], bots[s]): names[s].strip() for s in range(len(places))}
        for key, _ in seats:
            if key not in self._entries:
                self._entries[key] = _new_entry(key, shown[key], self.model)
        teams = [[self.model.rating(mu=self._entries[k].mu, sigma=self._entries[k].sigma)]
                 for k in keys]  # fmt: skip
        rated = self.model.rate(teams, ranks=[float(p) for _, p in seats])
        for key, (new,) in zip(keys, rated, strict=True):
            entry = self._entries[key]
            entry.mu, entry.sigma, entry.games = new.mu, new.sigma, entry.games + 1


def _rated(info: GameInfo) -> bool:
    return not info.practice and info.seats >= 2


def _new_entry(key: str, shown: str, model: PlackettLuce) -> Entry:
    """A fresh rating; a player is shown under the name first seen (keys fold case)."""
    start = model.rating()
    kind, _, rest = key.partition(":")
    if kind == "bot":
        game, _, level = rest.partition(":")
        return Entry("bot", level, game, start.mu, start.sigma, 0)
    return Entry("player", shown, None, start.mu, start.sigma, 0)
