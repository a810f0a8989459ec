"""TOKYO JUTAKU's refusals as templates (cli/refusals.py): the engine's sentences of
games/tokyo_jutaku/state.py and hands.py (shared with COUNTDOWN and BOTTLE BONUS), read
back and said in the terminal's language. Most specific first where two could read one
sentence. A sentence the engine words anew is shown in English until it is added here
(tests/cli/test_refusals.py plays games and tries refused actions to find them)."""

from __future__ import annotations

from ekimae.core.logtext import Kind, LogForms, Parts
from ekimae.i18n import _N, _

# hands.py: taking, placing and putting back (JU-4 and the pace RULING)
HANDS = (
    _N("one element at a time: next at {at} (RULING)"),
    _N("{seat} already holds {element}: place or return it"),
    _N("there is no element {element}"),
    _N("{element} is not in the pool (nobody has it)"),
    _N("{element} is not in the pool ({holder} has it)"),
    _N("{element} is not in the pool"),
    _N("{seat} holds {element}: return that one first"),
    _N("only the last element placed can go back (nothing)"),
    _N("only the last element placed can go back ({element})"),
    _N("only the last element placed this round can go back (nothing)"),
    _N("only the last element placed this round can go back ({element})"),
    _N("{seat} does not hold {element}"),
)
# what every real-time building title refuses alike (the clock, the seats)
CLOCK = (
    _N("the game is over"),
    _N("{at} is before the last action ({last})"),
    _N("the time for this step ended at {at}"),
    _N("the game's next action is {kind} at {at}"),
    _N("there is no {seat}"),
    _N("{seat} is not to act now ({phase})"),
    _N("no {kind} while building"),
)
JUTAKU = (
    _N("'{kind}' is no TOKYO JUTAKU action"),
    _N("only the game itself closes a window or calls time"),
    _N("each player first puts an architect on a perimeter card"),
    _N("{space} is no free perimeter card"),
    _N("a player who completed has no card to keep: move"),
    _N("now each player in turn moves or keeps their card"),
    _N("{space} is not a free card within reach"),
    _N("everyone is frozen while the stops are checked"),
    _N(
        "{seat}'s building failed its check and has not changed since: "
        "place or return an element before calling Stop! again"
    ),
    _N("{element} cannot go there: {why}"),
)
WHY_NOT = Parts(
    (
        _N("the card has {count} border(s)"),
        _N("the building stands in border {border} (JU-3)"),
        _N("it has {count} orientations"),
        _N(
            "outside the border, over a hole, off the level below, "
            "or touching no element of its floor"
        ),
    )
)
KINDS: dict[str, Kind] = {
    "at": "time",
    "last": "time",
    "seat": "seat",
    "holder": "seat",
    "count": "int",
    "border": "int",
    "floor": "int",
    "z": "int",
    "kind": "action",
    "phase": "phase",
    "why": WHY_NOT,
}

FORMS = LogForms((*HANDS, *CLOCK, *JUTAKU), KINDS)


def names(kind: str, value: str) -> str | None:
    """A phase's word (the engine names its phases in refusals)."""
    if kind != "phase":
        return None
    words = {
        "setup": _("choosing start cards"),
        "build": _("building"),
        "window": _("Stop! called"),
        "move": _("moving"),
        "over": _("over"),
        "catch": _("drinks dropping"),
        "before": _("before the round"),
        "pick": _("picking cards"),
    }
    return words.get(value, value)
