#!/usr/bin/env bash
# The shipped puzzle collection from the generator's run files (crates/ultima-puzzles/data/
# generated*.txt): each verified at VERIFY_NODES (1.6 M), its line made longer where the solver's
# next moves are only moves too (verified again at VERIFY_NODES), the survivors rated by the bots
# (Glicko-2), rated again by the difficulty model, then the set chosen (one puzzle per position and
# idea, no theme of the solution over a third), and that set verified again with the puzzles rated
# 1500 or more at HARD_NODES (4 M) into crates/ultima-puzzles/data/puzzles.txt. Deterministic: the
# same run files give the same collection. Every stage resumes where it stopped (the same command
# goes on); WORK keeps the stages. Costs about 1.3 CPU s a puzzle to verify, 7 for one rated 1500+
# (docs/puzzles.md).
#
#   bash scripts/make-puzzles.sh            # WORK defaults to crates/ultima-puzzles/work
#
# To grow the collection, first continue or add generator runs, e.g.
#   ultima puzzles generate --games 100000 --seed 2029 --out crates/ultima-puzzles/data/generated-2029.txt
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=crates/ultima-puzzles/data
# The stages' files are kept in the repository (crates/ultima-puzzles/work/): a long run stopped in
# one session goes on in the next, on another machine too.
WORK=${WORK:-crates/ultima-puzzles/work}
VERIFY_NODES=${VERIFY_NODES:-1600000}
HARD_NODES=${HARD_NODES:-4000000}
mkdir -p "$WORK"
# ULTIMA=path runs that binary (a copy kept apart, so that builds meanwhile do not change it).
if [ -z "${ULTIMA:-}" ]; then
  cargo build --release --bin ultima
  TARGET_DIR=$(cargo metadata --format-version 1 --no-deps | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')
  ULTIMA="$TARGET_DIR/release/ultima"
fi

verified=()
for run in "$DATA"/generated*.txt; do
  name=$(basename "$run" .txt)
  out="$WORK/verified-$name-$VERIFY_NODES.txt"
  # verify exits non-zero when a puzzle fails; the ones that pass are written all the same. Its
  # --out file is a journal: a run stopped part way goes on after what it holds.
  "$ULTIMA" puzzles verify --file "$run" --nodes "$VERIFY_NODES" --out "$out" > "$WORK/verify-$name.log" 2>&1 || true
  grep '^puzzles verify' "$WORK/verify-$name.log"
  verified+=("$out")
done

cat "${verified[@]}" | grep -v '^#' | sort -u > "$WORK/verified.txt"
# Longer lines: a line the generator stopped at its first gain goes on while the solver's next
# move is again the only one (extend resumes on its journal); a longer line that passes the
# verifier (at both node counts) replaces the shorter one (the same position and mistake).
"$ULTIMA" puzzles extend --file "$WORK/verified.txt" --out "$WORK/extended.txt"
longer="$WORK/verified-extended-$VERIFY_NODES.txt"
# Searched at HARD_NODES too, whatever their rating: a longer line that a deeper search finds
# another way through would cost the set its shorter one at the last check.
"$ULTIMA" puzzles verify --file "$WORK/extended.txt" --nodes "$VERIFY_NODES" --hard-nodes "$HARD_NODES" --hard-from 0 \
  --out "$longer" > "$WORK/verify-extended.log" 2>&1 || true
grep '^puzzles verify' "$WORK/verify-extended.log"
# (Only the longer lines of this extend journal: the verify journal keeps what earlier runs passed.)
awk -F';' 'FILENAME == ARGV[1] { if ($0 !~ /^#/) now[$1]; next }
  $0 ~ /^#/ { next } { split($3, m, " "); key = $2 ";" m[1] }
  FILENAME == ARGV[2] { if ($1 in now) { longer[key]; print }; next } !(key in longer)' \
  "$WORK/extended.txt" "$longer" "$WORK/verified.txt" | sort -u > "$WORK/lines.txt"
# Only the puzzles of lines.txt: the rating stages' files keep the shorter lines they rated.
current() { awk -F';' 'NR == FNR { if ($0 !~ /^#/) keep[$1]; next } $0 ~ /^#/ || ($1 in keep)' "$WORK/lines.txt" "$1"; }
# Rated once per puzzle (calibrate resumes on its --out file), every verified puzzle.
"$ULTIMA" puzzles calibrate --file "$WORK/lines.txt" --out "$WORK/rated.txt"
current "$WORK/rated.txt" > "$WORK/rated-current.txt"
# The difficulty model over the bots' fit (resumes on its --out file).
"$ULTIMA" puzzles model --file "$WORK/rated-current.txt" --out "$WORK/modelled.txt"
current "$WORK/modelled.txt" > "$WORK/modelled-current.txt"
"$ULTIMA" puzzles select --file "$WORK/modelled-current.txt" --out "$WORK/selected.txt"
# The chosen set again, those rated 1500 or more also at HARD_NODES: only what passes ships. What
# the run files' journals passed at VERIFY_NODES is not searched again at those nodes.
passed_in=()
for journal in "${verified[@]}"; do passed_in+=(--passed-in "$journal"); done
"$ULTIMA" puzzles verify --file "$WORK/selected.txt" --nodes "$VERIFY_NODES" --hard-nodes "$HARD_NODES" \
  "${passed_in[@]}" --out "$WORK/shipped-$VERIFY_NODES-$HARD_NODES.txt" > "$WORK/verify-shipped.log" 2>&1 || true
grep '^puzzles verify' "$WORK/verify-shipped.log"
# The journal keeps what earlier choices passed too: only this choice's puzzles go on.
awk -F';' 'NR == FNR { if ($0 !~ /^#/) chosen[$1]; next } $0 !~ /^#/ && ($1 in chosen)' \
  "$WORK/selected.txt" "$WORK/shipped-$VERIFY_NODES-$HARD_NODES.txt" > "$WORK/shipped-chosen.txt"
"$ULTIMA" puzzles select --file "$WORK/shipped-chosen.txt" --out "$DATA/puzzles.txt"
# The sample npm test checks, at the nodes the set was verified at.
"$ULTIMA" puzzles verify --file "$DATA/puzzles.txt" --sample 20 --nodes "$VERIFY_NODES" --hard-nodes "$HARD_NODES" > /dev/null
echo "wrote $DATA/puzzles.txt: $(grep -vc '^#' "$DATA/puzzles.txt") puzzles"
