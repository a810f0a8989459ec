"""JU-4's hands, shared by TOKYO JUTAKU and the variants that build with its elements
(COUNTDOWN, BOTTLE BONUS): each seat's element in hand, its building (the elements it
placed, in order), the pace of its hand actions, and the shared pool they leave.

A building state derives from `Hands` and gives `elements()` and `hand_ms()`; it says, in
class attributes, which rule IDs its refusals cite. Its extension points, public and
overridable: `last_returnable(seat)` (how far back a return may reach), `return_scope()`
(how a refused return says so) and `take_or_return(seat, action)` (what else a take or a
return does). What the state calls: `init_hands`, `earliest`, `hand_actions`,
`hand_refusal`, `take_or_return`, `place_entry`. A placed entry is a tuple whose first item
is the element's id; the rest is the variant's (TOKYO JUTAKU's plot, turn, x, y, floor;
COUNTDOWN's turn, x, y, floor).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from ekimae.core.actions import Action
from ekimae.core.game import Seat
from ekimae.core.saved import Saved
from ekimae.games.jutaku_kit.actions import Return, Take
from ekimae.games.jutaku_kit.elements import Element

NEVER = -(10**9)
Refusal = tuple[str, str, str]
P = TypeVar("P", bound=tuple[Any, ...])


class Hands(Saved, Generic[P]):
    """The hand/pace/pool part of a building state (a base: the state defines
    `elements()` and `hand_ms()`; its fields are saved with the state's)."""

    HAND_RULE: ClassVar[str] = "JU-4"  # the rule a refused take, return or pace cites
    ELEMENT_RULE: ClassVar[str] = "JU-1"  # the rule an unknown element cites
    hand: list[str | None]  # each seat's element in hand
    built: list[list[P]]  # each seat's building: the elements it placed, in order
    last_act: list[int]  # when each seat last took, placed or returned (the pace)
    now: int  # the game time (ms) of the last action

    def elements(self) -> Mapping[str, Element]:  # pragma: no cover - abstract
        raise NotImplementedError

    def hand_ms(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def init_hands(self, seats: int) -> None:
        self.hand = [None] * seats
        self.built = [[] for _ in range(seats)]
        self.last_act = [NEVER] * seats

    def pool(self) -> list[str]:
        """The elements in the shared pool, in the data's order (JU-4): an element taken
        or placed by one player is gone for the others until returned."""
        away = {h for h in self.hand if h is not None}
        away.update(p[0] for b in self.built for p in b)
        return [e for e in self.elements() if e not in away]

    def earliest(self, seat: Seat) -> int:
        """RULING: a seat's grabs, placements and returns are `hand_ms` apart."""
        return max(self.now, self.last_act[seat] + self.hand_ms())

    def last_returnable(self, seat: Seat) -> str | None:
        """The placed element the seat may return now (JU-4: the last placed)."""
        return str(self.built[seat][-1][0]) if self.built[seat] else None

    def return_scope(self) -> str:
        """Words for how far back a return reaches, in a refusal."""
        return ""

    def _holder(self, ident: str) -> str:
        for p, held in enumerate(self.hand):
            if held == ident or any(b[0] == ident for b in self.built[p]):
                return f"seat {p + 1}"
        return "nobody"

    def hand_actions(
        self, seat: Seat, at: int, places: Callable[[str], Iterable[Action]]
    ) -> list[Action]:
        """JU-4: with an empty hand, a take of each pooled element and the return of the
        last placed; holding one, each placement of it (`places`) and its return."""
        ident = self.hand[seat]
        if ident is not None:
            return [*places(ident), Return(at, ident)]
        out: list[Action] = [Take(at, e) for e in self.pool()]
        last = self.last_returnable(seat)
        if last is not None:
            out.append(Return(at, last))
        return out

    def hand_refusal(self, seat: Seat, action: Action, at: int) -> Refusal | None:
        """The pace (RULING), a take (JU-4) and a return (JU-4); None for a placement
        that the variant checks itself, once the pace allows it."""
        rule = self.HAND_RULE
        earliest = self.earliest(seat)
        if at < earliest:
            return rule, f"one element at a time: next at {_ms(earliest)} (RULING)", ""
        hand = self.hand[seat]
        if isinstance(action, Take):
            if hand is not None:
                return rule, f"seat {seat + 1} already holds {hand}: place or return it", ""
            if action.element not in self.elements():
                return self.ELEMENT_RULE, f"there is no element {action.element}", ""
            if action.element not in self.pool():
                holder = self._holder(action.element)
                return rule, f"{action.element} is not in the pool ({holder} has it)", ""
            return None
        if isinstance(action, Return):
            if hand is not None:
                if action.element != hand:
                    return rule, f"seat {seat + 1} holds {hand}: return that one first", ""
                return None
            last = self.last_returnable(seat)
            if last != action.element:
                back = f"only the last element placed{self.return_scope()} can go back"
                return rule, f"{back} ({last or 'nothing'})", ""
            return None
        element: str = getattr(action, "element", "")
        if hand != element:
            return rule, f"seat {seat + 1} does not hold {element}", ""
        return None

    def take_or_return(self, seat: Seat, action: Take | Return) -> None:
        """JU-4: a take fills the hand; a return empties it, or takes back the last placed."""
        if isinstance(action, Take):
            self.hand[seat] = action.element
        elif self.hand[seat] == action.element:
            self.hand[seat] = None
        else:
            self.built[seat].pop()
        self.last_act[seat] = action.at

    def place_entry(self, seat: Seat, entry: P, at: int) -> None:
        """JU-4: the element in hand goes on the building."""
        self.built[seat].append(entry)
        self.hand[seat] = None
        self.last_act[seat] = at


def _ms(at: int) -> str:
    return f"{at / 1000:.3f} s"
