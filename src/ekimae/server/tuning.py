"""How a server process runs, beyond its settings."""

from __future__ import annotations

import gc


def tune_gc() -> None:
    """A server process's garbage collector: what is loaded at start (modules, the game
    data) is set aside for good, and young objects are collected after 20,000
    allocations instead of 700: a push allocates thousands of short-lived dicts, which
    reference counting frees anyway (docs/performance.md: about 7 % of the CPU)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
