#!/usr/bin/env bash
# The .deb on this Debian/Ubuntu machine, as a player would use it (run as root):
#   1. `apt-get install ./Ultima_*.deb`, and the files it puts in place (binary, desktop entry, icons);
#   2. the app started from its desktop entry (`gtk-launch`, which runs its Exec line) under Xvfb,
#      its window on a screenshot;
#   3. the installed binary driven through tauri-driver: a game against Novice, a move by clicking,
#      the bot's answer (tests/install/play-installed.test.mjs);
#   4. `apt-get remove --purge`: the package's files are gone, nothing new is left under /usr, /etc,
#      /opt or /var/lib; only the player's data folder stays.
#
#   bash tests/install/deb.sh [PACKAGE.deb]     (default: the newest packages/Ultima_*_amd64.deb)
# Screenshots go to $ULTIMA_SHOTS (default packages/install-shots/). ULTIMA_MEASURE_STARTUP=1 also
# measures the installed app's start-up before the removal (tests/install/measure-startup.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$PWD"
step() { printf '\n== %s ==\n' "$*"; }
fail() { echo "install test: $*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || fail "run as root (it installs and removes a package with apt)"
# shellcheck disable=SC2012 # the names are the bundler's, without blanks
deb="${1:-$(ls -t packages/Ultima_*_amd64.deb 2>/dev/null | head -n 1)}"
if [ -z "$deb" ] || [ ! -f "$deb" ]; then fail "no package: build one with 'npm run package', or pass its path"; fi
deb="$(realpath "$deb")"
shots="${ULTIMA_SHOTS:-$root/packages/install-shots}"
mkdir -p "$shots"
name="$(dpkg-deb -f "$deb" Package)"
apt_get() { DEBIAN_FRONTEND=noninteractive apt-get -y -q -o DPkg::Lock::Timeout=300 "$@"; }

step "tools of the test: gtk-launch, xdotool, ImageMagick's import, desktop-file-validate, Xvfb"
need=()
for pair in gtk-launch:libgtk-3-bin xdotool:xdotool import:imagemagick desktop-file-validate:desktop-file-utils \
  xvfb-run:xvfb tauri-driver: WebKitWebDriver:webkit2gtk-driver; do
  command -v "${pair%%:*}" >/dev/null || need+=("${pair#*:}")
done
if [ "${#need[@]}" -gt 0 ]; then
  if printf '%s\n' "${need[@]}" | grep -qx ''; then fail "tauri-driver is missing: run 'bash scripts/setup.sh --test'"; fi
  apt_get update -qq
  apt_get install --no-install-recommends "${need[@]}"
fi
[ -d node_modules/webdriverio ] || fail "node_modules is missing: run 'npm ci'"

if dpkg -s "$name" >/dev/null 2>&1; then
  step "an earlier $name is installed: removing it first"
  apt_get remove --purge "$name"
fi

# What is under the system folders before: the removal must bring them back to exactly this.
watched=(/usr /etc /opt /var/lib)
snapshot() {
  find "${watched[@]}" -xdev \( -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/lib/systemd \
    -o -path /var/lib/ucf \) -prune -o -print 2>/dev/null | sort
}
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
snapshot >"$work/before"

step "apt-get install $deb"
echo "package: $name $(dpkg-deb -f "$deb" Version), $(wc -c <"$deb") bytes"
started=$SECONDS
apt_get install "$deb"
echo "installed in $((SECONDS - started)) s"
dpkg -s "$name" | grep -q '^Status: install ok installed' || fail "dpkg does not list $name as installed"
dpkg -L "$name" >"$work/files"
sed 's/^/  /' "$work/files" | grep -v '/$' || true

entry="$(grep -E '^/usr/share/applications/[^/]+\.desktop$' "$work/files" | head -n 1)"
[ -n "$entry" ] || fail "the package has no desktop entry in /usr/share/applications"
step "the desktop entry $entry"
cat "$entry"
desktop-file-validate "$entry" || fail "desktop-file-validate refuses $entry"
grep -qx 'Categories=Game;BoardGame;' "$entry" || fail "the entry's Categories are not Game;BoardGame;"
exec_line="$(sed -n 's/^Exec=//p' "$entry" | head -n 1)"
command="${exec_line%% *}"
binary="$(command -v "$command")" || fail "the Exec line's command '$command' is not on PATH"
echo "Exec=$exec_line -> $binary"
grep -qx "$binary" "$work/files" || fail "$binary does not belong to the package"
icon="$(sed -n 's/^Icon=//p' "$entry")"
grep -q "/usr/share/icons/hicolor/.*/apps/$icon.png" "$work/files" || fail "no icon $icon in the hicolor theme"
grep -qx "/usr/share/doc/$name/copyright" "$work/files" || fail "no /usr/share/doc/$name/copyright"
node tests/install/render-desktop-entry.mjs "$entry" "$shots/desktop-entry.png"

step "started from the desktop entry (gtk-launch $(basename "$entry" .desktop)) under Xvfb"
data="$work/data"
mkdir -p "$data"
XDG_DATA_HOME="$data" XDG_CONFIG_HOME="$data" xvfb-run -a -s "-screen 0 1280x800x24" \
  bash tests/install/launch-desktop-entry.sh "$(basename "$entry" .desktop)" "$shots/desktop-launch.png"

step "the installed binary plays a move (tauri-driver, Xvfb)"
ULTIMA_APP="$binary" ULTIMA_SHOTS="$shots" xvfb-run -a -s "-screen 0 1280x800x24" \
  node --test --test-concurrency=1 tests/install/play-installed.test.mjs

if [ "${ULTIMA_MEASURE_STARTUP:-0}" = 1 ]; then
  step "start-up of the installed app: launch to a board that answers a click (a measurement)"
  ULTIMA_APP="$binary" xvfb-run -a -s "-screen 0 1280x800x24" node tests/install/measure-startup.mjs 10
fi

step "apt-get remove --purge $name"
apt_get remove --purge "$name"
if dpkg -s "$name" >/dev/null 2>&1; then fail "dpkg still lists $name after the removal: $(dpkg -s "$name" | grep ^Status)"; fi
left=0
while read -r file; do
  if [ -e "$file" ] && [ ! -d "$file" ]; then echo "left behind: $file"; left=1; fi
done <"$work/files"
snapshot >"$work/after"
comm -13 "$work/before" "$work/after" >"$work/new"
if [ -s "$work/new" ]; then
  echo "new paths under ${watched[*]} after the removal:"
  cat "$work/new"
  left=1
fi
ls /var/lib/dpkg/info/"$name".* >/dev/null 2>&1 && { echo "dpkg's files for $name are still there"; left=1; }
[ "$left" = 0 ] || fail "the removal left files behind"
echo "nothing of $name is left under ${watched[*]}"
# The player's data folder is theirs: apt does not touch it.
echo "the player's data folder stays: $(find "$data" -mindepth 1 -maxdepth 1 | tr '\n' ' ')"
step "install test passed; screenshots in $shots"
ls -l "$shots"
