#!/usr/bin/env bash
# Regenerates results/scaling.md: how the packers' time grows with n, up to a
# million items (release build, median of 5 runs, every packing verified).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
swift build -c release --product packbench --scratch-path "$scratch" >/dev/null
{
  echo "## Scaling to a million items"
  echo
  echo "\`scripts/scaling.sh\`: median time of the packing alone over 5 runs, on seeded"
  echo "instances with sizes uniform in 20...100 and row width 150. First-fit,"
  echo "FFD and BFD use O(log n) searches (a tournament tree of residuals; a chunked"
  echo "sorted list of residuals), so they grow as n log n, not n x rows."
  echo
  "$scratch/release/packbench" scaling --max 1000000 --runs 5 --markdown
  echo
  scripts/machine-note.sh
} > results/scaling.md
scripts/results-readme.sh
