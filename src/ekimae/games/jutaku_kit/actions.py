"""The hand actions of TOKYO JUTAKU's family (JU-4): take an element, return one. Each
title's codec lists them with its own actions; their wire and text forms are the same in
every title of the family."""

from __future__ import annotations

from dataclasses import dataclass

from ekimae.core.actions import Action


@dataclass(frozen=True, slots=True)
class Take(Action):
    """JU-4: take one element from the shared pool into one's hand."""

    kind = "take"
    at: int
    element: str


@dataclass(frozen=True, slots=True)
class Return(Action):
    """JU-4: put back in the pool the element in hand, or the last one placed."""

    kind = "return"
    at: int
    element: str
