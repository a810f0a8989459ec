#!/usr/bin/env bash
# Services the server tests need, installed and started idempotently (Debian, run as root).
#
#   tools/services.sh --print-env > services.env && . ./services.env   # `make services`
#
# Exports EKIMAE_TEST_POSTGRES_URL, which tests/server reads. Without it the
# PostgreSQL-parametrised storage tests fail on purpose (a skipped test hides a defect).
# With EKIMAE_BROWSER=1 it also installs Debian's Chromium (its headless shell) for the
# Playwright tests.
#
# Fails loudly (issue 28): whatever cannot be installed, started or reached ends the
# script at once with a non-zero status and ONE line on stderr saying what and why, the
# tools' own output kept out of the way. A lock another apt/dpkg holds is waited for, at
# most EKIMAE_APT_LOCK_WAIT seconds (default 300), then that is the line.
set -euo pipefail

LOCK_WAIT=${EKIMAE_APT_LOCK_WAIT:-300}
export DEBIAN_FRONTEND=noninteractive
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT

fail() {  # fail WHAT [WHY]: the one line, then stop
    local why=${2:-$(_reason)}
    echo "set-up failed: $1${why:+: $why}" >&2
    exit 1
}

_reason() {  # the telling line of the last command's output: apt's "E:", else the last line
    local line
    line=$(grep -m1 -E '^(E|Error|FATAL|ERROR|psql: error):? ' "$LOG" || true)
    [ -n "$line" ] || line=$(grep -v '^[[:space:]]*$' "$LOG" | tail -n1 || true)
    printf '%s' "$line" | tr -s '[:space:]' ' ' | cut -c1-300
}

quiet() {  # run a command with its output in $LOG (shown, cut to one line, if it fails)
    "$@" >"$LOG" 2>&1
}

apt_get() {  # apt-get, waiting a bounded time for a lock another apt or dpkg holds
    local waited=0 held
    until quiet apt-get -qq -o DPkg::Lock::Timeout=0 "$@"; do
        held=$(grep -m1 "Could not get lock" "$LOG") || return 1
        if [ "$waited" -ge "$LOCK_WAIT" ]; then
            echo "$held (waited $waited s, EKIMAE_APT_LOCK_WAIT)" >"$LOG"
            return 1
        fi
        sleep 5
        waited=$((waited + 5))
    done
}

install() {  # install WHAT PACKAGE...
    local what=$1
    shift
    apt_get update || fail "cannot install $what (apt-get update)"
    apt_get install -y "$@" || fail "cannot install $what (apt-get install $*)"
}

postgres() {
    local role=ekimae db=ekimae_test password=ekimae
    if ! command -v pg_ctlcluster >/dev/null || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
        install PostgreSQL postgresql
    fi
    local version cluster
    read -r version cluster _ < <(pg_lsclusters --no-header | head -n1) || true
    if [ -z "${version:-}" ]; then
        version=$(ls /usr/lib/postgresql | sort -n | tail -n1)
        cluster=main
        quiet pg_createcluster "$version" "$cluster" \
            || fail "cannot create PostgreSQL cluster $version/$cluster"
    fi
    local row
    row=$(pg_lsclusters --no-header | awk -v v="$version" -v c="$cluster" '$1==v && $2==c')
    if ! grep -q online <<<"$row"; then
        quiet pg_ctlcluster "$version" "$cluster" start \
            || fail "cannot start PostgreSQL $version/$cluster"
    fi
    local port
    port=$(pg_lsclusters --no-header | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
    local psql=(runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA)
    local has
    has=$("${psql[@]}" -c "SELECT 1 FROM pg_roles WHERE rolname='$role'" 2>"$LOG") \
        || fail "cannot reach PostgreSQL $version/$cluster on port $port"
    if [ "$has" != 1 ]; then
        quiet "${psql[@]}" -c "CREATE ROLE $role LOGIN PASSWORD '$password' CREATEDB" \
            || fail "cannot create the PostgreSQL role $role"
    fi
    has=$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname='$db'" 2>"$LOG") \
        || fail "cannot reach PostgreSQL $version/$cluster on port $port"
    if [ "$has" != 1 ]; then
        quiet "${psql[@]}" -c "CREATE DATABASE $db OWNER $role" \
            || fail "cannot create the PostgreSQL database $db"
    fi
    EKIMAE_TEST_POSTGRES_URL="postgresql://$role:$password@127.0.0.1:$port/$db"
    export EKIMAE_TEST_POSTGRES_URL
    # What the tests will do: connect over TCP with the password.
    PGCONNECT_TIMEOUT=30 quiet psql "$EKIMAE_TEST_POSTGRES_URL" -qtAc "SELECT 1" \
        || fail "cannot connect to $EKIMAE_TEST_POSTGRES_URL"
}

CHROMIUM=${EKIMAE_CHROMIUM:-/usr/lib/chromium/chromium-headless-shell}

browser() {
    # Chromium's headless shell (tests/server/live.py says why not the full browser).
    if [ ! -x "$CHROMIUM" ]; then
        install Chromium chromium-headless-shell
    fi
    # Japanese script for screenshots of the ja pages (issue 20): Noto Sans/Serif CJK.
    if ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
        install "the Japanese fonts" fonts-noto-cjk
    fi
    # The deployment test (issue 35) runs the shipped nginx site in front of the server.
    if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
        install nginx nginx-light
    fi
    "$HERE/.venv/bin/python" -c "import playwright" 2>/dev/null \
        || quiet "$HERE/.venv/bin/pip" install -q playwright \
        || fail "cannot install Playwright (pip install playwright)"
    # What the tests will do: start it headless through Playwright (tests/server/live.py).
    local launch='from playwright.sync_api import sync_playwright
with sync_playwright() as pw:
    pw.chromium.launch(executable_path="'"$CHROMIUM"'", timeout=120_000).close()'
    quiet "$HERE/.venv/bin/python" -c "$launch" \
        || fail "cannot start Chromium ($CHROMIUM through Playwright)"
}

postgres
if [ "${EKIMAE_BROWSER:-0}" = 1 ]; then
    browser
fi
if [ "${1:-}" = "--print-env" ]; then
    echo "export EKIMAE_TEST_POSTGRES_URL='$EKIMAE_TEST_POSTGRES_URL'"
fi
