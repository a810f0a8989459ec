"""A stable discrete action space for a game, as research interfaces need one.

PettingZoo, Gymnasium and OpenSpiel want every action to be an integer in a fixed range,
the same integer for the same action in every state, plus a mask of the legal ones. The
engine lists legal actions as values; this module numbers them.

Most actions are a kind plus a few scalar fields (a card spot, a cell, a line, an
amount), so a title's *catalog* can list every one that a configuration may ever allow.
Set-valued fields (TOKYO METRO's discount discs, TM-7.8) would multiply that list by
every subset, so they are not numbered as wholes: an action with a set field is chosen
in steps — first its *head* (the action with the set empty), then one *element* at a
time, then *done*. The mask at each step only allows what still completes to a legal
action, so a player is never stuck (the empty choice or some element always remains).

Amounts (bids, stakes) run up to a seat's money, which the rules do not bound; a catalog
numbers them up to a cap it names, and the mask hides larger ones. That limits the
agent, never the game: the engine still lists and accepts every amount.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ekimae.core.actions import Action

Element = tuple[str, Any]  # (set field name, one member), e.g. ("discounts", "GM3a")


def set_fields(action: Action) -> tuple[str, ...]:
    """The names of `action`'s set-valued (tuple) fields."""
    return tuple(
        f.name for f in dataclasses.fields(action) if isinstance(getattr(action, f.name), tuple)
    )


def head(action: Action) -> Action:
    """`action` with every set field empty: the part numbered as a whole."""
    empty = dict.fromkeys(set_fields(action), ())
    return dataclasses.replace(action, **empty) if empty else action


def elements(action: Action) -> frozenset[Element]:
    """Every (field, member) of `action`'s set fields."""
    return frozenset((name, x) for name in set_fields(action) for x in getattr(action, name))


@dataclass(frozen=True)
class Catalog:
    """Every head and every set element a configuration may ever use, in a fixed order."""

    heads: tuple[Action, ...]
    elements: tuple[Element, ...] = ()

    def __post_init__(self) -> None:
        if len(set(self.heads)) != len(self.heads):
            raise ValueError("a catalog lists each head once")
        if len(set(self.elements)) != len(self.elements):
            raise ValueError("a catalog lists each set element once")


class Pending:
    """A set-field choice under way: the head chosen and the elements added so far."""

    __slots__ = ("chosen", "group", "head")

    def __init__(self, head_action: Action, group: Sequence[Action]) -> None:
        self.head = head_action
        self.group = tuple(group)  # the legal actions with this head
        self.chosen: frozenset[Element] = frozenset()

    def open_elements(self) -> set[Element]:
        """Elements that keep some legal completion reachable."""
        out: set[Element] = set()
        for action in self.group:
            members = elements(action)
            if self.chosen <= members:
                out |= members - self.chosen
        return out

    def complete(self) -> Action | None:
        """The legal action whose set fields are exactly what was chosen, if any."""
        for action in self.group:
            if elements(action) == self.chosen:
                return action
        return None


class ActionSpace:
    """Heads numbered from 0, then elements, then one *done* index (if any elements).

    `decide(legal, index, pending)` turns one integer into either a finished action or
    a pending set choice; `mask(legal, pending)` says which integers are legal now.
    """

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._head_index = {h: i for i, h in enumerate(catalog.heads)}
        base = len(catalog.heads)
        self._element_index = {e: base + i for i, e in enumerate(catalog.elements)}
        self.done = base + len(catalog.elements) if catalog.elements else None
        self.size = base + len(catalog.elements) + (1 if catalog.elements else 0)

    def index_of(self, action: Action) -> int | None:
        """The head index of `action`, None if the catalog does not number it."""
        return self._head_index.get(head(action))

    def action_of(self, index: int) -> Action:
        """The head numbered `index`."""
        if not 0 <= index < len(self.catalog.heads):
            raise ValueError(f"{index} is not a head index (0..{len(self.catalog.heads) - 1})")
        return self.catalog.heads[index]

    def indices(self, legal: Iterable[Action], pending: Pending | None = None) -> list[int]:
        """The legal integers, ascending."""
        if pending is not None:
            found = {self._element_index[e] for e in pending.open_elements()}
            if pending.complete() is not None and self.done is not None:
                found.add(self.done)
            return sorted(found)
        return sorted({i for a in legal if (i := self.index_of(a)) is not None})

    def mask(self, legal: Iterable[Action], pending: Pending | None = None) -> list[int]:
        out = [0] * self.size
        for i in self.indices(legal, pending):
            out[i] = 1
        return out

    def decide(
        self, legal: Sequence[Action], index: int, pending: Pending | None = None
    ) -> Action | Pending:
        """One integer's effect: the action to apply, or the set choice it opens/extends."""
        if index not in self.indices(legal, pending):
            raise ValueError(f"action index {index} is not legal here")
        if pending is not None:
            if index == self.done:
                done = pending.complete()
                assert done is not None  # `indices` offers done only when complete
                return done
            pending.chosen |= {self.catalog.elements[index - len(self.catalog.heads)]}
            return pending
        chosen = self.catalog.heads[index]
        group = [a for a in legal if head(a) == chosen]
        if len(group) == 1 and not elements(group[0]):
            return group[0]
        return Pending(chosen, group)
