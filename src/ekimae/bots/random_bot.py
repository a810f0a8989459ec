"""The baseline: any legal action, all equally likely."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ekimae.core.actions import Action


class RandomBot:
    name = "random"
    reads_view = False  # any legal action: a caller need not build the seat's view

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
