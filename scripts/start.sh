#!/usr/bin/env bash
# `npm start`: builds and starts what the project has so far. The desktop app (issue 4) is not
# built yet, so this builds the `ultima` command line and shows what it can do.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin ultima
./target/release/ultima help
echo
echo "Try: ./target/release/ultima moves \"clxwkxli/pppppppp/8/8/8/8/PPPPPPPP/ILXKWXLC w 0 1\""
