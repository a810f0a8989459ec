"""Card renewal (TM-3.2) and the turn-order bids (TM-3.3)."""

from __future__ import annotations

from ekimae.core.actions import Action
from ekimae.core.log import Event
from ekimae.games.tokyo_metro import log_forms as lf
from ekimae.games.tokyo_metro.context import HOLE, Ctx
from ekimae.games.tokyo_metro.state import MetroState
from ekimae.games.tokyo_metro.tables import tables


def legal_bids(ctx: Ctx, s: MetroState, seat: int) -> list[Action]:
    """TM-3.3 with TM-5.1: any bid from ¥0 up to the seat's money, in whole coins."""
    if s.bids[seat] is not None or s.money[seat] < 0:
        return []
    return tables(ctx).turn_bids(s.money[seat] // ctx.rules.smallest_coin)


def submit_bid(s: MetroState, seat: int, amount: int) -> None:
    s.bids[seat] = amount
    s.note(lf.BIDS_SECRET, seat=seat)


def all_bids_in(s: MetroState) -> bool:
    return all(b is not None for b in s.bids)


def reveal(ctx: Ctx, s: MetroState) -> None:
    """TM-3.3: highest total first; ties random in round 1, else reversed; all to the bank."""
    totals = [(b or 0) + s.bid_bonus[i] for i, b in enumerate(s.bids)]
    previous = {seat: i for i, seat in enumerate(s.order)}
    order: list[int] = []
    for total in sorted(set(totals), reverse=True):
        tied = sorted(
            (seat for seat in range(s.n) if totals[seat] == total), key=lambda seat: previous[seat]
        )
        if len(tied) > 1:
            if s.round == 1:
                s.rng.shuffle(tied)
            else:
                tied.reverse()
        order.extend(tied)
    bids = [_bid_text(s, seat, totals[seat]) for seat in range(s.n)]
    ties = "" if len(set(totals)) == s.n else (lf.TIES_RANDOM if s.round == 1 else lf.TIES_REVERSED)
    for seat in range(s.n):
        s.pay_bank(seat, s.bids[seat] or 0)
        s.bank_in += s.bid_bonus[seat]  # the bonus yen go back (TM-7.9)
        s.bid_bonus[seat] = 0
    s.bids = [None] * s.n
    s.order = order
    s.note(
        lf.BIDS_REVEALED, bids=bids, ties=ties, order=[Event("{seat}", {"seat": p}) for p in order]
    )


def _bid_text(s: MetroState, seat: int, total: int) -> Event:
    """One seat's bid in the log: the yen paid, and the Bid-action bonus if any (TM-7.9)."""
    bid = s.bids[seat] or 0
    if not s.bid_bonus[seat]:
        return Event(lf.BID, {"seat": seat, "bid": bid})
    return Event(
        lf.BID_BONUS, {"seat": seat, "bid": bid, "bonus": s.bid_bonus[seat], "total": total}
    )


def renew_cards(s: MetroState) -> bool:
    """TM-3.2: slide every column down one row; False (game over) if a deck is empty.

    MD-2: a hole (a taken Colour card) slides down like a card; one card is drawn."""
    if any(not deck for deck in s.decks):
        return False
    for col, deck in enumerate(s.decks):
        column = s.grid[col]
        if column[0] != HOLE:  # MD-2: a hole in the bottom row discards nothing
            s.discards[col] = (*s.discards[col], column[0])
        s.grid[col] = (*column[1:], deck[-1])
        s.decks[col] = deck[:-1]
    return True
