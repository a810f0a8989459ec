"""BOTTLE BONUS's golden game: three builder bots to the end (drops, catches, every kind of
spend), as actions and the log each one wrote; replaying the file's actions must give the
file again, to the scores. Rewrite after an intended change of behaviour:

    .venv/bin/python -m tests.games.bottle_bonus.test_golden
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from ekimae.bots.base import play_game
from ekimae.bots.bottle_bonus import LADDER
from ekimae.core.actions import Action
from ekimae.core.game import Seat, seat_name
from ekimae.games.bottle_bonus.actions import Spend
from ekimae.games.bottle_bonus.game import GAME
from tools.playthrough import actions_of

ROOT = Path(__file__).resolve().parents[3]
SEED = 2
SEATS = ("builder", "builder-steady", "builder-slow", "builder")
OPTIONS = {"side": "blue", "roppongi": "off"}
PATH = ROOT / "tests" / "golden" / "bottle_bonus" / f"{len(SEATS)}p_seed{SEED}_builders.txt"


def transcript(actions: Sequence[tuple[Seat, Action]]) -> str:
    """Each action, then the log lines it wrote; the end: scores, drinks held and kept."""
    state = GAME.new_state(len(SEATS), SEED, OPTIONS)
    lines = [
        f"# BOTTLE BONUS: seats {', '.join(SEATS)}, seed {SEED}, options {json.dumps(OPTIONS)}",
        f"# data {GAME.data_version}",
    ]
    for seat, action in actions:
        written = len(state.log_lines())
        state.apply(seat, action)
        lines.append(f"> {seat_name(seat)}: {GAME.format_action(action)}")
        lines.extend(f"  {line}" for line in state.log_lines()[written:])
    lines.append("## end")
    lines.append(f"scores {json.dumps(state.scores())} ranking {json.dumps(state.ranking())}")
    lines.append(f"drinks {json.dumps(state.drinks)} kept {json.dumps(state.kept)}")
    return "\n".join(lines) + "\n"


def played() -> list[tuple[Seat, Action]]:
    bots = [LADDER[name](SEED + i) for i, name in enumerate(SEATS)]
    _, record = play_game(GAME, bots, SEED, options=OPTIONS)
    return list(record.actions)


def test_golden_game_replays_to_the_same_transcript() -> None:
    expected = PATH.read_text(encoding="utf-8")
    actions = actions_of(GAME, expected)
    assert any(a.kind == "catch" for _, a in actions)
    spent = {GAME.bonus.drinks.colour_of(a.drink) for _, a in actions if isinstance(a, Spend)}
    assert spent == {"black", "white", "mint", "blue", "red", "purple"}  # BB-2: all six
    assert transcript(actions) == expected, "behaviour changed: diff it, then rewrite if intended"


if __name__ == "__main__":
    PATH.parent.mkdir(parents=True, exist_ok=True)
    PATH.write_text(transcript(played()), encoding="utf-8")
