"""A one-ply heuristic bot for TOKYO METRO: every legal action gets a yen estimate.

Everything is counted in yen of final score, as a player would reckon it: a station earns
¥200 each time a running train passes it, a stock earns its share of the line's final
value, a speculation earns up to low(V) for a stake that comes back. A disc left in front
is worth ¥100 when passing (TM-3.5), so an action must beat ¥100 per disc it uses, and
passing scores 0. It reads only the seat's view and the printed components.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.components import (
    CardSet,
    Kind,
    Rules,
    Track,
    load_rules,
    load_track,
)
from ekimae.games.tokyo_metro.context import load_ctx

DISC = 100  # TM-3.5: what a disc in front earns by passing instead
TURN_BIDS = (0, 100, 200)


@dataclass(frozen=True, slots=True)
class Weights:
    """The knobs of the yen reckoning. `NORMAL` is what greedy, beginner and normal use;
    `expert`'s search plays out with tuned ones (`search_bots.TUNED`,
    `tools/tune_weights.py`)."""

    stock_share: tuple[float, float, float] = (0.65, 0.3, 0.15)  # stock #1 #2 #3 of the value
    odds_started: float = 0.5  # will a started train (TM-8.6) pass this round?
    odds_off: float = 0.3  # will a train not yet on the map pass this round?
    token: float = 150.0  # a Speed token or Bike: movement, or a station by exchange (TM-7.3)
    private_spot: float = 120.0  # yen a round, a personal action card
    bid_bonus_worth: float = 0.4  # of the Bid action's yen
    stake_lock: float = 0.15  # a stake is locked money the bot could have built with
    move_factor: float = 0.5  # of the better cell's worth, for a Move
    around_factor: float = 0.3  # of the best neighbouring cell, for walking
    build_cost_per_stop: float = 300.0  # a typical Station price, so far stations rate lower
    start_others: float = 0.5  # how much the others' gain from a Start counts against it
    discount_factor: float = 0.5  # of a Discount's face value
    new_disc: float = 150.0  # yen a round left, a new disc
    board_bonus: float = 50.0  # riding when stuck with nothing to build nearby
    bid_share: float = 0.08  # turn-order bid: of the money, per contested spot short
    bid_cap: int = 600  # turn-order bid: at most
    copy_strong: float = 250.0  # a Copy disc with an Invest or Station taken to copy (OS-7.1)
    copy_weak: float = 80.0  # ... with only weaker actions taken
    # (action kind, yen) added to `normal_score` of every action of that kind: what the
    # estimates miss, as learned from the search's choices (tools/distill_bonus.py).
    kind_bonus: tuple[tuple[str, float], ...] = ()


NORMAL = Weights()


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], act.TurnBid):
            return _turn_bid(legal, rng)
        judge = Judge(view)
        # The random second key only breaks ties, so equal options do not always go one way.
        return max(legal, key=lambda a: (judge.score(a), rng.random()))


def _turn_bid(legal: Sequence[Action], rng: random.Random) -> Action:
    """Turn order is worth little to this bot: a low bid, at most what it has."""
    target = rng.choice(TURN_BIDS)
    bids = [a for a in legal if isinstance(a, act.TurnBid)]
    return min(bids, key=lambda a: abs(a.amount - target))


@dataclass(frozen=True, slots=True)
class LineView:
    """The parts of a line in the view that the bot reads, typed."""

    value: int
    speed: int
    stocks: tuple[int, ...]
    speculations: tuple[tuple[int, int], ...]  # (seat, stake)
    train: str  # running, started (TM-8.6) or off (see Judge.odds)
    vehicles: int = 1  # OS-2: a pair passes each stop twice as often

    @classmethod
    def read(cls, line: dict[str, Any], trains_leave: bool = True) -> LineView:
        train = line["train"]
        stocks = tuple(int(seat) for seat in line["stocks"])
        # TM-8.6: a started train stays for good once the line has a stock (OS-8, MOD-2:
        # and always, unless both the map and the cards are TOKYO's).
        leaves = trains_leave and train is not None and train["by_start"] and not stocks
        state = "off" if train is None else "started" if leaves else "running"
        specs = tuple((int(x["seat"]), int(x["stake"])) for x in line["speculations"])
        vehicles = max(1, len(line.get("vehicles", ())))
        return cls(int(line["value"]), int(line["speed_tokens"]), stocks, specs, state, vehicles)


def view_cards(view: dict[str, Any]) -> CardSet:
    """The game's cards, with the JIDOHANBAIKI column when METRO DRINKS is on (MD-1)."""
    options = view.get("options", {})
    drinks = options.get("drinks", "off") == "on"
    return load_ctx(options.get("map", "tokyo"), options.get("cards", "tokyo"), drinks).cards


class Judge:
    """Yen estimates of actions from one seat's view."""

    def __init__(self, view: dict[str, Any], weights: Weights = NORMAL) -> None:
        self.w = weights
        options = view.get("options", {})
        map_name, card_set = options.get("map", "tokyo"), options.get("cards", "tokyo")
        self.board: Board = load_board(map_name)
        self.cards: CardSet = view_cards(view)  # MD-1: with the JIDOHANBAIKI cards
        self.rules: Rules = load_rules()
        self.track: Track = load_track(map_name)
        # TM-7.4 / OS-4: the map's surcharges (the view names them on the Osaka map).
        self.surcharges: tuple[int, ...] = tuple(
            view.get("stock_surcharges", self.rules.stock_surcharges)
        )
        self.stock_cards = [
            int(line.get("stock_cards", len(self.surcharges))) for line in view["lines"]
        ]
        trains_leave = map_name == "tokyo" and card_set == "tokyo"
        self.halts = {st.index for st in self.board.stations if st.halt}  # OS-2
        self.taken_kinds = {self.cards.spots[s].kind for s in view["taken"]}
        self.me: int = view["seat"]
        player = view["players"][self.me]
        self.money = int(player["money"])
        self.pyramids = int(player["pyramids"])
        self.meeple: str | None = player["meeple"]
        self.speed_supply = int(view["supply"]["speed"])
        self.lines = [LineView.read(line, trains_leave) for line in view["lines"]]
        # Trains still to run: this round's (unless over) and every later round's.
        self.rounds_left = int(view["rounds"]) - int(view["round"]) + 1
        self.owner: dict[int, int] = {
            self.board.station_by_key[key]: int(seat) for key, seat in view["stations"].items()
        }
        self._worth: dict[int, float] = {}
        # METRO DRINKS (MD-3 … MD-7): my supply of drinks.
        self.drinks = len(player.get("drinks", ()))
        self.colours = len(player.get("colour_cards", ()))

    def score(self, action: Action) -> float:
        scorer = _SCORERS.get(type(action))
        return scorer(self, action) if scorer is not None else 0.0

    # ------------------------------------------------------------------ lines and stations

    def holds(self, line: int, seat: int | None = None) -> bool:
        return (self.me if seat is None else seat) in self.lines[line].stocks

    def share(self, number: int) -> float:
        """What stock #number+1 should take of the final value."""
        shares = self.w.stock_share
        return shares[min(number, len(shares) - 1)]

    def visits(self, line: int, extra_speed: int = 0) -> float:
        """How often a running train passes one stop per round (TM-8.2, back and forth)."""
        stops = len(self.board.lines[line].stops)
        speed = self.lines[line].speed + extra_speed
        vehicles = self.board.lines[line].vehicles  # OS-2: each of a pair passes
        return vehicles * (self.rules.stops_per_phase + speed) / max(1, stops - 1)

    def odds(self, line: int) -> float:
        """Will the line's train pass this round?"""
        train = self.lines[line].train
        if train == "running":
            return 1.0
        return self.w.odds_started if train == "started" else self.w.odds_off

    def stops_on(self, station: int, line: int) -> int:
        return sum(line in self.board.stops[s].lines for s in self.board.stations[station].stops)

    def station_lines(self, station: int) -> set[int]:
        return {ln for s in self.board.stations[station].stops for ln in self.board.stops[s].lines}

    def my_pass_income(self, line: int) -> float:
        """TM-8.3: ¥200 cash, or ¥500 more line value of which the bot gets its share."""
        if self.holds(line):
            return self.rules.payout_with_stock * self.stocks_share(line)
        return self.rules.payout_owner

    def station_worth(self, station: int) -> float:
        """What a pyramid here should earn the bot until the end."""
        if station not in self._worth:
            per_round = sum(
                self.stops_on(station, ln)
                * self.visits(ln)
                * self.odds(ln)
                * self.my_pass_income(ln)
                for ln in self.station_lines(station)
            )
            self._worth[station] = per_round * self.rounds_left
        return self._worth[station]

    def line_growth(self, line: int, me_holding: bool) -> float:
        """How much the line's value should still rise from the pyramids on it (TM-8.3).

        `me_holding`: as if the bot took a stock, which also keeps the train on the map.
        """
        per_visit = 0.0
        for station, seat in self.owner.items():
            if line in self.station_lines(station):
                holds = self.holds(line, seat) or (me_holding and seat == self.me)
                pay = self.rules.payout_with_stock if holds else self.rules.payout_value
                per_visit += self.stops_on(station, line) * pay
        odds = 1.0 if me_holding else self.odds(line)
        return per_visit * self.visits(line) * odds * self.rounds_left

    def pyramid_cash(self, line: int, mine: bool) -> float:
        """Cash the bot's pyramids (or the others') would take from this line's running
        train until the end."""
        stops = sum(
            self.stops_on(st, line) for st, seat in self.owner.items() if (seat == self.me) == mine
        )
        return stops * self.rules.payout_owner * self.visits(line) * self.rounds_left

    # ------------------------------------------------------------------ the meeple

    def cell_worth(self, cell_name: str) -> float:
        """The best station the bot could still build from this cell."""
        if self.pyramids <= 0:
            return 0.0
        cell = self.board.parse_cell(cell_name)
        free = [
            st
            for st in self.board.cell_stations[cell]
            if st not in self.owner and st not in self.halts  # OS-2: no pyramid on a halt
        ]
        return max((self.station_worth(st) - self.build_cost(st) for st in free), default=0.0)

    def build_cost(self, station: int) -> float:
        """A typical Station price (¥300 a stop) so far-off stations are not overrated."""
        return self.w.build_cost_per_stop * len(self.board.stations[station].stops)

    def here(self) -> float:
        return self.cell_worth(self.meeple) if self.meeple is not None else 0.0

    def around(self, cell_name: str) -> float:
        """A cell's worth, plus some of the best cell one more step away (for next turns)."""
        cell = self.board.parse_cell(cell_name)
        near = (self.cell_worth(self.board.cell_name(n)) for n in self.board.neighbors[cell])
        return self.cell_worth(cell_name) + self.w.around_factor * max(near, default=0.0)

    # ------------------------------------------------------------------ prices

    def spot(self, action: Action) -> tuple[int, int]:
        """(printed value, discs) of the card action."""
        printed = self.cards.spots[getattr(action, "spot")]  # noqa: B009 - card actions only
        return printed.value, printed.slots

    def discounted(self, action: Action) -> int:
        value, _ = self.spot(action)
        off = sum(self.cards.spots[d].value for d in getattr(action, "discounts", ()))
        return max(0, value - off)

    def discs(self, action: Action) -> float:
        return DISC * self.spot(action)[1]

    def line_index(self, letter: str) -> int:
        return self.board.line_by_letter[letter]

    def stocks_share(self, line: int) -> float:
        return self.share(self.lines[line].stocks.index(self.me))

    def final_value(self, line: int, added: int = 0, me_holding: bool = False) -> float:
        return self.lines[line].value + added + self.line_growth(line, me_holding)


# ---------------------------------------------------------------------- one scorer per kind


def _station(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Station)
    st = j.board.station_by_key[a.station]
    price = j.discounted(a) * len(j.board.stations[st].stops)
    return j.station_worth(st) - price - j.discs(a)


def _exchange(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Exchange)
    return j.station_worth(j.board.station_by_key[a.station]) - j.w.token - j.discs(a)


def _invest(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Invest)
    line = j.line_index(a.line)
    holders = len(j.lines[line].stocks)
    price = j.discounted(a) + j.surcharges[holders]
    return _stock_gain(j, line, price) - j.discs(a)


def _stock_gain(j: Judge, line: int, price: int) -> float:
    """A stock's share of the final value, less its price and the cash the bot's own
    pyramids on the line would no longer take (TM-7.4, TM-8.3)."""
    holders = len(j.lines[line].stocks)
    gain = j.share(holders) * j.final_value(line, price, me_holding=True)
    lost = j.pyramid_cash(line, mine=True) * j.odds(line)
    return gain - price - lost


def _invest_disc(j: Judge, a: Action) -> float:
    """OS-6: only the surcharge, but a disc gone for every later round (one more now)."""
    assert isinstance(a, act.InvestDisc)
    line = j.line_index(a.line)
    price = j.surcharges[len(j.lines[line].stocks)]
    disc_lost = j.w.new_disc * (j.rounds_left - 1) + DISC
    return _stock_gain(j, line, price) - disc_lost - j.discs(a)


def _sell(j: Judge, a: Action) -> float:
    """OS-7.2: the payout now, set aside, against the share of the value the stock should
    reach by the end (the line may be bought again)."""
    assert isinstance(a, act.Sell)
    line = j.line_index(a.line)
    stocks = j.lines[line].stocks
    now = _share_now(j, j.lines[line].value, len(stocks))[stocks.index(j.me)]
    later = j.stocks_share(line) * j.final_value(line, me_holding=True)
    return now - later - j.discs(a)


def _share_now(j: Judge, value: int, holders: int) -> list[int]:
    """TM-9.3 / OS-9 on the value as it stands."""
    if holders == 1:
        return [value]
    if holders == 2:
        return [j.track.high(value), j.track.low(value)]
    if holders >= 4:
        return _four(value, holders)
    first = -(-value // 200) * 100
    return [first, *_share_now(j, value - first, holders - 1)]


def _four(value: int, holders: int) -> list[int]:
    shares = []
    for _ in range(holders - 1):
        share = -(-value // 200) * 100
        shares.append(share)
        value -= share
    return [*shares, value]


def _copy(j: Judge, a: Action) -> float:
    """OS-7.1: a second go at an action taken this round: worth it when a strong one
    (Invest, Station) is taken, a little otherwise."""
    strong = {Kind.INVEST, Kind.INVEST_DISC, Kind.STATION, Kind.EXCHANGE} & j.taken_kinds
    worth = j.w.copy_strong if strong else j.w.copy_weak
    return worth * min(1.0, j.rounds_left / 2) - j.discounted(a) - j.discs(a)


def _start(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Start)
    line = j.line_index(a.line)
    # TM-8.6: a started train with no stock leaves at its stop 1, after about one lap.
    lap = 2 * (len(j.board.lines[line].stops) - 1) / (j.rules.stops_per_phase + 1)
    running = min(1.0, lap / max(1, j.rounds_left))
    mine = j.pyramid_cash(line, mine=True) * running
    others = j.pyramid_cash(line, mine=False) * running
    spec = 0.0
    for seat, stake in j.lines[line].speculations:
        if seat == j.me:
            spec += min(2 * stake, j.spot(a)[0] / 3)
    return mine + spec - j.w.start_others * others - j.discs(a)


def _speculate(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Speculate)
    line = j.line_index(a.line)
    payout = min(2 * a.stake, j.track.low(int(j.final_value(line))))
    return payout - j.w.stake_lock * a.stake - j.discs(a)


def _speed(j: Judge, a: Action) -> float:
    got = min(j.spot(a)[0], j.speed_supply)
    return j.w.token * got - j.discs(a)


def _assign(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Assign)
    line = j.line_index(a.line)
    if j.lines[line].train == "off":
        return -j.w.token
    faster = j.visits(line, 1) / j.visits(line) - 1  # the share of extra passes
    if j.holds(line):
        mine = j.stocks_share(line) * j.line_growth(line, me_holding=True)
    else:
        mine = j.pyramid_cash(line, mine=True) * j.odds(line)
    return mine * faster - j.w.token


def _bike(j: Judge, a: Action) -> float:
    return j.w.token * min(1.0, j.rounds_left / 3) - j.discs(a)


def _new_disc(j: Judge, a: Action) -> float:
    return j.w.new_disc * (j.rounds_left - 1) - j.discounted(a) - j.discs(a)


def _card(j: Judge, a: Action) -> float:
    # A private action spot for every later round (TM-7.13): worth a little less than a
    # new disc (discs, not spots, are what usually runs out).
    return j.w.private_spot * (j.rounds_left - 1) - j.discounted(a) - j.discs(a)


def _discount(j: Judge, a: Action) -> float:
    return j.w.discount_factor * j.spot(a)[0] - j.discs(a)


def _bid(j: Judge, a: Action) -> float:
    # Bonus yen count only toward the next turn-order bid (TM-7.9): a share of their face.
    return j.w.bid_bonus_worth * j.spot(a)[0] - j.discs(a)


def _loan(j: Judge, a: Action) -> float:
    short = j.money < 600 and j.rounds_left >= 3
    return (300.0 if short else -300.0) - j.discs(a)


def _repay(j: Judge, a: Action) -> float:
    spare = j.money >= 1500 or j.rounds_left <= 1
    return (500.0 if spare else -100.0) - j.discs(a)


def _move(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Move)
    if j.money < 300:
        return -j.discs(a)
    return j.w.move_factor * (j.cell_worth(a.cell) - j.here()) - j.discs(a)


def _walk(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Walk | act.Place)
    return j.around(a.cell)


def _alight(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Alight)
    return 1.0 + j.cell_worth(a.cell)  # a rider gets off as soon as it may


def _board(j: Judge, a: Action) -> float:
    """Ride only when nothing is left to build nearby (the fare and the lost turn cost)."""
    here = j.around(j.meeple) if j.meeple is not None else 0.0
    stuck = j.pyramids > 0 and j.money >= 500 and here <= 0
    return j.w.board_bonus if stuck else -j.rules.fare


def _pass(j: Judge, a: Action) -> float:
    return 0.0


# METRO DRINKS: a simple valuation. A drink earns its owner ¥100-¥300 at each payout of its
# station (MD-7); a crate costs a disc for good (MD-3); a build costs a disc or nothing.
DRINK_PAYOUT = 60.0  # expected MD-7 yen per round for one drink in a station


def _colour(j: Judge, a: Action) -> float:
    if j.colours or j.rounds_left < 3:
        return -200.0  # one crate is plenty; a disc for good is dear late on
    return DRINK_PAYOUT * (j.rounds_left - 1) - j.w.new_disc * (j.rounds_left - 1) / 2


def _shape(j: Judge, a: Action) -> float:
    return 40.0 * min(j.drinks, 3) - 100.0 if j.drinks else -100.0


def _build_drink(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Build)
    station = j.board.station_by_key[a.station]
    mine = j.owner.get(station) == j.me
    gain = DRINK_PAYOUT * j.rounds_left * (1.0 if mine else 0.4)  # MD-7 pays the owner
    fee = 0.0 if mine else 150.0  # MD-4: ¥100, ¥200, … to the owner
    disc = 0.0 if a.free else 100.0  # the pass income the disc would have earned
    return gain - fee - disc


def _step(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Step)
    return j.around(a.cell)


_SCORERS: dict[type[Action], Callable[[Judge, Any], float]] = {
    act.Station: _station,
    act.Exchange: _exchange,
    act.Invest: _invest,
    act.Start: _start,
    act.Speculate: _speculate,
    act.Speed: _speed,
    act.Assign: _assign,
    act.Bike: _bike,
    act.NewDisc: _new_disc,
    act.TakeCard: _card,
    act.Discount: _discount,
    act.Bid: _bid,
    act.Loan: _loan,
    act.Repay: _repay,
    act.Move: _move,
    act.Walk: _walk,
    act.Place: _walk,
    act.Alight: _alight,
    act.BoardTrain: _board,
    act.BoardVehicle: _board,
    act.InvestDisc: _invest_disc,
    act.Sell: _sell,
    act.Copy: _copy,
    act.Pass: _pass,
    act.ColourCard: _colour,
    act.ShapeCard: _shape,
    act.Build: _build_drink,
    act.Step: _step,
    act.Stop: _pass,
}
