"""`core.sealed.pending_sealed`: a seat's sealed choice nobody has seen yet (issue 26)."""

from __future__ import annotations

from ekimae.core.game import State
from ekimae.core.record import GameRecord, replay
from ekimae.core.sealed import discarded, pending_sealed
from ekimae.games.sealed_auction.game import GAME


def _played(bids: list[tuple[int, int]]) -> tuple[GameRecord, State]:
    record = GameRecord(GAME.name, 3, 5)
    for seat, amount in bids:
        record.actions.append((seat, GAME.codec.from_dict({"type": "bid", "amount": amount})))
    return record, replay(record, GAME)


def test_a_bid_before_the_reveal_is_pending_and_its_discard_replays() -> None:
    record, state = _played([(1, 100), (2, 50)])
    assert pending_sealed(record, GAME, state, 1) == 0  # SA-3: sealed until all have bid
    assert pending_sealed(record, GAME, state, 2) == 1
    assert pending_sealed(record, GAME, state, 0) is None  # still to bid
    without = replay(discarded(record, 0), GAME)
    assert set(without.current_players()) == {0, 1}


def test_a_revealed_bid_is_not_pending_even_with_the_next_lots_bids_after_it() -> None:
    record, state = _played([(1, 100), (2, 50), (0, 0), (2, 50)])  # lot 1 revealed, lot 2 begun
    assert pending_sealed(record, GAME, state, 1) is None  # SA-4: revealed with lot 1
    assert pending_sealed(record, GAME, state, 0) is None
    assert pending_sealed(record, GAME, state, 2) == 3  # its bid on lot 2
