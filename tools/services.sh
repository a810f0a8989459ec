#!/usr/bin/env bash
# Services the server tests need, installed and started idempotently (Debian, run as root).
#
#   eval "$(tools/services.sh --print-env)"   # then run the tests in the same shell
#
# Exports EKIMAE_TEST_POSTGRES_URL, which tests/server reads. Without it the
# PostgreSQL-parametrised storage tests fail on purpose (a skipped test hides a defect).
# With EKIMAE_BROWSER=1 it also installs Debian's Chromium for the Playwright tests.
set -euo pipefail

_ekimae_services() {
    local role=ekimae db=ekimae_test password=ekimae
    if ! command -v pg_ctlcluster >/dev/null || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
    fi
    local version cluster
    read -r version cluster _ < <(pg_lsclusters --no-header | head -n1)
    if [ -z "${version:-}" ]; then
        version=$(ls /usr/lib/postgresql | sort -n | tail -n1)
        cluster=main
        pg_createcluster "$version" "$cluster" >/dev/null
    fi
    if ! pg_lsclusters --no-header | awk -v v="$version" -v c="$cluster" '$1==v && $2==c' | grep -q online; then
        pg_ctlcluster "$version" "$cluster" start
    fi
    local port
    port=$(pg_lsclusters --no-header | awk -v v="$version" -v c="$cluster" '$1==v && $2==c {print $3}')
    local psql=(runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA)
    if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_roles WHERE rolname='$role'")" != 1 ]; then
        "${psql[@]}" -c "CREATE ROLE $role LOGIN PASSWORD '$password' CREATEDB"
    fi
    if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname='$db'")" != 1 ]; then
        "${psql[@]}" -c "CREATE DATABASE $db OWNER $role"
    fi
    EKIMAE_TEST_POSTGRES_URL="postgresql://$role:$password@127.0.0.1:$port/$db"
    export EKIMAE_TEST_POSTGRES_URL

    if [ "${EKIMAE_BROWSER:-0}" = 1 ]; then
        if ! command -v chromium >/dev/null || [ ! -x /usr/bin/chromedriver ]; then
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
        fi
        # Japanese script for screenshots of the ja pages (issue 20): Noto Sans/Serif CJK.
        if ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
            apt-get update -qq
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null
        fi
        local here
        here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
        "$here/.venv/bin/python" -c "import playwright" 2>/dev/null \
            || "$here/.venv/bin/pip" install -q playwright
    fi
}

_ekimae_services >&2
if [ "${1:-}" = "--print-env" ]; then
    echo "export EKIMAE_TEST_POSTGRES_URL='$EKIMAE_TEST_POSTGRES_URL'"
fi
