"""`ekimae backup` / `ekimae restore` (issue 35): a backup taken while games are played
restores to a database whose every game replays to the same state; a file from a newer
schema, a file of the other database kind and a target holding games are refused with
one clear line and nothing changed."""

from __future__ import annotations

import os
import random
import secrets
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from ekimae.cli.main import main
from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.server.app import create_app
from ekimae.server.backup import BackupError, backup, restore
from ekimae.server.config import Settings, normalise_url, sqlite_url
from ekimae.server.store import Store
from tests.server.conftest import POSTGRES_ENV

GAMES = ("chocolate-milk", "izakaya", "tokyo-metro")


class Writer(threading.Thread):
    """Random two-seat games written to the store action by action, as a server would,
    until told to stop (or every game has ended)."""

    def __init__(self, store: Store, seed: int) -> None:
        super().__init__(daemon=True)
        self.store = store
        self.rng = random.Random(seed)
        self.stop = threading.Event()
        self.actions = 0
        self.error: BaseException | None = None
        self.games: dict[str, Any] = {}
        self.counts: dict[str, int] = {}
        for name in GAMES:
            game = find_game(name)
            game_seed = self.rng.randrange(2**32)
            state = game.new_state(2, game_seed, None)
            made = store.create(
                game, game_seed, {}, ["Ann", "Bo"], [None, None],
                list(state.current_players()), host_seat=0,
            )  # fmt: skip
            self.games[made.id] = state

    def run(self) -> None:
        try:
            while not self.stop.is_set() and not all(s.is_terminal() for s in self.games.values()):
                for game_id, state in self.games.items():
                    if not state.is_terminal():
                        self._step(game_id, state)
        except BaseException as exc:  # pragma: no cover - reported by the test
            self.error = exc

    def _step(self, game_id: str, state: Any) -> None:
        seat = state.current_players()[0]
        action = self.rng.choice(list(state.legal_actions(seat)))
        count = self.counts.get(game_id, 0)
        state.apply(seat, action)
        self.store.append_action(
            game_id, count, seat, action,
            list(state.current_players()), state.is_terminal(), state.winner(),
        )  # fmt: skip
        self.counts[game_id] = count + 1
        self.actions += 1


@pytest.fixture(params=["sqlite", "postgresql"])
def two_databases(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str]]:
    """A source and an empty target database of one kind."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "source"), sqlite_url(tmp_path / "target")
        return
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.fail(f'{POSTGRES_ENV} is not set: run `eval "$(tools/services.sh --print-env)"`')
    # Two fresh databases: a dump recreates its own schema by name, so a source and a
    # target cannot share one database.
    names = [f"ekimae_b_{secrets.token_hex(5)}" for _ in range(2)]
    admin = create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        for name in names:
            conn.execute(text(f"CREATE DATABASE {name}"))
    base = url.rsplit("/", 1)[0]
    try:
        yield f"{base}/{names[0]}", f"{base}/{names[1]}"
    finally:
        with admin.connect() as conn:
            for name in names:
                conn.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        admin.dispose()


def _records(url: str) -> dict[str, Any]:
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            ids = [str(r[0]) for r in conn.execute(text("SELECT id FROM games"))]
        found = {}
        for game_id in ids:
            loaded = store.load(game_id)
            assert loaded is not None
            found[game_id] = loaded[1]
        return found
    finally:
        store.close()


def test_a_backup_taken_during_play_restores_every_game_to_the_same_state(
    two_databases: tuple[str, str], tmp_path: Path
) -> None:
    source, target = two_databases
    store = Store(source)
    writer = Writer(store, seed=35)
    writer.start()
    try:
        while writer.actions < 30 and writer.is_alive():
            threading.Event().wait(0.01)
        made = backup(source, tmp_path / "games.backup")
        during = writer.actions
    finally:
        writer.stop.set()
        writer.join()
        store.close()
    assert writer.error is None
    assert made.games == len(GAMES) and made.actions > 0

    restored = restore(target, tmp_path / "games.backup")
    assert (restored.games, restored.actions) == (made.games, made.actions)
    later, now = _records(source), _records(target)
    assert now.keys() == later.keys()
    for game_id, record in now.items():
        full = later[game_id]
        n = len(record.actions)
        # A consistent snapshot: each game is a prefix of what was played, and the restored
        # game replays to exactly the state the source had after those actions.
        assert record.actions == full.actions[:n]
        game = find_game(record.game)
        assert replay(record, game).to_dict() == replay(full, game, upto=n).to_dict()
    # The snapshot is of a moment during play: no later than when the backup returned.
    assert made.actions <= during <= sum(len(r.actions) for r in later.values())

    # A server started on the restored database serves every game as far as it was saved.
    with TestClient(create_app(Settings(database_url=target))) as client:
        for game_id, record in now.items():
            res = client.get(f"/api/games/{game_id}")
            assert res.status_code == 200, res.text
            assert res.json()["actions"] == len(record.actions)


def test_a_restore_refuses_a_target_that_holds_games(
    two_databases: tuple[str, str], tmp_path: Path
) -> None:
    source, target = two_databases
    for url, seed in ((source, 1), (target, 2)):
        store = Store(url)
        Writer(store, seed=seed)  # three games, none started
        store.close()
    backup(source, tmp_path / "b")
    before = _records(target)
    with pytest.raises(BackupError, match=r"holds 3 games already.*--replace"):
        restore(target, tmp_path / "b")
    assert _records(target).keys() == before.keys()
    restore(target, tmp_path / "b", replace=True)
    assert _records(target).keys() == _records(source).keys()


def _newer(path: Path, out: Path) -> Path:
    shutil.copyfile(path, out)
    conn = sqlite3.connect(out)
    with conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    conn.close()
    return out


def test_a_restore_refuses_a_backup_from_a_newer_schema(tmp_path: Path) -> None:
    source, target = sqlite_url(tmp_path / "s"), sqlite_url(tmp_path / "t")
    Store(source).close()
    backup(source, tmp_path / "b")
    newer = _newer(tmp_path / "b", tmp_path / "newer")
    with pytest.raises(BackupError, match=r"newer ekimae \(schema 9999_from_the_future"):
        restore(target, newer)
    assert not (tmp_path / "t" / "ekimae.sqlite3").exists() or _records(target) == {}


def test_a_restore_refuses_a_file_that_is_no_backup_or_of_the_other_kind(
    tmp_path: Path,
) -> None:
    target = sqlite_url(tmp_path / "t")
    junk = tmp_path / "junk"
    junk.write_bytes(b"not a database at all")
    with pytest.raises(BackupError, match="neither an SQLite file nor a pg_dump archive"):
        restore(target, junk)
    dump = tmp_path / "dump"
    dump.write_bytes(b"PGDMP" + bytes(100))
    with pytest.raises(BackupError, match="is a PostgreSQL backup: restore it into a PostgreSQL"):
        restore(target, dump)


def test_the_commands_print_one_line_and_refuse_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "data"
    store = Store(sqlite_url(data))
    Writer(store, seed=3)
    store.close()
    out = tmp_path / "nightly.sqlite3"
    assert main(["backup", str(out), "--data-dir", str(data)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("ekimae backup: ") and "3 games" in said
    again = tmp_path / "again"
    assert main(["restore", str(out), "--data-dir", str(again)]) == 0
    assert "every game replays" in capsys.readouterr().out
    assert main(["restore", str(out), "--data-dir", str(again)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ekimae restore: ") and err.count("\n") == 1
    assert main(["restore", str(_newer(out, tmp_path / "n")), "--data-dir", str(again)]) == 2
    assert "newer ekimae" in capsys.readouterr().err
