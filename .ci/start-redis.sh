#!/usr/bin/env bash
# Starts Redis on 127.0.0.1:${REDIS_PORT:-6379} (idempotent: a running one is kept) and prints its
# URL. Nothing is kept on disk: the limits and the Socket.IO rooms it holds are short-lived.
# Installs redis-server from Debian when missing. Only the URL goes to stdout.
set -euo pipefail
port="${REDIS_PORT:-6379}"

if ! command -v redis-server >/dev/null 2>&1; then
  echo "== installing redis-server from Debian" >&2
  install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >&2; }
  # Refresh the package lists when they lack the package or are too old to download it.
  if ! apt-cache show redis-server >/dev/null 2>&1 || ! install; then
    apt-get update -qq >&2
    install
  fi
fi

if ! redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port "$port" --save "" --appendonly no \
    --logfile /tmp/redis-"$port".log >&2
fi
for _ in $(seq 1 30); do
  redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null 2>&1 && break
  sleep 0.2
done
redis-cli -h 127.0.0.1 -p "$port" ping >/dev/null
echo "redis://127.0.0.1:$port"
