"""Setting up a game (TM-2, SOLO-1)."""

from __future__ import annotations

from ekimae.games.tokyo_metro.context import Ctx, colour_card, shape_card
from ekimae.games.tokyo_metro.state import NOBODY, MetroState


def setup_players(ctx: Ctx, seats: int) -> int:
    """How many players the components are set up for (SOLO-1: one plays a 2-player setup)."""
    return ctx.rules.solo_setup_players if seats == 1 else seats


def new_state(ctx: Ctx, seats: int, seed: int) -> MetroState:
    r = ctx.rules
    s = MetroState(seats, ctx.lines, seed, ctx.vehicles)
    deal = setup_players(ctx, seats)
    for deck in ctx.cards.decks:
        if ctx.drinks is not None and deck is ctx.cards.decks[-1]:
            pile = _drinks_pile(ctx, s)
        else:
            pile = _stack_by_dots(ctx, s, deck.cards)
        # TM-2.2: deal face up, filling the column from the bottom row upwards.
        dealt = tuple(pile.pop() for _ in range(deal))
        s.decks.append(tuple(pile))
        s.grid.append(dealt)
        s.discards.append(())
    s.money = [r.start_money] * seats  # TM-2.3
    s.front = [r.action_discs] * seats
    s.action_discs = [r.action_discs] * seats
    s.supply_discs = [r.supply_discs] * seats
    s.spec_discs = [r.speculation_discs] * seats
    s.pyramids = [r.pyramids] * seats
    s.speed_supply, s.loan_supply, s.bike_supply = r.speed_tokens, r.loan_tokens, r.bike_tokens
    s.owner = [NOBODY] * len(ctx.board.stations)
    s.drink_at = [""] * len(ctx.board.stations)
    return s


def removed_shapes(ctx: Ctx) -> int:
    """MD-1: 3 Shape cards leave the game (4 with the Osaka cards)."""
    return 4 if ctx.card_set == "osaka" else 3


def _drinks_pile(ctx: Ctx, s: MetroState) -> list[str]:
    """MD-1: the JIDOHANBAIKI column. The players' choice of the Shape cards to remove
    is made by the seeded default (any choice is as good: the seeds say it does not
    matter): a random set of them; the rest shuffled with the 6 Colour cards."""
    jh = ctx.drinks
    assert jh is not None
    shapes = [shape_card(x.key) for x in jh.shapes]
    s.rng.shuffle(shapes)
    kept = shapes[removed_shapes(ctx) :]
    pile = [colour_card(c.key) for c in jh.colours] + sorted(kept)
    s.rng.shuffle(pile)
    return pile


def _stack_by_dots(ctx: Ctx, s: MetroState, ids: tuple[str, ...]) -> list[str]:
    """TM-2.2: each dot group shuffled; 3-dot at the bottom, 1-dot on top (top = last)."""
    pile: list[str] = []
    for dots in (3, 2, 1):
        group = [c for c in ids if ctx.cards.cards[c].dots == dots]
        s.rng.shuffle(group)
        pile.extend(group)
    return pile
