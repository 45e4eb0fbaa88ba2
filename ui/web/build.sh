#!/usr/bin/env bash
# Builds the web app into ui/web/dist: the Rust side for the browser (crates/ultima-wasm) as
# WebAssembly, its JavaScript glue by wasm-bindgen (into ui/web/pkg), the type check, and the
# Vite build with the manifest, icons and service worker (ui/web/vite.config.ts).
set -euo pipefail
cd "$(dirname "$0")/../.."

target_dir="${CARGO_TARGET_DIR:-target}"
# No debug info in the browser's file (the workspace's release profile keeps some for profiling).
CARGO_PROFILE_RELEASE_DEBUG=0 cargo build -p ultima-wasm --target wasm32-unknown-unknown --release
wasm="$target_dir/wasm32-unknown-unknown/release/ultima_wasm.wasm"

# The wasm-bindgen CLI must be the version of the wasm-bindgen crate in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$have" != "$want" ]; then
  echo "wasm-bindgen $want is needed (found: ${have:-none}): cargo install wasm-bindgen-cli --version $want" >&2
  exit 1
fi
rm -rf ui/web/pkg
wasm-bindgen --target web --out-dir ui/web/pkg "$wasm"

npx tsc --noEmit -p ui/web
npx vite build --config ui/web/vite.config.ts --mode web
