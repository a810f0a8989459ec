"""Golden playthroughs of any game, through the public API alone (OpenSpiel's playthroughs).

A playthrough is a text file recording, before every action and at the end, what each
seat sees (`view`, one JSON line), what it may do (`legal_actions`, as texts), the
spectator's view and the open view, then the action taken (`> seat N: action`; seats
are numbered from 1 in text, from 0 inside the JSON views, as everywhere).
`tests/test_golden.py` replays the file's actions and rebuilds the file: any change in
rules, views or listings shows up as a diff. `python tools/make_golden.py` rewrites them
(every game's are in `CASES`; a long game is cut after its first actions, its views
being large).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.game import SYSTEM, Game, Seat, seat_name
from ekimae.games import find_game

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@dataclass(frozen=True)
class Case:
    game: str
    seats: int
    seed: int
    options: dict[str, str]
    limit: int | None = None  # stop after this many actions (None: to the end)

    @property
    def path(self) -> Path:
        cut = "" if self.limit is None else f"_first{self.limit}"
        name = f"{self.seats}p_seed{self.seed}_{'_'.join(self.options.values())}{cut}.txt"
        return GOLDEN / self.game.replace("-", "_") / name


# Seeds picked for what they show. SEALED AUCTION: 197 has two tied lots, a share rounded
# down (SA-4) and a shared first place, so no single winner (SA-5); 2 the long set, two
# tied lots and a single winner. QUICK DRAW: the system seat's time-up at each deadline
# (QD-5). TOKYO METRO: sealed bids and their reveal, then the first actions.
CASES: tuple[Case, ...] = (
    Case("sealed-auction", 3, 197, {"lots": "short"}),
    Case("sealed-auction", 2, 2, {"lots": "long"}),
    Case("quick-draw", 2, 3, {"length": "short"}),
    Case("tokyo-metro", 2, 5, {"map": "tokyo", "cards": "tokyo"}, limit=8),
    # OSAKA METRO's opening: the Osaka view (pairs, stock cards, Sell money, Copy stacks).
    Case("tokyo-metro", 2, 5, {"map": "osaka", "cards": "osaka"}, limit=8),
    # METRO DRINKS's opening (MD-1): the JIDOHANBAIKI column, supplies, drinks in the view.
    Case("tokyo-metro", 2, 5, {"map": "tokyo", "cards": "tokyo", "drinks": "on"}, limit=16),
    # TOKYO JUTAKU: start cards chosen, then the first grabs from the shared pool (JU-4).
    Case("tokyo-jutaku", 2, 7, {"side": "blue", "roppongi": "off"}, limit=10),
    # COUNTDOWN to the end: a pick, the picking time-up (CD-1), floors 1-3 each ended by the
    # system's time-up (CD-2), a seat out after an empty round, then the other (CD-3).
    Case("countdown", 2, 7, {}),
    # CHOCOLATE MILK's opening: buys through the machine (a drink stuck and back in the
    # supply, CM-2), refills, the Stock cards rising by ¥100 a colour and a shape, sales.
    Case("chocolate-milk", 2, 4, {"variant": "standard", "refill": "draw"}, limit=24),
    # ... and the strategic variant with the die refill (CM-2), three seats.
    Case("chocolate-milk", 3, 6, {"variant": "strategic", "refill": "die"}, limit=12),
    # THE SHOPPING GAME's opening: entering through the central aisles (SH-3), moves of 1-3
    # steps and takes from the cards in front (SH-2), drinks, garments, magazines.
    Case("shopping", 3, 5, {}, limit=30),
    # IZAKAYA's opening: sealed bids (IZ-2) and their reveal, then bottles on the four-card
    # corners first (IZ-3.1), one disc per colour a phase.
    Case("izakaya", 2, 5, {}, limit=12),
)
LOW = 5  # the chooser takes one of the first LOW listed actions: low bids tie often


def choose(case: Case) -> list[tuple[Seat, Action]]:
    """A seeded game's actions: a random seat to act (the system seat too, when an action
    of its is due), one of its first listed actions."""
    game = find_game(case.game, examples=True)
    chooser = random.Random(case.seed)
    state = game.new_state(case.seats, case.seed, case.options)
    actions: list[tuple[Seat, Action]] = []
    while not state.is_terminal() and (case.limit is None or len(actions) < case.limit):
        movers = [s for s in state.current_players() if state.legal_actions(s)]
        if state.deadline() is not None:
            movers.append(SYSTEM)
        seat = chooser.choice(movers)
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
        f"# data {_data_version(game, options)}, type {_line(game.type.to_dict())}",
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


def _data_version(game: Game[Any], options: dict[str, str]) -> str:
    """The data files of a game with these options (TOKYO METRO: data/osaka when used)."""
    return game.data_version_for(options)


def actions_of(game: Game[Any], text: str) -> list[tuple[Seat, Action]]:
    """The actions a playthrough file took (its `> seat N: …` and `> the game: …` lines)."""
    actions: list[tuple[Seat, Action]] = []
    system = f"> {seat_name(SYSTEM)}: "
    for line in text.splitlines():
        if line.startswith("> seat "):
            number, _, action = line.removeprefix("> seat ").partition(": ")
            actions.append((int(number) - 1, game.parse_action(action)))
        elif line.startswith(system):
            actions.append((SYSTEM, game.parse_action(line.removeprefix(system))))
    return actions


def text_of(case: Case, actions: Sequence[tuple[Seat, Action]]) -> str:
    return playthrough(
        find_game(case.game, examples=True), case.seats, case.seed, case.options, actions
    )


def write_all() -> None:
    for case in CASES:
        case.path.parent.mkdir(parents=True, exist_ok=True)
        case.path.write_text(text_of(case, choose(case)), encoding="utf-8")
