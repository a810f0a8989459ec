"""CHOCOLATE MILK's page (issue 19): the grid, the Stock cards and the crates drawn from
the view (`board.py`), the legal moves as buttons with plain labels, a prompt that also
says what the last move did (the machine's outcome, the refill, a sale's pay).

Everything on the table is public (only the machine and the draws are chance), so the
page shows the view as it is and only sends actions the server listed as legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.server.titles import GenericTitle
from ekimae.server.titles.chocolate_milk.board import DATA, board_html, drink_label


def _yen(amount: int) -> str:
    return f"¥{amount:,}"


def last_move(last: Mapping[str, Any] | None) -> str:
    """What the last action did, in a sentence (CM-2)."""
    if last is None:
        return ""
    who = f"Seat {last['seat'] + 1}"
    kind = last["kind"]
    if kind == "buy":
        drink = DATA.drinks.drinks[last["drink"]].name
        fate = "it came out" if last["came_out"] else "it stuck in the machine (back to the supply)"
        refill = (
            DATA.drinks.drinks[last["refill"]].name if last["refill"] else "nothing (supply empty)"
        )
        return f"{who} bought {drink} on {last['cell']}: {fate}; refilled with {refill}."
    if kind == "sell":
        n = len(last["drinks"])
        return (
            f"{who} sold {n} on the {last['card']} card at {_yen(last['price'])} each "
            f"({_yen(last['paid'])}); the card is back to ¥0."
        )
    if kind == "crate":
        return f"{who} bought a crate for {_yen(last['paid'])}."
    return f"{who} passed."


def milk_prompt(view: Mapping[str, Any], seat: int | None) -> str:
    """What is happening and what this seat may do (CM-2, CM-3)."""
    before = last_move(view["last"])
    if view["ended"] is not None:
        return f"{before} Game over: {view['ended']} (CM-3).".strip()
    to_act = view["to_act"][0]
    if seat == to_act:
        now = "Your turn: step and buy a drink, sell drinks on one card, or buy a crate."
    else:
        now = f"Seat {to_act + 1} to play."
    return f"{before} {now}".strip()


def milk_label(view: Mapping[str, Any], action: Mapping[str, Any]) -> str | None:
    """A plain label for one legal action (wire form)."""
    kind = action.get("type")
    if kind == "buy":
        return (
            f"Step to {action['cell']} and buy {drink_label(str(action['drink']))} "
            f"for {_yen(DATA.drink_price)} → crate {action['crate']}"
        )
    if kind == "sell":
        drinks = [DATA.drinks.drinks[str(d)].name for d in action["drinks"]]
        price = next(m["yen"] for m in view["market"] if m["card"] == action["card"])
        return (
            f"Sell {len(drinks)} on the {action['card']} card at {_yen(price)} each "
            f"({_yen(price * len(drinks))}): {', '.join(drinks)}"
        )
    if kind == "crate":
        return f"Buy another crate for {_yen(DATA.crate_price)}"
    if kind == "pass":
        return "Pass (nothing else is possible)"
    return None


class MilkWeb(GenericTitle):
    template = "chocolate_milk/templates/game.html"
    replay_template = "chocolate_milk/templates/replay.html"

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        return board_html(view)

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return milk_prompt(view, seat)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return milk_label(view, action)


TITLE = MilkWeb()
