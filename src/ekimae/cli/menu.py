"""The numbered list of legal actions shown to a person, grouped by kind.

`Menu` is what every front end fills (a title may group its actions its own way);
`build_menu` is the generic one: each kind under its heading (sealed kinds say so), a
short group listed in full, a long group that differs only in one number (21 bid
amounts) collapsed to its first few and last choices and the range to type, and any other
long group listed in full, in columns.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from ekimae.core.actions import Action
from ekimae.core.game import Game
from ekimae.i18n import _, game_terms, language

LISTED = 12  # a group this small is listed in full
NUMBERED = 4  # a long numeric range: the first few are numbered (and the last)


@dataclass
class Menu:
    choices: list[Action] = field(default_factory=list)  # entry n is choices[n - 1]
    parts: list[RenderableType] = field(default_factory=list)

    def pick(self, number: int) -> Action | None:
        return self.choices[number - 1] if 1 <= number <= len(self.choices) else None

    def render(self) -> RenderableType:
        return Group(*self.parts)

    def number(self, action: Action, label: str) -> Text:
        self.choices.append(action)
        return Text(f"{len(self.choices):>3}) ", style="bold cyan").append(label)


def build_menu(game: Game[Any], legal: Sequence[Action]) -> Menu:
    menu = Menu()
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.kind, []).append(action)
    for kind, actions in groups.items():
        # The glossary's word for the kind in the terminal's language, if the game has one.
        heading = Text(game_terms(game.name, language()).get(kind, kind), style="bold underline")
        if kind in game.type.sealed:
            heading.append(
                " — " + _("sealed: the others see only that you chose, until it is revealed")
            )
        menu.parts.append(heading)
        varying = _varying_number(actions)
        if len(actions) > LISTED and varying is not None:
            _ranged(game, menu, actions, varying)
        else:
            entries = [menu.number(a, game.format_action(a)) for a in actions]
            menu.parts.append(Columns(entries, padding=(0, 3)))
    return menu


def _varying_number(actions: Sequence[Action]) -> str | None:
    """The one field in which the actions differ, if it is a whole number in all."""
    if not actions or not dataclasses.is_dataclass(actions[0]):
        return None
    names = [f.name for f in dataclasses.fields(actions[0])]
    varying = [name for name in names if len({getattr(a, name, None) for a in actions}) > 1]
    if len(varying) != 1 or len({type(a) for a in actions}) != 1:
        return None
    values = [getattr(a, varying[0]) for a in actions]
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None
    return varying[0]


def _ranged(game: Game[Any], menu: Menu, actions: Sequence[Action], name: str) -> None:
    """The lowest few and the highest numbered, then the whole range to type."""
    ordered = sorted(actions, key=lambda a: int(getattr(a, name)))
    line = Text("  ")
    for action in [*ordered[:NUMBERED], ordered[-1]]:
        line.append(menu.number(action, game.format_action(action))).append("   ")
    values = [int(getattr(a, name)) for a in ordered]
    steps = {b - a for a, b in itertools.pairwise(values)}
    low, high = values[0], values[-1]
    every = (
        _(" in steps of {step}").format(step=steps.pop())
        if len(steps) == 1
        else _(" ({count} values)").format(count=len(values))
    )
    template = game.format_action(dataclasses.replace(ordered[0], **{name: 0}))
    typed = _placeholder(template, ordered[0], name)
    menu.parts.append(line)
    hint = _("(any {low}..{high}{every}: type '{typed}')")
    menu.parts.append(
        Text("  " + hint.format(low=low, high=high, every=every, typed=typed), style="dim")
    )


def _placeholder(text: str, action: Action, name: str) -> str:
    """The action's text with the varying field's word as ``<name>``."""
    fields = [f.name for f in dataclasses.fields(action)]
    words = text.split(" ")
    index = 1 + fields.index(name)  # the kind, then each field in order (format_action)
    if index < len(words) and words[index] == "0":
        words[index] = f"<{name}>"
        return " ".join(words)
    return f"{action.kind} … <{name}>"
