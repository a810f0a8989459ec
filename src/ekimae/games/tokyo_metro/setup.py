"""Setting up a game (TM-2, SOLO-1)."""

from __future__ import annotations

from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.state import NOBODY, MetroState


def setup_players(ctx: Ctx, seats: int) -> int:
    """How many players the components are set up for (SOLO-1: one plays a 2-player setup)."""
    return ctx.rules.solo_setup_players if seats == 1 else seats


def new_state(ctx: Ctx, seats: int, seed: int) -> MetroState:
    r = ctx.rules
    s = MetroState(seats, ctx.lines, seed, ctx.vehicles)
    deal = setup_players(ctx, seats)
    for deck in ctx.cards.decks:
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
    return s


def _stack_by_dots(ctx: Ctx, s: MetroState, ids: tuple[str, ...]) -> list[str]:
    """TM-2.2: each dot group shuffled; 3-dot at the bottom, 1-dot on top (top = last)."""
    pile: list[str] = []
    for dots in (3, 2, 1):
        group = [c for c in ids if ctx.cards.cards[c].dots == dots]
        s.rng.shuffle(group)
        pile.extend(group)
    return pile
