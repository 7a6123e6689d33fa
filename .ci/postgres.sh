#!/usr/bin/env bash
# Throwaway PostgreSQL cluster for CI (Debian 12, run as root, no docker).
#
#   .ci/postgres.sh          # install if needed, init + start cluster, ensure DB, print conninfo
#   .ci/postgres.sh stop     # stop the cluster (no-op if not running)
#
# Env: PGTEST_DIR  (default /tmp/ducklake-pgtest)  data directory (also holds the unix socket + server.log)
#      PGTEST_PORT (default 55432)                 TCP port, listening on 127.0.0.1 only
# Quiet on success except the final connection-string line; on failure prints the
# server log tail to stderr and exits non-zero.
set -Eeuo pipefail

PGTEST_DIR=${PGTEST_DIR:-/tmp/ducklake-pgtest}
PGTEST_PORT=${PGTEST_PORT:-55432}
DB_NAME=ducklake_test
DB_USER=postgres
PW_ROLE_PASSWORD='Ducklake-pw-S3cret'   # the password of role ducklake_pw; PostgresServer uses it too
ACTION=${1:-start}

case "$PGTEST_DIR" in /*) ;; *) PGTEST_DIR="$PWD/$PGTEST_DIR" ;; esac
PGTEST_DIR=${PGTEST_DIR%/}
LOG="$PGTEST_DIR/server.log"
OUT=$(mktemp)                         # captured output of quiet commands
trap 'rm -f "$OUT"' EXIT
cd /                                   # runuser'd commands must not inherit an unreadable cwd
unset PGHOST PGHOSTADDR PGPORT PGDATABASE PGUSER PGSERVICE PGOPTIONS PGDATA 2>/dev/null || true

die() {
  echo "postgres.sh: ERROR: $*" >&2
  if [ -s "$OUT" ]; then echo "--- command output ---" >&2; tail -n 40 "$OUT" >&2; fi
  if [ -f "$LOG" ]; then echo "--- $LOG (tail) ---" >&2; tail -n 50 "$LOG" >&2; fi
  exit 1
}
trap 'die "command failed at line $LINENO"' ERR

quiet() { : >"$OUT"; "$@" >"$OUT" 2>&1; }      # run a command, keep its output for die()

as_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"
  elif [ "$(id -un)" = postgres ]; then "$@"
  else die "must run as root (or as user postgres)"; fi
}

find_pgbin() {   # newest /usr/lib/postgresql/<ver>/bin with a full server toolchain
  local d
  for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$d/pg_ctl" ] && [ -x "$d/initdb" ] && [ -x "$d/postgres" ]; then echo "$d"; return 0; fi
  done
  return 1
}

is_running() { [ -n "${PGBIN:-}" ] && [ -f "$PGTEST_DIR/PG_VERSION" ] && as_pg "$PGBIN/pg_ctl" -D "$PGTEST_DIR" status >/dev/null 2>&1; }

# ---------------------------------------------------------------- binaries
PGBIN=$(find_pgbin || true)
if [ -f "$PGTEST_DIR/PG_VERSION" ] && [ -x "/usr/lib/postgresql/$(cat "$PGTEST_DIR/PG_VERSION")/bin/pg_ctl" ]; then
  PGBIN="/usr/lib/postgresql/$(cat "$PGTEST_DIR/PG_VERSION")/bin"   # match existing cluster's major version
fi

# ---------------------------------------------------------------- stop
if [ "$ACTION" = stop ]; then
  if is_running; then
    quiet as_pg "$PGBIN/pg_ctl" -D "$PGTEST_DIR" -m fast -w -t 60 stop || die "pg_ctl stop failed"
  fi
  exit 0
elif [ "$ACTION" != start ]; then
  echo "usage: $0 [start|stop]" >&2; exit 2
fi

# ---------------------------------------------------------------- install
if [ -z "$PGBIN" ]; then
  [ "$(id -u)" -eq 0 ] || die "PostgreSQL server not installed and not root"
  # Don't let the Debian package create/start its default 'main' cluster on :5432.
  mkdir -p /etc/postgresql-common/createcluster.d
  [ -e /etc/postgresql-common/createcluster.d/ci-no-main.conf ] ||
    echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.d/ci-no-main.conf
  export DEBIAN_FRONTEND=noninteractive
  if ! quiet apt-get install -y -qq postgresql; then     # try cached lists first
    quiet apt-get update -qq || die "apt-get update failed"
    quiet apt-get install -y -qq postgresql || die "apt-get install postgresql failed"
  fi
  PGBIN=$(find_pgbin) || die "postgresql installed but no server binaries under /usr/lib/postgresql/*/bin"
fi
getent passwd postgres >/dev/null || die "user 'postgres' does not exist"

# Serialise concurrent invocations on the same data dir.
exec 9>"$PGTEST_DIR.lock"
flock -w 120 9 || die "timed out waiting for lock $PGTEST_DIR.lock"

# ---------------------------------------------------------------- initdb
if [ ! -f "$PGTEST_DIR/PG_VERSION" ]; then
  mkdir -p "$PGTEST_DIR"
  [ -z "$(ls -A "$PGTEST_DIR")" ] || die "$PGTEST_DIR exists, is not empty and is not a PostgreSQL cluster"
  chown postgres: "$PGTEST_DIR"; chmod 700 "$PGTEST_DIR"
  as_pg test -w "$PGTEST_DIR" || die "user postgres cannot access $PGTEST_DIR (check parent dir permissions)"
  quiet as_pg "$PGBIN/initdb" -D "$PGTEST_DIR" -U postgres -E UTF8 --locale=C \
        --auth-local=trust --auth-host=trust --no-sync || die "initdb failed"
  cat >"$PGTEST_DIR/pg_hba.conf" <<'HBA'
# throwaway CI cluster: trust on unix socket and loopback only, except for the password role
host  all         ducklake_pw  127.0.0.1/32  scram-sha-256
local all         all                trust
host  all         all  127.0.0.1/32  trust
host  all         all  ::1/128       trust
local replication all                trust
host  replication all  127.0.0.1/32  trust
HBA
  echo "include_if_exists = 'ci_postgres.conf'" >>"$PGTEST_DIR/postgresql.conf"
  chown postgres: "$PGTEST_DIR/pg_hba.conf" "$PGTEST_DIR/postgresql.conf"
fi

# ---------------------------------------------------------------- start
running_port() { sed -n 4p "$PGTEST_DIR/postmaster.pid" 2>/dev/null || true; }
wal_level() { as_pg "$PGBIN/psql" -X -tA -h "$PGTEST_DIR" -p "$(running_port)" -U postgres -d postgres -c 'SHOW wal_level' 2>/dev/null || true; }
# A port changed, or a server from before logical decoding was configured: restart.
if is_running && { [ "$(running_port)" != "$PGTEST_PORT" ] || [ "$(wal_level)" != logical ]; }; then
  quiet as_pg "$PGBIN/pg_ctl" -D "$PGTEST_DIR" -m fast -w -t 60 stop || die "pg_ctl stop failed"
fi
if ! is_running; then
  cat >"$PGTEST_DIR/ci_postgres.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PGTEST_PORT
unix_socket_directories = '$PGTEST_DIR'
max_connections = 200
# logical decoding, for Debezium's pgoutput plugin (the CDC pipeline's tests)
wal_level = logical
max_replication_slots = 10
max_wal_senders = 10
# throwaway data: trade durability for speed
fsync = off
synchronous_commit = off
full_page_writes = off
CONF
  chown postgres: "$PGTEST_DIR/ci_postgres.conf"
  # 9>&-: the postmaster must not inherit (and hold forever) the lock fd
  quiet as_pg "$PGBIN/pg_ctl" -D "$PGTEST_DIR" -l "$LOG" -w -t 60 start 9>&- || die "pg_ctl start failed"
fi

# ---------------------------------------------------------------- database
PSQL=("$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PGTEST_PORT" -U "$DB_USER" -d postgres)
exists=$("${PSQL[@]}" -tAc "select 1 from pg_database where datname = '$DB_NAME'" 2>"$OUT") ||
  die "cannot connect to 127.0.0.1:$PGTEST_PORT"
if [ "$exists" != 1 ]; then
  quiet "${PSQL[@]}" -c "CREATE DATABASE $DB_NAME OWNER $DB_USER" || die "CREATE DATABASE $DB_NAME failed"
fi

# A role that must give its password (scram on loopback), for the tests of password handling.
# Clusters made before the role existed get its pg_hba rule here.
if ! grep -q '^host  all         ducklake_pw' "$PGTEST_DIR/pg_hba.conf"; then
  sed -i '1a host  all         ducklake_pw  127.0.0.1/32  scram-sha-256' "$PGTEST_DIR/pg_hba.conf"
  quiet as_pg "$PGBIN/pg_ctl" -D "$PGTEST_DIR" reload || die "pg_ctl reload failed"
fi
role=$("${PSQL[@]}" -tAc "select 1 from pg_roles where rolname = 'ducklake_pw'" 2>"$OUT") || die "cannot query roles"
[ "$role" = 1 ] || quiet "${PSQL[@]}" -c "CREATE ROLE ducklake_pw LOGIN SUPERUSER" || die "CREATE ROLE ducklake_pw failed"
quiet "${PSQL[@]}" -c "ALTER ROLE ducklake_pw PASSWORD '$PW_ROLE_PASSWORD'" || die "ALTER ROLE ducklake_pw failed"

echo "host=127.0.0.1 port=$PGTEST_PORT dbname=$DB_NAME user=$DB_USER"
