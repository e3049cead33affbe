#!/usr/bin/env bash
# Regenerates results/keys-bench.md: how many nested moves each way of
# storing a list's order survives before two records collide, with key sizes
# and writes per move (release build; seeded, so the table repeats exactly).
# PACKBENCH_SCRATCH picks the build directory (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
if ! log=$(swift build -c release --product packbench --scratch-path "$scratch" 2>&1); then
  echo "$log" >&2
  exit 1
fi
{
  echo "## Order keys: nested moves before a collision"
  echo
  echo "\`scripts/keys-bench.sh\` runs \`packbench keys-bench --markdown\`. Records are moved one"
  echo "after another into one spot of a list; a scheme collides when a new key is not"
  echo "strictly between its neighbours. Doubles start at neighbours of magnitude 1e5"
  echo "(the article's best case at 1 and 2), int32 keys at spacing 1024. The string keys"
  echo "(RowPacking's \`OrderKeyList\`, cap 32 characters) rewrite a window of neighbours"
  echo "when a key would pass the cap, so they never collide; their writes per move"
  echo "include those windows."
  echo
  "$scratch/release/packbench" keys-bench --markdown
  echo
  scripts/machine-note.sh
} > results/keys-bench.md
scripts/results-readme.sh
