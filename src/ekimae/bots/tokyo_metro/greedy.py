"""A one-ply heuristic bot for TOKYO METRO: every legal action gets a yen estimate.

Everything is counted in yen of final score, as a player would reckon it: a station earns
¥200 each time a running train passes it, a stock earns its share of the line's final
value, a speculation earns up to low(V) for a stake that comes back. A disc left in front
is worth ¥100 when passing (TM-3.5), so an action must beat ¥100 per disc it uses, and
passing scores 0. It reads only the seat's view and the printed components.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ekimae.core.actions import Action
from ekimae.games.jidohanbaiki.components import load_components
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
from ekimae.games.tokyo_metro.drinks import BONUS, FEE_STEP
from ekimae.games.tokyo_metro.view import LineView as ShownLine
from ekimae.games.tokyo_metro.view import metro_view, own_seat

DISC = 100  # TM-3.5: what a disc in front earns by passing instead
MOVE_MONEY = 300  # below it a Move is worth nothing: no station could be paid for there
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
    # MD-3: of the rounds left, a crate's drinks should earn (they are built over later
    # turns). 0.6 with the average site (the earlier reckoning, `drink_best` False) left
    # the Osaka cards' short games with almost no crate; 1.0 with the busiest sites
    # plays no worse against it and uses the drinks (docs/games/metro-drinks.md).
    drink_later: float = 1.0
    # MD-3: of the sites ahead a crate is counted to fill. `normal` builds ~1.6 drinks a
    # crate where the count says 3-4, but 0.75 (a third of the drinks) played no better
    # against the earlier `normal` and 0.5 takes no crate at all (docs/games/metro-drinks.md).
    drink_fill: float = 1.0
    drink_walk: float = 0.5  # MD-5: of a drink site a Move could pass with free builds
    # MD-3: a crate's builds go to my busiest drinkless stations first (their own payouts
    # a round), not to the average one (False: the average, the earlier reckoning).
    drink_best: bool = True
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
    def read(cls, line: ShownLine, trains_leave: bool = True) -> LineView:
        train = line["train"]
        stocks = tuple(int(seat) for seat in line["stocks"])
        # TM-8.6: a started train stays for good once the line has a stock (OS-8, MOD-2:
        # and always, unless both the map and the cards are TOKYO's).
        leaves = trains_leave and train is not None and train["by_start"] and not stocks
        state = "off" if train is None else "started" if leaves else "running"
        specs = tuple((int(x["seat"]), int(x["stake"])) for x in line["speculations"])
        vehicles = max(1, len(line.get("vehicles", ())))
        return cls(int(line["value"]), int(line["speed_tokens"]), stocks, specs, state, vehicles)


def view_cards(view: Mapping[str, Any]) -> CardSet:
    """The game's cards, with the JIDOHANBAIKI column when METRO DRINKS is on (MD-1)."""
    options = metro_view(view).get("options", {})
    drinks = options.get("drinks", "off") == "on"
    return load_ctx(options.get("map", "tokyo"), options.get("cards", "tokyo"), drinks).cards


def drink_colour(drink: str) -> str:
    return load_components().colour_of(drink)


def drink_bonus(count: int) -> int:
    """MD-7: the bonus with `count` drinks of the colour (0 for none)."""
    return next((v for most, v in BONUS if count <= most), BONUS[-1][1]) if count > 0 else 0


def move_on_table(cards: CardSet, grid: Sequence[Sequence[str | None]], taken: Any) -> bool:
    """Is a Move action still free on the face-up cards (MD-5: a walk to build along)?"""
    return any(
        a.kind is Kind.MOVE and a.spot not in taken
        for column in grid
        for card_id in column
        if card_id is not None
        for a in cards.cards[card_id].actions
    )


def colour_of_spot(spot: str) -> str:
    """MD-3: the colour of a Colour card's spot (`JC-reda` -> red)."""
    return spot.removeprefix("JC-")[:-1]


class Judge:
    """Yen estimates of actions from one seat's view."""

    def __init__(self, raw: Mapping[str, Any], weights: Weights = NORMAL) -> None:
        self.w = weights
        view = metro_view(raw)
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
        self._taken_kinds: set[Kind] | None = {self.cards.spots[s].kind for s in view["taken"]}
        self.me = own_seat(view)
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
        # METRO DRINKS (MD-3 … MD-7): my supply and Colour cards, the drinks on the map.
        self.drinks = len(player.get("drinks", ()))
        self.colours = len(player.get("colour_cards", ()))
        self.my_colours: tuple[str, ...] = tuple(player.get("colour_cards", ()))
        self.shape_on = bool(player.get("shape_on", False))
        self.front = int(player["front"])
        self.bonus_all = options.get("drinks_bonus", "all") != "owner"
        on_map = view.get("drinks", {})
        self.drink_colour: dict[int, str] = (
            {self.board.station_by_key[k]: drink_colour(d) for k, d in on_map.items()}
            if on_map
            else {}
        )
        self.supply_colours: tuple[str, ...] = tuple(
            sorted({drink_colour(d) for d in player.get("drinks", ())})
        )
        grid = [column["cards"] for column in view["columns"]]
        self.move_free = self.drinks > 0 and move_on_table(self.cards, grid, view["taken"])

    def taken_kinds(self) -> set[Kind]:
        """The kinds of the spots taken this round (OS-7.1: what a Copy could copy). A
        method, not an attribute, so that `StateJudge` can work it out only when asked
        (also in the compiled build, where a property cannot stand in for an attribute)."""
        assert self._taken_kinds is not None
        return self._taken_kinds

    def score(self, action: Action) -> float:
        scorer = SCORERS.get(type(action))
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
        """The best station (or, with drinks in the supply, vending machine) the bot could
        still build from this cell."""
        worth = self._pyramid_site(cell_name)
        return self.with_drink_site(worth, cell_name)

    def with_drink_site(self, worth: float, cell_name: str) -> float:
        """MD-4: a cell touching my own station with no drink is worth a build there."""
        if not self.drinks:
            return worth
        site = self.drink_site(self.board.parse_cell(cell_name))
        return worth if site is None else max(worth, site)

    def _pyramid_site(self, cell_name: str) -> float:
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

    # ------------------------------------------------------------------ METRO DRINKS

    def passes(self, station: int) -> float:
        """How many payouts (TM-8.3) the station should see per round."""
        return sum(
            self.stops_on(station, ln) * self.visits(ln) * self.odds(ln)
            for ln in self.station_lines(station)
        )

    def colour_count(self, colour: str, owner: int) -> int:
        """MD-7: the drinks of `colour` that count for `owner`'s bonus (RULING: all on the
        map; option `drinks_bonus=owner`: in the owner's stations only)."""
        return sum(
            1
            for st, c in self.drink_colour.items()
            if c == colour and (self.bonus_all or self.owner.get(st) == owner)
        )

    def drink_worth(self, station: int, colour: str) -> float:
        """MD-7: what a drink of `colour` built in `station` should bring the bot until the
        end: the owner's bonus at every payout there, and the step up (¥100 → ¥200 → ¥300)
        it gives the bot's drinks of that colour. In another's station the bonus is theirs,
        and counts against the bot as the others' gain from a Start does."""
        owner = self.owner[station]
        count = self.colour_count(colour, owner) + 1
        there = self.passes(station) * self.rounds_left * drink_bonus(count)
        step = drink_bonus(count) - drink_bonus(count - 1) if count > 1 else 0
        mine = 0.0
        if step:
            # A float sum named apart: inside `int * sum(...)` mypy types the sum as an
            # int, and the compiled build (`make compiled`) would then reject the floats.
            lifted: float = sum(
                self.passes(st)
                for st, c in self.drink_colour.items()
                if c == colour
                and self.owner.get(st) == self.me
                and (self.bonus_all or owner == self.me)
            )
            mine = step * self.rounds_left * lifted
        if owner == self.me:
            return there + mine
        return mine - self.w.start_others * there

    def drink_fee(self, station: int) -> int:
        """MD-4: ¥100 × (1 + my colours' drinks already in that owner's stations)."""
        owner = self.owner[station]
        if owner == self.me:
            return 0
        before = sum(
            1
            for st, c in self.drink_colour.items()
            if self.owner.get(st) == owner and c in self.my_colours
        )
        return FEE_STEP * (before + 1)

    def drink_site(self, cell: int) -> float | None:
        """The best build with my supply at my own drinkless stations this cell touches
        (None if there is none); a disc unless a Shape card is on (MD-5)."""
        disc = 0.0 if self.shape_on else DISC
        best: float | None = None
        for st in self.board.cell_stations[cell]:
            if self.owner.get(st) != self.me or st in self.drink_colour:
                continue
            for colour in self.supply_colours:
                worth = self.drink_worth(st, colour) - disc
                best = worth if best is None else max(best, worth)
        return best

    def own_sites(self) -> list[int]:
        """My stations with no drink yet (MD-4 needs a pyramid and no drink)."""
        return [
            st for st, seat in self.owner.items() if seat == self.me and st not in self.drink_colour
        ]

    def touched(self) -> set[int]:
        if self.meeple is None:
            return set()
        return set(self.board.cell_stations[self.board.parse_cell(self.meeple)])

    def near_cells(self, steps: int) -> set[int]:
        """Cells within `steps` steps of the meeple (ignoring other meeples)."""
        if self.meeple is None:
            return set()
        seen = {self.board.parse_cell(self.meeple)}
        edge = set(seen)
        for _ in range(steps):
            edge = {n for c in edge for n in self.board.neighbors[c]} - seen
            seen |= edge
        return seen

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
    strong = {Kind.INVEST, Kind.INVEST_DISC, Kind.STATION, Kind.EXCHANGE} & j.taken_kinds()
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
    """TM-7.10, TM-9.5: ¥1,000 now saves ¥1,500 at the end, but only money with nothing
    better to do should go to it: before the last round a yen invested earns more than
    the loan's half (repaying whenever it can made `normal` weaker, docs/bots.md)."""
    spare = j.money >= 1500 or j.rounds_left <= 1
    return (500.0 if spare else -100.0) - j.discs(a)


def _move(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Move)
    if j.money < MOVE_MONEY:
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


# METRO DRINKS. A drink in one of my stations earns the MD-7 bonus at each payout there;
# a crate costs a disc for good (MD-3, like OS-6's Invest by disc); a build costs a disc
# for this round (MD-4) or nothing with a Shape card on (MD-5).
CRATE = 6  # MD-1: the drinks of one colour
WALK_REACH = 3  # MD-5: cells a typical Move passes
FREE_FIRST = 100_000.0  # ranks a gaining free build above any action (see _build_drink)


def _colour(j: Judge, a: Action) -> float:
    """MD-3: the builds the crate should make at my stations (the ones I have without a
    drink, and half the pyramids I can still build), each paying MD-7's bonus at the
    level the colour reaches with them (¥200 from 4 drinks, ¥300 with 6) at every payout
    of the rounds left (`drink_later` of them) at the busiest of those stations
    (`drink_best`), less a disc a build, against the disc gone for the rest of the game."""
    assert isinstance(a, act.ColourCard)
    colour = colour_of_spot(a.spot)
    sites = j.own_sites()
    ahead = len(sites) + 0.5 * min(j.pyramids, max(0, j.rounds_left - 1))
    builds = min(float(CRATE), j.w.drink_fill * max(0.0, ahead - j.drinks), float(j.rounds_left))
    lost = j.w.new_disc * (j.rounds_left - 1) + DISC  # the disc to the box, from next round on
    if builds <= 0:
        return -lost - j.discs(a)
    passes = [j.passes(st) for st in sites] or [_typical_passes(j)]
    level = drink_bonus(j.colour_count(colour, j.me) + int(builds))
    if j.w.drink_best:
        return j.w.drink_later * _best_passes(passes, builds) * j.rounds_left * level - (
            DISC * builds + lost
        )
    per_build = j.w.drink_later * sum(passes) / len(passes) * j.rounds_left * level - DISC
    return builds * per_build - lost


def _best_passes(passes: list[float], builds: float) -> float:
    """The payouts a round of `builds` drinks at the busiest sites (the rest, if more
    builds than sites, at the least busy one: stations still to be built)."""
    ranked = sorted(passes, reverse=True)
    whole = int(builds)
    total = sum(ranked[:whole]) + ranked[-1] * max(0, whole - len(ranked))
    return total + (builds - whole) * (ranked[whole] if whole < len(ranked) else ranked[-1])


def _typical_passes(j: Judge) -> float:
    """The payouts a round of the best station the bot could build from here."""
    free = [st for st in j.touched() if st not in j.owner and st not in j.halts]
    return max((j.passes(st) for st in free), default=0.0)


def _shape(j: Judge, a: Action) -> float:
    """MD-5: every build at my stations touched now is free, at once on this turn (even
    with my last disc); those a Move could pass on my later turns count for part (with no
    disc left there is no later turn, TM-3.5)."""
    if not j.drinks:
        return -j.discs(a)
    last = j.front <= j.spot(a)[1]
    touched = j.touched()
    near = {
        st for c in j.near_cells(WALK_REACH) for st in j.board.cell_stations[c]
    }  # fmt: skip
    here: list[float] = []
    walk: list[float] = []
    for st in j.own_sites():
        best = max(j.drink_worth(st, c) for c in j.supply_colours)
        if st in touched:
            here.append(best + DISC)  # the disc a build would have cost
        elif st in near and j.move_free and not last:
            walk.append(j.w.drink_walk * (best + DISC))
    gains = sorted((g for g in here + walk if g > 0), reverse=True)[: j.drinks]
    return sum(gains) - j.discs(a)


def _build_drink(j: Judge, a: Action) -> float:
    """MD-4: the drink's worth, the owner's fee, the disc unless free (MD-5)."""
    assert isinstance(a, act.Build)
    station = j.board.station_by_key[a.station]
    worth = j.drink_worth(station, drink_colour(a.drink)) - j.drink_fee(station)
    if a.free:
        # MD-5: a free build does not end the turn, so it comes on top of the turn's
        # action, not instead of it: one that gains goes first.
        return worth + FREE_FIRST if worth > 0 else worth
    return worth - DISC


def _step(j: Judge, a: Action) -> float:
    assert isinstance(a, act.Step)
    return j.around(a.cell)


SCORERS: dict[type[Action], Callable[[Judge, Any], float]] = {
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
