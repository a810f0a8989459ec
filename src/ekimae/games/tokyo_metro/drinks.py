"""METRO DRINKS (MD-1 … MD-7): vending machines in the stations.

The JIDOHANBAIKI column is the last deck of the card set (`context._with_drinks`); its
Colour and Shape cards are card spots like the others (`card_actions`), the renewal with
holes is in `turn_order.renew_cards`. This module lists and does the builds (MD-4, MD-5),
the Colour card (MD-3), the walk of a Move cell by cell while a Shape card is on (MD-5),
and the station bonus (MD-7).
"""

from __future__ import annotations

from ekimae.core.actions import Action
from ekimae.core.log import Event
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro import log_forms as lf
from ekimae.games.tokyo_metro.context import HOLE, Ctx
from ekimae.games.tokyo_metro.movement import occupied, on_map, touched_stations
from ekimae.games.tokyo_metro.state import NOBODY, MetroState
from ekimae.games.tokyo_metro.tables import STOP, tables

FEE_STEP = 100  # MD-4: ¥100 the 1st time in a player's stations, ¥200 the 2nd, …
BONUS = ((3, 100), (5, 200), (6, 300))  # MD-7: 1-3 drinks ¥100, 4-5 ¥200, 6 ¥300


def drink_owner(s: MetroState, colour: str) -> int:
    """The seat holding the Colour card of `colour` (MD-3), or NOBODY."""
    for seat, colours in enumerate(s.colours):
        if colour in colours:
            return seat
    return NOBODY


def builds_in(ctx: Ctx, s: MetroState, builder: int, owner: int) -> int:
    """MD-4: how many times `builder` built in `owner`'s stations: the drinks of the
    builder's colours in them (the seeds' own way to count)."""
    jh = ctx.drinks
    assert jh is not None
    mine = set(s.colours[builder])
    return sum(
        1
        for st, drink in enumerate(s.drink_at)
        if drink and s.owner[st] == owner and jh.colour_of(drink) in mine
    )


def fee(ctx: Ctx, s: MetroState, builder: int, station: int) -> int:
    """MD-4: what building in `station` pays its owner (nothing in your own)."""
    owner = s.owner[station]
    if owner in (builder, NOBODY):
        return 0
    return FEE_STEP * (builds_in(ctx, s, builder, owner) + 1)


def build_sites(ctx: Ctx, s: MetroState, seat: int) -> list[int]:
    """MD-4: stations the meeple touches with a pyramid and no drink (never while riding)."""
    if not on_map(s, seat):
        return []
    return [
        st for st in touched_stations(ctx, s, seat) if s.owner[st] != NOBODY and not s.drink_at[st]
    ]


def legal_builds(ctx: Ctx, s: MetroState, seat: int, free: bool) -> list[Action]:
    """MD-4 (a disc on the draw pile) or MD-5 (free): every drink of the supply, every site."""
    if not s.drinks[seat] or (not free and s.front[seat] <= 0):
        return []
    out: list[Action] = []
    for st in build_sites(ctx, s, seat):
        if fee(ctx, s, seat, st) > s.money[seat]:
            continue  # TM-5.1: no debt
        key = ctx.station_keys[st]
        out.extend(act.Build(key, drink, free) for drink in s.drinks[seat])
    return out


def build(ctx: Ctx, s: MetroState, seat: int, a: act.Build) -> None:
    """MD-4/MD-5: the disc (unless free), the drink into the station, the owner's fee."""
    station = ctx.board.station_by_key[a.station]
    paid = fee(ctx, s, seat, station)
    owner = s.owner[station]
    if not a.free:
        s.front[seat] -= 1  # on the JIDOHANBAIKI draw pile; back at the end of the phase
    s.drinks[seat] = tuple(d for d in s.drinks[seat] if d != a.drink)
    s.drink_at[station] = a.drink
    s.money[seat] -= paid
    s.money[owner] += paid
    how = lf.BUILD_FREE if a.free else lf.BUILD_DISC
    pays = Event(lf.BUILD_FEE, {"owner": owner, "paid": paid}) if paid else ""
    s.note(lf.BUILDS, seat=seat, action=a, how=how, fee=pays, money=s.money[seat])


def take_colour(ctx: Ctx, s: MetroState, seat: int, spot: str) -> None:
    """MD-3: the disc (already off the front) goes to the box; card and crate are the seat's;
    the card's place in its column becomes a hole (MD-2)."""
    jh = ctx.drinks
    assert jh is not None
    card = spot[:-1]
    colour = card.removeprefix("JC-")
    s.action_discs[seat] -= 1
    col = ctx.drinks_column
    s.grid[col] = tuple(HOLE if c == card else c for c in s.grid[col])
    s.colours[seat] = (*s.colours[seat], colour)
    s.drinks[seat] = (*s.drinks[seat], *jh.crate(colour))


def station_bonus(ctx: Ctx, s: MetroState, station: int) -> None:
    """MD-7: a payout at a station with a drink: ¥100/¥200/¥300 to its owner by the count
    of that colour's drinks on the map (RULING: all of them; option `owner`: in the
    owner's stations only)."""
    drink = s.drink_at[station] if s.drink_at else ""
    owner = s.owner[station]
    if not drink or owner == NOBODY or ctx.drinks is None:
        return
    colour = ctx.drinks.colour_of(drink)
    count = sum(
        1
        for st, d in enumerate(s.drink_at)
        if d
        and ctx.drinks.colour_of(d) == colour
        and (ctx.drinks_bonus_all or s.owner[st] == owner)
    )
    amount = next(v for most, v in BONUS if count <= most)
    s.from_bank(owner, amount)
    whose = lf.ON_THE_MAP if ctx.drinks_bonus_all else Event(lf.IN_OWNERS, {"owner": owner})
    s.note(
        lf.DRINKS_BONUS_ONE if count == 1 else lf.DRINKS_BONUS,
        station=ctx.board.stations[station].name,
        drink=drink,
        count=count,
        colour=colour,
        whose=whose,
        owner=owner,
        amount=amount,
        money=s.money[owner],
    )


# -- MD-5: a Move walked cell by cell -----------------------------------------------------


def walks(ctx: Ctx, s: MetroState, seat: int) -> bool:
    """A Move of this seat is walked cell by cell: its Shape card is on, drinks to build."""
    return ctx.drinks is not None and s.shape_on[seat] and bool(s.drinks[seat])


def legal_walk(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    """While walking: a step to a free neighbouring cell, a free build, or stop here."""
    out: list[Action] = []
    if s.walk_left > 0:
        blocked = occupied(s)
        step = tables(ctx).step
        for cell in ctx.board.neighbors[s.meeple[seat]]:
            if cell not in blocked:
                out.append(step[cell])
    out.extend(legal_builds(ctx, s, seat, free=True))
    out.append(STOP)
    return out


def step(ctx: Ctx, s: MetroState, seat: int, a: act.Step) -> None:
    s.meeple[seat] = ctx.cell(a.cell)
    s.walk_left -= 1
    s.note(lf.WALKS, seat=seat, action=a)
