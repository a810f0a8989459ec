"""The round clock of JUTAKU's family: the clocks a game may run and the time limits as
each runs them (an option; issue 30, RULING).

The rules' own clock ("standard") and a slow one for a first game, every time limit
`slow` times as long (`rules.slow` of the title's data). A state's public `limit(ms)`
applies it; its `deadline()` (the system seat's time, an extension point of each state)
says which limit runs now.
"""

from __future__ import annotations

from collections.abc import Mapping

from ekimae.core.game import OptionSpec

CLOCKS = ("standard", "slow")


def clock_option(slow: int) -> OptionSpec:
    """The `clock` option, every time limit `slow` times as long on the slow clock."""
    return OptionSpec(
        "clock",
        "Clock",
        CLOCKS,
        CLOCKS[0],
        f"slow: every time limit {slow} times as long, for a first game (not in the rules)",
    )


def limit(ms: int, options: Mapping[str, str], slow: int) -> int:
    """A time limit `ms` as the game's clock (`options["clock"]`) runs it."""
    return ms * slow if options.get("clock") == CLOCKS[1] else ms
