#!/usr/bin/env bash
# The package-benchmark benchmarks (Benchmarks/, a package of its own so that
# apps depending on RowPacking never fetch package-benchmark): the packers on
# fixed seeded instances (10^4 and 10^6 items) and the exact solvers (pure
# Swift bin-completion, GLPK exact) on fixed instances; a tag view's layout
# pass through RowLayout (TagView: the size for a new width of 100 tags);
# wall clock, CPU time and allocations.
#
#   scripts/benchmarks.sh            # run them and print the tables
#   scripts/benchmarks.sh check      # against Benchmarks/Thresholds: exit non-zero on a regression
#   scripts/benchmarks.sh update     # record new thresholds (after a deliberate change)
#
# The first build takes a few minutes (release, with package-benchmark).
# Thresholds are p90 values of the machine that recorded them (see the
# commit); a regression is a p50 25 % above them (5 % for allocations).
# Timings are not comparable across machines: record thresholds on the
# machine you check on.
set -euo pipefail
cd "$(dirname "$0")/../Benchmarks"
case "${1:-run}" in
  run) exec swift package --disable-sandbox benchmark ;;
  check) exec swift package --disable-sandbox benchmark thresholds check ;;
  update) exec swift package --disable-sandbox --allow-writing-to-package-directory benchmark thresholds update ;;
  *) echo "usage: scripts/benchmarks.sh [run|check|update]" >&2; exit 2 ;;
esac
