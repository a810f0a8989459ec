"""The bodies the JSON API accepts, and the checks made on a new game's request."""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException
from pydantic import BaseModel, Field, field_validator

from ekimae.core.rng import MAX_SEED_BITS
from ekimae.server.ladders import bot_levels, bot_names

TOKEN = Field(default="", max_length=64)
# An idempotency key: any string the client chooses, unique per action it means to take.
KEY = Field(default=None, min_length=1, max_length=64)


class SeatSpec(BaseModel):
    name: str = Field(default="", max_length=40)
    bot: str | None = Field(default=None, max_length=40)


class CreateGame(BaseModel):
    # None: the first registered title (what a request meant before there were others).
    game: str | None = Field(default=None, max_length=40)
    # The game's own range is checked when it is made (GameType.min_seats..max_seats).
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    # Only where no hidden information is at stake: see `seed_refusal`.
    seed: int | None = Field(default=None, ge=0)
    # A practice game lets its creator choose the seed; every seat is told so.
    practice: bool = False
    # Unlisted games are reached by their links only, never shown in the public lobby.
    listed: bool = True
    # The creator's own seat (default: the first person's seat); `spectate` to sit nowhere.
    host_seat: int | None = Field(default=None, ge=0)
    spectate: bool = False
    options: dict[str, str] = Field(default_factory=dict, max_length=16)

    @field_validator("seed")
    @classmethod
    def _seed_fits(cls, seed: int | None) -> int | None:
        if seed is not None and seed.bit_length() > MAX_SEED_BITS:
            raise ValueError(f"a seed has at most {MAX_SEED_BITS} bits")
        return seed


class ActRequest(BaseModel):
    token: str = TOKEN
    action: Any
    expected: int | None = Field(default=None, ge=0)
    seq: int | None = Field(default=None, ge=0)
    key: str | None = KEY


class UndoRequest(BaseModel):
    token: str = TOKEN
    expected: int | None = Field(default=None, ge=0)


class ClaimRequest(BaseModel):
    name: str = Field(default="", max_length=40)


class HostRequest(BaseModel):
    host_token: str = TOKEN


class BotRequest(BaseModel):
    host_token: str = TOKEN
    # None: the game's default level (`default_bot`).
    bot: str | None = Field(default=None, max_length=40)


class ChatRequest(BaseModel):
    token: str = TOKEN
    text: Any = None  # checked by the hub, with a clear message (`chat.clean_text`)


class NotifyRequest(BaseModel):
    """A seat's own notification settings: a field left out stays as it is, null clears."""

    token: str = TOKEN
    email: str | None = Field(default=None, max_length=1000)
    webhook: str | None = Field(default=None, max_length=1000)


class RematchRequest(BaseModel):
    token: str = TOKEN


def default_bot(game: str) -> str:
    """The level a bot seat starts at: the game's `learning` level (issue 30: one a
    first-time player beats about half the time), else `normal` where the ladder has it,
    else the ladder's middle (weakest first)."""
    learning = bot_levels(game).get("learning")
    if learning is not None:
        return learning
    names = bot_names(game)
    return "normal" if "normal" in names else names[len(names) // 2]


def seed_refusal(body: CreateGame, host_seat: int | None) -> str | None:
    """Why the creator may not choose this game's seed, or None if they may.

    Whoever knows the seed knows every deck. That matters only if someone else at the
    table is a person: so a seed is taken for a practice game (every seat is told) or
    for one whose only person's seat is the creator's own.
    """
    if body.seed is None or body.practice:
        return None
    people = {i for i, s in enumerate(body.seats) if not s.bot}
    if people <= ({host_seat} if host_seat is not None else set()):
        return None
    return (
        'a seed can be chosen only for a practice game ("practice": true, which every seat'
        " is told) or when every other seat is a bot: whoever knows the seed knows the decks"
    )


def choose_host_seat(body: CreateGame) -> int | None:
    """The creator's seat: the one asked for, else the first person's; None to spectate."""
    people = [i for i, s in enumerate(body.seats) if not s.bot]
    if body.spectate:
        return None
    if body.host_seat is None:
        return people[0] if people else None
    if body.host_seat not in people:
        raise HTTPException(400, f"host_seat {body.host_seat} is not a person's seat")
    return body.host_seat
