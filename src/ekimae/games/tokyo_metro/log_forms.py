"""TOKYO METRO's log sentences, one named template each (issue 20).

The engine records each line as one of these templates with its typed values (a seat's
number, yen as an int; `core.log`), and `FORMS.english` writes it in English when it is
read (`view["log"]`, the goldens, the page's train animation read those lines); a page
in French, Italian or Japanese reads each line back through `FORMS`
(`ekimae.core.logtext`) and writes it from the translated template. A field's kind
(`KINDS`) says how a reader's language says it: a seat, yen, an action's text form, a
vehicle, a station; `Parts` fields are a sentence's optional or varying pieces.
"""

from __future__ import annotations

from ekimae.core.logtext import _N, Kind, LogForms, Parts


def yen(amount: int) -> str:
    """An amount as the log writes it: ``¥1,500``, ``−¥300``."""
    return f"−¥{-amount:,}" if amount < 0 else f"¥{amount:,}"


# -- the flow of a round (TM-3) -----------------------------------------------------------
ROUND = _N("round {round}")
BIDS_SECRET = _N("{seat} bids in secret")
BIDS_REVEALED = _N(
    "bids revealed: {bids}; every bid and bonus goes to the bank (TM-3.3){ties}; turn order {order}"
)
BID = _N("{seat} {bid}")
BID_BONUS = _N("{seat} {bid} + {bonus} bonus = {total}")
TIES_RANDOM = _N("; ties broken at random (round 1)")
TIES_REVERSED = _N("; ties reverse the last order")
PASSES_EMPTY = _N("{seat} passes with no disc in front: +{income} (TM-3.5)")
PASSES_ONE = _N(
    "{seat} passes: +{income} = {per_disc} × {discs} disc in front (TM-3.5); money → {money}"
)
PASSES = _N(
    "{seat} passes: +{income} = {per_disc} × {discs} discs in front (TM-3.5); money → {money}"
)

# -- the movement phase and the actions (TM-4 … TM-7) -------------------------------------
ACTS = _N("{seat}: {action}{copied}{detail}")
ALIGHTS_PLAN = _N("{seat}: alights from {vehicle} at {cell}")
STOPS = _N("{seat}: stops")
COPIED = _N(" — copied with the Copy disc from {spot} (OS-7.1)")
LEFT = _N("; money {before} → {after}")  # after every action that moves the seat's yen
PAYS_STATION_ONE = _N(" — pays {paid} = {unit} × {stops} stop (TM-7.2){left}")
PAYS_STATION = _N(" — pays {paid} = {unit} × {stops} stops (TM-7.2){left}")
PRICE_LESS = _N("({price} − {off} discount)")
LESS = _N(" − {off} discount")
SURCHARGE = _N(" + {surcharge} surcharge")
SUM = _N(" = {price}{less}{extra}")
PAYS_INVEST = _N(
    " — pays {paid}{sum} for stock #{number} (TM-7.4); line {line} value +{paid} → {value}{left}"
)
PAYS_INVEST_DISC = _N(
    " — a disc back to the box, pays the surcharge {paid} for stock #{number} (OS-6); "
    "line {line} value +{paid} → {value}{left}"
)
SETS_ASIDE_SOLD = _N(
    " — sets aside {sold} (not spendable until the end); line {line} value → {value} (OS-7.2)"
)
PAYS_COPY = _N(" — pays {paid}{cost} for a Copy disc (OS-7.1){left}")
COST = _N(" = {price}{less}")
STARTS = _N(" — free; line {line} value +{price} → {value} (TM-7.5)")
BID_BONUS_ADDED = _N(
    " — bid bonus +{price} from the bank, now {bonus}: added to the next bid total, "
    "not spendable (TM-7.9)"
)
TAKES_LOAN = _N(" — takes {amount} from the bank and a Loan token (TM-7.10){left}")
STAKE = _N(" — sets aside a stake of {paid} (TM-7.11){left}")
PAYS_TOKEN = _N(" — pays with a {token} token instead of yen (TM-7.3)")
DISCOUNT = _N(" — {price} off a later printed cost this round (TM-7.8)")
CRATE = _N(" — a disc back to the box; the crate into the supply: {crate} (MD-3)")
SHAPE = _N(" — free vending machines for the rest of this action phase (MD-5)")
PAYS = _N(" — pays {paid}{cost}{left}")

# -- METRO DRINKS (MD-4, MD-5, MD-7) ------------------------------------------------------
BUILDS = _N("{seat}: {action} — {how}{fee}; money → {money}")
BUILD_FREE = _N("free with a Shape card (MD-5)")
BUILD_DISC = _N("a disc on the JIDOHANBAIKI pile (MD-4)")
BUILD_FEE = _N("; pays {owner} {paid} (MD-4)")
WALKS = _N("{seat}: {action} (MD-5)")
DRINKS_BONUS_ONE = _N(
    "{station}: {drink} — {count} {colour} drink {whose}, {owner} +{amount} → {money} (MD-7)"
)
DRINKS_BONUS = _N(
    "{station}: {drink} — {count} {colour} drinks {whose}, {owner} +{amount} → {money} (MD-7)"
)
ON_THE_MAP = _N("on the map")
IN_OWNERS = _N("in {owner}'s stations")

# -- the trains phase (TM-8) --------------------------------------------------------------
PAYOUT_HOLDER = _N(
    "{vehicle} at {station}: line value +{gain} → {value} ({owner}'s station, who holds "
    "stock: TM-8.3)"
)
PAYOUT_OWNER = _N(
    "{vehicle} at {station}: line value +{gain} → {value}, {owner} +{income} → {money} "
    "(owner without stock: TM-8.3)"
)
TRAIN_REMOVED = _N("train {line} removed at its stop 1 (TM-8.6)")
BOARDS_FARE = _N(
    "{seat} boards {vehicle}: fare {fare} to the bank, line {line} value +{fare} → {value}; "
    "money → {money} (TM-8.5)"
)
BOARDS_FREE = _N("{seat} boards {vehicle}: no fare, {seat} holds stock in {line} (TM-8.5)")
ALIGHTS = _N("{seat} alights from {vehicle} at {cell}")

# -- the end (TM-9) -----------------------------------------------------------------------
LINE_PAYS = _N("line {line} pays out at {value}")
LINE_PAYS_PARTS = _N("line {line} pays out at {value}; {payouts}")
SPECULATION_PAID = _N(
    "speculation {seat} +{paid} = min({factor} × {stake}, low {low}), stake {stake} "
    "returned (TM-9.2)"
)
SPECULATION_BOTH = _N(
    "speculation {seat} +{paid} = nothing: holds stock too (TM-9.7), stake {stake} "
    "returned (TM-9.2)"
)
AFTER_SPECULATIONS = _N("value after speculations {value}")
STOCK_PAID = _N("stock #{number} {seat} +{paid}{both}{rule}")
SPECULATED_TOO = _N(" (speculated too: TM-9.7)")
STOCK_RULE = _N(" (TM-9.3)")
STOCK_RULE_OSAKA = _N(" (OS-9)")
SOLD_ADDED = _N("{seat} adds {amount} set aside by Sell actions (TM-9.4)")
REPAYS_ONE = _N("{seat} repays {count} loan: −{total} = {each} each (TM-9.5)")
REPAYS = _N("{seat} repays {count} loans: −{total} = {each} each (TM-9.5)")
GAME_OVER = _N("game over: {totals}; winner {winner} (TM-9.6)")
SEAT_MONEY = _N("{seat} {amount}")
COMMA = _N(", ")  # between a list's items
SEMICOLON = _N("; ")

_ACTION_DETAILS = (
    PAYS_STATION_ONE,
    PAYS_STATION,
    PAYS_INVEST,
    PAYS_INVEST_DISC,
    SETS_ASIDE_SOLD,
    PAYS_COPY,
    STARTS,
    BID_BONUS_ADDED,
    TAKES_LOAN,
    STAKE,
    PAYS_TOKEN,
    DISCOUNT,
    CRATE,
    SHAPE,
    PAYS,
    "",
)

KINDS: dict[str, Kind] = {
    "seat": "seat",
    "owner": "seat",
    "winner": "seat",
    "order": Parts(("{seat}",), COMMA),
    "bids": Parts((BID_BONUS, BID), COMMA),
    "ties": Parts(("", TIES_RANDOM, TIES_REVERSED)),
    "copied": Parts(("", COPIED)),
    "detail": Parts(_ACTION_DETAILS),
    "left": Parts((LEFT,)),
    "unit": Parts((PRICE_LESS, "{price}")),
    "totals": Parts((SEAT_MONEY,), COMMA),
    "sum": Parts(("", SUM)),
    "less": Parts(("", LESS)),
    "extra": Parts(("", SURCHARGE)),
    "cost": Parts(("", COST)),
    "how": Parts((BUILD_FREE, BUILD_DISC)),
    "fee": Parts(("", BUILD_FEE)),
    "whose": Parts((ON_THE_MAP, IN_OWNERS)),
    "payouts": Parts(
        (SPECULATION_BOTH, SPECULATION_PAID, AFTER_SPECULATIONS, STOCK_PAID), SEMICOLON
    ),
    "both": Parts(("", SPECULATED_TOO)),
    "rule": Parts(("", STOCK_RULE, STOCK_RULE_OSAKA)),
    "crate": Parts(("{drink}",), COMMA),
    "drink": "drink",
    "colour": "colour",
    "action": "action",
    "vehicle": "vehicle",
    "station": "station",
    "round": "int",
    "discs": "int",
    "stops": "int",
    "number": "int",
    "count": "int",
    "factor": "int",
    # amounts of yen, as `state.yen` writes them
    **dict.fromkeys(
        (
            "amount",
            "after",
            "before",
            "bid",
            "bonus",
            "each",
            "fare",
            "gain",
            "income",
            "low",
            "money",
            "paid",
            "per_disc",
            "price",
            "off",
            "sold",
            "stake",
            "surcharge",
            "total",
            "value",
        ),
        "yen",
    ),
}

# Most specific first: "{seat}: {action}…" reads any "seat N: …" line.
FORMS = LogForms(
    (
        ROUND,
        BIDS_SECRET,
        BIDS_REVEALED,
        PASSES_EMPTY,
        PASSES_ONE,
        PASSES,
        ALIGHTS_PLAN,
        STOPS,
        BUILDS,
        WALKS,
        DRINKS_BONUS_ONE,
        DRINKS_BONUS,
        PAYOUT_HOLDER,
        PAYOUT_OWNER,
        TRAIN_REMOVED,
        BOARDS_FARE,
        BOARDS_FREE,
        ALIGHTS,
        LINE_PAYS_PARTS,
        LINE_PAYS,
        SOLD_ADDED,
        REPAYS_ONE,
        REPAYS,
        GAME_OVER,
        ACTS,
    ),
    KINDS,
    {"yen": yen},
)
