"""The store on both databases: games keep the data files they were created with."""

from __future__ import annotations

from sqlalchemy import text

from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.game import GAME
from ekimae.server.store import Store, make_engine, migrate


def test_a_new_game_records_the_data_version(db_url: str) -> None:
    store = Store(db_url, GAME)
    try:
        game_id, _ = store.create(2, 9, {}, ["Ann", "Ben"], [None, None], [0, 1])
        store.append_action(game_id, 0, 0, act.TurnBid(0), [1], False, None)
        record = store.record(game_id)
        assert record is not None and record.data_version == GAME.data_version
        assert record.actions == [(0, act.TurnBid(0))]
    finally:
        store.close()


def test_games_from_before_the_column_upgrade_to_an_unknown_version(db_url: str) -> None:
    """Revision 0002 adds `data_version`; rows of 0001 read as "" (unknown), not an error."""
    engine = make_engine(db_url)
    migrate(engine, "0001")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (id, game, seats, seed, options, names, bots, action_count,"
                " to_act, finished) VALUES ('old', :game, 2, 4, '{}', '[\"A\", \"B\"]',"
                " '[null, null]', 0, '[0, 1]', false)"
            ),
            {"game": GAME.name},
        )
    engine.dispose()
    store = Store(db_url, GAME)  # migrates to the newest revision on start
    try:
        old = store.record("old")
        assert old is not None and old.data_version == "" and old.seed == 4
        new_id, _ = store.create(2, 5, {}, ["C", "D"], [None, None], [0, 1])
        new = store.record(new_id)
        assert new is not None and new.data_version == GAME.data_version
    finally:
        store.close()
