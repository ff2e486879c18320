#!/bin/bash
# A throw-away PostgreSQL server for the store's tests (tests/store), from Debian's packages:
#
#   postgresql_server.sh WORK COMMAND [ARG...]
#
# initdb into WORK/server (removed first if an earlier run was killed, and again at the end), the
# server listening on 127.0.0.1 only, on a free port of its own, with its socket in that folder;
# then COMMAND runs with BENCHBOX_TEST_POSTGRESQL set to the URL of an empty database `benchbox`
# (postgresql://benchbox@127.0.0.1:PORT/benchbox, its password in PGPASSFILE, as a team's would
# be). The server is stopped and its folder removed however COMMAND ends. Run as root, the server
# runs as `nobody` (initdb and postgres refuse root). Exit status: COMMAND's; 77 (ctest's skip)
# when PostgreSQL's server is not installed; 1 when it cannot be started.
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 WORK COMMAND [ARG...]" >&2
  exit 2
fi
work=$1
shift

# Debian's server binaries live in a folder per major version: the newest one installed, unless
# BENCHBOX_POSTGRESQL_BIN names another folder (a server built or installed elsewhere).
bin=""
for dir in ${BENCHBOX_POSTGRESQL_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V)}; do
  [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ] && bin=$dir
done
if [ -z "$bin" ]; then
  echo "skipped: PostgreSQL's server (initdb, pg_ctl, postgres) is not installed in" \
       "${BENCHBOX_POSTGRESQL_BIN:-/usr/lib/postgresql/*/bin} (apt-get install postgresql, or scripts/setup.sh --tests)"
  exit 77
fi
command -v psql >/dev/null || { echo "skipped: psql is not installed (apt-get install postgresql-client)"; exit 77; }

# As root: everything the server touches belongs to `nobody`.
as_server() { "$@"; }
if [ "$(id -u)" = 0 ]; then
  as_server() { runuser -u nobody -- "$@"; }
fi

server=$(realpath -m "$work")/server
data=$server/data
log=$server/server.log

stop_server() {
  if [ -f "$data/postmaster.pid" ]; then
    as_server "$bin/pg_ctl" stop -D "$data" -m immediate -w -t 30 >/dev/null 2>&1 || true
  fi
}
stop_server  # left by a run that was killed before its trap could run
rm -rf "$server"
trap 'status=$?; stop_server; rm -rf "$server"; exit $status' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$server"
chmod 700 "$server"
[ "$(id -u)" = 0 ] && chown nobody:nogroup "$server"
if ! as_server test -w "$server"; then
  echo "error: the server's user cannot write $server (a parent folder it cannot enter?)" >&2
  exit 1
fi

# The password of the role `benchbox`, for TCP connections; the socket (in a folder only the
# server's user may enter) trusts its user, for this script's own set-up.
password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
printf '%s\n' "$password" > "$server/password"
[ "$(id -u)" = 0 ] && chown nobody:nogroup "$server/password"
if ! as_server "$bin/initdb" -D "$data" -U benchbox --pwfile="$server/password" --auth-local=trust \
     --auth-host=scram-sha-256 -E UTF8 --locale=C --no-sync >"$server/initdb.log" 2>&1; then
  echo "error: initdb failed:" >&2
  cat "$server/initdb.log" >&2
  exit 1
fi

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The server runs as this script's child (not daemonized by pg_ctl), so that a test runner that
# kills the test's processes on a timeout kills it too. A port found free may be taken before the
# server binds it: a few tries. Durability is not under test (a killed client, not a crashed
# server): nothing waits for the disk.
port=""
for _ in 1 2 3 4 5; do
  candidate=$(free_port)
  as_server "$bin/postgres" -D "$data" -p "$candidate" -c listen_addresses=127.0.0.1 -c unix_socket_directories="$server" \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=40 >>"$log" 2>&1 &
  postmaster=$!
  for _ in $(seq 300); do  # up to 30 s
    kill -0 "$postmaster" 2>/dev/null || break
    if "$bin/pg_isready" -q -h "$server" -p "$candidate" -t 1 2>/dev/null; then
      port=$candidate
      break
    fi
    sleep 0.1
  done
  [ -n "$port" ] && break
  kill -0 "$postmaster" 2>/dev/null && break  # running, not ready: no other port will help
  grep -q "could not bind\|Address already in use" "$log" 2>/dev/null || break
done
if [ -z "$port" ]; then
  echo "error: the PostgreSQL server did not start:" >&2
  cat "$log" >&2 || true
  exit 1
fi

printf '127.0.0.1:%s:*:benchbox:%s\n' "$port" "$password" > "$server/pgpass"
chmod 600 "$server/pgpass"
export PGPASSFILE=$server/pgpass
# The tests' database, made over the socket.
psql -h "$server" -p "$port" -U benchbox -d postgres -qAt -v ON_ERROR_STOP=1 -c "CREATE DATABASE benchbox" >/dev/null
export BENCHBOX_TEST_POSTGRESQL="postgresql://benchbox@127.0.0.1:$port/benchbox"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (data in $data)"

"$@"
