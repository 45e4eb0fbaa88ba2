#!/usr/bin/env bash
# Club against Intermediate, 100 games in each reading of the rules, at the levels' own settings
# (Club 2.7 s a move, Intermediate 1 s): about 4 minutes a game, some 7 hours a reading on one
# core. Resumes where it stopped: run it again and each match goes on from its next game (the
# records in docs/matches/ are the state). ULTIMA=path picks the binary (default: a release
# build of this tree); READINGS="zillions cambridge" picks readings.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${ULTIMA:-}" ]; then
  cargo build --release -p ultima-cli
  ULTIMA="${CARGO_TARGET_DIR:-target}/release/ultima"
fi
mkdir -p docs/matches
for r in ${READINGS:-zillions cambridge 1962 boardspace 1963}; do
  nice "$ULTIMA" match club intermediate --rules "$r" --games 100 --seed 25 \
    --out "docs/matches/club-intermediate-$r.txt" | tee -a "docs/matches/club-intermediate-$r.log"
done
