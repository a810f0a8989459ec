"""What a seat sees of BOTTLE BONUS, as types a checker reads (issue 34).

TOKYO JUTAKU's view (`tokyo_jutaku.view.JutakuView`) and the drinks: `BottleState.view_for`
returns a `BottleView`, read back from the generic API's dict through `bottle_bonus_view`
by this title's bots, terminal part and web part; what reads only JUTAKU's keys takes it
as a `JutakuView`. Of the box, the view shows what is in it, never the next draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ekimae.games.tokyo_jutaku.view import JutakuView


class BottleView(JutakuView):
    drinks: list[list[str]]  # each seat's drinks, in the order caught (BB-1)
    machine: list[str]  # BB-1: dropped, not caught yet
    droppers: list[int]  # BB-1: this drop's completers
    caught: list[str | None]  # BB-1: one each per drop
    kept: list[list[str]]  # BB-2 blue: +¥ at the end
    bets: list[list[str]]  # BB-2 blue: this round's
    early: list[int]  # BB-2 white: elements still to place before the round
    ready: list[bool]  # RULING: done with the step before the round
    red: list[bool]  # BB-2 red: two elements at once this round
    spare: list[str | None]  # BB-2 red: the second element in hand
    unwanted: list[str | None]  # BB-2 mint: not to take again
    purple: list[bool]  # BB-2 purple: this move goes anywhere
    flipped: list[str]  # BB-2 black: cards turned to their other side
    box: list[str]  # the drinks in the box (not their order)
    catchers: list[int]  # BB-1: who may still catch
    scores: list[int]  # JU-8 and BB-2 blue
    spendable: list[str] | None  # the seat's drinks it may spend now; None: a spectator


def bottle_bonus_view(view: Mapping[str, Any]) -> BottleView:
    """A view from the generic API read as BOTTLE BONUS's; `ValueError` for another
    title's (the views carry no title name: the check is the drinks' keys)."""
    if not {"drinks", "machine", "flipped"} <= view.keys():
        raise ValueError("not a BOTTLE BONUS view: no drinks, machine or flipped cards")
    return cast(BottleView, view)
