"""Golden transcripts and recorded games of a few seeded TOKYO METRO playouts.

`python tools/make_golden.py` regenerates them; `tests/test_golden.py` regenerates them in
memory and diffs against the files, so any change of behaviour shows up as a diff that a
reviewer reads (and accepts by regenerating).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ekimae.core.record import GameRecord
from ekimae.games.tokyo_metro.game import GAME, data_version_for

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "tokyo_metro"
FIXTURES = ROOT / "tests" / "fixtures" / "tokyo_metro"
CASES = ((1, 101), (2, 202), (3, 303), (4, 404), (5, 505))  # (seats, seed)
# OSAKA METRO (OS-1..OS-9) and a mixed game (MOD-1, MOD-2): (seats, seed, map, cards).
# Seeds picked so that the trams or buses run, and Copy, Sell and Invest by disc are taken.
OSAKA_CASES = (
    (2, 13, "osaka", "osaka"),
    (4, 35, "osaka", "osaka"),
    (2, 25, "osaka", "tokyo"),
    (3, 32, "tokyo", "osaka"),
)


def osaka_name(seats: int, seed: int, map_name: str, cards: str) -> str:
    return f"{seats}p_seed{seed}_{map_name}_{cards}"


def transcript(
    seats: int, seed: int, options: dict[str, str] | None = None
) -> tuple[str, GameRecord, list[int]]:
    """Play with a seeded chooser; the transcript shows each action and what followed."""
    chooser = random.Random(seed)
    state = GAME.new_state(seats, seed, options)
    version = data_version_for(options)
    record = GameRecord(GAME.name, seats, seed, dict(options or {}), data_version=version)
    lines = [f"# TOKYO METRO, {seats} seat(s), seed {seed}"]
    if options:
        lines[0] += f", map {options['map']}, cards {options['cards']}, data {version}"
    seen = 0
    while not state.is_terminal():
        seat = chooser.choice(state.current_players())
        action = chooser.choice(list(state.legal_actions(seat)))
        state.apply(seat, action)
        record.actions.append((seat, action))
        lines.append(f"> seat {seat}: {GAME.format_action(action)}")
        log = state.s.log_lines()
        lines.extend(f"  {text}" for text in log[seen:])
        seen = len(log)
    lines.append(f"scores {state.scores()} winner {state.winner()}")
    lines.append(json.dumps(state.final, sort_keys=True))
    return "\n".join(lines) + "\n", record, state.scores()


def write_all() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for seats, seed in CASES:
        text, record, scores = transcript(seats, seed)
        name = f"{seats}p_seed{seed}"
        (GOLDEN / f"{name}.txt").write_text(text, encoding="utf-8")
        data = {"record": record.to_dict(), "scores": scores}
        (FIXTURES / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    for seats, seed, map_name, cards in OSAKA_CASES:
        text, _, _ = transcript(seats, seed, {"map": map_name, "cards": cards})
        name = osaka_name(seats, seed, map_name, cards)
        (GOLDEN / f"{name}.txt").write_text(text, encoding="utf-8")
