"""Rebuild a full TOKYO METRO position from one seat's view: a *determinization*.

A bot only gets its view. To search, it needs whole states, so the hidden parts are
sampled consistently with everything the view shows (TM-3.3, TM-7.13, TM-2.2):

- other seats' secret bids (only `has_bid` is visible) are drawn from a small prior;
- every action card not visible (face-up columns, discard tops, personal cards) of a
  column is either in its deck or below the top of its discard pile. The counts are
  public. Decks were stacked 3-dot at the bottom, 1-dot on top and drawn from the top,
  so a deck always holds the highest-dot cards of what is unseen: the sample keeps that,
  shuffling within each dot group, and puts the rest below the discard top at random;
- the state's random stream (round-1 bid ties) gets a fresh seed.

The Osaka decks (2-dot cards under 1-dot ones, OS-1) follow the same rule; an Osaka game's
view also carries the pairs' second vehicles, Sell money, Copy discs and stacks (view.py).

Everything else is copied from the view, so the sample has the same legal actions for
the seat as the real game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from ekimae.games.tokyo_metro.context import HOLE, Ctx, colour_card, load_ctx
from ekimae.games.tokyo_metro.game import TokyoMetroState
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState, Phase, Prompt
from ekimae.games.tokyo_metro.view import MetroView, metro_view

BID_PRIOR = (0, 0, 100, 100, 200, 300, 500)  # what others usually bid for turn order


def determinize(raw: Mapping[str, Any], rng: random.Random) -> TokyoMetroState:
    """A full state consistent with the view `raw` (the hidden parts sampled with `rng`)."""
    view = metro_view(raw)
    options = view["options"]
    ctx = load_ctx(
        options.get("map", "tokyo"),
        options.get("cards", "tokyo"),
        options.get("drinks", "off") == "on",
        options.get("drinks_bonus", "all"),
    )
    players = view["players"]
    n = len(players)
    s = MetroState(n, ctx.lines, rng.getrandbits(32), ctx.vehicles)
    s.options = dict(options)
    s.round = int(view["round"])
    s.phase = Phase[view["phase"].upper()]
    s.order = list(view["order"])
    to_act = view["to_act"]
    if s.phase in (Phase.MOVEMENT, Phase.ACTIONS) and to_act:
        s.cursor = s.order.index(to_act[0])
    s.turn_busy = bool(view.get("turn_busy", False))
    _players(ctx, s, view, rng)
    _cards(ctx, s, view, rng)
    _lines(ctx, s, view)
    supply = view["supply"]
    s.speed_supply, s.loan_supply, s.bike_supply = supply["speed"], supply["loans"], supply["bikes"]
    s.owner = [NOBODY] * len(ctx.board.stations)
    for key, seat in view["stations"].items():
        s.owner[ctx.board.station_by_key[key]] = int(seat)
    s.drink_at = [""] * len(ctx.board.stations)
    for key, drink in view.get("drinks", {}).items():  # MD-4
        s.drink_at[ctx.board.station_by_key[key]] = str(drink)
    s.walk_left = int(view.get("walk_left", -1))
    _trains(ctx, s, view)
    s.final = cast(dict[str, Any] | None, view["final"])
    return TokyoMetroState(ctx, s)


def _players(ctx: Ctx, s: MetroState, view: MetroView, rng: random.Random) -> None:
    me = view["seat"]
    for p, pl in enumerate(view["players"]):
        s.money[p] = pl["money"]
        s.bid_bonus[p] = pl["bid_bonus"]
        if pl["has_bid"]:
            own = pl["bid"] if p == me else None
            s.bids[p] = own if own is not None else _sample_bid(pl["money"], rng)
        s.front[p] = pl["front"]
        s.action_discs[p] = pl["action_discs"]
        s.supply_discs[p] = pl["supply_discs"]
        s.spec_discs[p] = pl["speculation_discs"]
        s.pyramids[p] = pl["pyramids"]
        s.speed_tokens[p] = pl["speed_tokens"]
        s.bikes[p] = pl["bike"]
        s.loans[p] = pl["loans"]
        s.personal[p] = tuple(pl["personal_cards"])
        s.discount_discs[p] = tuple(pl["discount_discs"])
        s.meeple[p] = OFF_MAP if pl["meeple"] is None else ctx.board.parse_cell(pl["meeple"])
        vehicle = pl.get("riding_vehicle", pl["riding"])  # OS-2: a pair's vehicle by label
        s.riding[p] = NOBODY if vehicle is None else ctx.vehicle_labels.index(vehicle)
        s.passed[p] = pl["passed"]
        s.moved[p] = bool(pl.get("moved", True))
        s.alighted[p] = sum(1 << ctx.vehicle_labels.index(x) for x in pl.get("alighted", ()))
        s.sold[p] = int(pl.get("sold", 0))
        s.copy_discs[p] = tuple(pl.get("copy_discs", ()))
        s.drinks[p] = tuple(pl.get("drinks", ()))
        s.colours[p] = tuple(pl.get("colour_cards", ()))
        s.shape_on[p] = bool(pl.get("shape_on", False))


def _sample_bid(money: int, rng: random.Random) -> int:
    """A bid another seat may have sealed: never more than it has (TM-5.1)."""
    return min(rng.choice(BID_PRIOR), money // 100 * 100)


def _cards(ctx: Ctx, s: MetroState, view: MetroView, rng: random.Random) -> None:
    seen: set[str] = set()
    for pl in view["players"]:
        seen.update(pl["personal_cards"])
        seen.update(colour_card(c) for c in pl.get("colour_cards", ()))  # MD-3
    s.taken = {str(k): int(v) for k, v in view["taken"].items()}
    s.copies = {str(k): tuple(int(x) for x in v) for k, v in view.get("copies", {}).items()}
    for col, column in enumerate(view["columns"]):
        grid = tuple(HOLE if c is None else c for c in column["cards"])  # MD-2
        top = column["discard_top"]
        seen.update(grid)
        if top is not None:
            seen.add(top)
        deck_cards = ctx.cards.decks[col].cards
        unseen = [c for c in deck_cards if c not in seen]
        # Highest dots first (the bottom of the deck), random order among equal dots.
        rng.shuffle(unseen)
        unseen.sort(key=lambda c: -ctx.cards.cards[c].dots)
        count = int(column["deck_count"])
        deck = unseen[:count]
        # MD-1: the JIDOHANBAIKI cards not in deck or discards were removed at setup.
        below = unseen[count : count + max(0, int(column["discard_count"]) - 1)]
        rng.shuffle(below)
        s.grid.append(grid)
        s.decks.append(tuple(deck))  # top = last: the lowest dots end up on top
        s.discards.append((*below, top) if top is not None else ())


def _lines(ctx: Ctx, s: MetroState, view: MetroView) -> None:
    for ln, line in enumerate(view["lines"]):
        s.value[ln] = line["value"]
        s.speed_on_line[ln] = line["speed_tokens"]
        s.stocks[ln] = tuple(line["stocks"])
        s.speculations[ln] = tuple((x["seat"], x["stake"]) for x in line["speculations"])
        train = line["train"]
        if train is not None:
            s.train_pos[ln] = train["number"] - 1
            s.train_dir[ln] = train["direction"]
            s.train_started[ln] = train["by_start"]
        for vehicle in line.get("vehicles", ()):  # OS-2: both of a pair
            v = ctx.vehicle_labels.index(vehicle["vehicle"])
            s.train_pos[v] = vehicle["number"] - 1
            s.train_dir[v] = vehicle["direction"]


def _trains(ctx: Ctx, s: MetroState, view: MetroView) -> None:
    trains = view["trains_phase"]
    if trains is None:
        # Between trains (or outside the phase): past the last line once the phase ran.
        s.train_line = NOBODY
        return
    s.train_line = ctx.board.line_by_letter[trains["line"]]
    s.steps_left = trains["stops_left"]
    s.prompt = Prompt[trains["prompt"].upper()]
    s.queue = tuple(trains["deciding"])
