#!/usr/bin/env bash
# `npm test`: every check a reviewer would run. Installs what it needs (Rust targets for the
# cross-builds) and fails on the first problem.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s ==\n' "$*"; }

step "format"
cargo fmt --all -- --check

step "clippy"
cargo clippy --workspace --all-targets -- -D warnings

step "tests"
cargo test --workspace

step "the rules engine builds for WebAssembly and Android"
for target in wasm32-unknown-unknown aarch64-linux-android; do
  if ! rustup target list --installed | grep -qx "$target"; then
    rustup target add "$target"
  fi
  cargo check -p ultima-rules --target "$target"
done
