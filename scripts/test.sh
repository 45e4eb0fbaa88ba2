#!/usr/bin/env bash
# `npm test`: every check a reviewer would run, from a fresh clone. Installs what it needs and
# stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n== %s ==\n' "$*"; }

step "set-up"
bash scripts/setup.sh --test
# The same features everywhere, so that clippy, the build and the tests share one build of Tauri.
FEATURES=(--features tauri/custom-protocol)
TARGET_DIR="${CARGO_TARGET_DIR:-target}"

step "format"
cargo fmt --all -- --check

step "front end: type check and build"
npm run build

step "clippy"
cargo clippy --workspace --all-targets "${FEATURES[@]}" -- -D warnings

step "Rust tests"
ULTIMA_CHECK_BINDINGS=1 cargo test --workspace "${FEATURES[@]}"

step "the online server over Redis: two server processes sharing games through a real redis-server"
bash scripts/redis-test.sh

step "front-end unit tests (on the Rust side built for the browser: the web app's build, tested below)"
npm run build:web
npx vitest run

step "the engine and bot build for WebAssembly and iOS; the app for Android"
cargo check -p ultima-rules -p ultima-bot --target wasm32-unknown-unknown
# No Android NDK can be installed here, so there is no C compiler for Android: the bundled SQLite's C
# source is handed to `true` instead (a check builds no binary, so nothing links against it). The Rust
# code of the app and every crate is still type-checked for Android.
CC_aarch64_linux_android=true AR_aarch64_linux_android=true \
  cargo check -p ultima-app --target aarch64-linux-android
# iOS: the engine and the bot type-check without Xcode (no C code, nothing linked); the app itself
# is built for iOS by .github/workflows/packages.yml on a macOS runner.
cargo check -p ultima-rules -p ultima-bot --target aarch64-apple-ios

step "the web app (built before the unit tests): tested in Chromium (desktop, and a phone with touch)"
# tests/web/online.test.mjs: the server serves the app, the command line's bot plays the phone.
cargo build -p ultima-cli -p ultima-server
node --test --test-concurrency=1 tests/web/

step "bench signature: the search visits exactly the recorded number of nodes"
# A change that alters the search changes this number on purpose (update the file in the same
# commit); one that only makes it faster does not.
expected="$(cat crates/ultima-bot/bench-signature)"
cargo build --release --bin ultima
bench="$("$TARGET_DIR/release/ultima" bench)"
echo "$bench"
actual="$(echo "$bench" | tail -n 1 | awk '{print $2}')"
if [ "$actual" != "$expected" ]; then
  echo "bench signature: expected $expected nodes, got $actual (update crates/ultima-bot/bench-signature if the search changed on purpose)"
  exit 1
fi

step "the course and the puzzles, checked from the command line"
"$TARGET_DIR/release/ultima" course check
# A sample of the shipped puzzles, spread over their ratings from the lowest to the highest,
# re-searched at the nodes the whole set was verified at: 1.6 M, and 4 M for those rated 1500 or
# more (the whole set: `ultima puzzles verify`, see the README).
"$TARGET_DIR/release/ultima" puzzles verify --sample 20

step "end-to-end tests: the real app under Xvfb"
cargo build -p ultima-app "${FEATURES[@]}"
# tests/e2e/online.test.mjs plays against `ultima online join` and starts an `ultima-server`.
cargo build -p ultima-cli -p ultima-server
ULTIMA_APP="$(realpath "$TARGET_DIR")/debug/ultima-app" \
  xvfb-run -a -s "-screen 0 1280x800x24" node --test --test-concurrency=1 tests/e2e/

# The desktop package, built, installed with apt, started from its desktop entry, played and removed
# (tests/install/deb.sh). It needs root (or sudo) and apt, changes the machine's installed packages
# while it runs and adds the size-tuned app build (about 13 min cold on 2 cores), so it runs only
# when asked: ULTIMA_INSTALL_TEST=1 npm test
if [ "${ULTIMA_INSTALL_TEST:-0}" = 1 ]; then
  step "desktop package: build, apt install, start from the desktop entry, play, apt remove"
  bash scripts/package.sh --skip-ui --bundles deb
  SUDO=""
  # sudo's secure_path would drop ~/.cargo/bin (tauri-driver) and Node's folder: PATH is passed on.
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo env PATH=$PATH CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-}"; fi
  $SUDO bash tests/install/deb.sh
fi
