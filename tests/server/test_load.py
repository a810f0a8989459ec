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


@pytest.mark.slow
def test_people_games_stay_quick_while_six_expert_games_search() -> None:
    """Issue 11: six `expert` games searching made another game's updates take p50 295 ms
    / p99 615 ms (searches in the web process's threads). In worker processes they leave
    the web process free; measured on an idle machine: p99 9 ms. The bound is loose for a
    loaded CI machine, and still below what the threads gave."""
    figures = measure(
        games=4, clients=12, seconds=15, bot_delay=0.2, search_games=6, search_bot="expert"
    )
    print(figures)
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["actions"] >= 100, "the people's games kept moving"
    assert figures["p99_ms_every_client"] < 400
