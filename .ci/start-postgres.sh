#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 on 127.0.0.1:5432 (idempotent) and prints its admin URL.
# Tests create and drop a database of their own under it, so runs never see each other's rows.
set -euo pipefail
version="$(ls /etc/postgresql | head -1)"
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
