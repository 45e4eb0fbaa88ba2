#!/usr/bin/env bash
# Installs what building, running and testing the app need on Debian/Ubuntu, when missing:
# the system libraries Tauri builds against, Xvfb and WebKitWebDriver for the end-to-end tests,
# redis-server for the online server's scale-out tests (scripts/redis-test.sh starts it on loopback),
# the npm packages, tauri-driver, and the Rust targets of the cross-builds.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

packages=(libwebkit2gtk-4.1-dev build-essential curl wget file libxdo-dev libssl-dev
  libayatana-appindicator3-dev librsvg2-dev xvfb xauth webkit2gtk-driver chromium
  redis-server)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing system packages: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

if [ "${1:-}" = "--test" ]; then
  command -v tauri-driver >/dev/null || cargo install tauri-driver --locked
  # The web build's wasm-bindgen CLI, of the wasm-bindgen crate's version in Cargo.lock (ui/web/build.sh).
  wasm_bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/"/, "", $3); print $3 }' Cargo.lock)
  [ "$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }')" = "$wasm_bindgen" ] ||
    cargo install wasm-bindgen-cli --version "$wasm_bindgen"
  for target in wasm32-unknown-unknown aarch64-linux-android aarch64-apple-ios; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
  done
fi
