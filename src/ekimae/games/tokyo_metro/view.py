"""What one seat may see: the only place where hidden information is cut.

Hidden (TM-3.3, TM-7.13, TM-2.2): other seats' bids before the reveal, the discard piles
below their top card, and the order of the decks. Everything else is on the table.

A game with an Osaka part (the Osaka map or cards, MOD-1) shows more, and only then, so
that a TOKYO game's view is exactly as before: per line `vehicles` (every vehicle on the
map: one for a train, two for a pair, OS-2; `train` stays the first one) and
`stock_cards` (OS-4); per player `sold` (Sell money set aside, OS-7.2), `copy_discs`
(OS-7.1) and `riding_vehicle`; the table's `copies` (spot -> seats stacked on the first
taker's discs, OS-7.1) and `stock_surcharges`. `alighted` names vehicles ("P2").

METRO DRINKS (option `drinks=on`) adds `drinks` (station -> drink id), `walk_left` and
`drinks_column`; per player `drinks` (supply), `colour_cards`, `shape_on`; a hole of the
JIDOHANBAIKI column (MD-2) is null. Its deck order and discards below the top stay hidden.
"""

from __future__ import annotations

from typing import Any

from ekimae.games.tokyo_metro.context import HOLE, Ctx
from ekimae.games.tokyo_metro.flow import rounds_total
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState, Phase
from ekimae.games.tokyo_metro.steps import current_players
from ekimae.games.tokyo_metro.trains import fare


def extended(ctx: Ctx) -> bool:
    """The game uses the Osaka map or cards: the view carries their parts (MOD-1)."""
    return ctx.map_name != "tokyo" or ctx.card_set != "tokyo"


def view(ctx: Ctx, s: MetroState, seat: int | None) -> dict[str, Any]:
    out = {
        "game": "tokyo-metro",
        "options": dict(s.options),
        "seat": seat,
        "round": s.round,
        "rounds": rounds_total(s),
        "phase": s.phase.name.lower(),
        "to_act": list(current_players(s)),
        "turn_busy": s.turn_busy,  # a Speed token was assigned this turn: no passing (TM-6.2)
        "order": list(s.order),
        "players": [_player(ctx, s, p, seat) for p in range(s.n)],
        "lines": [_line(ctx, s, line) for line in range(ctx.lines)],
        "stations": {ctx.station_keys[i]: o for i, o in enumerate(s.owner) if o != NOBODY},
        "columns": [_column(ctx, s, col) for col in range(len(s.grid))],
        "taken": dict(sorted(s.taken.items())),
        "supply": {"speed": s.speed_supply, "loans": s.loan_supply, "bikes": s.bike_supply},
        "trains_phase": _trains(ctx, s),
        "final": s.final,
        "log": s.log_lines(),
    }
    if extended(ctx):
        out["copies"] = {k: list(v) for k, v in sorted(s.copies.items())}
        out["stock_surcharges"] = list(ctx.surcharges)
    if ctx.drinks is not None:
        # METRO DRINKS (MD-1 … MD-7): the drink in each station, a Move walked cell by
        # cell (MD-5; -1 when none), the JIDOHANBAIKI column (the last one; a hole is null).
        out["drinks"] = {ctx.station_keys[i]: d for i, d in enumerate(s.drink_at) if d}
        out["walk_left"] = s.walk_left
        out["drinks_column"] = ctx.drinks_column
    return out


def _player(ctx: Ctx, s: MetroState, p: int, viewer: int | None) -> dict[str, Any]:
    bid = s.bids[p]
    out = {
        "seat": p,
        "money": s.money[p],
        "bid_bonus": s.bid_bonus[p],
        "has_bid": bid is not None,
        "bid": bid if p == viewer else None,
        "front": s.front[p],
        "action_discs": s.action_discs[p],
        "supply_discs": s.supply_discs[p],
        "speculation_discs": s.spec_discs[p],
        "pyramids": s.pyramids[p],
        "speed_tokens": s.speed_tokens[p],
        "bike": s.bikes[p],
        "loans": s.loans[p],
        "personal_cards": list(s.personal[p]),
        "discount_discs": list(s.discount_discs[p]),
        "meeple": None if s.meeple[p] == OFF_MAP else ctx.cell_names[s.meeple[p]],
        "riding": None if s.riding[p] == NOBODY else ctx.letters[ctx.vehicle_line[s.riding[p]]],
        "passed": s.passed[p] if s.phase is Phase.ACTIONS else False,
        # Public riding details (TM-8.5): whether the ridden train has moved since boarding,
        # and the trains alighted from this trains phase (no boarding them again).
        "moved": s.moved[p],
        "alighted": [ctx.vehicle_labels[v] for v in range(ctx.vehicles) if s.alighted[p] >> v & 1],
    }
    if ctx.drinks is not None:
        out["drinks"] = list(s.drinks[p])  # supply (MD-3)
        out["colour_cards"] = list(s.colours[p])
        out["shape_on"] = s.shape_on[p]  # free builds this action phase (MD-5)
    if extended(ctx):
        out["sold"] = s.sold[p]
        out["copy_discs"] = list(s.copy_discs[p])
        ridden = s.riding[p]
        out["riding_vehicle"] = None if ridden == NOBODY else ctx.vehicle_labels[ridden]
    return out


def _vehicle(ctx: Ctx, s: MetroState, line: int, vehicle: int) -> dict[str, Any] | None:
    pos = s.train_pos[vehicle]
    if pos == OFF_MAP:
        return None
    stop = ctx.line_stops[line][pos]
    return {
        "stop": ctx.board.stop_label(stop),
        "number": pos + 1,
        "direction": s.train_dir[vehicle],
        "by_start": s.train_started[line],
    }


def _line(ctx: Ctx, s: MetroState, line: int) -> dict[str, Any]:
    value = s.value[line]
    train = _vehicle(ctx, s, line, line)
    out = {
        "letter": ctx.letters[line],
        "value": value,
        "high": ctx.track.high(value),
        "low": ctx.track.low(value),
        "slots": ctx.track.slots[line],
        "speed_tokens": s.speed_on_line[line],
        "stocks": list(s.stocks[line]),
        "speculations": [{"seat": p, "stake": k} for p, k in s.speculations[line]],
        "train": train,
    }
    if extended(ctx):
        kind = ctx.board.lines[line].vehicle
        out["stock_cards"] = ctx.stock_cards[line]
        out["vehicles"] = [
            {"vehicle": ctx.vehicle_labels[v], "kind": kind, **where}
            for v in ctx.line_vehicles[line]
            if (where := _vehicle(ctx, s, line, v)) is not None
        ]
    return out


def _column(ctx: Ctx, s: MetroState, col: int) -> dict[str, Any]:
    pile = s.discards[col]
    return {
        "deck": ctx.deck_keys[col],
        "deck_count": len(s.decks[col]),
        "cards": [None if c == HOLE else c for c in s.grid[col]],  # bottom row first
        "discard_top": pile[-1] if pile else None,
        "discard_count": len(pile),
    }


def _trains(ctx: Ctx, s: MetroState) -> dict[str, Any] | None:
    if s.phase is not Phase.TRAINS or not 0 <= s.train_line < ctx.lines:
        return None
    return {
        "line": ctx.letters[s.train_line],
        "stops_left": s.steps_left,
        "prompt": s.prompt.name.lower(),
        "deciding": list(s.queue),
        # TM-8.5: each seat's fare to board this train (0 with a stock of the line).
        "fares": [fare(ctx, s, p, s.train_line) for p in range(s.n)],
    }
