"""The store on both databases: games keep the data files they were created with."""

from __future__ import annotations

from sqlalchemy import text

from ekimae.games.tokyo_metro import actions as act
from ekimae.games.tokyo_metro.game import GAME
from ekimae.server.store import Store, make_engine, migrate


def test_a_new_game_records_the_data_version(db_url: str) -> None:
    store = Store(db_url)
    try:
        game_id = store.create(GAME, 9, {}, ["Ann", "Ben"], [None, None], [0, 1], host_seat=0).id
        store.append_action(game_id, 0, 0, act.TurnBid(0), [1], False, None)
        stored = store.record(game_id)
        assert stored is not None
        record = stored[0]
        assert record.data_version == GAME.data_version
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
    store = Store(db_url)  # migrates to the newest revision on start
    try:
        old = store.record("old")
        assert old is not None and old[0].data_version == "" and old[0].seed == 4
        new_id = store.create(GAME, 5, {}, ["C", "D"], [None, None], [0, 1], host_seat=0).id
        new = store.record(new_id)
        assert new is not None and new[0].data_version == GAME.data_version
    finally:
        store.close()


def test_games_of_0002_keep_their_seats_tokens_and_actions_under_0003(db_url: str) -> None:
    """Revision 0003 turns the seed into text (256-bit seeds) and adds invitations, host
    tokens, listing and idempotency keys; an earlier game plays on unchanged."""
    engine = make_engine(db_url)
    migrate(engine, "0002")
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO games (id, game, seats, seed, options, names, bots, action_count,"
                " to_act, finished, data_version) VALUES ('old', :game, 2, 9007199254740993,"
                " '{}', '[\"A\", \"B\"]', '[null, null]', 1, '[1]', false, '')"
            ),
            {"game": GAME.name},
        )
        conn.execute(
            text(
                "INSERT INTO seat_tokens (game_id, seat, token) VALUES"
                " ('old', 0, 'tok-a'), ('old', 1, 'tok-b')"
            )
        )
        conn.execute(
            text(
                "INSERT INTO actions (game_id, idx, seat, action) VALUES"
                ' (\'old\', 0, 0, \'{"type": "turn-bid", "amount": 0}\')'
            )
        )
    engine.dispose()
    store = Store(db_url)
    try:
        info = store.info("old")
        assert info is not None and info.seed == 9007199254740993  # past a double's 53 bits
        assert info.listed and not info.practice
        assert store.seat_for_token("old", "tok-b") == 1
        assert [s.claimed for s in store.seats("old")] == [True, True]
        stored = store.record("old")
        assert stored is not None and stored[0].actions == [(0, act.TurnBid(0))]
        store.append_action("old", 1, 1, act.TurnBid(0), [0], False, None, key="k")
        stored = store.record("old")
        assert stored is not None and stored[1] == {"k": 1}
        big = (1 << 255) + 12345
        gid = store.create(GAME, big, {}, ["C", "D"], [None, None], [0, 1], host_seat=0).id
        new = store.record(gid)
        assert new is not None and new[0].seed == big
    finally:
        store.close()
