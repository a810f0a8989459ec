"""Golden playthroughs of any game, through the public API alone (OpenSpiel's playthroughs).

A playthrough is a text file recording, before every action and at the end, what each
seat sees (`view`, one JSON line), what it may do (`legal_actions`, as texts), the
spectator's view and the open view, then the action taken (`> seat N: action`; seats
are numbered from 1 in text, from 0 inside the JSON views, as everywhere).
`tests/test_golden.py` replays the file's actions and rebuilds the file: any change in
rules, views or listings shows up as a diff. `python tools/make_golden.py` rewrites them
(SEALED AUCTION's are in `CASES`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.game import Game, Seat, seat_name
from ekimae.games.sealed_auction.game import GAME as AUCTION

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "sealed_auction"
# (seats, seed, options), seeds picked for what they show: 197 has two tied lots, a share
# rounded down (SA-4) and a shared first place, so no single winner (SA-5); 2 the long
# set, two tied lots and a single winner.
CASES: tuple[tuple[int, int, dict[str, str]], ...] = (
    (3, 197, {"lots": "short"}),
    (2, 2, {"lots": "long"}),
)
LOW = 5  # the chooser takes one of the first LOW listed actions: low bids tie often


def path_of(seats: int, seed: int, options: dict[str, str]) -> Path:
    return GOLDEN / f"{seats}p_seed{seed}_{'_'.join(options.values())}.txt"


def choose(
    game: Game[Any], seats: int, seed: int, options: dict[str, str]
) -> list[tuple[Seat, Action]]:
    """A seeded game's actions: a random seat to act, one of its first listed actions."""
    chooser = random.Random(seed)
    state = game.new_state(seats, seed, options)
    actions: list[tuple[Seat, Action]] = []
    while not state.is_terminal():
        seat = chooser.choice(state.current_players())
        action = chooser.choice(list(state.legal_actions(seat))[:LOW])
        state.apply(seat, action)
        actions.append((seat, action))
    return actions


def _line(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _table(game: Game[Any], state: Any, seats: int) -> list[str]:
    """What everyone sees and may do now, one line each (a diff names what changed)."""
    lines = [f"to_act {_line([seat_name(s) for s in state.current_players()])}"]
    for seat in range(seats):
        legal = [game.format_action(a) for a in state.legal_actions(seat)]
        lines.append(f"view {seat_name(seat)} {_line(state.view(seat))}")
        lines.append(f"legal {seat_name(seat)} {' | '.join(legal) or '-'}")
    lines.append(f"view spectator {_line(state.view(None))}")
    lines.append(f"open {_line(state.open_view())}")
    return lines


def playthrough(
    game: Game[Any],
    seats: int,
    seed: int,
    options: dict[str, str],
    actions: Sequence[tuple[Seat, Action]],
) -> str:
    """The playthrough file's text for these actions."""
    lines = [
        f"# {game.title}: {seats} seats, seed {seed}, options {_line(options)}",
        f"# data {game.data_version}, type {_line(game.type.to_dict())}",
    ]
    state = game.new_state(seats, seed, options)
    for step, (seat, action) in enumerate(actions, 1):
        lines.append(f"## step {step}")
        lines.extend(_table(game, state, seats))
        lines.append(f"> {seat_name(seat)}: {game.format_action(action)}")
        state.apply(seat, action)
    lines.append("## end")
    lines.extend(_table(game, state, seats))
    lines.append(f"scores {_line(state.scores())} ranking {_line(state.ranking())}")
    lines.append(f"winners {_line(state.winners())} winner {_line(state.winner())}")
    return "\n".join(lines) + "\n"


def actions_of(game: Game[Any], text: str) -> list[tuple[Seat, Action]]:
    """The actions a playthrough file took (its `> seat N: action` lines)."""
    actions = []
    for line in text.splitlines():
        if line.startswith("> seat "):
            number, _, action = line.removeprefix("> seat ").partition(": ")
            actions.append((int(number) - 1, game.parse_action(action)))
    return actions


def write_all() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for seats, seed, options in CASES:
        actions = choose(AUCTION, seats, seed, options)
        text = playthrough(AUCTION, seats, seed, options, actions)
        path_of(seats, seed, options).write_text(text, encoding="utf-8")
