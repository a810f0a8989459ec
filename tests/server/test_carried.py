"""Another process's action applied from its event (issue 29, `server.carried`): only
the held game's very next change is applied; anything else is left to a re-read."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ekimae.core.record import GameRecord, replay
from ekimae.games import find_game
from ekimae.server import undoing
from ekimae.server.carried import apply_carried
from ekimae.server.events import APPENDED
from ekimae.server.store import CARRY_LIMIT, GameInfo, Store, carry
from ekimae.server.tables import Tables

GAME = find_game("tokyo-metro")


def held(bids: int) -> Any:
    """A game held at revision 5 after `bids` turn bids (TM-3), as a table holds it."""
    actions = [
        (seat, GAME.codec.from_dict({"type": "turn-bid", "amount": 0})) for seat in range(bids)
    ]
    record = GameRecord(GAME.name, 3, 4, {}, actions, ["A", "B", "C"])
    state = replay(record, GAME)
    info = GameInfo(
        "g1", GAME.name, 3, 4, {}, ["A", "B", "C"], [None, None, None], bids,
        list(state.current_players()), False, None, "", revision=5,
    )  # fmt: skip
    return SimpleNamespace(
        info=info, record=record, state=state, game=GAME, verdict=undoing.Verdict(),
        keys={}, revision=5,
    )  # fmt: skip


def bid_event(seat: int, revision: int, count: int, key: str | None = "k") -> dict[str, Any]:
    wire = {"type": "turn-bid", "amount": 100}
    return {"g": "g1", "k": "action", "n": count, "r": revision, **carry(seat, wire, key)}


def test_the_next_action_is_applied_to_a_copy_as_a_reread_would() -> None:
    game = held(1)
    found = apply_carried(game, bid_event(1, 6, 2))
    assert found is not None and found.kind == APPENDED
    assert found.state is not None and found.record is not None
    assert found.record.actions == [*game.record.actions, (1, found.record.actions[-1][1])]
    assert found.state.to_dict() == replay(found.record, GAME).to_dict()
    assert found.keys == {"k": 1}
    assert found.info.revision == 6 and found.info.action_count == 2
    assert found.info.to_act == list(found.state.current_players()) == [2]
    assert len(game.record.actions) == 1  # the held game is untouched
    assert list(game.state.current_players()) == [1, 2] and game.revision == 5


def test_a_gap_a_wrong_count_or_an_event_without_the_action_is_left_to_a_reread() -> None:
    game = held(1)
    assert apply_carried(game, bid_event(1, 7, 2)) is None  # a change in between (an undo, a seat)
    assert apply_carried(game, bid_event(1, 6, 1)) is None  # an undo's count
    assert apply_carried(game, bid_event(1, 5, 2)) is None  # already held
    assert apply_carried(game, {"g": "g1", "k": "action", "n": 2, "r": 6}) is None  # not carried


def test_an_action_the_engine_refuses_or_cannot_read_is_left_to_a_reread() -> None:
    game = held(1)
    assert apply_carried(game, bid_event(0, 6, 2)) is None  # seat 0 bid already (TM-3)
    bad = {**bid_event(1, 6, 2), "a": {"type": "no-such-action"}}
    assert apply_carried(game, bad) is None
    assert apply_carried(game, {**bid_event(1, 6, 2), "s": "1"}) is None


def test_an_event_carries_no_action_too_big_for_a_notification() -> None:
    assert carry(0, {"type": "x"}, None) == {"s": 0, "a": {"type": "x"}, "y": None}
    assert carry(0, {"type": "x" * CARRY_LIMIT}, None) == {}


def test_a_table_applies_a_carried_action_and_drops_an_event_it_holds(tmp_path: Path) -> None:
    """The table's side: the next action applied without a read; an event whose revision
    the table holds already (a re-read took it) dropped, also without a read."""
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    made = store.create(GAME, 4, {}, ["A", "B", "C"], [None] * 3, [0, 1, 2], host_seat=0)

    def no_read(*args: Any) -> Any:
        raise AssertionError("the table read the database")

    async def scenario() -> None:
        table = await Tables(store, [], multi=True).get(made.id)
        assert table is not None and table.revision == 0
        store.load_from = no_read  # type: ignore[method-assign, assignment]
        assert await table.apply_carried(bid_event(0, 1, 1))
        assert table.carried == 1 and table.revision == 1 and table.info.action_count == 1
        assert list(table.state.current_players()) == [1, 2]
        assert not await table.apply_carried(bid_event(0, 1, 1))  # repeated
        assert not await table.sync(1)  # an event already held
        assert table.carried == 1 and len(table.record.actions) == 1

    try:
        asyncio.run(scenario())
    finally:
        store.close()


def test_an_action_not_carried_is_read_from_its_row_alone(tmp_path: Path) -> None:
    """A sealed turn bid (TM-3) is never on the wire between processes: the process one
    revision behind reads that one row, checked against the event's revision, and applies
    it as a carried one (no re-read of the game); at another revision it re-reads."""
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    made = store.create(GAME, 4, {}, ["A", "B", "C"], [None] * 3, [0, 1, 2], host_seat=0)
    bid = GAME.codec.from_dict({"type": "turn-bid", "amount": 100})
    reads: list[int] = []
    load_from = store.load_from

    def counted(game_id: str, start: int) -> Any:
        reads.append(start)
        return load_from(game_id, start)

    async def scenario() -> None:
        table = await Tables(store, [], multi=True).get(made.id)
        assert table is not None
        store.load_from = counted  # type: ignore[method-assign]
        rev = store.append_action(made.id, 0, 0, bid, [1, 2], False, None, "k0", 0)
        assert store.action_at(made.id, 0, rev) == {"s": 0, "a": bid.to_dict(), "y": "k0"}
        assert store.action_at(made.id, 0, rev + 1) is None  # not at that revision
        assert store.action_at(made.id, 1, rev) is None  # no such row
        assert await table.apply_carried({"g": made.id, "k": "action", "n": 1, "r": rev})
        assert reads == [] and table.rows_read == 1 and table.carried == 0
        assert table.revision == rev and table.keys == {"k0": 0}
        assert table.state.to_dict() == replay(table.record, GAME).to_dict()
        # Two appends in between: a re-read, as before.
        for index, seat in ((1, 1), (2, 2)):
            rev = store.append_action(made.id, index, seat, bid, [], False, None, None, rev)
        assert await table.apply_carried({"g": made.id, "k": "action", "n": 3, "r": rev})
        assert reads == [1] and table.rows_read == 1 and len(table.record.actions) == 3

    try:
        asyncio.run(scenario())
    finally:
        store.close()
