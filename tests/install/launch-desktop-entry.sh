#!/usr/bin/env bash
# Run under Xvfb by tests/install/deb.sh: starts the app the way a desktop menu does, with
# `gtk-launch` and the installed desktop entry (its Exec line), waits for its window, takes a
# screenshot of the screen, and closes the app it started.
#   launch-desktop-entry.sh DESKTOP_ID SCREENSHOT.png
set -euo pipefail
id="$1"
shot="$2"

gtk-launch "$id"
# The window is the app's once it shows its title; gtk-launch itself returns at once.
if ! window="$(timeout 30 xdotool search --sync --onlyvisible --name '^Ultima$' | head -n 1)"; then
  echo "no window titled Ultima within 30 s of gtk-launch $id" >&2
  exit 1
fi
pid="$(xdotool getwindowpid "$window")"
echo "window $window of process $pid: $(readlink "/proc/$pid/exe")"
# Wait for the page to be drawn (the home screen), then look.
sleep 4
import -window root "$shot"
echo "screenshot: $shot"
kill "$pid"
for _ in $(seq 50); do
  kill -0 "$pid" 2>/dev/null || exit 0
  sleep 0.1
done
echo "the app ($pid) did not end after SIGTERM" >&2
exit 1
