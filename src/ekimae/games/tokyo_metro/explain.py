"""Why an action is refused: the rule it breaks and what was allowed instead.

Legality itself is decided by the legal-action listing; this module only words the
refusal for people, checking the common reasons first.
"""

from __future__ import annotations

from collections.abc import Sequence

from ekimae.core.actions import Action
from ekimae.core.errors import IllegalActionError
from ekimae.core.game import seat_name
from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.card_actions import NOT_COPIED
from ekimae.games.tokyo_metro.components import CardAction
from ekimae.games.tokyo_metro.context import Ctx
from ekimae.games.tokyo_metro.state import MetroState, Phase, Prompt

RULE_OF_KIND = {
    "turn-bid": "TM-3.3", "place": "TM-3.4", "walk": "TM-3.4", "board": "TM-8.5",
    "alight": "TM-8.5", "pass": "TM-3.5", "assign": "TM-6.2", "move": "TM-7.1",
    "station": "TM-7.2", "exchange": "TM-7.3", "invest": "TM-7.4", "start": "TM-7.5",
    "speed": "TM-7.6", "bike": "TM-7.7", "discount": "TM-7.8", "bid": "TM-7.9",
    "loan": "TM-7.10", "repay": "TM-7.10", "speculation": "TM-7.11", "action": "TM-7.12",
    "card": "TM-7.13", "invest-disc": "OS-6", "sell": "OS-7.2", "copy": "OS-7.1",
    "board-vehicle": "OS-2",
}  # fmt: skip
PHASE_RULE = {
    Phase.TURN_ORDER: "TM-3.3", Phase.MOVEMENT: "TM-3.4", Phase.ACTIONS: "TM-3.5",
    Phase.TRAINS: "TM-8.5", Phase.END: "TM-9.1",
}  # fmt: skip
SHOWN = 8


def _list(actions: Sequence[Action]) -> str:
    words = [str(a) for a in actions[:SHOWN]]
    more = len(actions) - SHOWN
    return "; ".join(words) + (f"; … {more} more" if more > 0 else "")


def refusal(
    ctx: Ctx,
    s: MetroState,
    seat: int,
    action: Action,
    legal: Sequence[Action],
    to_act: Sequence[int],
) -> IllegalActionError:
    phase = s.phase.name.lower().replace("_", " ")
    if s.phase is Phase.END:
        return IllegalActionError("TM-9.1", "the game is over")
    if seat not in to_act:
        who = ", ".join(seat_name(p) for p in to_act)
        return IllegalActionError(PHASE_RULE[s.phase], f"{seat_name(seat)} is not to act now", who)
    same = [a for a in legal if a.kind == action.kind]
    specific = _reason(ctx, s, seat, action)
    if specific is not None:
        rule, reason = specific
        allowed = _list(same) if same else ", ".join(sorted({a.kind for a in legal}))
        return IllegalActionError(rule, reason, allowed)
    rule = RULE_OF_KIND.get(action.kind, PHASE_RULE[s.phase])
    if not same:
        kinds = sorted({a.kind for a in legal})
        return IllegalActionError(
            rule, f"no {action.kind} action is possible now ({phase} phase)", ", ".join(kinds)
        )
    return IllegalActionError(rule, f"this {action.kind} is not allowed now", _list(same))


def _reason(ctx: Ctx, s: MetroState, seat: int, action: Action) -> tuple[str, str] | None:
    """The rule broken and why, for the common cases; None to fall back on the kind's rule."""
    if isinstance(action, act.Pass):
        return _pass_reason(s, seat)
    if isinstance(action, act.TurnBid):
        if action.amount > s.money[seat]:
            return (
                "TM-3.3",
                f"a bid of ¥{action.amount} is more than {seat_name(seat)}'s ¥{s.money[seat]}",
            )
        return "TM-3.3", "bids are whole ¥100 amounts from ¥0"
    if (
        isinstance(action, act.BoardTrain)
        and s.phase is Phase.TRAINS
        and 0 <= s.train_line < ctx.lines
        and len(ctx.line_vehicles[s.train_line]) == 2
    ):
        return "OS-2", "a pair's vehicles are boarded one by one: board-vehicle 1 or 2"
    spot = getattr(action, "spot", None)
    return None if spot is None else _spot_reason(ctx, s, seat, action, spot)


def _pass_reason(s: MetroState, seat: int) -> tuple[str, str] | None:
    if s.phase is Phase.TRAINS and s.prompt is Prompt.EVICT:
        return "TM-8.6", "the train was removed: its riders must alight"
    if s.phase is Phase.ACTIONS and s.turn_busy:
        return "TM-6.2", "a Speed token was assigned this turn, so it cannot be a pass"
    return None


def _spot_reason(
    ctx: Ctx, s: MetroState, seat: int, action: Action, spot: str
) -> tuple[str, str] | None:
    printed = ctx.cards.spots.get(spot)
    if printed is None:
        if action.kind in ("start", "bid", "card") and ctx.card_set != "tokyo":
            return "OS-5", f"the {ctx.card_set} cards print no {action.kind} action"
        if action.kind in ("invest-disc", "sell", "copy") and ctx.card_set == "tokyo":
            return "MOD-1", f"{action.kind} is an Osaka card action; these are the Tokyo cards"
        example = ctx.cards.decks[0].cards[0]
        return "TM-6.1", f"there is no action spot {spot!r} (card id + a/b, e.g. {example}a)"
    if printed.kind.value != action.kind:
        return "TM-6.1", f"{spot} is a {printed.kind.value} action, not {action.kind}"
    card = spot[:-1]
    owners = [p for p in range(s.n) if card in s.personal[p]]
    if owners and seat not in owners:
        return "TM-6.3", f"card {card} is {seat_name(owners[0])}'s personal card"
    if not owners and not any(card in column for column in s.grid):
        return "TM-6.1", f"card {card} is not on the table"
    if spot in s.taken:
        if not s.copy_discs[seat]:
            return "TM-6.1", f"{spot} is already taken this round: its slots hold discs"
        if printed.kind in NOT_COPIED:
            return "OS-7.1", f"a {printed.kind.value} action cannot be copied (project ruling)"
    if printed.slots > s.front[seat]:
        return (
            "TM-6.1",
            f"{spot} needs {printed.slots} discs; {seat_name(seat)} has {s.front[seat]}",
        )
    return _osaka_reason(ctx, s, seat, action, printed)


def _osaka_reason(
    ctx: Ctx, s: MetroState, seat: int, action: Action, printed: CardAction
) -> tuple[str, str] | None:
    """The OS- rules broken by an otherwise well-placed action (pairs, stocks, discs)."""
    line = getattr(action, "line", None)
    index = ctx.board.line_by_letter.get(line) if isinstance(line, str) else None
    if isinstance(action, act.Station | act.Exchange):
        st = ctx.board.station_by_key.get(action.station)
        if st is not None and ctx.halt[st]:
            return "OS-2", f"{action.station} is a small circle, not a station: no pyramid"
    if isinstance(action, act.InvestDisc) and s.front[seat] <= printed.slots:
        return "OS-6", "Invest by disc needs one more disc in front, besides those placed"
    if isinstance(action, act.Invest | act.InvestDisc) and index is not None:
        cards = ctx.stock_cards[index]
        if len(s.stocks[index]) >= cards and seat not in s.stocks[index]:
            rule = "TM-7.4" if ctx.map_name == "tokyo" else "OS-4"
            return rule, f"line {line} has no stock card left (all {cards} are held)"
        if seat in s.stocks[index]:
            rule = "TM-7.4" if ctx.map_name == "tokyo" else "OS-4"
            return rule, f"{seat_name(seat)} already holds a stock of line {line}"
    if isinstance(action, act.Sell) and index is not None and seat not in s.stocks[index]:
        return "OS-7.2", f"{seat_name(seat)} holds no stock of line {line} to sell"
    return None
