"""`ekimae backup` and `ekimae restore`: every game, copied safely while people play.

A backup is the database's own format, made by the database's own tools, so nothing of
ours stands between an operator and their data:

- **SQLite**: the online backup API (`sqlite3.Connection.backup`) copies a consistent
  snapshot page by page while the server keeps writing (WAL readers never block the
  writer); the result is an ordinary SQLite file.
- **PostgreSQL**: `pg_dump --format=custom` of the schema the server uses, restored with
  `pg_restore`. Both come with PostgreSQL's client package.

Every backup carries the schema's migration revision (alembic's `alembic_version` table).
A restore refuses a file from a schema this program does not know (made by a newer
ekimae) before touching anything, refuses to replace games already in the target unless
told to, migrates an older schema to the current one, and then replays every game to
prove the restored database is whole.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, func, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError

from ekimae.core.errors import EkimaeError
from ekimae.core.record import replay
from ekimae.games import find_game
from ekimae.server.models import ActionRow, GameRow
from ekimae.server.store import MIGRATIONS, Store, make_engine, migrate

SQLITE_MAGIC = b"SQLite format 3\x00"
PGDUMP_MAGIC = b"PGDMP"


class BackupError(EkimaeError):
    """What a backup or a restore refused or could not do, as one sentence for the operator."""


@dataclass(frozen=True)
class Summary:
    """What a backup holds or a restore brought back."""

    schema: str
    games: int
    actions: int
    path: Path | None = None

    def line(self) -> str:
        where = f" in {self.path}" if self.path else ""
        return f"{self.games} games, {self.actions} actions, schema {self.schema}{where}"


# ------------------------------------------------------------------------- schema


def known_revisions() -> list[str]:
    """This program's migration revisions, oldest first."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    script = ScriptDirectory.from_config(config)
    return [rev.revision for rev in reversed(list(script.walk_revisions()))]


def check_schema(revision: str | None, source: str) -> None:
    """Refuse a backup this program cannot read: no revision, or one it does not know."""
    known = known_revisions()
    if revision is None:
        raise BackupError(f"{source} holds no ekimae schema (no alembic_version): not a backup")
    if revision not in known:
        raise BackupError(
            f"{source} comes from a newer ekimae (schema {revision}; this one knows up to "
            f"{known[-1]}): restore it with that version or a later one"
        )


def _counts(engine: Engine) -> tuple[int, int]:
    with engine.connect() as conn:
        games = conn.execute(select(func.count()).select_from(GameRow)).scalar_one()
        actions = conn.execute(select(func.count()).select_from(ActionRow)).scalar_one()
    return int(games), int(actions)


def _revision(engine: Engine) -> str | None:
    try:
        with engine.connect() as conn:
            row = conn.execute(text("SELECT version_num FROM alembic_version")).first()
    except SQLAlchemyError:
        return None
    return None if row is None else str(row[0])


def _has_games(engine: Engine) -> int:
    """How many games the target holds already (0 for an empty or new database)."""
    try:
        return _counts(engine)[0]
    except SQLAlchemyError:
        return 0


# ------------------------------------------------------------------------- backup


def backup(url: str, out: Path) -> Summary:
    """Copy the database at `url` to the file `out` (written whole, then moved into place)."""
    backend = _backend(url)
    out = out.resolve()
    if out.is_dir():
        raise BackupError(f"{out} is a folder: give the backup file's name")
    out.parent.mkdir(parents=True, exist_ok=True)
    partial = out.with_name(f".{out.name}.partial")
    engine = make_engine(url)
    try:
        revision = _revision(engine)
        check_schema(revision, "the database")
        if backend == "sqlite":
            _backup_sqlite(_sqlite_path(url), partial)
            # Counted in the copy: the live database has moved on since.
            copy = make_engine(f"sqlite:///{partial}")
            try:
                games, actions = _counts(copy)
            finally:
                copy.dispose()
        else:
            schema = _current_schema(engine)
            _run(["pg_dump", "--format=custom", "--no-owner", "--no-privileges",
                  f"--schema={schema}", f"--file={partial}", _libpq(url)], url)  # fmt: skip
            games, actions = _pg_counts(partial, url)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        engine.dispose()
    os.replace(partial, out)
    assert revision is not None
    return Summary(revision, games, actions, out)


def _backup_sqlite(path: Path, out: Path) -> None:
    if not path.exists():
        raise BackupError(f"no database at {path}")
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    target = sqlite3.connect(out)
    try:
        # Pages in small steps: the server's writes go on between them (each step holds
        # the read lock only briefly); a write during the copy restarts it from the
        # changed pages, so the file is one consistent snapshot.
        source.backup(target, pages=256)
    finally:
        target.close()
        source.close()


# ------------------------------------------------------------------------ restore


def restore(url: str, backup_file: Path, *, replace: bool = False) -> Summary:
    """Put `backup_file` into the database at `url`, migrate it, and replay every game.

    Refuses, changing nothing: a file that is not an ekimae backup, one from a newer
    schema, one of the other database kind, and a target that holds games unless
    `replace`."""
    if not backup_file.is_file():
        raise BackupError(f"no backup file at {backup_file}")
    with backup_file.open("rb") as f:
        head = f.read(16)
    backend = _backend(url)
    kind = (
        "sqlite"
        if head.startswith(SQLITE_MAGIC)
        else "pg"
        if head.startswith(PGDUMP_MAGIC)
        else None
    )
    if kind is None:
        raise BackupError(f"{backup_file} is neither an SQLite file nor a pg_dump archive")
    if (kind == "sqlite") != (backend == "sqlite"):
        made = "SQLite" if kind == "sqlite" else "PostgreSQL"
        raise BackupError(
            f"{backup_file} is a {made} backup: restore it into a {made} database "
            f"(the target is {'SQLite' if backend == 'sqlite' else 'PostgreSQL'})"
        )
    if kind == "sqlite":
        check_schema(_sqlite_revision(backup_file), str(backup_file))
    else:
        check_schema(_pg_revision(backup_file, url), str(backup_file))
    engine = make_engine(url)
    try:
        held = _has_games(engine)
        if held and not replace:
            raise BackupError(
                f"the target database holds {held} games already; a restore replaces them "
                "all: stop the server, then add --replace"
            )
        if kind == "sqlite":
            engine.dispose()
            _restore_sqlite(backup_file, _sqlite_path(url))
        else:
            schema = _current_schema(engine)
            dumped = _pg_schema(backup_file, url)
            if dumped != schema:
                raise BackupError(
                    f"{backup_file} holds schema {dumped}, but the database URL uses "
                    f"{schema}: restore into a database whose search_path is {dumped}"
                )
            engine.dispose()
            _restore_pg(backup_file, url, schema)
        engine = make_engine(url)
        migrate(engine)
        revision = _revision(engine)
        games, actions = _counts(engine)
    finally:
        engine.dispose()
    failures = check_replays(url)
    if failures:
        shown = "; ".join(failures[:3])
        raise BackupError(f"restored, but {len(failures)} games do not replay: {shown}")
    assert revision is not None
    return Summary(revision, games, actions)


def _restore_sqlite(backup_file: Path, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    source = sqlite3.connect(f"file:{backup_file}?mode=ro", uri=True)
    target = sqlite3.connect(path)
    try:
        # The backup API writes the target as one transaction and keeps its WAL mode
        # consistent; a server left running would see the new pages, not a torn file.
        source.backup(target)
    finally:
        target.close()
        source.close()


def _restore_pg(backup_file: Path, url: str, schema: str) -> None:
    # The dump recreates its own schema (public included); drop ours first so that no
    # table of the old games can linger beside the restored ones.
    engine = make_engine(url)
    try:
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
    finally:
        engine.dispose()
    _run(["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error",
          "--single-transaction", f"--dbname={_libpq(url)}", str(backup_file)], url)  # fmt: skip


def _pg_schema(dump: Path, url: str) -> str | None:
    """The schema a custom-format dump recreates (its one SCHEMA entry)."""
    for line in _run(["pg_restore", "--list", str(dump)], url).splitlines():
        fields = line.split()
        if not line.startswith(";") and len(fields) >= 6 and fields[3:5] == ["SCHEMA", "-"]:
            return fields[5]
    return None


def check_replays(url: str, progress: Callable[[int, int], None] | None = None) -> list[str]:
    """Replay every game of the database; one line per game that does not."""
    store = Store(url)
    failures: list[str] = []
    try:
        with store.engine.connect() as conn:
            ids = [str(r[0]) for r in conn.execute(select(GameRow.id).order_by(GameRow.id))]
        for done, game_id in enumerate(ids, 1):
            loaded = store.load(game_id)
            if loaded is None:
                failures.append(f"{game_id}: vanished")
                continue
            _, record, _ = loaded
            try:
                replay(record, find_game(record.game))
            except (EkimaeError, ValueError) as exc:
                failures.append(f"{game_id}: {exc}")
            if progress is not None:
                progress(done, len(ids))
    finally:
        store.close()
    return failures


# ---------------------------------------------------------------------- plumbing


def _backend(url: str) -> str:
    try:
        backend = make_url(url).get_backend_name()
    except (SQLAlchemyError, ValueError) as exc:
        raise BackupError(f"the database URL is malformed ({exc.__class__.__name__})") from None
    if backend not in ("sqlite", "postgresql"):
        raise BackupError(f"{backend!r} databases are not supported (SQLite or PostgreSQL)")
    return backend


def _sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database:
        raise BackupError("an SQLite URL needs a file: sqlite:///path/to/ekimae.sqlite3")
    return Path(database)


def _sqlite_revision(path: Path) -> str | None:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.DatabaseError:
        return None
    finally:
        conn.close()
    return None if row is None else str(row[0])


def _current_schema(engine: Engine) -> str:
    with engine.connect() as conn:
        return str(conn.execute(text("SELECT current_schema()")).scalar_one())


def _libpq(url: str) -> str:
    """The URL as libpq reads it (no SQLAlchemy driver suffix); the password travels in
    PGPASSWORD, never on a command line another user could read in `ps`."""
    parts = urlsplit(re.sub(r"^postgres(ql)?(\+\w+)?://", "postgresql://", url))
    netloc = parts.netloc
    if "@" in netloc:
        creds, host = netloc.rsplit("@", 1)
        netloc = f"{creds.split(':', 1)[0]}@{host}"
    return parts._replace(netloc=netloc).geturl()


def _pg_env(url: str) -> dict[str, str]:
    env = dict(os.environ)
    password = make_url(url).password
    if password:
        env["PGPASSWORD"] = str(password)
    options = parse_qs(urlsplit(url).query).get("options")
    if options:
        env["PGOPTIONS"] = unquote(options[0])
    return env


def _run(argv: list[str], url: str) -> str:
    if shutil.which(argv[0]) is None:
        raise BackupError(
            f"{argv[0]} is not installed: it comes with PostgreSQL's client "
            "(apt install postgresql-client)"
        )
    done = subprocess.run(argv, env=_pg_env(url), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        message = (done.stderr.strip().splitlines() or ["failed"])[-1]
        raise BackupError(f"{argv[0]}: {message}")
    return done.stdout


def _pg_table_data(dump: Path, table: str, url: str) -> list[list[str]]:
    """One table's rows from a custom-format dump, read back by pg_restore (as text)."""
    out = _run(["pg_restore", "--data-only", f"--table={table}", "--file=-", str(dump)], url)
    rows: list[list[str]] = []
    copying = False
    for line in out.splitlines():
        if line.startswith("COPY "):
            copying = True
        elif line == "\\.":
            copying = False
        elif copying:
            rows.append(line.split("\t"))
    return rows


def _pg_revision(dump: Path, url: str) -> str | None:
    rows = _pg_table_data(dump, "alembic_version", url)
    return rows[0][0] if rows else None


def _pg_counts(dump: Path, url: str) -> tuple[int, int]:
    return len(_pg_table_data(dump, "games", url)), len(_pg_table_data(dump, "actions", url))
