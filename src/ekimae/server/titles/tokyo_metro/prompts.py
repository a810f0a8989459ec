"""Plain-language prompts and labels, built from a seat's view and the printed components.

The engine's notation ("invest CY1a G", "alight k8") is exact but terse; a person at the
page needs to know which train stopped where, what an action costs after discounts and
what it changes ("Invest in Ginza for ¥600 — line value ¥1,600 → ¥2,200"). The text is
only a label: the action sent is still the engine's own legal action. Nothing here reads
hidden state: prices come from the view and the public components (TM-6.4, TM-7).
"""

from __future__ import annotations

from typing import Any

from ekimae.games.tokyo_metro.board import load_board
from ekimae.games.tokyo_metro.context import Ctx, load_ctx


def _stop(view: dict[str, Any], letter: str, map_name: str) -> tuple[str, str] | None:
    """(station name, stop label) where the train of line `letter` stands, if on the map."""
    board = load_board(map_name)
    for index, line in enumerate(view["lines"]):
        train = line["train"]
        if line["letter"] == letter and train is not None:
            stop = board.lines[index].stops[train["number"] - 1]
            return board.stations[board.stops[stop].station].name, train["stop"]
    return None


def trains_prompt(view: dict[str, Any], seat: int | None, map_name: str = "tokyo") -> str | None:
    """'Train G stops at Ginza (G9): …' for the trains phase, None at any other time."""
    phase = view.get("trains_phase")
    if phase is None:
        return None
    letter = phase["line"]
    where = _stop(view, letter, map_name)
    at = f"Train {letter} stops at {where[0]} ({where[1]})" if where else f"Train {letter} moves"
    left = phase["stops_left"]
    at += f", {left} more stop{'s' if left != 1 else ''} to go" if left else ", its last stop"
    deciding = phase["deciding"]
    if seat is None or seat not in deciding:
        who = ", ".join(f"seat {s + 1}" for s in deciding) or "nobody"
        return f"{at}. Deciding: {who}."
    me = view["players"][seat]
    if me["riding"] == letter:
        return f"{at}. You are on it: alight onto a cell by the station, or stay on."
    if me["riding"] is not None:
        return f"{at}. You ride train {me['riding']}: change to train {letter} here, or not."
    return f"{at}. Board train {letter} here, or let it go?"


def action_label(
    view: dict[str, Any], seat: int, action: dict[str, Any], map_name: str = "tokyo"
) -> str | None:
    """A plain sentence for any legal action: the trains-phase choices, the movement
    phase, and every card action with its price after discounts and its effect."""
    kind = action.get("type")
    phase = view.get("trains_phase")
    if phase is not None:
        return _trains_label(view, seat, action, map_name)
    ctx = load_ctx(map_name)
    if kind == "turn-bid":
        return None  # the page's bid form shows the amounts; the notation stays
    if kind == "place":
        return f"Place your meeple on cell {action['cell']}{_near(ctx, action['cell'])}"
    if kind == "walk":
        return f"Walk to cell {action['cell']}{_near(ctx, action['cell'])}"
    if kind == "alight":
        riding = view["players"][seat]["riding"]
        return f"Alight from train {riding} to cell {action['cell']}"
    if kind == "pass":
        me = view["players"][seat]
        if view["phase"] == "movement":
            return f"Stay on train {me['riding']}"
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
    where = _stop(view, letter, map_name)
    station = f" at {where[0]}" if where else ""
    kind = action.get("type")
    if kind == "board":
        return f"Board train {letter}{station} ({_fare(view, seat, letter)})"
    if kind == "alight":
        return f"Alight{station} to cell {action.get('cell')}"
    if kind == "pass":
        riding = view["players"][seat]["riding"]
        return f"Stay on train {riding}" if riding == letter else f"Let train {letter} go"
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
    kind = action["type"]
    me = view["players"][seat]
    off, disc_words = _discounts(ctx, action)
    lines = {line["letter"]: line for line in view["lines"]}
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
        surcharge = ctx.rules.stock_surcharges[taken]
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
    if kind == "card":
        price = max(0, spot.value - off)
        column = next(c for c in view["columns"] if c["deck"] == action["pile"])
        return (
            f"Take card {column['discard_top']} from the {action['pile']} discard pile for "
            f"{_yen(price)}{disc_words} — yours alone for the game; {_after(view, seat, price)}"
        )
    return None
