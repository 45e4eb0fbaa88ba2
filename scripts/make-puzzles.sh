#!/usr/bin/env bash
# The shipped puzzle collection from the generator's run files (crates/ultima-puzzles/data/
# generated*.txt): each verified at four times the generator's nodes, the survivors rated by the
# bots (Glicko-2), then the set chosen (one puzzle per position and idea, no theme of the solution
# over a third) into crates/ultima-puzzles/data/puzzles.txt. Deterministic: the same run files give
# the same collection. Takes about half a CPU minute per 100 puzzles; WORK keeps the stages.
#
#   bash scripts/make-puzzles.sh            # WORK defaults to target/puzzles
#
# To grow the collection, first continue or add generator runs, e.g.
#   ultima puzzles generate --games 100000 --seed 2029 --out crates/ultima-puzzles/data/generated-2029.txt
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=crates/ultima-puzzles/data
WORK=${WORK:-target/puzzles}
mkdir -p "$WORK"
cargo build --release --bin ultima
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
ULTIMA="$TARGET_DIR/release/ultima"

verified=()
for run in "$DATA"/generated*.txt; do
  name=$(basename "$run" .txt)
  out="$WORK/verified-$name.txt"
  if [ ! -s "$out" ] || [ "$run" -nt "$out" ]; then
    # verify exits non-zero when a puzzle fails; the ones that pass are written all the same.
    "$ULTIMA" puzzles verify --file "$run" --out "$out" > "$WORK/verify-$name.log" 2>&1 || true
    grep '^puzzles verify' "$WORK/verify-$name.log"
  fi
  verified+=("$out")
done

# Rated once per puzzle (calibrate resumes on its --out file), every verified puzzle.
cat "${verified[@]}" | grep -v '^#' | sort -u > "$WORK/verified.txt"
"$ULTIMA" puzzles calibrate --file "$WORK/verified.txt" --out "$WORK/rated.txt"
"$ULTIMA" puzzles select --file "$WORK/rated.txt" --out "$DATA/puzzles.txt"
"$ULTIMA" puzzles verify --file "$DATA/puzzles.txt" --sample 20 > /dev/null
echo "wrote $DATA/puzzles.txt: $(grep -vc '^#' "$DATA/puzzles.txt") puzzles"
