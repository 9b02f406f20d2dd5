#!/usr/bin/env bash
# Usage: bash scripts/with-postgres.sh CMD [ARGS...]
#
# Runs CMD with TEST_DATABASE_URL pointing at a throwaway PostgreSQL cluster, so server tests cover
# PostgreSQL as well as SQLite. The cluster lives in a temp dir, listens on a free loopback port
# only, and is always stopped and deleted afterwards. Exits with CMD's exit code.
# Without PostgreSQL server binaries, CMD still runs (SQLite only) and the skip is printed.
set -uo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 CMD [ARGS...]" >&2
  exit 2
fi

pg_bin=""
for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
  if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ] && [ -x "$candidate/postgres" ]; then
    pg_bin="$candidate" # keep the highest version
  fi
done

if [ -z "$pg_bin" ]; then
  echo "PostgreSQL tests: SKIPPED (no PostgreSQL server binaries under /usr/lib/postgresql)"
  unset TEST_DATABASE_URL
  "$@"
  exit $?
fi

cluster_dir="$(mktemp -d "${TMPDIR:-/tmp}/parley-pg.XXXXXX")"
chmod 700 "$cluster_dir"

# PostgreSQL refuses to run as root: run the cluster as an unprivileged system user then.
run_as=()
if [ "$(id -u)" -eq 0 ]; then
  pg_user=""
  for candidate in postgres nobody; do
    if id "$candidate" >/dev/null 2>&1; then
      pg_user="$candidate"
      break
    fi
  done
  if [ -z "$pg_user" ]; then
    echo "with-postgres: running as root and no 'postgres' or 'nobody' user exists" >&2
    rm -rf "$cluster_dir"
    exit 1
  fi
  chown "$pg_user" "$cluster_dir"
  if command -v runuser >/dev/null 2>&1; then
    run_as=(runuser -u "$pg_user" --)
  else
    run_as=(setpriv --reuid="$pg_user" --regid="$(id -g "$pg_user")" --init-groups --)
  fi
fi

free_port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

started=0
cleanup() {
  if [ "$started" -eq 1 ]; then
    "${run_as[@]}" "$pg_bin/pg_ctl" -D "$cluster_dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$cluster_dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! "${run_as[@]}" "$pg_bin/initdb" -D "$cluster_dir/data" -U parley --auth=trust -E UTF8 --no-locale \
  >"$cluster_dir/initdb.log" 2>&1; then
  echo "with-postgres: initdb failed:" >&2
  cat "$cluster_dir/initdb.log" >&2
  exit 1
fi

# fsync off: the cluster is thrown away, so durability only costs time.
if ! "${run_as[@]}" "$pg_bin/pg_ctl" -D "$cluster_dir/data" -l "$cluster_dir/server.log" -w -t 30 \
  -o "-p $free_port -k $cluster_dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off" \
  start >/dev/null; then
  echo "with-postgres: PostgreSQL did not start:" >&2
  cat "$cluster_dir/server.log" >&2
  exit 1
fi
started=1

echo "PostgreSQL tests: using a throwaway cluster ($pg_bin, 127.0.0.1:$free_port)"
export TEST_DATABASE_URL="postgres://parley@127.0.0.1:$free_port/postgres"
"$@"
status=$?
exit "$status"
