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
  echo "instances with sizes uniform in 20...100 and row width 150, every packing verified."
  echo "Packings are flat (every item row after row, and row starts). Next-fit is one"
  echo "pass that finds the row breaks. First-fit, FFD and BFD take the decreasing order"
  echo "from a counting sort (small sizes) or a sort of packed integer keys, and for"
  echo "capacities up to 2^16 keep the rows bucketed by residual (a min-heap of rows per"
  echo "residual, a segment tree over residuals: O(log C) per item); above that a"
  echo "tournament tree of residuals (first-fit) or chunked sorted residuals (BFD)."
  echo "The baselines are timed the same way on the same sizes: one pass over them (their"
  echo "sum) and sorting a copy (Swift's sort). The second table is each packer's time over"
  echo "its baseline: the goals are next-fit within 3x of one pass, FFD and BFD within 2x"
  echo "of the sort. At 10^6 items every array is fresh memory; the page faults of a new"
  echo "8 MB array (items, row starts) weigh on the packers and not on the sum."
  echo
  "$scratch/release/packbench" scaling --max 1000000 --runs 5 --markdown
  echo
  scripts/machine-note.sh
} > results/scaling.md
scripts/results-readme.sh
