#!/usr/bin/env bash
# Club against Intermediate, 100 games in each reading of the rules, at the levels' own settings
# (Club 2.7 s a move, Intermediate 1 s): 2 to 4 minutes a game, 3 to 7 hours a reading on one
# core. Resumes where it stopped: run it again and each match goes on from its next game (the
# records in docs/matches/ are the state). Two runs may share the work (one a core): a reading
# another run is playing is left to it. ULTIMA=path picks the binary (default: a release build of
# this tree); READINGS="zillions cambridge" picks readings and their order.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${ULTIMA:-}" ]; then
  cargo build --release -p ultima-cli
  ULTIMA="${CARGO_TARGET_DIR:-target}/release/ultima"
fi
mkdir -p docs/matches
for r in ${READINGS:-zillions cambridge 1962 boardspace 1963}; do
  out="docs/matches/club-intermediate-$r"
  # One run a reading at a time: the lock is held while its match plays. The log is written
  # afresh: a resumed match prints the games it already has first, so each log is whole.
  exec 9> "/tmp/ultima-match-$r.lock"
  if ! flock -n 9; then
    echo "$r: another run is playing it; next"
    continue
  fi
  # Not niced: the levels search by time, so a match that yields its core to a build plays
  # weaker than its levels do. Nice the other work instead (builds, generator runs).
  "$ULTIMA" match club intermediate --rules "$r" --games 100 --seed 25 \
    --out "$out.txt" | tee "$out.log"
  exec 9>&-
done
