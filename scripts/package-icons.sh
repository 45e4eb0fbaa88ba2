#!/usr/bin/env bash
# Renders the app icon set from its one source, src-tauri/icons/source/ultima-icon.svg (an original
# work, GPL-3.0-or-later): rsvg-convert (Debian's librsvg2-bin) draws it at 1024 px, and `tauri icon`
# makes every size the desktop, Windows, macOS, Android and iOS builds use from that picture.
# The results are committed; run this again only after editing the SVG.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v rsvg-convert >/dev/null; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends librsvg2-bin
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rsvg-convert -w 1024 -h 1024 src-tauri/icons/source/ultima-icon.svg -o "$work/icon-1024.png"
# iOS icons may not be transparent: the corners get the dark board colour.
npx tauri icon "$work/icon-1024.png" --ios-color '#b58863'
