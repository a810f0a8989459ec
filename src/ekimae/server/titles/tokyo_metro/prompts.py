"""Plain-language prompts and labels, built from a seat's view and the printed components.

The engine's notation ("invest CY1a G", "alight k8") is exact but terse; a person at the
page needs to know which train stopped where, what an action costs after discounts and
what it changes ("Invest in Ginza for ¥600 — line value ¥1,600 → ¥2,200"). The text is
only a label: the action sent is still the engine's own legal action. Nothing here reads
hidden state: prices come from the view and the public components (TM-6.4, TM-7).
"""

from __future__ import annotations

from typing import Any

from ekimae.games.jidohanbaiki.components import load_components
from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.components import CardAction
from ekimae.games.tokyo_metro.context import Ctx, load_ctx
from ekimae.games.tokyo_metro.scoring import stock_shares


def _vehicles(view: dict[str, Any], letter: str, map_name: str) -> list[tuple[str, str, str]]:
    """(label, station name, stop label) of each vehicle of line `letter` on the map: the
    view's `vehicles` where it has them (OS-2: a pair is "P1", "P2"), else its `train`."""
    board = load_board(map_name)
    for index, line in enumerate(view["lines"]):
        if line["letter"] != letter:
            continue
        placed = line.get("vehicles")
        if placed is None:
            placed = [{"vehicle": letter, **line["train"]}] if line["train"] else []
        stops = board.lines[index].stops
        return [
            (
                str(v["vehicle"]),
                board.stations[board.stops[stops[v["number"] - 1]].station].name,
                str(v["stop"]),
            )
            for v in placed
        ]
    return []


def _kind(letter: str, map_name: str) -> str:
    """What runs on the line: "train", or OS-2's "tram" / "bus"."""
    board = load_board(map_name)
    return board.lines[board.line_by_letter[letter]].vehicle


def trains_prompt(view: dict[str, Any], seat: int | None, map_name: str = "tokyo") -> str | None:
    """'Train G stops at Ginza (G9): …' for the trains phase, None at any other time; a pair
    (OS-2) names both vehicles: 'Tram P1 stops at …, tram P2 at …'."""
    phase = view.get("trains_phase")
    if phase is None:
        return None
    letter = phase["line"]
    kind = _kind(letter, map_name)
    placed = _vehicles(view, letter, map_name)
    pair = len(placed) > 1
    if not placed:
        at = f"{kind.capitalize()} {letter} moves"
    else:
        first, *rest = placed
        at = f"{kind.capitalize()} {first[0]} stops at {first[1]} ({first[2]})"
        at += "".join(f" and {kind} {label} at {name} ({stop})" for label, name, stop in rest)
    left = phase["stops_left"]
    at += f", {left} more stop{'s' if left != 1 else ''} to go" if left else ", its last stop"
    deciding = phase["deciding"]
    if seat is None or seat not in deciding:
        who = ", ".join(f"seat {s + 1}" for s in deciding) or "nobody"
        return f"{at}. Deciding: {who}."
    me = view["players"][seat]
    riding = me.get("riding_vehicle") or me["riding"]
    if me["riding"] == letter:
        on = "it" if not pair else f"{kind} {riding}"
        return f"{at}. You are on {on}: alight onto a cell by its stop, or stay on."
    them = f"{kind} {letter}" if not pair else f"one of the {kind}s {letter}"
    if me["riding"] is not None:
        ridden = _kind(me["riding"], map_name)
        return f"{at}. You ride {ridden} {riding}: change to {them} here, or not."
    go = "them" if pair else "it"
    return f"{at}. Board {them} where you stand, or let {go} go?"


def action_label(
    view: dict[str, Any],
    seat: int,
    action: dict[str, Any],
    map_name: str = "tokyo",
    card_set: str = "tokyo",
) -> str | None:
    """A plain sentence for any legal action: the trains-phase choices, the movement
    phase, and every card action with its price after discounts and its effect."""
    kind = action.get("type")
    phase = view.get("trains_phase")
    if phase is not None:
        return _trains_label(view, seat, action, map_name)
    if kind in DRINK_KINDS:
        return drinks_label(view, seat, action, map_name)
    ctx = load_ctx(map_name, card_set)
    if kind == "turn-bid":
        return None  # the page's bid form shows the amounts; the notation stays
    if kind == "place":
        return f"Place your meeple on cell {action['cell']}{_near(ctx, action['cell'])}"
    if kind == "walk":
        return f"Walk to cell {action['cell']}{_near(ctx, action['cell'])}"
    if kind == "alight":
        me = view["players"][seat]
        riding = me.get("riding_vehicle") or me["riding"]
        return f"Alight from {_kind(me['riding'], map_name)} {riding} to cell {action['cell']}"
    if kind == "pass":
        me = view["players"][seat]
        if view["phase"] == "movement":
            riding = me.get("riding_vehicle") or me["riding"]
            return f"Stay on {_kind(me['riding'], map_name)} {riding}"
        income = ctx.rules.pass_income_per_disc * me["front"]
        discs = f"{me['front']} disc{'s' if me['front'] != 1 else ''} in front"
        return f"Pass for the rest of the round: +{_yen(income)} ({discs}, TM-3.5)"
    if kind == "assign":
        line = next(x for x in view["lines"] if x["letter"] == action["line"])
        moves = ctx.rules.stops_per_phase + line["speed_tokens"]
        return (
            f"Assign a Speed token to {_line_name(ctx, line['letter'])}: its train moves "
            f"{moves} → {moves + 1} stops per trains phase"
        )
    return _card_label(ctx, view, seat, action)


def _near(ctx: Ctx, cell_name: str) -> str:
    """The stations a cell touches (TM-4.2), in words."""
    board = ctx.board
    names = [board.stations[st].name for st in board.cell_stations[board.parse_cell(cell_name)]]
    return f", touching {', '.join(names)}" if names else ""


def _trains_label(
    view: dict[str, Any], seat: int, action: dict[str, Any], map_name: str
) -> str | None:
    phase = view["trains_phase"]
    letter = phase["line"]
    kind = _kind(letter, map_name)
    placed = {label: name for label, name, _ in _vehicles(view, letter, map_name)}
    me = view["players"][seat]
    riding = me.get("riding_vehicle") or me["riding"]
    action_kind = action.get("type")
    if action_kind == "board":
        station = f" at {placed[letter]}" if letter in placed else ""
        return f"Board {kind} {letter}{station} ({_fare(view, seat, letter)})"
    if action_kind == "board-vehicle":  # OS-2: vehicle 1 or 2 of the pair
        label = f"{letter}{action.get('vehicle')}"
        station = f" at {placed[label]}" if label in placed else ""
        return f"Board {kind} {label}{station} ({_fare(view, seat, letter)})"
    if action_kind == "alight":
        station = f" at {placed[riding]}" if riding in placed else ""
        return f"Alight{station} to cell {action.get('cell')}"
    if action_kind == "pass":
        if me["riding"] == letter:
            return f"Stay on {kind} {riding}"
        return f"Let {kind} {letter} go" if len(placed) < 2 else f"Let the {kind}s {letter} go"
    return None


def _fare(view: dict[str, Any], seat: int, letter: str) -> str:
    """The engine's TM-8.5 fare for this seat, in words."""
    fare = view["trains_phase"]["fares"][seat]
    if fare == 0:
        return f"free: you hold a {letter} stock"
    return f"fare ¥{fare:,}, added to line {letter}'s value"


# ------------------------------------------------------------------ the confirmation sentences


def _yen(amount: int) -> str:
    return f"¥{amount:,}"


def _line_name(ctx: Ctx, letter: str) -> str:
    return ctx.board.lines[ctx.board.line_by_letter[letter]].name


def _discounts(ctx: Ctx, action: dict[str, Any]) -> tuple[int, str]:
    """TM-7.8: the yen the action's discount discs take off, and the words for them."""
    discs = [str(d) for d in action.get("discounts", ())]
    off = sum(ctx.cards.spots[d].value for d in discs)
    if not discs:
        return 0, ""
    return (
        off,
        f", using discount disc{'s' if len(discs) > 1 else ''} {' '.join(discs)} (−{_yen(off)})",
    )


def _after(view: dict[str, Any], seat: int, price: int) -> str:
    money = view["players"][seat]["money"]
    return f"you keep {_yen(money - price)}"


def _card_label(ctx: Ctx, view: dict[str, Any], seat: int, action: dict[str, Any]) -> str | None:
    """TM-7: what a card action costs after discounts and what it does, from the view and
    the printed components only."""
    spot = ctx.cards.spots.get(str(action.get("spot")))
    if spot is None:
        return None
    me = view["players"][seat]
    off, disc_words = _discounts(ctx, action)
    lines = {line["letter"]: line for line in view["lines"]}
    text = _card_text(ctx, view, seat, action, spot, off, disc_words, lines)
    if text is not None and spot.spot in view["taken"] and me.get("copy_discs"):
        # OS-7.1: a taken spot is open to this seat only through its Copy disc.
        text += " — copying it with your Copy disc"
    return text


def _card_text(
    ctx: Ctx,
    view: dict[str, Any],
    seat: int,
    action: dict[str, Any],
    spot: CardAction,
    off: int,
    disc_words: str,
    lines: dict[str, dict[str, Any]],
) -> str | None:
    kind = action["type"]
    me = view["players"][seat]
    if kind == "move":
        reach = f"up to {spot.value} cells{' + Bike' if me['bike'] else ''}"
        return f"Move your meeple to cell {action['cell']} ({reach}){_near(ctx, action['cell'])}"
    if kind == "station":
        station = ctx.board.stations[ctx.board.station_by_key[action["station"]]]
        stops = len(station.stops)
        unit = max(0, spot.value - off)  # TM-7.2 RULING: the discount before multiplying
        price = unit * stops
        times = f"{stops} stops × {_yen(unit)}" if stops > 1 else f"1 stop × {_yen(unit)}"
        return (
            f"Build a station at {station.name} for {_yen(price)} ({times}{disc_words}) — "
            f"trains stopping there pay you; {_after(view, seat, price)}"
        )
    if kind == "exchange":
        station = ctx.board.stations[ctx.board.station_by_key[action["station"]]]
        token = "a Speed token" if action["token"] == "speed" else "your Bike"
        return f"Build a station at {station.name} by returning {token} (no yen, TM-7.3)"
    if kind == "invest":
        line = lines[action["line"]]
        taken = len(line["stocks"])
        surcharge = ctx.surcharges[taken]  # the map's (OS-4) or TOKYO's (TM-7.4)
        price = max(0, spot.value - off) + surcharge  # TM-7.4: surcharges never discounted
        parts = ""
        if surcharge or disc_words:
            parts = f" ({_yen(max(0, spot.value - off))}"
            parts += f" + stock #{taken + 1} surcharge {_yen(surcharge)}" if surcharge else ""
            parts += f"{disc_words})"
        train = "" if line["train"] is not None else "; its train enters at stop 1"
        return (
            f"Invest in {_line_name(ctx, line['letter'])} for {_yen(price)} — line value "
            f"{_yen(line['value'])} → {_yen(line['value'] + price)}{parts}; "
            f"you take stock #{taken + 1}{train}; {_after(view, seat, price)}"
        )
    if kind == "start":
        line = lines[action["line"]]
        return (
            f"Start the {_line_name(ctx, line['letter'])} train at its stop 1 (free) — line "
            f"value {_yen(line['value'])} → {_yen(line['value'] + spot.value)}"
        )
    if kind == "speed":
        got = min(spot.value, view["supply"]["speed"])
        left = view["supply"]["speed"]
        return f"Take {got} Speed token{'s' if got != 1 else ''} ({left} left in the supply)"
    if kind == "bike":
        if view["supply"]["bikes"] > 0 and not me["bike"]:
            return "Take a Bike: one more cell on every move"
        return "Take the Bike action (no Bike for you: none left or you have one)"
    if kind == "discount":
        off_text = _yen(spot.value)
        return f"Put a disc on Discount {off_text}: later this round, {off_text} off a printed cost"
    if kind == "bid":
        return f"Bid bonus: {_yen(spot.value)} added to your next turn-order bid"
    if kind == "loan":
        money = f"{_yen(me['money'])} → {_yen(me['money'] + ctx.rules.loan)}"
        return (
            f"Take a loan: +{_yen(ctx.rules.loan)} now ({money}); "
            f"{_yen(ctx.rules.loan_at_end)} to pay at the end if not repaid (TM-9.5)"
        )
    if kind == "repay":
        return f"Repay a loan for {_yen(ctx.rules.repay)} — {_after(view, seat, ctx.rules.repay)}"
    if kind == "speculation":
        line = lines[action["line"]]
        stake = int(action["stake"])
        return (
            f"Speculate on {_line_name(ctx, line['letter'])} with a {_yen(stake)} stake "
            f"(line value {_yen(line['value'])}, least stake {_yen(line['low'])}) — "
            f"{_after(view, seat, stake)}"
        )
    if kind == "action":
        price = max(0, spot.value - off)
        return (
            f"Take one more action disc for {_yen(price)}{disc_words} — discs "
            f"{me['action_discs']} → {me['action_discs'] + 1}; {_after(view, seat, price)}"
        )
    if kind == "invest-disc":
        line = lines[action["line"]]
        taken = len(line["stocks"])
        price = ctx.surcharges[taken]  # OS-6: only the surcharge
        train = "" if line["train"] is not None else "; its train enters at stop 1"
        return (
            f"Invest by disc in {_line_name(ctx, line['letter'])} for {_yen(price)} (stock "
            f"#{taken + 1} surcharge only) — one disc from your front leaves the game (discs "
            f"{me['action_discs']} → {me['action_discs'] - 1}); line value "
            f"{_yen(line['value'])} → {_yen(line['value'] + price)}; you take stock "
            f"#{taken + 1}{train}; {_after(view, seat, price)}"
        )
    if kind == "sell":
        line = lines[action["line"]]
        holders = list(line["stocks"])
        amount = stock_shares(ctx.track, line["value"], len(holders))[holders.index(seat)]
        return (
            f"Sell your {_line_name(ctx, line['letter'])} stock #{holders.index(seat) + 1} "
            f"for {_yen(amount)} (what it would pay you if the game ended now), set aside "
            f"until the end — line value {_yen(line['value'])} → "
            f"{_yen(line['value'] - amount)} (OS-7.2)"
        )
    if kind == "copy":
        price = max(0, spot.value - off)
        return (
            f"Take a Copy disc for {_yen(price)}{disc_words} — later this round, take an "
            f"action someone already took (OS-7.1); {_after(view, seat, price)}"
        )
    if kind == "card":
        price = max(0, spot.value - off)
        column = next(c for c in view["columns"] if c["deck"] == action["pile"])
        return (
            f"Take card {column['discard_top']} from the {action['pile']} discard pile for "
            f"{_yen(price)}{disc_words} — yours alone for the game; {_after(view, seat, price)}"
        )
    return None


# ------------------------------------------------------------------ METRO DRINKS (MD-3 … MD-5)

DRINK_KINDS = frozenset({"colour", "shape", "build", "step", "stop"})
FEE_STEP = 100  # MD-4: ¥100 the first time in a player's stations, ¥200 the second, …


def drink_words(drink: str) -> str:
    """'a red short can (Milk coffee)': colour, shape and name of a drink (MD-1)."""
    jh = load_components()
    info = jh.drinks[drink]
    shape = jh.shape(info.shape).name.removeprefix("the ")
    article = "an" if info.colour[0] in "aeiou" else "a"
    return f"{article} {info.colour} {shape} ({info.name})"


def build_fee(view: dict[str, Any], seat: int, station: str) -> tuple[int | None, int]:
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
    view: dict[str, Any], seat: int, action: dict[str, Any], map_name: str = "tokyo"
) -> str | None:
    """The sentences of METRO DRINKS' actions, from the view and the JIDOHANBAIKI data."""
    kind = action["type"]
    me = view["players"][seat]
    board = load_board(map_name)
    if kind == "colour":
        colour = str(action["spot"]).removeprefix("JC-")[:-1]
        jh = load_components()
        crate = len(jh.crate(colour))
        discs = me["action_discs"]
        return (
            f"Take the {colour} Colour card — one of your action discs goes back to the box "
            f"for good (discs {discs} → {discs - 1}); its crate of {crate} {colour} drinks "
            f"is yours to build (MD-3)"
        )
    if kind == "shape":
        key = str(action["spot"]).removeprefix("JS-")[:-1]
        shape = load_components().shape(key)
        return (
            f"Take the Shape card {shape.glyph} {shape.name.removeprefix('the ')} — until the "
            f"end of this action phase, build vending machines without a disc, also cell by "
            f"cell on a Move (MD-5)"
        )
    if kind == "build":
        station = str(action["station"])
        name = board.stations[board.station_by_key[station]].name
        owner, fee = build_fee(view, seat, station)
        how = (
            "free with your Shape card" if action.get("free") else "a disc on the JIDOHANBAIKI pile"
        )
        if owner == seat or owner is None:
            pays = "your own station: no fee"
        else:
            pays = f"seat {owner + 1} (owner) gets {_yen(fee)}; {_after(view, seat, fee)}"
        drink = drink_words(str(action["drink"]))
        return f"Build a vending machine at {name} with {drink} — {how}; {pays}"
    if kind == "step":
        cell = str(action["cell"])
        left = int(view.get("walk_left", 0)) - 1
        more = (
            f"{left} more cell{'s' if left != 1 else ''} to walk"
            if left > 0
            else "the Move's last cell"
        )
        return f"Walk on to cell {cell} ({more}){_near_board(board, cell)}"
    if kind == "stop":
        return f"Stop here, at cell {me['meeple']}: the Move ends and your turn with it"
    return None


def _near_board(board: Any, cell_name: str) -> str:
    names = [board.stations[st].name for st in board.cell_stations[board.parse_cell(cell_name)]]
    return f", touching {', '.join(names)}" if names else ""
