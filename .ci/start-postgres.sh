#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 on 127.0.0.1:5432 (idempotent) and prints its admin URL.
# Tests create and drop a database of their own under it, so runs never see each other's rows.
# pgvector (semantic retrieval) is built from ${SHARED_DIR:-../shared}/vendor into that PostgreSQL
# when missing; the server then runs CREATE EXTENSION itself. Only the URL goes to stdout.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED_DIR:-$repo/../shared}"
version="$(ls /etc/postgresql | head -1)"

if [ ! -f "/usr/share/postgresql/$version/extension/vector.control" ]; then
  tarball="$(ls "$shared"/vendor/pgvector-*.tar.gz 2>/dev/null | sort -V | tail -1 || true)"
  if [ -z "$tarball" ]; then
    echo "pgvector source not found in $shared/vendor (set SHARED_DIR)" >&2
    exit 1
  fi
  echo "== building $(basename "$tarball" .tar.gz) into PostgreSQL $version" >&2
  if [ ! -d "/usr/include/postgresql/$version/server" ]; then
    install_dev() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "postgresql-server-dev-$version" >&2; }
    # Refresh the package lists when they lack the package or are too old to download it.
    if ! apt-cache show "postgresql-server-dev-$version" >/dev/null 2>&1 || ! install_dev; then
      apt-get update -qq >&2
      install_dev
    fi
  fi
  build="$(mktemp -d)"
  trap 'rm -rf "$build"' EXIT
  tar xzf "$tarball" -C "$build" --strip-components=1
  # OPTFLAGS="" keeps the build portable (no -march=native).
  make -s -C "$build" PG_CONFIG="/usr/lib/postgresql/$version/bin/pg_config" OPTFLAGS="" >&2
  make -s -C "$build" PG_CONFIG="/usr/lib/postgresql/$version/bin/pg_config" install >&2
fi

if ! pg_ctlcluster "$version" main status >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2
fi
for _ in $(seq 1 30); do
  pg_isready -h 127.0.0.1 -p 5432 -q && break
  sleep 1
done
su postgres -c "psql -qc \"ALTER USER postgres PASSWORD 'postgres'\"" >&2
su postgres -c "createdb test" >/dev/null 2>&1 || true
echo "postgres://postgres:postgres@127.0.0.1:5432/test"
