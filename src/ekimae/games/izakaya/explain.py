"""Why an action is refused: the rule and a sentence (IZ-1 … IZ-4).

The legal listing (`IzakayaState.legal_actions`) decides; this module only words the
refusal of an action the listing does not hold, naming the rule that forbids it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import Seat, seat_name
from ekimae.games.izakaya.actions import Bid, Bottle, Build, Claim, Free, Pass, Place, Price

if TYPE_CHECKING:
    from ekimae.games.izakaya.state import IzakayaState


def refusal(s: IzakayaState, seat: Seat, action: Action) -> IllegalActionError:
    rule, why, allowed = _why(s, seat, action)
    return IllegalActionError(rule, why, allowed)


def _why(s: IzakayaState, seat: Seat, action: Action) -> tuple[str, str, str]:
    if s.phase == "over":
        return "IZ-4", "the game is over: nobody acts after scoring", ""
    if not 0 <= seat < s.seats:
        return "IZ-1", f"{seat_name(seat)} is not at this table", ""
    if s.phase == "bid":
        return _bid(s, seat, action)
    if isinstance(action, Bid):
        return "IZ-2", "bids are sealed before the action phase, not during it", ""
    if seat not in s.current_players():
        turn = s.current_players()[0]
        return "IZ-3", f"it is {seat_name(turn)}'s turn to place a disc", ""
    if s.pending is not None:
        return _pending(s, seat, action)
    if isinstance(action, Bottle):
        return _bottle(s, action)
    if isinstance(action, Price):
        return _price(s, action)
    if isinstance(action, Claim):
        return _claim(s, seat, action)
    if isinstance(action, Build):
        return _build(s, seat, action.element)
    if isinstance(action, Free):
        return "IZ-3.3", "a free element comes only with a line of claims", ""
    if isinstance(action, Place):
        return "IZ-3.4", "choose an element first (build), then place it", ""
    if isinstance(action, Pass):
        return "IZ-3", f"{seat_name(seat)} can still put a disc somewhere", _kinds(s, seat)
    return "IZ-3", f"{action.kind!r} is no IZAKAYA action", ""


def _kinds(s: IzakayaState, seat: Seat) -> str:
    return ", ".join(s.legal_parts(seat))


def _bid(s: IzakayaState, seat: Seat, action: Action) -> tuple[str, str, str]:
    money, step = s.money[seat], s.data.bid_step
    allowed = f"¥0 to ¥{money:,} in steps of ¥{step:,}"
    if not isinstance(action, Bid):
        return "IZ-2", "first every player seals a turn-order bid", "bid <amount>"
    if s.bids[seat] is not None:
        return "IZ-2", f"{seat_name(seat)} has already sealed a bid; wait for the others", ""
    if not 0 <= action.amount <= money:
        return "IZ-2", f"{seat_name(seat)} cannot bid ¥{action.amount:,}", allowed
    return "IZ-2", f"¥{action.amount:,} is not made of ¥{step:,} coins", allowed


def _pending(s: IzakayaState, seat: Seat, action: Action) -> tuple[str, str, str]:
    assert s.pending is not None
    kind, element = s.pending
    if kind == "free":
        if not isinstance(action, Free):
            return "IZ-3.3", "first take the free element of the line of claims", "free <element>"
        return _build(s, seat, action.element, rule="IZ-3.3")
    if not isinstance(action, Place):
        return "IZ-3.4", f"{element} was chosen: place it now (no trying first)", "place …"
    return "IZ-3.4", _place(s, seat, element, action), ""


def _place(s: IzakayaState, seat: Seat, element: str, action: Place) -> str:
    if s.owners.get(action.space) != seat:
        return f"{action.space} is not one of {seat_name(seat)}'s parcel cards"
    side = s.side(action.space)
    if not 0 <= action.plot < len(side.plots):
        return f"the card on {action.space} has {len(side.plots)} border(s)"
    if len(s.building(action.space, action.plot)) >= side.elements:
        return f"that building has its {side.elements} elements (the card's {side.numeral})"
    shapes = len(s.data.jutaku.elements[element].shapes)
    if not 0 <= action.turn < shapes:
        return f"{element} has {shapes} orientation(s)"
    return (
        f"{element} cannot go there (JU-5): outside the border, over a hole, off the level "
        f"below, touching no element of its floor, or above the card's {side.floors} floor(s)"
    )


def _bottle(s: IzakayaState, action: Bottle) -> tuple[str, str, str]:
    colours = s.data.colours()
    if action.colour not in colours:
        return "IZ-3.1", f"there is no {action.colour!r} Colour card", " ".join(colours)
    if action.colour in s.colour_discs:
        who = seat_name(s.colour_discs[action.colour])
        return "IZ-3.1", f"{who} already has a disc on {action.colour} this phase", ""
    if s.taken[s.colour_index(action.colour)] >= s.data.drinks.crate_holds:
        return "IZ-3.1", f"the {action.colour} crate is empty", ""
    corner = s.board.corners.get(action.corner)
    if corner is None:
        return "IZ-3.1", f"{action.corner} is no corner where cards meet", ""
    if action.corner in s.drinks:
        return "IZ-3.1", f"{action.corner} already holds {s.drinks[action.corner]}", ""
    return (
        "IZ-3.1",
        "every four-card corner is filled before a two-card one",
        " ".join(s.open_corners()),
    )


def _price(s: IzakayaState, action: Price) -> tuple[str, str, str]:
    colours = s.data.colours()
    if s.price_disc is not None:
        return "IZ-3.2", f"{seat_name(s.price_disc)} already moved a price this phase", ""
    if action.source not in colours or action.target not in colours:
        return "IZ-3.2", "a coin moves between two Colour cards", " ".join(colours)
    if action.source == action.target:
        return "IZ-3.2", "a coin moves to another Colour card", ""
    return "IZ-3.2", f"the {action.source} card has no coin left", ""


def _claim(s: IzakayaState, seat: Seat, action: Claim) -> tuple[str, str, str]:
    if s.claim_discs_left(seat) <= 0:
        return "IZ-3.3", f"{seat_name(seat)} has no claim disc left", ""
    if s.pyramids_left(seat) <= 0:
        return "IZ-3.3", f"{seat_name(seat)} has no pyramid left", ""
    edge = s.board.edges.get(action.edge)
    if edge is None:
        return "IZ-3.3", f"{action.edge} is no edge between two parcel cards in play", ""
    if action.edge in s.claims:
        return (
            "IZ-3.3",
            f"{action.edge} already holds {seat_name(s.claims[action.edge])}'s disc",
            "",
        )
    if action.space not in edge.cards:
        return "IZ-3.3", f"{action.space} does not share the edge {action.edge}", ""
    owner = s.owners[action.space]
    return "IZ-3.3", f"{action.space} is {seat_name(owner)}'s already: one player a card", ""


def _build(s: IzakayaState, seat: Seat, element: str, rule: str = "IZ-3.4") -> tuple[str, str, str]:
    if element not in s.data.jutaku.elements:
        return rule, f"there is no element {element!r}", ""
    if element not in s.pool():
        return rule, f"{element} is no longer above the grid", ""
    if not s.spaces_of(seat):
        return rule, f"{seat_name(seat)} has no parcel card to build on (claim one first)", ""
    return rule, f"{element} fits nowhere on {seat_name(seat)}'s cards", ""
