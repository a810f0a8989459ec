"""Plain-language prompts and labels, built from a seat's view and the printed components.

The engine's notation ("invest CY1a G", "alight k8") is exact but terse; a person at the
page needs to know which train stopped where, what an action costs after discounts and
what it changes ("Invest in Ginza for ¥600 — line value ¥1,600 → ¥2,200"). The text is
only a label: the action sent is still the engine's own legal action. Nothing here reads
hidden state: prices come from the view and the public components (TM-6.4, TM-7).

Every sentence is a catalogue message (issue 20): `lang` gives it in French, Italian or
Japanese, with the booklets' terms (the glossary), yen as that language writes it and, in
Japanese, the stations' and lines' Japanese names. English (the default) is the msgids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae import i18n
from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_metro.board import Board, load_board
from ekimae.games.tokyo_metro.components import CardAction
from ekimae.games.tokyo_metro.context import Ctx, load_ctx
from ekimae.games.tokyo_metro.scoring import stock_shares
from ekimae.games.tokyo_metro.view import (
    LineView,
    MetroView,
    PlayerView,
    TrainsPhaseView,
    metro_view,
)
from ekimae.i18n import _N, DEFAULT, game_terms


class Words(i18n.Words):
    """The words of one language: messages, the glossary's terms, yen, names."""

    def __init__(self, lang: str = DEFAULT) -> None:
        super().__init__(lang)
        self._terms = game_terms("tokyo-metro", lang)

    def vehicle(self, kind: str) -> str:
        """ "train", or OS-2's "tram" / "bus", as the booklets print them."""
        return self._terms.get(f"component.{kind}", kind)

    def station(self, board: Board, index: int) -> str:
        station = board.stations[index]
        return station.name_ja if self.lang == "ja" and station.name_ja else station.name

    def line(self, board: Board, letter: str) -> str:
        line = board.lines[board.line_by_letter[letter]]
        return line.name_ja if self.lang == "ja" and line.name_ja else line.name


def _vehicles(view: MetroView, letter: str, map_name: str, w: Words) -> list[tuple[str, str, str]]:
    """(label, station name, stop label) of each vehicle of line `letter` on the map: the
    view's `vehicles` where it has them (OS-2: a pair is "P1", "P2"), else its `train`."""
    board = load_board(map_name)
    for index, line in enumerate(view["lines"]):
        if line["letter"] != letter:
            continue
        vehicles = line.get("vehicles")
        train = line["train"]
        if vehicles is not None:
            placed = [(v["vehicle"], v["number"]) for v in vehicles]
        else:
            placed = [(letter, train["number"])] if train else []
        stops = board.lines[index].stops
        return [
            (
                label,
                w.station(board, board.stops[stops[number - 1]].station),
                # Its number on this line in words, not the map's code "H5/I3" (issue 30).
                w(_N("stop {n}"), n=number),
            )
            for label, number in placed
        ]
    return []


def _ridden(me: PlayerView) -> str:
    """The letter of the line the seat rides (an alight, or staying on in the movement
    phase: it rides one, TM-4.3)."""
    letter = me["riding"]
    if letter is None:
        raise ValueError(f"seat {me['seat'] + 1} rides no train")
    return letter


def _kind(letter: str, map_name: str) -> str:
    """What runs on the line: "train", or OS-2's "tram" / "bus"."""
    board = load_board(map_name)
    return board.lines[board.line_by_letter[letter]].vehicle


def trains_prompt(
    raw: Mapping[str, Any], seat: int | None, map_name: str = "tokyo", lang: str = DEFAULT
) -> str | None:
    """'Train G stops at Ginza (G9): …' for the trains phase, None at any other time; a pair
    (OS-2) names both vehicles: 'Tram P1 stops at …, tram P2 at …'."""
    view = metro_view(raw)
    phase = view.get("trains_phase")
    if phase is None:
        return None
    w = Words(lang)
    letter = phase["line"]
    kind = _kind(letter, map_name)
    word = w.vehicle(kind)
    placed = _vehicles(view, letter, map_name, w)
    pair = len(placed) > 1
    big = word[:1].upper() + word[1:]
    if not placed:
        at = w(_N("{Vehicle} {line} moves"), Vehicle=big, line=letter)
    else:
        first, *rest = placed
        at = w(
            _N("{Vehicle} {label} stops at {station} ({stop})"),
            Vehicle=big,
            label=first[0],
            station=first[1],
            stop=first[2],
        )
        at += "".join(
            w(
                _N(" and {vehicle} {label} at {station} ({stop})"),
                vehicle=word,
                label=label,
                station=name,
                stop=stop,
            )
            for label, name, stop in rest
        )
    left = phase["stops_left"]
    if not left:
        at += w(_N(", its last stop"))
    elif left == 1:
        at += w(_N(", 1 more stop to go"))
    else:
        at += w(_N(", {n} more stops to go"), n=left)
    deciding = phase["deciding"]
    if seat is None or seat not in deciding:
        who = ", ".join(w(_N("seat {n}"), n=s + 1) for s in deciding) or w(_N("nobody"))
        return w(_N("{situation}. Deciding: {seats}."), situation=at, seats=who)
    me = view["players"][seat]
    riding = me.get("riding_vehicle") or me["riding"]
    if me["riding"] == letter:
        if pair:
            return w(
                _N(
                    "{situation}. You are on {vehicle} {label}: alight onto a cell by its stop, "
                    "or stay on."
                ),
                situation=at,
                vehicle=word,
                label=riding,
            )
        return w(
            _N("{situation}. You are on it: alight onto a cell by its stop, or stay on."),
            situation=at,
        )
    if me["riding"] is not None:
        ridden = w.vehicle(_kind(me["riding"], map_name))
        if pair:
            return w(
                _N(
                    "{situation}. You ride {ridden} {label}: change to one of the {vehicle}s "
                    "{line} here, or not."
                ),
                situation=at,
                ridden=ridden,
                label=riding,
                vehicle=word,
                line=letter,
            )
        return w(
            _N("{situation}. You ride {ridden} {label}: change to {vehicle} {line} here, or not."),
            situation=at,
            ridden=ridden,
            label=riding,
            vehicle=word,
            line=letter,
        )
    if pair:
        return w(
            _N("{situation}. Board one of the {vehicle}s {line} where you stand, or let them go?"),
            situation=at,
            vehicle=word,
            line=letter,
        )
    return w(
        _N("{situation}. Board {vehicle} {line} where you stand, or let it go?"),
        situation=at,
        vehicle=word,
        line=letter,
    )


def action_label(
    raw: Mapping[str, Any],
    seat: int,
    action: dict[str, Any],
    map_name: str = "tokyo",
    card_set: str = "tokyo",
    lang: str = DEFAULT,
) -> str | None:
    """A plain sentence for any legal action: the trains-phase choices, the movement
    phase, and every card action with its price after discounts and its effect."""
    view = metro_view(raw)
    w = Words(lang)
    kind = action.get("type")
    phase = view.get("trains_phase")
    if phase is not None:
        return _trains_label(view, phase, seat, action, map_name, w)
    if kind in DRINK_KINDS:
        return drinks_label(view, seat, action, map_name, lang)
    ctx = load_ctx(map_name, card_set)
    if kind == "turn-bid":
        # The page's bid form shows the amounts; a hint says the move in words (issue 30).
        return w(
            _N("Bid {amount} for turn order, sealed until everyone has bid"),
            amount=w.yen(int(action["amount"])),
        )
    if kind == "place":
        return w(
            _N("Place your meeple on cell {cell}{near}"),
            cell=action["cell"],
            near=_near(ctx.board, action["cell"], w),
        )
    if kind == "walk":
        return w(
            _N("Walk to cell {cell}{near}"),
            cell=action["cell"],
            near=_near(ctx.board, action["cell"], w),
        )
    me = view["players"][seat]
    riding = me.get("riding_vehicle") or me["riding"]
    if kind == "alight":
        return w(
            _N("Alight from {vehicle} {label} to cell {cell}"),
            vehicle=w.vehicle(_kind(_ridden(me), map_name)),
            label=riding,
            cell=action["cell"],
        )
    if kind == "pass":
        if view["phase"] == "movement":
            return w(
                _N("Stay on {vehicle} {label}"),
                vehicle=w.vehicle(_kind(_ridden(me), map_name)),
                label=riding,
            )
        income = ctx.rules.pass_income_per_disc * me["front"]
        discs = (
            w(_N("1 disc in front"))
            if me["front"] == 1
            else w(_N("{n} discs in front"), n=me["front"])
        )
        return w(
            _N("Pass for the rest of the round: +{amount} ({discs}, TM-3.5)"),
            amount=w.yen(income),
            discs=discs,
        )
    if kind == "assign":
        line = next(x for x in view["lines"] if x["letter"] == action["line"])
        moves = ctx.rules.stops_per_phase + line["speed_tokens"]
        return w(
            _N(
                "Assign a Speed token to {line}: its train moves {before} → {after} stops per "
                "trains phase"
            ),
            line=w.line(ctx.board, line["letter"]),
            before=moves,
            after=moves + 1,
        )
    return _card_label(ctx, view, seat, action, w)


def _near(board: Board, cell_name: str, w: Words) -> str:
    """The stations a cell touches (TM-4.2), in words."""
    names = [w.station(board, st) for st in board.cell_stations[board.parse_cell(cell_name)]]
    return w(_N(", touching {stations}"), stations=", ".join(names)) if names else ""


def _trains_label(
    view: MetroView,
    phase: TrainsPhaseView,
    seat: int,
    action: dict[str, Any],
    map_name: str,
    w: Words,
) -> str | None:
    letter = phase["line"]
    word = w.vehicle(_kind(letter, map_name))
    placed = {label: name for label, name, _stop in _vehicles(view, letter, map_name, w)}
    me = view["players"][seat]
    riding = me.get("riding_vehicle") or me["riding"]
    action_kind = action.get("type")
    if action_kind in ("board", "board-vehicle"):
        # OS-2: board-vehicle boards vehicle 1 or 2 of the pair
        label = letter if action_kind == "board" else f"{letter}{action.get('vehicle')}"
        fare = _fare(phase, seat, letter, w)
        if label in placed:
            return w(
                _N("Board {vehicle} {label} at {station} ({fare})"),
                vehicle=word,
                label=label,
                station=placed[label],
                fare=fare,
            )
        return w(_N("Board {vehicle} {label} ({fare})"), vehicle=word, label=label, fare=fare)
    if action_kind == "alight":
        if riding in placed:
            return w(
                _N("Alight at {station} to cell {cell}"),
                station=placed[riding],
                cell=action.get("cell"),
            )
        return w(_N("Alight to cell {cell}"), cell=action.get("cell"))
    if action_kind == "pass":
        if me["riding"] == letter:
            return w(_N("Stay on {vehicle} {label}"), vehicle=word, label=riding)
        if len(placed) < 2:
            return w(_N("Let {vehicle} {line} go"), vehicle=word, line=letter)
        return w(_N("Let the {vehicle}s {line} go"), vehicle=word, line=letter)
    return None


def _fare(phase: TrainsPhaseView, seat: int, letter: str, w: Words) -> str:
    """The engine's TM-8.5 fare for this seat, in words."""
    fare = phase["fares"][seat]
    if fare == 0:
        return w(_N("free: you hold a {line} stock"), line=letter)
    return w(_N("fare {amount}, added to line {line}'s value"), amount=w.yen(fare), line=letter)


# ------------------------------------------------------------------ the confirmation sentences


def _discounts(ctx: Ctx, action: dict[str, Any], w: Words) -> tuple[int, str]:
    """TM-7.8: the yen the action's discount discs take off, and the words for them."""
    discs = [str(d) for d in action.get("discounts", ())]
    off = sum(ctx.cards.spots[d].value for d in discs)
    if not discs:
        return 0, ""
    if len(discs) > 1:
        words = w(
            _N(", using discount discs {discs} (−{amount})"),
            discs=" ".join(discs),
            amount=w.yen(off),
        )
    else:
        words = w(
            _N(", using discount disc {discs} (−{amount})"), discs=discs[0], amount=w.yen(off)
        )
    return off, words


def _after(view: MetroView, seat: int, price: int, w: Words) -> str:
    money = view["players"][seat]["money"]
    return w(_N("you keep {amount}"), amount=w.yen(money - price))


def _card_label(
    ctx: Ctx, view: MetroView, seat: int, action: dict[str, Any], w: Words
) -> str | None:
    """TM-7: what a card action costs after discounts and what it does, from the view and
    the printed components only."""
    spot = ctx.cards.spots.get(str(action.get("spot")))
    if spot is None:
        return None
    me = view["players"][seat]
    off, disc_words = _discounts(ctx, action, w)
    lines = {line["letter"]: line for line in view["lines"]}
    text = _card_text(_Card(ctx, view, seat, action, spot, off, disc_words, lines, w))
    if text is not None and spot.spot in view["taken"] and me.get("copy_discs"):
        # OS-7.1: a taken spot is open to this seat only through its Copy disc.
        text += w(_N(" — copying it with your Copy disc"))
    return text


class _Card:
    """One card action being described: what every sentence reads."""

    def __init__(
        self,
        ctx: Ctx,
        view: MetroView,
        seat: int,
        action: dict[str, Any],
        spot: CardAction,
        off: int,
        disc_words: str,
        lines: dict[str, LineView],
        w: Words,
    ) -> None:
        self.ctx, self.view, self.seat, self.action = ctx, view, seat, action
        self.spot, self.off, self.disc_words, self.lines, self.w = spot, off, disc_words, lines, w
        self.me = view["players"][seat]

    def line(self) -> LineView:
        return self.lines[self.action["line"]]

    def line_name(self) -> str:
        return self.w.line(self.ctx.board, self.action["line"])

    def station(self) -> tuple[int, str]:
        """The station's number of stops and its name."""
        index = self.ctx.board.station_by_key[self.action["station"]]
        return len(self.ctx.board.stations[index].stops), self.w.station(self.ctx.board, index)

    def after(self, price: int) -> str:
        return _after(self.view, self.seat, price, self.w)


def _card_text(c: _Card) -> str | None:
    kind = c.action["type"]
    describe = _DESCRIBE.get(kind)
    return None if describe is None else describe(c)


def _move(c: _Card) -> str:
    w = c.w
    if c.me["bike"]:
        reach = w(_N("up to {n} cells + Bike"), n=c.spot.value)
    else:
        reach = w(_N("up to {n} cells"), n=c.spot.value)
    cell = c.action["cell"]
    return w(
        _N("Move your meeple to cell {cell} ({reach}){near}"),
        cell=cell,
        reach=reach,
        near=_near(c.ctx.board, cell, w),
    )


def _station(c: _Card) -> str:
    w = c.w
    stops, name = c.station()
    unit = max(0, c.spot.value - c.off)  # TM-7.2 RULING: the discount before multiplying
    price = unit * stops
    if stops > 1:
        times = w(_N("{n} stops × {amount}"), n=stops, amount=w.yen(unit))
    else:
        times = w(_N("1 stop × {amount}"), amount=w.yen(unit))
    return w(
        _N(
            "Build a station at {station} for {price} ({times}{discounts}) — trains stopping "
            "there pay you; {after}"
        ),
        station=name,
        price=w.yen(price),
        times=times,
        discounts=c.disc_words,
        after=c.after(price),
    )


def _exchange(c: _Card) -> str:
    w = c.w
    _stops, name = c.station()
    if c.action["token"] == "speed":
        return w(
            _N("Build a station at {station} by returning a Speed token (no yen, TM-7.3)"),
            station=name,
        )
    return w(
        _N("Build a station at {station} by returning your Bike (no yen, TM-7.3)"), station=name
    )


def _train_enters(line: LineView, w: Words) -> str:
    return "" if line["train"] is not None else w(_N("; its train enters at stop 1"))


def _invest(c: _Card) -> str:
    w = c.w
    line = c.line()
    taken = len(line["stocks"])
    surcharge = c.ctx.surcharges[taken]  # the map's (OS-4) or TOKYO's (TM-7.4)
    price = max(0, c.spot.value - c.off) + surcharge  # TM-7.4: surcharges never discounted
    parts = ""
    if surcharge or c.disc_words:
        parts = f" ({w.yen(max(0, c.spot.value - c.off))}"
        if surcharge:
            surcharge_words = _N(" + stock card {k} surcharge {amount}")
            parts += w(surcharge_words, k=taken + 1, amount=w.yen(surcharge))
        parts += f"{c.disc_words})"
    return w(
        _N(
            "Invest in {line} for {price} — line value {before} → {after_value}{parts}; you take "
            "stock card {k}{train}; {after}"
        ),
        line=c.line_name(),
        price=w.yen(price),
        before=w.yen(line["value"]),
        after_value=w.yen(line["value"] + price),
        parts=parts,
        k=taken + 1,
        train=_train_enters(line, w),
        after=c.after(price),
    )


def _start(c: _Card) -> str:
    w = c.w
    line = c.line()
    return w(
        _N("Start the {line} train at its stop 1 (free) — line value {before} → {after_value}"),
        line=c.line_name(),
        before=w.yen(line["value"]),
        after_value=w.yen(line["value"] + c.spot.value),
    )


def _speed(c: _Card) -> str:
    w = c.w
    left = c.view["supply"]["speed"]
    got = min(c.spot.value, left)
    if got == 1:
        return w(_N("Take 1 Speed token ({left} left in the supply)"), left=left)
    return w(_N("Take {n} Speed tokens ({left} left in the supply)"), n=got, left=left)


def _bike(c: _Card) -> str:
    if c.view["supply"]["bikes"] > 0 and not c.me["bike"]:
        return c.w(_N("Take a Bike: one more cell on every move"))
    return c.w(_N("Take the Bike action (no Bike for you: none left or you have one)"))


def _discount(c: _Card) -> str:
    off = c.w.yen(c.spot.value)
    return c.w(
        _N("Put a disc on Discount {amount}: later this round, {amount} off a printed cost"),
        amount=off,
    )


def _bid(c: _Card) -> str:
    return c.w(
        _N("Bid bonus: {amount} added to your next turn-order bid"), amount=c.w.yen(c.spot.value)
    )


def _loan(c: _Card) -> str:
    w, rules, money = c.w, c.ctx.rules, c.me["money"]
    return w(
        _N(
            "Take a loan: +{amount} now ({before} → {after}); {at_end} to pay at the end if not "
            "repaid (TM-9.5)"
        ),
        amount=w.yen(rules.loan),
        before=w.yen(money),
        after=w.yen(money + rules.loan),
        at_end=w.yen(rules.loan_at_end),
    )


def _repay(c: _Card) -> str:
    repay = c.ctx.rules.repay
    return c.w(
        _N("Repay a loan for {amount} — {after}"), amount=c.w.yen(repay), after=c.after(repay)
    )


def _speculation(c: _Card) -> str:
    w = c.w
    line = c.line()
    stake = int(c.action["stake"])
    return w(
        _N(
            "Speculate on {line} with a {stake} stake (line value {value}, least stake {low}) "
            "— {after}"
        ),
        line=c.line_name(),
        stake=w.yen(stake),
        value=w.yen(line["value"]),
        low=w.yen(line["low"]),
        after=c.after(stake),
    )


def _action(c: _Card) -> str:
    w = c.w
    price = max(0, c.spot.value - c.off)
    discs = c.me["action_discs"]
    return w(
        _N(
            "Take one more action disc for {price}{discounts} — discs {before} → {after_discs}; "
            "{after}"
        ),
        price=w.yen(price),
        discounts=c.disc_words,
        before=discs,
        after_discs=discs + 1,
        after=c.after(price),
    )


def _invest_disc(c: _Card) -> str:
    w = c.w
    line = c.line()
    taken = len(line["stocks"])
    price = c.ctx.surcharges[taken]  # OS-6: only the surcharge
    discs = c.me["action_discs"]
    return w(
        _N(
            "Invest by disc in {line} for {price} (stock card {k} surcharge only) — one disc from "
            "your front leaves the game (discs {before} → {after_discs}); line value "
            "{value} → {after_value}; you take stock card {k}{train}; {after}"
        ),
        line=c.line_name(),
        price=w.yen(price),
        k=taken + 1,
        before=discs,
        after_discs=discs - 1,
        value=w.yen(line["value"]),
        after_value=w.yen(line["value"] + price),
        train=_train_enters(line, w),
        after=c.after(price),
    )


def _sell(c: _Card) -> str:
    w = c.w
    line = c.line()
    holders = list(line["stocks"])
    amount = stock_shares(c.ctx.track, line["value"], len(holders))[holders.index(c.seat)]
    return w(
        _N(
            "Sell your {line} stock card {k} for {amount} (what it would pay you if the game ended "
            "now), set aside until the end — line value {value} → {after_value} (OS-7.2)"
        ),
        line=c.line_name(),
        k=holders.index(c.seat) + 1,
        amount=w.yen(amount),
        value=w.yen(line["value"]),
        after_value=w.yen(line["value"] - amount),
    )


def _copy(c: _Card) -> str:
    w = c.w
    price = max(0, c.spot.value - c.off)
    return w(
        _N(
            "Take a Copy disc for {price}{discounts} — later this round, take an action someone "
            "already took (OS-7.1); {after}"
        ),
        price=w.yen(price),
        discounts=c.disc_words,
        after=c.after(price),
    )


def _card(c: _Card) -> str:
    w = c.w
    price = max(0, c.spot.value - c.off)
    column = next(col for col in c.view["columns"] if col["deck"] == c.action["pile"])
    return w(
        _N(
            "Take card {card} from the {pile} discard pile for {price}{discounts} — yours alone "
            "for the game; {after}"
        ),
        card=column["discard_top"],
        pile=c.action["pile"],
        price=w.yen(price),
        discounts=c.disc_words,
        after=c.after(price),
    )


_DESCRIBE = {
    "move": _move,
    "station": _station,
    "exchange": _exchange,
    "invest": _invest,
    "start": _start,
    "speed": _speed,
    "bike": _bike,
    "discount": _discount,
    "bid": _bid,
    "loan": _loan,
    "repay": _repay,
    "speculation": _speculation,
    "action": _action,
    "invest-disc": _invest_disc,
    "sell": _sell,
    "copy": _copy,
    "card": _card,
}


# ------------------------------------------------------------------ METRO DRINKS (MD-3 … MD-5)

DRINK_KINDS = frozenset({"colour", "shape", "build", "step", "stop"})
FEE_STEP = 100  # MD-4: ¥100 the first time in a player's stations, ¥200 the second, …
# The JIDOHANBAIKI colours (MD-1), by the data's keys: marked for the catalogue.
COLOURS = {
    "black": _N("black"),
    "white": _N("white"),
    "mint": _N("mint"),
    "blue": _N("blue"),
    "red": _N("red"),
    "purple": _N("purple"),
}


def drink_words(drink: str, lang: str = DEFAULT) -> str:
    """'a red short can (Milk coffee)': colour, shape and name of a drink (MD-1); in
    Japanese the drink's Japanese name."""
    jh = load_components()
    info = jh.drinks[drink]
    if lang == "ja":
        return info.ja or info.name
    w = Words(lang)
    shape = jh.shape(info.shape).name.removeprefix("the ")
    colour = w(COLOURS.get(info.colour, info.colour))
    if lang == DEFAULT:
        article = "an" if info.colour[0] in "aeiou" else "a"
        return f"{article} {colour} {shape} ({info.name})"
    return f"{colour} {shape} ({info.name})"


def build_fee(view: MetroView, seat: int, station: str) -> tuple[int | None, int]:
    """MD-4 from the view: (the station's owner, the fee paid to them). The fee is ¥100 ×
    (1 + the drinks of the builder's colours already in that owner's stations), nothing in
    the builder's own station."""
    owners = {str(k): int(v) for k, v in view["stations"].items()}
    owner = owners.get(station)
    if owner is None or owner == seat:
        return owner, 0
    jh = load_components()
    mine = set(view["players"][seat].get("colour_cards", ()))
    built = sum(
        1
        for st, drink in view.get("drinks", {}).items()
        if owners.get(st) == owner and jh.colour_of(drink) in mine
    )
    return owner, FEE_STEP * (built + 1)


def drinks_label(
    view: MetroView,
    seat: int,
    action: dict[str, Any],
    map_name: str = "tokyo",
    lang: str = DEFAULT,
) -> str | None:
    """The sentences of METRO DRINKS' actions, from the view and the JIDOHANBAIKI data."""
    w = Words(lang)
    kind = action["type"]
    me = view["players"][seat]
    board = load_board(map_name)
    if kind == "colour":
        colour = str(action["spot"]).removeprefix("JC-")[:-1]
        crate = len(load_components().crate(colour))
        discs = me["action_discs"]
        return w(
            _N(
                "Take the {colour} Colour card — one of your action discs goes back to the box "
                "for good (discs {before} → {after}); its crate of {n} {colour} drinks is yours "
                "to build (MD-3)"
            ),
            colour=w(COLOURS.get(colour, colour)),
            before=discs,
            after=discs - 1,
            n=crate,
        )
    if kind == "shape":
        key = str(action["spot"]).removeprefix("JS-")[:-1]
        shape = load_components().shape(key)
        name = shape.ja if lang == "ja" else shape.name.removeprefix("the ")
        return w(
            _N(
                "Take the Shape card {glyph} {shape} — until the end of this action phase, build "
                "vending machines without a disc, also cell by cell on a Move (MD-5)"
            ),
            glyph=shape.glyph,
            shape=name,
        )
    if kind == "build":
        return _build(view, seat, action, board, w)
    if kind == "step":
        cell = str(action["cell"])
        left = int(view.get("walk_left", 0)) - 1
        if left > 1:
            more = w(_N("{n} more cells to walk"), n=left)
        elif left == 1:
            more = w(_N("1 more cell to walk"))
        else:
            more = w(_N("the Move's last cell"))
        return w(
            _N("Walk on to cell {cell} ({more}){near}"),
            cell=cell,
            more=more,
            near=_near(board, cell, w),
        )
    if kind == "stop":
        if int(view.get("walk_left", 0)) <= 0:  # MD-5: a Shape card's builds, or the walk's end
            return w(_N("End your turn here, at cell {cell}"), cell=me["meeple"])
        return w(
            _N("Stop here, at cell {cell}: the Move ends and your turn with it"), cell=me["meeple"]
        )
    return None


def _build(view: MetroView, seat: int, action: dict[str, Any], board: Board, w: Words) -> str:
    """MD-4: where, with which drink, how (a disc or free) and who is paid."""
    station = str(action["station"])
    name = w.station(board, board.station_by_key[station])
    owner, fee = build_fee(view, seat, station)
    if action.get("free"):
        how = w(_N("free with your Shape card"))
    else:
        how = w(_N("a disc on the JIDOHANBAIKI pile"))
    if owner == seat or owner is None:
        pays = w(_N("your own station: no fee"))
    else:
        pays = w(
            _N("seat {n} (owner) gets {amount}; {after}"),
            n=owner + 1,
            amount=w.yen(fee),
            after=_after(view, seat, fee, w),
        )
    drink = drink_words(str(action["drink"]), w.lang)
    return w(
        _N("Build a vending machine at {station} with {drink} — {how}; {pays}"),
        station=name,
        drink=drink,
        how=how,
        pays=pays,
    )
