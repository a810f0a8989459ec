"""The `builder` bot: the solver's plan, one element at a time (see the package)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ekimae.core.actions import Action
from ekimae.core.game import stamp
from ekimae.games.jutaku_kit.parcels import Side
from ekimae.games.jutaku_kit.view import own_seat
from ekimae.games.tokyo_jutaku.game import GAME
from ekimae.games.tokyo_jutaku.solver import Step, extend
from ekimae.games.tokyo_jutaku.view import JutakuView, jutaku_view

BUDGET = 3000  # solver positions per decision: a plan in a few ms, or none


def _same(action: Action, kind: str, **fields: object) -> bool:
    return action.kind == kind and all(getattr(action, k) == v for k, v in fields.items())


HANDS = ("take", "place", "return")


class BuilderBot:
    """`pace_ms`: the game time the bot leaves between its own grabs, placements and
    returns (at least the rules' 2 s, JU-4 RULING): a level of play for people. The bot
    reads no clock: it dates its action `pace_ms` after its last one (the `at` it returns);
    a simulator applies it then, the server's hub is to wait until then (see
    docs/games/tokyo-jutaku.md "Browser")."""

    name = "builder"

    def __init__(self, seed: int = 0, pace_ms: int = 0, spread: bool = False) -> None:
        self.seed = seed
        self.pace_ms = pace_ms
        # `spread` (the `learning` level, issue 30): when the round's time left is too short
        # for its plan at `pace_ms`, hurry just enough to finish before the round ends.
        self.spread = spread
        self._left = 1  # hand actions the current plan still needs (for `spread`)
        # The last plan followed: (card, border, the whole building in placing order).
        self.followed: tuple[str, int, list[Step]] | None = None

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return self.decide(jutaku_view(view), legal)

    def decide(self, view: JutakuView, legal: Sequence[Action]) -> Action:
        """`choose` from the view read as TOKYO JUTAKU's (BOTTLE BONUS's is one)."""
        kinds = {a.kind for a in legal}
        if kinds <= {"start", "move", "keep"}:
            return self._where(view, legal)
        if kinds == {"stop"}:
            return legal[0]
        action = self._build(view, legal) or next(a for a in legal if a.kind == "concede")
        return self._paced(view, action)

    def _side(self, view: JutakuView, card: str) -> Side:
        """The side of `card` in play, as the view shows it (a variant may turn cards)."""
        return GAME.data.cards[card].side(view["options"]["side"])

    def _paced(self, view: JutakuView, action: Action) -> Action:
        """The action dated `pace_ms` after the seat's last grab, placement or return (if
        that is still before the round's end; else as listed)."""
        if action.kind not in HANDS or not self.pace_ms:
            return action
        listed: int = action.at  # type: ignore[attr-defined]
        last = view["last_act"][own_seat(view)]
        end = view["deadline_ms"]
        pace = self.pace_ms
        if self.spread and end is not None:
            room = (end - max(listed, last)) // (self._left + 1)
            pace = max(GAME.data.rules.hand_ms, min(pace, room))
        at = max(listed, last + pace)
        return stamp(action, at) if end is None or at < end else action

    def _where(self, view: JutakuView, legal: Sequence[Action]) -> Action:
        keep = [a for a in legal if a.kind == "keep"]
        if keep:
            return keep[0]

        def value(action: Action) -> int:
            card = view["grid"][str(getattr(action, "space", ""))]
            return self._side(view, card).yen if card else 0

        return max(legal, key=lambda a: (value(a), -legal.index(a)))

    def _plan(self, view: JutakuView) -> tuple[int, list[Step]] | None:
        """The border and the solver's steps that complete the seat's card from its
        building, with the pool and its own elements; None if no plan is found."""
        seat = own_seat(view)
        data = GAME.data
        card = view["held"][seat]
        if card is None:
            return None
        side = self._side(view, card)
        built = [tuple(p) for p in view["built"][seat]]
        hand = view["hand"][seat]
        mine = {str(p[0]) for p in built} | ({hand} if hand else set())
        pool = [data.elements[e] for e in view["pool"]] + [data.elements[e] for e in mine]
        plots = [int(built[0][1])] if built else list(range(len(side.plots)))
        stack = [
            (str(p[0]), int(p[5]), _mask(str(p[0]), int(p[2]), int(p[3]), int(p[4]))) for p in built
        ]
        for k in plots:
            plan = extend(side.plots[k].cells, side.floors, side.elements, pool, stack, BUDGET)
            if plan.steps:
                return k, list(plan.steps)
        return None

    def _build(self, view: JutakuView, legal: Sequence[Action]) -> Action | None:
        seat = own_seat(view)
        card = view["held"][seat]
        if card is None:
            return None
        side = self._side(view, card)
        built = view["built"][seat]
        hand = view["hand"][seat]
        floors = 1 + max((int(p[5]) for p in built), default=-1)
        if not hand and floors == side.floors and len(built) == side.elements:
            return _find(legal, "stop")
        found = self._kept_plan(view, self._plan(view))
        if found is not None:
            k, steps = found
            self.followed = (card, k, _standing(built) + steps)
            ident, turn, x, y, _ = steps[0]
            self._left = 2 * len(steps) - (1 if hand == ident else 0)
            if hand and hand != ident:
                return _find(legal, "return", element=hand)
            if not hand:
                return _find(legal, "take", element=ident)
            return _find(legal, "place", element=ident, plot=k, turn=turn, x=x, y=y)
        self.followed = None
        if hand:
            return _find(legal, "return", element=hand)
        if built:
            return _find(legal, "return", element=str(built[-1][0]))
        return None

    def _kept_plan(
        self, view: JutakuView, found: tuple[int, list[Step]] | None
    ) -> tuple[int, list[Step]] | None:
        """`found`, unless it would put back the element in hand while the plan followed
        so far still holds (the building is its beginning, the elements it still needs
        are in the pool or in hand): then that plan. Without this, an element another
        player keeps taking and putting back turns the plan over each time, and the bot
        puts back and takes again forever instead of building."""
        seat = own_seat(view)
        hand = view["hand"][seat]
        if hand is None or self.followed is None:
            return found
        if found is not None and found[1][0][0] == hand:
            return found
        card, k, whole = self.followed
        standing = _standing(view["built"][seat])
        if card != view["held"][seat] or whole[: len(standing)] != standing:
            return found
        rest = whole[len(standing) :]
        if not rest or rest[0][0] != hand:
            return found
        pool = set(view["pool"])
        if any(step[0] not in pool for step in rest[1:]):
            return found
        if view["built"][seat] and int(view["built"][seat][0][1]) != k:
            return found
        return k, rest


def _standing(built: Sequence[Sequence[Any]]) -> list[Step]:
    """A view's building ((id, border, turn, x, y, floor) each) as solver steps."""
    return [(str(p[0]), int(p[2]), int(p[3]), int(p[4]), int(p[5])) for p in built]


def _find(legal: Sequence[Action], kind: str, **fields: object) -> Action | None:
    """The listed action of that kind and fields (its `at` as listed), or None (too soon)."""
    return next((a for a in legal if _same(a, kind, **fields)), None)


def _mask(ident: str, turn: int, x: int, y: int) -> int:
    for t, sx, sy, p in GAME.data.elements[ident].spots:
        if (t, sx, sy) == (turn, x, y):
            return p
    raise ValueError(f"{ident} has no spot {turn} {x} {y}")
