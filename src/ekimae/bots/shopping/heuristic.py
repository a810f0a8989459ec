"""The `normal` bot of THE SHOPPING GAME: a shopper with a price list and a way out.

It prices every item the way the exit will pay it (SH-3, SH-4: the pile or Colour card's
yen now, a detergent as the garment it would double, a fish draw as the mean of the
tokens not yet seen, the machine as its drinks times the chance that one comes out) and:

- takes the best-priced item in front of it (or passes when nothing pays);
- moves to the point with the best item in front, plus a share of the best item anywhere
  (its worth fading by `FADE` a step of the walk to it);
- leaves once the crate pays `TARGET` yen (`FINAL_TARGET` on its last trip: after that
  it shops no more, while the others may go on for long), when nothing worth the walk is
  near, or at once when someone else's next exit could end the game with it inside (SH-5:
  that crate pays nothing); while it wants out and cannot reach the exit, it walks
  toward it.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.shopping.actions import Machine, Move, Take
from ekimae.games.shopping.components import OUT, Mall, ShoppingData, load_data
from ekimae.games.shopping.market import fish_of, fish_token
from ekimae.games.shopping.view import ShopperView, ShoppingView, own_seat, shopping_view

TARGET = 2400  # yen in the crate that make it worth leaving the first time
FINAL_TARGET = 12000  # the last time (after it, no more shopping)
NEAR = 150  # yen: less than this within reach is not worth staying for
LOOKAHEAD = 0.3  # share of the best item further on that a point is worth
FADE = 0.85  # what an item's worth keeps per step of walking to it
MAGAZINE = 30  # yen a magazine is worth to us: it only breaks ties (SH-4)
DETERGENT_GUESS = 150  # yen a detergent is worth before a garment is in the crate


@functools.cache
def steps_between() -> dict[str, dict[str, int]]:
    """Steps between every two places of the packaged mall (outside included)."""
    mall: Mall = load_data().mall
    table: dict[str, dict[str, int]] = {}
    for start in (*mall.points, OUT):
        far = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in mall.aisles[here]:
                if there not in far:
                    far[there] = far[here] + 1
                    queue.append(there)
        table[start] = far
    return table


@functools.cache
def distances() -> dict[str, int]:
    """Steps from every point of the packaged mall to outside (through the exits)."""
    mall: Mall = load_data().mall
    far = {OUT: 0}
    queue = deque([OUT])
    while queue:
        here = queue.popleft()
        for there in mall.aisles[here]:
            if there not in far:
                far[there] = far[here] + 1
                queue.append(there)
    return far


class Prices:
    """What each take pays at the exit, from one seat's view."""

    def __init__(self, data: ShoppingData, view: ShoppingView) -> None:
        self.data = data
        self.view = view
        me = view["players"][own_seat(view)]
        self.money: int = me["money"]
        crate: list[str] = me["crate"]
        garments = sorted(
            (view["piles"][it.pile] for t in crate if (it := data.items.get(t)) and it.pile
             and data.piles[it.pile].clothing),
            reverse=True,
        )  # fmt: skip
        detergents = sum(1 for t in crate if t == "detergent")
        self.spare_detergent = detergents > len(garments)
        self.undoubled = garments[detergents:]
        self.fish = {kind: self._mean_left(kind) for kind in data.fish}

    def _mean_left(self, kind: str) -> float:
        seen = [t for tokens in self.view["shops"].values() for t in tokens]
        for p in self.view["players"]:
            seen += p["crate"] + p["kept"]
        left = [
            fish_token(kind, f) for f in (*self.data.fish[kind].bag, *self.data.fish[kind].display)
        ]
        for token in seen:
            if token in left:
                left.remove(token)
        faces = [face for t in left if (caught := fish_of(t)) is not None for face in [caught[1]]]
        return self.data.face_yen * sum(faces) / len(faces) if faces else 0.0

    def item(self, token: str) -> float:
        data, view = self.data, self.view
        if token in data.drinks.drinks:
            return float(view["colours"][data.drinks.drinks[token].colour])
        if token in data.fish:
            value = self.fish[token]
            return value - view["tuna_price"] if token == "tuna" else value
        item = data.items[token]
        if item.kind == "priced" and item.pile is not None:
            price = float(view["piles"][item.pile])
            double = self.spare_detergent and data.piles[item.pile].clothing
            return 2 * price if double else price
        if item.kind == "salmon":
            return float(view["salmon_price"])
        if item.kind == "detergent":
            return float(self.undoubled[0]) if self.undoubled else DETERGENT_GUESS
        return MAGAZINE

    def machine(self) -> float:
        drinks = self.view["machine"]
        chance = 1 - self.data.stuck / self.data.out_of
        return chance * sum(self.item(d) for d in drinks)

    def take(self, action: Action) -> float:
        if isinstance(action, Take):
            return self.item(action.item)
        if isinstance(action, Machine):
            return self.machine()
        return 0.0

    def at(self, point: str) -> float:
        """The best take in front of `point` (what this seat could do there)."""
        best = 0.0
        for shop_id in self.data.mall.fronts.get(point, ()):
            shop = self.data.shops[shop_id]
            tokens = self.view["shops"][shop_id]
            if shop.draws is not None:
                bag = self.view["bag"][shop.draws]
                if (bag or tokens) and (
                    shop.draws != "tuna" or self.money >= self.view["tuna_price"]
                ):
                    best = max(best, self.item(shop.draws))
                continue
            best = max([best, *(self.item(t) for t in set(tokens))])
        if point in self.data.mall.machine_points and self.view["machine"]:
            best = max(best, self.machine())
        return best


def ranked(view: ShoppingView, legal: Sequence[Action]) -> list[Action]:
    """`legal`, best first by the heuristic's reckoning (ties in listing order)."""
    data = load_data()
    prices = Prices(data, view)
    if legal[0].kind != "move":
        scored = [(prices.take(a), -i, a) for i, a in enumerate(legal)]
        return [a for _, _, a in sorted(scored, key=lambda s: (s[0], s[1]), reverse=True)]
    mall = data.mall
    far = distances()
    apart = steps_between()
    here = {p: prices.at(p) for p in mall.points}
    me = view["players"][own_seat(view)]
    # What is worth walking to anywhere, fading with the steps to it.
    pull = {
        p: max(here[q] * FADE ** apart[p][q] for q in mall.points if here[q] > 0)
        if any(here.values())
        else 0.0
        for p in (*mall.points, OUT)
    }
    leave = _wants_out(view, me, pull[me["at"]])

    def score(action: Action) -> float:
        assert isinstance(action, Move)
        if action.to == OUT:
            return 1e9 if leave and me["crate"] else -1e9
        value = here[action.to] + LOOKAHEAD * pull[action.to]
        if leave:
            return -1e6 * far[action.to] + value
        return value

    scored = [(score(a), -i, a) for i, a in enumerate(legal)]
    return [a for _, _, a in sorted(scored, key=lambda s: (s[0], s[1]), reverse=True)]


def _wants_out(view: ShoppingView, me: ShopperView, near: float) -> bool:
    if me["at"] == OUT or not me["crate"]:
        return False
    exits = load_data().exits_each
    others = [p for p in view["players"] if p["seat"] != me["seat"]]
    done = sum(1 for p in others if p["barrels"] >= exits)
    last_trip = any(p["barrels"] == exits - 1 for p in others)
    if done >= len(others) - 1 and last_trip:
        return True  # SH-5: one more exit by someone else could end the game with us inside
    target = TARGET if me["barrels"] < exits - 1 else FINAL_TARGET
    return me["crate_pays"] >= target or near < NEAR


class NormalBot:
    name = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        return ranked(shopping_view(view), legal)[0]
