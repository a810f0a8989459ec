"""The BOTTLE BONUS builder: TOKYO JUTAKU's `builder` (its plan, its pace) that also
catches drinks and spends their powers (BB-1, BB-2), from what its view shows."""

from __future__ import annotations

from collections.abc import Sequence

from ekimae.bots.tokyo_jutaku.builder import BuilderBot
from ekimae.core.actions import Action
from ekimae.core.game import stamp
from ekimae.games.bottle_bonus.game import GAME
from ekimae.games.bottle_bonus.view import BottleView, bottle_bonus_view
from ekimae.games.jutaku_kit.parcels import SIDES, Side
from ekimae.games.jutaku_kit.view import own_seat
from ekimae.games.tokyo_jutaku.view import JutakuView

OWN = ("catch", "spend", "ready")
# BB-1: what it catches first: purple (any card), red (speed), blue (+¥), white, black, mint.
LIKED = ("purple", "red", "blue", "white", "black", "mint")
MINT_SHARE = 0.7  # BB-2 mint: spent once another building is this far along its card
PURPLE_GAIN = 2000  # BB-2 purple: spent when a card anywhere is worth this much more


def colour(drink: str) -> str:
    return GAME.bonus.drinks.colour_of(drink)


class BottleBot(BuilderBot):
    """`reaction_ms`: how long after the drop it reaches for a drink (game time)."""

    name = "builder"

    def __init__(
        self, seed: int = 0, pace_ms: int = 0, reaction_ms: int = 300, spread: bool = False
    ) -> None:
        super().__init__(seed, pace_ms, spread)
        self.reaction_ms = reaction_ms

    def _side(self, view: JutakuView, card: str) -> Side:
        """BB-2 black: a flipped card shows its other side."""
        which = view["options"]["side"]
        if card in bottle_bonus_view(view)["flipped"]:
            which = SIDES[1 - SIDES.index(which)]
        return GAME.data.cards[card].side(which)

    def decide(self, jutaku: JutakuView, legal: Sequence[Action]) -> Action:
        view = bottle_bonus_view(jutaku)
        kinds = {a.kind for a in legal}
        if "catch" in kinds:
            return self._catch(view, legal)
        spends = {colour(str(getattr(a, "drink", ""))): a for a in legal if a.kind == "spend"}
        chosen = self._spend(view, spends, [a for a in legal if a.kind == "move"])
        if chosen is not None:
            return chosen
        rest = [a for a in legal if a.kind not in OWN]
        if "ready" in kinds and not rest:
            return next(a for a in legal if a.kind == "ready")
        if view["phase"] == "before":
            return self._early(view, legal) or next(a for a in legal if a.kind == "ready")
        if view["phase"] == "build" and view["red"][own_seat(view)]:
            paired = self._pair(view, rest)
            if paired is not None:
                return self._paced(view, paired)
        return super().decide(view, rest)

    def _catch(self, view: BottleView, legal: Sequence[Action]) -> Action:
        """BB-1: the best liked drink in the machine, after a reaction time."""
        best = min(legal, key=lambda a: LIKED.index(colour(str(getattr(a, "drink", "")))))
        at = view["now"] + self.reaction_ms
        end = view["deadline_ms"]
        return stamp(best, at) if end is None or at < end else best

    def _spend(
        self, view: BottleView, spends: dict[str, Action], moves: list[Action]
    ) -> Action | None:
        seat = own_seat(view)
        if "blue" in spends or "white" in spends:  # BB-2: nothing to lose before a round
            return spends.get("blue") or spends["white"]
        if "black" in spends and view["options"]["side"] == SIDES[0]:
            return spends["black"]  # the back is the hard side: worth more, unseen (BB-2)
        if "red" in spends and len(view["built"][seat]) == 0:
            return spends["red"]
        if "mint" in spends and self._someone_close(view):
            return spends["mint"]
        if "purple" in spends and self._far_gain(view, moves) >= PURPLE_GAIN:
            return spends["purple"]
        return None

    def _someone_close(self, view: BottleView) -> bool:
        """Another building most of the way to its card's element count (BB-2 mint)."""
        for other, card in enumerate(view["held"]):
            if other == own_seat(view) or card is None:
                continue
            need = self._side(view, card).elements
            if len(view["built"][other]) >= max(2, MINT_SHARE * need):
                return True
        return False

    def _far_gain(self, view: BottleView, moves: list[Action]) -> int:
        """How much more the best free card anywhere is worth than the best within reach
        (BB-2 purple): the listed moves are the reachable ones."""
        seat = own_seat(view)
        taken = {a for p, a in enumerate(view["architects"]) if p != seat}
        worth = {
            s: self._side(view, c).yen
            for s, c in view["grid"].items()
            if c is not None and s not in taken
        }
        near = [worth[str(getattr(m, "space", ""))] for m in moves]
        return max(worth.values(), default=0) - max(near, default=0)

    def _early(self, view: BottleView, legal: Sequence[Action]) -> Action | None:
        """BB-2 white: the plan's first element, before the round."""
        hands = [a for a in legal if a.kind in ("take", "place", "return")]
        if not hands:
            return None
        action = self._build(view, [*hands, *(a for a in legal if a.kind == "ready")])
        return action if action is not None and action.kind != "ready" else None

    def _pair(self, view: BottleView, legal: Sequence[Action]) -> Action | None:
        """BB-2 red: holding the plan's next element, take the one after it too; holding
        two, place the first as planned (the second then goes at once), else put the
        second back. None: the plain builder decides."""
        seat = own_seat(view)
        hand, spare = view["hand"][seat], view["spare"][seat]
        found = self._plan(view) if hand else None
        if found is None:
            return _listed(legal, "return", spare) if spare else None
        k, steps = found
        ident, turn, x, y, _ = steps[0]
        if ident != hand:
            return _listed(legal, "return", spare) if spare else None
        if spare is None:
            return _listed(legal, "take", steps[1][0]) if len(steps) > 1 else None
        place = [
            a
            for a in legal
            if a.kind == "place" and (a.element, a.plot, a.turn, a.x, a.y) == (ident, k, turn, x, y)  # type: ignore[attr-defined]
        ]
        return place[0] if place else _listed(legal, "return", spare)


def _listed(legal: Sequence[Action], kind: str, element: str) -> Action | None:
    return next(
        (a for a in legal if a.kind == kind and getattr(a, "element", None) == element), None
    )
