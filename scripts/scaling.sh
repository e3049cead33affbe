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
  echo "\`scripts/scaling.sh\`: median time of the packing alone over 31 runs (a run lasts at"
  echo "least 0.2 ms: on small instances a batch of calls timed together, their mean), on seeded"
  echo "instances with sizes uniform in 20...100 and row width 150, every packing verified."
  echo "Packings are flat (every item row after row, and row starts); a packing that"
  echo "keeps the given order (next-fit's) stores only its row starts. Next-fit cuts the"
  echo "items into sixteen stretches and scans them at once in SIMD lanes (16-bit loads; eight"
  echo "32-bit lanes for rows of 2^14 units or wider, or fewer than 1024 items),"
  echo "each as if a row started there, one bit per item where a row starts; the stretches"
  echo "are then joined in order (rescanned with the true load until a true row start meets"
  echo "one of the stretch's) and the row starts written from the bits, a byte at a time."
  echo "First-fit, FFD and BFD take the decreasing order from a counting sort (small"
  echo "sizes) or a sort of packed integer keys; for capacities up to 2^16 they place each"
  echo "run of equal sizes at once into blocks of consecutive rows with the same residual"
  echo "(a min-heap of blocks per residual, a segment tree over residuals); above that a"
  echo "tournament tree of residuals (first-fit) or chunked sorted residuals (BFD), one"
  echo "item at a time. The baselines are timed the same way on the same sizes: one pass"
  echo "over them (their sum, which the compiler vectorises) and sorting a copy (Swift's"
  echo "sort). The second table is each packer's time over its baseline: the goals are"
  echo "next-fit within 3x of one pass, FFD and BFD within 2x of the sort."
  echo
  "$scratch/release/packbench" scaling --max 1000000 --runs 31 --markdown
  echo
  scripts/machine-note.sh
} > results/scaling.md
scripts/results-readme.sh
