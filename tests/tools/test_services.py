"""`make services` (tools/services.sh) fails loudly (issue 28): whatever PostgreSQL or
Chromium lacks, make stops with a non-zero status and one line saying what and why.

Each case runs the Makefile's set-up step with a PATH of fakes: the real tools the script
needs, plus stand-ins for apt-get, the PostgreSQL tools and `sleep` (so waiting for a
held lock costs nothing) that fail the way the real ones do. Nothing is installed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REAL = ["bash", "dirname", "mktemp", "rm", "mv", "grep", "tr", "cut", "tail", "head", "cat"]
REAL += ["ls", "sort", "awk"]
LOCKED = "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)"


def fake_bin(tmp_path: Path, fakes: dict[str, str]) -> Path:
    """A folder for PATH: the real tools of REAL and shell scripts for `fakes`."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in REAL:
        found = shutil.which(name)
        assert found, f"{name} is not installed"
        (folder / name).symlink_to(found)
    fakes = {"sleep": 'echo "$@" >>"$FAKE_LOG"', **fakes}
    for name, body in fakes.items():
        script = folder / name
        script.write_text(f'#!/bin/bash\necho "{name} $*" >>"$FAKE_LOG"\n{body}\n')
        script.chmod(0o755)
    return folder


def set_up(tmp_path: Path, fakes: dict[str, str], **env: str) -> tuple[int, list[str], str]:
    """`make services` with those fakes: its status, stderr lines and the fakes' calls."""
    log = tmp_path / "calls.log"
    log.touch()
    environ = {
        "PATH": str(fake_bin(tmp_path, fakes)),
        "HOME": str(tmp_path),
        "FAKE_LOG": str(log),
        "EKIMAE_APT_LOCK_WAIT": "0",
        **env,
    }
    make = shutil.which("make")
    assert make
    # -o: the venv counts as installed (no reinstall with a PATH of fakes).
    done = subprocess.run(
        [make, "--no-print-directory", "-o", ".venv/.installed", "services"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, done.stderr.splitlines(), log.read_text()


def one_line(lines: list[str]) -> str:
    """The script's one line; the only other one is make's own `*** … Error 1`."""
    ours = [line for line in lines if not line.startswith("make: ***")]
    assert len(ours) == 1, lines
    assert len(lines) <= 2, lines
    return ours[0]


NO_POSTGRES = {"apt-get": f'echo "{LOCKED}" >&2; exit 100'}


def test_an_apt_lock_held_elsewhere_stops_the_set_up_with_one_line(tmp_path: Path) -> None:
    status, lines, _ = set_up(tmp_path, NO_POSTGRES)
    assert status != 0
    assert one_line(lines) == (
        f"set-up failed: cannot install PostgreSQL (apt-get update): {LOCKED}"
        " (waited 0 s, EKIMAE_APT_LOCK_WAIT)"
    )
    assert not (ROOT / ".venv/services.env.new").exists()


def test_a_held_lock_is_waited_for_a_bounded_time(tmp_path: Path) -> None:
    status, lines, calls = set_up(tmp_path, NO_POSTGRES, EKIMAE_APT_LOCK_WAIT="12")
    assert status != 0
    assert one_line(lines).endswith(f"{LOCKED} (waited 15 s, EKIMAE_APT_LOCK_WAIT)")
    assert calls.count("sleep 5") == 3 and calls.count("apt-get ") == 4


PG_DOWN = {
    "apt-get": "exit 0",
    "pg_ctlcluster": 'echo "Error: /usr/lib/postgresql/15/bin/pg_ctl exited with status 1" >&2;'
    " exit 1",
    "pg_lsclusters": 'echo "15 main 5432 down postgres /var/lib/postgresql/15/main log"',
}


def test_a_postgresql_that_does_not_start_stops_the_set_up(tmp_path: Path) -> None:
    status, lines, _ = set_up(tmp_path, PG_DOWN)
    assert status != 0
    assert one_line(lines) == (
        "set-up failed: cannot start PostgreSQL 15/main:"
        " Error: /usr/lib/postgresql/15/bin/pg_ctl exited with status 1"
    )


PG_UP = {
    "apt-get": "exit 0",
    "pg_ctlcluster": "exit 0",
    "pg_lsclusters": 'echo "15 main 5432 online postgres /var/lib/postgresql/15/main log"',
    "runuser": "echo 1",
    "psql": "echo 1",
}


def test_a_postgresql_refusing_the_tests_connection_stops_the_set_up(tmp_path: Path) -> None:
    refusing = {**PG_UP, "psql": 'echo "psql: error: connection refused" >&2; exit 2'}
    status, lines, _ = set_up(tmp_path, refusing)
    assert status != 0
    assert one_line(lines) == (
        "set-up failed: cannot connect to"
        " postgresql://ekimae:ekimae@127.0.0.1:5432/ekimae_test: psql: error: connection refused"
    )


def test_chromium_that_cannot_be_installed_stops_the_set_up(tmp_path: Path) -> None:
    missing = {
        **PG_UP,
        "apt-get": 'case "$*" in *install*) echo "E: Unable to locate package'
        ' chromium-headless-shell" >&2; exit 100;; esac',
    }
    # The browser as if not installed (this machine may have it).
    absent = str(tmp_path / "no-chromium-headless-shell")
    status, lines, calls = set_up(tmp_path, missing, EKIMAE_BROWSER="1", EKIMAE_CHROMIUM=absent)
    assert status != 0
    assert one_line(lines) == (
        "set-up failed: cannot install Chromium (apt-get install chromium-headless-shell):"
        " E: Unable to locate package chromium-headless-shell"
    )
    assert "apt-get -qq -o DPkg::Lock::Timeout=0 update" in calls


def test_without_a_browser_the_set_up_does_not_look_for_chromium(tmp_path: Path) -> None:
    """`tools/services.sh` alone (the storage tests only) leaves Chromium out."""
    script = ROOT / "tools/services.sh"
    log = tmp_path / "calls.log"
    env = {
        "PATH": str(fake_bin(tmp_path, PG_UP)),
        "FAKE_LOG": str(log),
        "HOME": str(tmp_path),
    }
    done = subprocess.run(
        [str(script), "--print-env"], env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "export EKIMAE_TEST_POSTGRES_URL='postgresql://ekimae:ekimae@127.0.0.1:5432/ekimae_test'\n"
    )
    assert "chromium" not in log.read_text()
