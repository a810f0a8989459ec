"""The numbered list of legal actions shown to a person, grouped by kind.

Bids and speculation stakes can run to hundreds of choices; those are shown as one
numbered entry (the lowest amount) plus the range, and any amount can be typed in full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from ekimae.core.actions import Action, format_action

RANGED = {"turn-bid": "amount", "speculation": "stake"}  # the yen field players choose freely
LISTED = 8  # a ranged group this small is listed in full


@dataclass
class Menu:
    choices: list[Action] = field(default_factory=list)  # entry n is choices[n - 1]
    groups: list[tuple[str, list[Text]]] = field(default_factory=list)

    def pick(self, number: int) -> Action | None:
        return self.choices[number - 1] if 1 <= number <= len(self.choices) else None

    def render(self) -> RenderableType:
        parts: list[RenderableType] = []
        for kind, entries in self.groups:
            parts.append(Text(kind, style="bold underline"))
            parts.append(Columns(entries, padding=(0, 3)))
        return Group(*parts)


def build_menu(legal: Sequence[Action]) -> Menu:
    menu = Menu()
    for kind, actions in _by_kind(legal).items():
        if kind in RANGED and len(actions) > LISTED:
            entries = [_ranged(menu, stem, items) for stem, items in _by_stem(actions).items()]
        else:
            entries = [_entry(menu, action, format_action(action)) for action in actions]
        menu.groups.append((kind, entries))
    return menu


def _by_kind(legal: Sequence[Action]) -> dict[str, list[Action]]:
    groups: dict[str, list[Action]] = {}
    for action in legal:
        groups.setdefault(action.kind, []).append(action)
    return groups


def _by_stem(actions: list[Action]) -> dict[str, list[Action]]:
    """Actions that differ only in their yen amount (the last word of the text form)."""
    stems: dict[str, list[Action]] = {}
    for action in actions:
        stems.setdefault(format_action(action).rsplit(" ", 1)[0], []).append(action)
    return stems


def _amount(action: Action) -> int:
    return int(getattr(action, RANGED[action.kind]))


def _ranged(menu: Menu, stem: str, actions: list[Action]) -> Text:
    low = min(actions, key=_amount)
    high = max(_amount(a) for a in actions)
    hint = f"  (any ¥{_amount(low)}..¥{high}: type '{stem} <yen>')"
    return _entry(menu, low, format_action(low)).append(hint, style="dim")


def _entry(menu: Menu, action: Action, text: str) -> Text:
    menu.choices.append(action)
    return Text(f"{len(menu.choices):>3}) ", style="bold cyan").append(text)
