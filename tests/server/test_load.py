"""The bounded load test on loopback (tools/load_test.py) with its figures checked."""

from __future__ import annotations

import time

import pytest

from tools.load_test import measure


@pytest.mark.slow
def test_twenty_games_and_sixty_clients_on_loopback() -> None:
    start = time.monotonic()
    figures = measure(games=20, clients=60, seconds=15, bot_delay=0.2)
    print(figures)  # shown with -s / on failure: the numbers docs/server.md quotes
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["connections_held"] == 60 and figures["games_held"] == 20
    assert figures["actions"] >= 500, "bots and the seats should keep the games moving"
    # Generous bounds (a loaded CI machine), still far below what a person would notice.
    assert figures["p99_ms_every_client"] < 1000
    assert time.monotonic() - start < 60
