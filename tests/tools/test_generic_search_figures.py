"""tools.generic_search_figures: a run stopped part-way resumes from its log."""

from __future__ import annotations

import argparse

from tools.generic_search_figures import pending, summary


def test_a_resumed_run_plays_only_the_seeds_not_in_its_log() -> None:
    tasks = [("tokyo-jutaku", "flat-mc", 3300 + g, g % 2, 60, "game") for g in range(5)]
    done = [{"seed": 3301, "share": 1.0, "cpu": 2.0, "searches": 4}]
    assert [task[2] for task in pending(tasks, done)] == [3300, 3302, 3303, 3304]


def test_the_summary_counts_a_shared_first_place_as_a_share() -> None:
    args = argparse.Namespace(game="tokyo-jutaku", bot="flat-mc", playouts=60, depth="game")
    done = [
        {"seed": 1, "share": 1.0, "cpu": 3.0, "searches": 10},
        {"seed": 2, "share": 0.5, "cpu": 1.0, "searches": 10},
        {"seed": 3, "share": 0.0, "cpu": 2.0, "searches": 10},
    ]
    line = summary(args, done)
    assert "won 1.5/3 = 50%" in line
    assert "0.20 CPU s a search" in line
