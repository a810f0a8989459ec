"""TOKYO METRO's numbered list of legal actions shown to a person, grouped by kind.

METRO DRINKS: vending-machine builds are listed one line per station (MD-4, MD-5), also
at each cell of a Move walked with a Shape card (then `step <cell>` and `stop` too).

There can be well over a hundred legal actions (every cell a Move reaches, every line an
Invest may take, every stake from low(V) up to one's money). Small groups are listed in
full; larger ones get one line per card spot (``move GM4a: 15) j4  16) i5 …``); yen
amounts (bids, stakes) are numbered for the lowest few only, and any amount can be typed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.columns import Columns
from rich.text import Text

from ekimae.cli.menu import Menu
from ekimae.cli.titles.tokyo_metro.display import kind_word
from ekimae.core.actions import Action, format_action
from ekimae.i18n import _

RANGED = {"turn-bid": "amount", "speculation": "stake"}  # yen fields chosen freely
LISTED = 12  # a group this small is listed in full
AMOUNTS = 4  # numbered yen amounts when a ranged group has a single stem
PER_LINE = 8  # choices per line in a group listed by spot (fits the screen's choices)


def build_menu(legal: Sequence[Action]) -> Menu:
    menu = Menu()
    for kind, actions in _group(legal, lambda a: a.kind).items():
        menu.parts.append(Text(kind_word(kind), style="bold underline"))
        if kind == "build":
            _builds(menu, actions)
        elif kind in RANGED and len(actions) > LISTED:
            _ranged(menu, actions)
        elif len(actions) > LISTED:
            _by_spot(menu, actions)
        else:
            entries = [menu.number(a, format_action(a)) for a in actions]
            menu.parts.append(Columns(entries, padding=(0, 3)))
    return menu


def _group(actions: Sequence[Action], key: Callable[[Action], str]) -> dict[str, list[Action]]:
    groups: dict[str, list[Action]] = {}
    for action in actions:
        groups.setdefault(key(action), []).append(action)
    return groups


def _stem(action: Action) -> str:
    """The action's text without its last word (a cell, a line, a yen amount)."""
    return format_action(action).rsplit(" ", 1)[0]


def _spot(action: Action) -> str:
    """Kind and card spot, e.g. ``invest CY2b`` (the kind alone for phase steps)."""
    return " ".join(format_action(action).split()[:2]) if hasattr(action, "spot") else action.kind


def _by_spot(menu: Menu, actions: list[Action]) -> None:
    for head, items in _group(actions, _spot).items():
        for start in range(0, len(items), PER_LINE):
            title = f"{head}:" if start == 0 else ""
            line = Text(f"  {title:<14}", style="bold")
            for action in items[start : start + PER_LINE]:
                label = format_action(action).removeprefix(head).strip()
                line.append("  ").append(menu.number(action, label))
            menu.parts.append(line)


def _amount(action: Action) -> int:
    return int(getattr(action, RANGED[action.kind]))


def _ranged(menu: Menu, actions: list[Action]) -> None:
    stems = _group(actions, _stem)
    shown = AMOUNTS if len(stems) == 1 else 1
    for stem, items in stems.items():
        items = sorted(items, key=_amount)
        line = Text("  ")
        for action in items[:shown]:
            line.append(menu.number(action, format_action(action))).append("   ")
        low, high = _amount(items[0]), _amount(items[-1])
        said = _("(any {low}..{high}: type '{stem} <yen>')")
        line.append(said.format(low=f"¥{low}", high=f"¥{high}", stem=stem), style="dim")
        menu.parts.append(line)


def _builds(menu: Menu, actions: list[Action]) -> None:
    """METRO DRINKS (MD-4, MD-5): one line per station (and free or with a disc), the
    drinks of the supply as choices; while a Move is walked these are the stations passed."""

    def where(action: Action) -> str:
        free = " " + (_("(free)") if getattr(action, "free", False) else _("(disc)"))
        return f"{getattr(action, 'station', '')}{free}"

    for head, items in _group(actions, where).items():
        for start in range(0, len(items), PER_LINE):
            title = f"{head}:" if start == 0 else ""
            line = Text(f"  {title:<20}", style="bold")
            for action in items[start : start + PER_LINE]:
                line.append("  ").append(menu.number(action, str(getattr(action, "drink", ""))))
            menu.parts.append(line)
