#!/usr/bin/env bash
# Regenerates results/heuristics-bpplib.csv and results/heuristics-bpplib.md:
# every heuristic packer over all of BPPLIB (../shared/bpplib, or
# $PACKBENCH_BPPLIB), each packing verified and set against the proven optimum.
# Then refreshes results/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
swift build -c release --product packbench --scratch-path "$scratch" >/dev/null
bin="$scratch/release/packbench"
mkdir -p results
$bin run --dataset bpplib --algorithms heuristics --repetitions 5 \
  --fresh --output results/heuristics-bpplib.csv --markdown results/.heuristics-table.md --quiet
{
  echo "## Heuristics over BPPLIB"
  echo
  echo "Every heuristic packer over the $(($(wc -l < results/heuristics-bpplib.csv) - 1)) runs of"
  echo "\`scripts/heuristics-bpplib.sh\` (all 1587 instances, spacing 0), each packing verified."
  echo "*proven optimal*: rows equal the L1/L2 lower bound; *at optimum*: rows equal"
  echo "BPPLIB's proven optimum; gaps are rows minus that optimum. Times are the"
  echo "median over instances of each run's median of 5 samples (packing only)."
  echo "BPPLIB lists every instance's widths in non-increasing order, so first-fit in"
  echo "the given order packs exactly as first-fit decreasing there."
  echo
  cat results/.heuristics-table.md
  echo
  scripts/machine-note.sh
} > results/heuristics-bpplib.md
rm -f results/.heuristics-table.md
scripts/results-readme.sh
