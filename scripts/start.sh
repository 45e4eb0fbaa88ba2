#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the board UI and the app, and starts it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build
# The production-asset build of the app (it loads the built UI, no dev server needed).
cargo run -p ultima-app --features tauri/custom-protocol
