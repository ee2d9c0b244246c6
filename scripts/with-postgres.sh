#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster.
#
# This is the developer's and CI's way to run the test suite against a real
# PostgreSQL, e.g.
#
#     scripts/with-postgres.sh cargo test --workspace
#
# It initialises a fresh cluster in a temporary directory, starts it on a free
# port on 127.0.0.1, creates an empty database and runs the command with
# DECKMATE_TEST_DATABASE_URL pointing at it. Afterwards (also on failure or
# Ctrl-C) the cluster is stopped and its directory deleted. The script exits
# with the command's exit status.
#
# Server binaries: `pg_config --bindir`, else the newest /usr/lib/postgresql/*/bin,
# else PATH; with CI=true or DECKMATE_INSTALL_POSTGRES=1 Debian's package is
# installed when none is found.
set -euo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: $0 COMMAND [ARGS...]" >&2
    exit 2
fi

find_bindir() {
    local d
    if d=$(pg_config --bindir 2>/dev/null) && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
        echo "$d"; return 0
    fi
    d=$(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin 2>/dev/null | sort -V | tail -n 1)
    if [ -n "$d" ] && [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
        echo "$d"; return 0
    fi
    if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
        dirname "$(command -v initdb)"; return 0
    fi
    return 1
}

if ! bindir=$(find_bindir); then
    if [ "${CI:-}" = true ] || [ "${DECKMATE_INSTALL_POSTGRES:-}" = 1 ]; then
        echo "with-postgres: PostgreSQL not found, installing Debian's postgresql package" >&2
        sudo=()
        if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null; then sudo=(sudo); fi
        ${sudo[@]+"${sudo[@]}"} apt-get update -qq
        ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
        bindir=$(find_bindir) || { echo "with-postgres: still no initdb/pg_ctl after installing" >&2; exit 2; }
    else
        cat >&2 <<'MSG'
with-postgres: PostgreSQL server binaries (initdb, pg_ctl) not found.
Install them, e.g. `sudo apt-get install postgresql` (Debian/Ubuntu),
`brew install postgresql` (macOS), or rerun with DECKMATE_INSTALL_POSTGRES=1
to have this script install Debian's package.
MSG
        exit 2
    fi
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/deckmate-pg.XXXXXX")
started=0
run_user=""
if [ "$(id -u)" -eq 0 ]; then
    if id postgres >/dev/null 2>&1; then run_user=postgres; else run_user=nobody; fi
    chown "$run_user" "$dir"
fi

# Run a server command as the unprivileged user (when root) from inside $dir.
as_pg() {
    if [ -z "$run_user" ]; then
        (cd "$dir" && "$@")
    elif command -v runuser >/dev/null; then
        (cd "$dir" && runuser -u "$run_user" -- "$@")
    else
        (cd "$dir" && su "$run_user" -s /bin/sh -c "$(printf '%q ' "$@")")
    fi
}

cleanup() {
    if [ "$started" = 1 ]; then
        as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT; trap 'exit 143' TERM

locale_opt=(--locale=C.UTF-8)
if ! locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then locale_opt=(--no-locale); fi
as_pg "$bindir/initdb" -D "$dir/data" -N --auth=trust --username=deckmate \
    --encoding=UTF8 "${locale_opt[@]}" >/dev/null

if ! port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null); then
    port=55432
    while bash -c "</dev/tcp/127.0.0.1/$port" 2>/dev/null; do port=$((port + 1)); done
fi

started=1
if ! as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c max_connections=200" \
    start >/dev/null; then
    echo "with-postgres: PostgreSQL failed to start; its log:" >&2
    cat "$dir/log" >&2 || true
    exit 1
fi

"$bindir/createdb" -h 127.0.0.1 -p "$port" -U deckmate deckmate_test
export DECKMATE_TEST_DATABASE_URL="postgres://deckmate@127.0.0.1:$port/deckmate_test"
version=$("$bindir/postgres" --version | awk '{print $3}')
echo "with-postgres: PostgreSQL $version on 127.0.0.1:$port (DECKMATE_TEST_DATABASE_URL set)" >&2

status=0
"$@" || status=$?
exit "$status"
