"""Seeds for games people play, drawn from the operating system.

The engine never calls this (it uses no global random): the server and the terminal game
draw a seed here when a game starts, keep it out of every view until the game is over,
and store it in the record so the finished game replays exactly.
"""

from __future__ import annotations

import secrets
from hashlib import blake2b

SECRET_SEED_BITS = 256


def secret_seed() -> int:
    """256 bits from the OS, top bit set so the seed always selects the keyed stream
    (`ekimae.core.rng`): 191 bits of key and a 64-bit counter start, all secret."""
    return secrets.randbits(SECRET_SEED_BITS) | (1 << (SECRET_SEED_BITS - 1))


def derived_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed for something else of this game (a bot's own randomness), from which
    the game's seed cannot be recovered."""
    text = ":".join([str(seed), *map(str, parts)]).encode()
    return int.from_bytes(blake2b(text, digest_size=8).digest(), "big") >> 1
