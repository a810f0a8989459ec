"""CHOCOLATE MILK's page (issue 19): the grid, the Stock cards and the crates drawn from
the view (`board.py`), the legal moves as buttons with plain labels, a prompt that also
says what the last move did (the machine's outcome, the refill, a sale's pay).

Everything on the table is public (only the machine and the draws are chance), so the
page shows the view as it is and only sends actions the server listed as legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ekimae.games.chocolate_milk.end_forms import FORMS
from ekimae.games.chocolate_milk.game import GAME
from ekimae.games.chocolate_milk.view import LastMoveView, last_move_view, milk_view
from ekimae.i18n import _N, DEFAULT, Words, format_yen
from ekimae.i18n.log import translate_line
from ekimae.server.follow import Marker, Part
from ekimae.server.titles import GenericTitle
from ekimae.server.titles.chocolate_milk.board import (
    DATA,
    SEAT_INKS,
    board_html,
    card_word,
    drink_label,
    drink_name,
    grid_svg,
    shape_name,
)


def last_move(last: LastMoveView | None, lang: str = DEFAULT) -> str:
    """What the last action did, in a sentence (CM-2), in `lang`."""
    if last is None:
        return ""
    say = Words(lang)

    def yen(amount: int) -> str:
        return format_yen(amount, lang)

    seat = last["seat"] + 1
    if last["kind"] == "buy":
        drink = drink_name(str(last["drink"]), lang)
        if last["came_out"]:
            fate = say(_N("it came out"))
        else:
            fate = say(_N("it stuck in the machine (back to the supply)"))
        if last["refill"]:
            refill = drink_name(str(last["refill"]), lang)
        else:
            refill = say(_N("nothing (supply empty)"))
        return say(
            _N("Seat {n} bought {drink} on {cell}: {fate}; refilled with {refill}."),
            n=seat,
            drink=drink,
            cell=last["cell"],
            fate=fate,
            refill=refill,
        )
    if last["kind"] == "sell":
        return say(
            _N(
                "Seat {n} sold {count} on the {card} card at {price} each ({paid}); "
                "the card is back to {zero}."
            ),
            n=seat,
            count=len(last["drinks"]),
            card=card_word(str(last["card"]), lang),
            price=yen(last["price"]),
            paid=yen(last["paid"]),
            zero=yen(0),
        )
    if last["kind"] == "crate":
        return say(_N("Seat {n} bought a crate for {paid}."), n=seat, paid=yen(last["paid"]))
    return say(_N("Seat {n} passed."), n=seat)


def attribute_word(key: str, lang: str = DEFAULT) -> str:
    """A Stock card's attribute as people say it: a colour ("white"), a shape by its name
    ("bottle can", never "bottle-can")."""
    if any(c.key == key for c in DATA.drinks.colours):
        return Words(lang)(key)
    name = shape_name(key, lang)
    return name.removeprefix("the ") if lang == DEFAULT else name


def last_move_parts(last: LastMoveView, lang: str = DEFAULT) -> list[Part]:
    """The side log's line for one move (CM-2): who did what, a drink as its chip, yen as
    yen (issue 31); the same facts as `last_move`."""
    say = Words(lang)
    mark = Marker()
    seat = mark("seat", last["seat"], say(_N("seat {n}"), n=last["seat"] + 1))

    def yen(amount: int) -> str:
        return mark("yen", amount, format_yen(amount, lang))

    def drink(ident: str) -> str:
        return mark("drink", ident, drink_name(ident, lang))

    if last["kind"] == "buy":
        fate = (
            say(_N("it came out"))
            if last["came_out"]
            else say(_N("it stuck in the machine (back to the supply)"))
        )
        refill = drink(str(last["refill"])) if last["refill"] else say(_N("nothing (supply empty)"))
        text = say(
            _N("{seat} bought {drink} on {cell}: {fate}; refilled with {refill}."),
            seat=seat,
            drink=drink(str(last["drink"])),
            cell=last["cell"],
            fate=fate,
            refill=refill,
        )
    elif last["kind"] == "sell":
        text = say(
            _N("{seat} sold {drinks} on the {card} card at {price} each ({paid})."),
            seat=seat,
            drinks=say(_N(", ")).join(drink(str(d)) for d in last["drinks"]),
            card=attribute_word(str(last["card"]), lang),
            price=yen(last["price"]),
            paid=yen(last["paid"]),
        )
    elif last["kind"] == "crate":
        text = say(_N("{seat} bought a crate for {paid}."), seat=seat, paid=yen(last["paid"]))
    else:
        text = say(_N("{seat} passed."), seat=seat)
    return mark.parts(text)


def milk_breakdown(raw: Mapping[str, Any], lang: str = DEFAULT) -> dict[str, Any]:
    """The end screen's table (CM-4): the yen kept, then each crate's best attribute and
    what it pays, n × n × ¥100."""
    view = milk_view(raw)
    say = Words(lang)
    unit = DATA.score_unit
    rows: dict[str, list[str]] = {}
    for p in view["players"]:
        crates = []
        for score in p["crate_scores"]:
            if score["attribute"] is None:
                crates.append(say(_N("empty crate: {amount}"), amount=format_yen(0, lang)))
                continue
            n = round((score["points"] / unit) ** 0.5)
            crates.append(
                say(
                    _N("{n} {what}: {n} × {n} × {unit} = {amount}"),
                    n=n,
                    what=attribute_word(str(score["attribute"]), lang),
                    unit=format_yen(unit, lang),
                    amount=format_yen(score["points"], lang),
                )
            )
        rows[str(p["seat"])] = [format_yen(p["money"], lang), say(_N("; ")).join(crates)]
    notes = []
    if view["ended"] is not None:
        notes.append(
            say(_N("Game over: {reason} (CM-3)."), reason=ended_reason(view["ended"], lang))
        )
    return {
        "title": say(_N("Where the yen came from")),
        "columns": [say(_N("Yen kept")), say(_N("Crates (CM-4)"))],
        "rows": rows,
        "notes": notes,
    }


def ended_reason(reason: str, lang: str = DEFAULT) -> str:
    """The engine's sentence for why the game ended (CM-3), read back through the game's
    templates and said in `lang` (a Stock card by its word, `card_word`)."""

    def names(kind: str, value: str) -> str | None:
        return card_word(value, lang) if kind == "card" else None

    return translate_line(reason, FORMS, lang, GAME.name, names)


def milk_prompt(raw: Mapping[str, Any], seat: int | None, lang: str = DEFAULT) -> str:
    """What is happening and what this seat may do (CM-2, CM-3), in `lang`."""
    view = milk_view(raw)
    say = Words(lang)
    before = last_move(view["last"], lang)
    if view["ended"] is not None:
        over = say(_N("Game over: {reason} (CM-3)."), reason=ended_reason(view["ended"], lang))
        return f"{before} {over}".strip()
    to_act = view["to_act"][0]
    if seat == to_act:
        now = say(_N("Your turn: step and buy a drink, sell drinks on one card, or buy a crate."))
    else:
        now = say(_N("Seat {n} to play."), n=to_act + 1)
    return f"{before} {now}".strip()


def milk_label(
    raw: Mapping[str, Any], action: Mapping[str, Any], lang: str = DEFAULT
) -> str | None:
    """A plain label for one legal action (wire form), in `lang`."""
    view = milk_view(raw)
    say = Words(lang)

    def yen(amount: int) -> str:
        return format_yen(amount, lang)

    kind = action.get("type")
    if kind == "buy":
        return say(
            _N("Step to {cell} and buy {drink} for {price}, into crate {crate}"),
            cell=action["cell"],
            drink=drink_label(str(action["drink"]), lang),
            price=yen(DATA.drink_price),
            crate=action["crate"],
        )
    if kind == "sell":
        drinks = [drink_name(str(d), lang) for d in action["drinks"]]
        price = next(m["yen"] for m in view["market"] if m["card"] == action["card"])
        return say(
            _N("Sell {count} on the {card} card at {price} each ({total}): {drinks}"),
            count=len(drinks),
            card=card_word(str(action["card"]), lang),
            price=yen(price),
            total=yen(price * len(drinks)),
            drinks=say(_N(", ")).join(drinks),
        )
    if kind == "crate":
        return say(_N("Buy another crate for {price}"), price=yen(DATA.crate_price))
    if kind == "pass":
        return say(_N("Pass (nothing else is possible)"))
    return None


class MilkWeb(GenericTitle):
    def quick_picture(self, view: Mapping[str, Any], options: Mapping[str, str], lang: str) -> str:
        """The rules page's picture (issue 30): the table as the page draws it (its texts
        said in the page's language by static/quickstart.js)."""
        board = board_html(milk_view(view))
        return f'<div class="quick-board" data-quick="chocolate_milk">{board}</div>'

    template = "chocolate_milk/templates/game.html"

    # The game keeps no log: each action's note is what its view says it did (`last`).

    def picture(self) -> str:
        """The lobby's picture: the grid of parcel cards with its drinks, as a game starts."""
        return grid_svg(milk_view(GAME.new_state(2, 1).view(None))).replace(
            "<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1
        )

    def step_note(self, view: Mapping[str, Any]) -> Any:
        return milk_view(view)["last"]

    def note_lines(
        self, note: Mapping[str, Any], options: Mapping[str, str], lang: str = "en"
    ) -> list[list[Part]]:
        return [last_move_parts(last_move_view(note), lang)]

    def end_breakdown(
        self, view: Mapping[str, Any], options: Mapping[str, str], lang: str = "en"
    ) -> dict[str, Any]:
        return milk_breakdown(view, lang)

    def components(self) -> dict[str, Any]:
        return {"seat_inks": list(SEAT_INKS)}

    def overlay(self, view: Mapping[str, Any], options: Mapping[str, str]) -> str | None:
        return board_html(milk_view(view))

    def prompt(
        self,
        view: Mapping[str, Any],
        seat: int | None,
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return milk_prompt(view, seat, lang)

    def label(
        self,
        view: Mapping[str, Any],
        seat: int,
        action: Mapping[str, Any],
        options: Mapping[str, str],
        lang: str = "en",
    ) -> str | None:
        return milk_label(view, action, lang)


TITLE = MilkWeb()
