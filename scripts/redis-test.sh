#!/usr/bin/env bash
# The server's Redis tests: starts Debian's redis-server on loopback (its own folder, the
# append-only file on and synced at every write, as a deployment should run it), runs the tests
# of crates/ultima-server that need it, and stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v redis-server >/dev/null; then
  echo "redis-server is missing: scripts/setup.sh installs it (Debian's redis-server)"
  exit 1
fi
port="${ULTIMA_REDIS_PORT:-6391}"
dir="$(mktemp -d)"
redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" \
  --appendonly yes --appendfsync always --daemonize no >"$dir/redis.log" 2>&1 &
pid=$!
stop() {
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$dir"
}
trap stop EXIT
for _ in $(seq 1 50); do
  if redis-cli -p "$port" ping 2>/dev/null | grep -q PONG; then break; fi
  sleep 0.1
done
redis-cli -p "$port" ping | grep -q PONG || { cat "$dir/redis.log"; exit 1; }

# The test that kills Redis itself starts its own on the next port.
ULTIMA_TEST_REDIS="redis://127.0.0.1:$port/" ULTIMA_TEST_REDIS_SPARE_PORT="$((port + 1))" \
  cargo test -p ultima-server --test redis -- --ignored --test-threads=1 "$@"
