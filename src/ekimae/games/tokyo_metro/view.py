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

Typed (issue 34): `view` returns a `MetroView`, the keys present only with an Osaka part
or METRO DRINKS being `NotRequired`; the generic API (`State.view`) hands the same dict on
as `dict[str, Any]`, and this title's readers (bots, terminal and web parts, research
encoder, determinization, render) read it back through `metro_view`. A key renamed here is
then a mypy error wherever it is read; at run time these are plain dicts, so the wire form
(JSON) is unchanged and nothing is converted or copied.
"""

# No `from __future__ import annotations` here: Python 3.11 tells a TypedDict's
# `NotRequired` keys from its required ones only when the annotations are evaluated.
from collections.abc import Mapping
from typing import Any, Final, Literal, NotRequired, TypedDict, cast

from ekimae.games.tokyo_metro.context import HOLE, Ctx
from ekimae.games.tokyo_metro.flow import rounds_total
from ekimae.games.tokyo_metro.state import NOBODY, OFF_MAP, MetroState, Phase, Prompt
from ekimae.games.tokyo_metro.steps import current_players
from ekimae.games.tokyo_metro.trains import fare

GAME_NAME: Final = "tokyo-metro"

PhaseName = Literal["turn_order", "movement", "actions", "trains", "end"]
PromptName = Literal["none", "stop", "evict"]


class PlayerView(TypedDict):
    """One seat's pieces; `bid` is None but for the viewer's own sealed bid (TM-3.3)."""

    seat: int
    money: int
    bid_bonus: int
    has_bid: bool
    bid: int | None
    front: int  # action discs in front
    action_discs: int
    supply_discs: int
    speculation_discs: int
    pyramids: int
    speed_tokens: int  # unassigned (TM-6.2)
    bike: bool
    loans: int
    personal_cards: list[str]
    discount_discs: list[str]  # unused Discount spots (TM-7.8)
    meeple: str | None  # the cell, None off the map or riding
    riding: str | None  # the ridden line's letter
    passed: bool
    moved: bool  # the ridden train moved since boarding (TM-8.5)
    alighted: list[str]  # vehicles alighted from this trains phase
    # METRO DRINKS only (MD-3, MD-5)
    drinks: NotRequired[list[str]]
    colour_cards: NotRequired[list[str]]
    shape_on: NotRequired[bool]
    # Osaka parts only (OS-7.1, OS-7.2, OS-2)
    sold: NotRequired[int]
    copy_discs: NotRequired[list[str]]
    riding_vehicle: NotRequired[str | None]


class TrainView(TypedDict):
    """A vehicle on the map: its stop ("G3", "G3/M5"), its number along the line."""

    stop: str
    number: int
    direction: int
    by_start: bool  # put on the map by a Start action


class VehicleView(TrainView):
    """OS-2: one vehicle of a line (two for a pair)."""

    vehicle: str  # "G", or "P1"/"P2" for a pair
    kind: str  # "train", "tram" or "bus" (OS-1)


class SpeculationView(TypedDict):
    seat: int
    stake: int


class LineView(TypedDict):
    letter: str
    value: int
    high: int
    low: int
    slots: int  # disc slots on the line
    speed_tokens: int
    stocks: list[int]  # holders of stock #1, #2, …
    speculations: list[SpeculationView]
    train: TrainView | None  # the first vehicle
    stock_cards: NotRequired[int]  # Osaka parts only (OS-4)
    vehicles: NotRequired[list[VehicleView]]  # Osaka parts only (OS-2)


class ColumnView(TypedDict):
    deck: str
    deck_count: int
    cards: list[str | None]  # bottom row first; None a hole (MD-2)
    discard_top: str | None
    discard_count: int


class SupplyView(TypedDict):
    speed: int
    loans: int
    bikes: int


class TrainsPhaseView(TypedDict):
    """The trains phase's cursor (TM-8)."""

    line: str
    stops_left: int
    prompt: PromptName
    deciding: list[int]  # seats still to decide at this stop, in order
    fares: list[int]  # each seat's fare to board this train (TM-8.5)


class SpeculationPaidView(TypedDict):
    seat: int
    stake: int
    paid: int


class StockPaidView(TypedDict):
    seat: int
    stock: int  # its number, 1 first
    paid: int


class LinePaidView(TypedDict):
    """One line's final payout (TM-9.2, TM-9.3)."""

    line: str
    value: int
    speculations: list[SpeculationPaidView]
    value_after_speculations: int
    stocks: list[StockPaidView]


class FinalView(TypedDict):
    """The final scoring (TM-9), set once the game is over."""

    lines: list[LinePaidView]
    loans: list[int]  # each seat's loan repayment (TM-9.5)
    money: list[int]
    winner: int
    sold: NotRequired[list[int]]  # Osaka cards only (OS-7.2)


class MetroView(TypedDict):
    """The table as one seat (or a spectator, seat None) sees it."""

    game: Literal["tokyo-metro"]
    options: dict[str, str]
    seat: int | None
    round: int
    rounds: int
    phase: PhaseName
    to_act: list[int]
    turn_busy: bool  # a Speed token was assigned this turn: no passing (TM-6.2)
    order: list[int]
    players: list[PlayerView]
    lines: list[LineView]
    stations: dict[str, int]  # station -> the seat of its pyramid
    columns: list[ColumnView]
    taken: dict[str, int]  # card spot -> the seat of its discs
    supply: SupplyView
    trains_phase: TrainsPhaseView | None
    final: FinalView | None
    log: list[str]
    # Osaka parts only (OS-7.1, OS-4)
    copies: NotRequired[dict[str, list[int]]]
    stock_surcharges: NotRequired[list[int]]
    # METRO DRINKS only (MD-4, MD-5, MD-2)
    drinks: NotRequired[dict[str, str]]
    walk_left: NotRequired[int]
    drinks_column: NotRequired[int]


def metro_view(view: Mapping[str, Any]) -> MetroView:
    """A view from the generic API read as TOKYO METRO's; `ValueError` for another
    title's (the one check is its name: the keys are the builder's own)."""
    if view.get("game") != GAME_NAME:
        raise ValueError(f"not a TOKYO METRO view: game {view.get('game')!r}")
    return cast(MetroView, view)


def own_seat(view: MetroView) -> int:
    """The seat the view was made for; `ValueError` for a spectator's."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a seat's view is needed here, not a spectator's")
    return seat


# The enums' names as the view spells them, looked up by value.
_PHASES = tuple(cast(PhaseName, p.name.lower()) for p in Phase)
_PROMPTS = tuple(cast(PromptName, p.name.lower()) for p in Prompt)


def extended(ctx: Ctx) -> bool:
    """The game uses the Osaka map or cards: the view carries their parts (MOD-1)."""
    return ctx.map_name != "tokyo" or ctx.card_set != "tokyo"


def view(ctx: Ctx, s: MetroState, seat: int | None) -> MetroView:
    out: MetroView = {
        "game": GAME_NAME,
        "options": dict(s.options),
        "seat": seat,
        "round": s.round,
        "rounds": rounds_total(s),
        "phase": _PHASES[s.phase],
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
        "final": cast(FinalView | None, s.final),  # built by scoring.finish
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


def _player(ctx: Ctx, s: MetroState, p: int, viewer: int | None) -> PlayerView:
    bid = s.bids[p]
    out: PlayerView = {
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


def _vehicle(ctx: Ctx, s: MetroState, line: int, vehicle: int) -> TrainView | None:
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


def _line(ctx: Ctx, s: MetroState, line: int) -> LineView:
    value = s.value[line]
    train = _vehicle(ctx, s, line, line)
    out: LineView = {
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


def _column(ctx: Ctx, s: MetroState, col: int) -> ColumnView:
    pile = s.discards[col]
    return {
        "deck": ctx.deck_keys[col],
        "deck_count": len(s.decks[col]),
        "cards": [None if c == HOLE else c for c in s.grid[col]],  # bottom row first
        "discard_top": pile[-1] if pile else None,
        "discard_count": len(pile),
    }


def _trains(ctx: Ctx, s: MetroState) -> TrainsPhaseView | None:
    if s.phase is not Phase.TRAINS or not 0 <= s.train_line < ctx.lines:
        return None
    return {
        "line": ctx.letters[s.train_line],
        "stops_left": s.steps_left,
        "prompt": _PROMPTS[s.prompt],
        "deciding": list(s.queue),
        # TM-8.5: each seat's fare to board this train (0 with a stock of the line).
        "fares": [fare(ctx, s, p, s.train_line) for p in range(s.n)],
    }
