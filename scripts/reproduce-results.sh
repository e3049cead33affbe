#!/usr/bin/env bash
# Regenerates everything in results/ from the current code, in one go
# (about 17 minutes on 2 cores, plus the peers with --peers). Each step is a
# script of its own that can also be run alone.
#
#   scripts/reproduce-results.sh [--peers]
#
# Needs ../shared/bpplib (or $PACKBENCH_BPPLIB) and, for the PNG screenshots,
# chromium (scripts/setup --browser).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -n "$(git status --porcelain -- Sources Package.swift)" ]; then
  echo "reproduce-results: Sources/ has uncommitted changes; results would not match a commit." >&2
  echo "Commit first (the machine note of each report names the commit)." >&2
  exit 1
fi
export PACKBENCH_SCRATCH="${PACKBENCH_SCRATCH:-.build}"
swift build -c release --product packbench --scratch-path "$PACKBENCH_SCRATCH" >/dev/null
scripts/heuristics-bpplib.sh
scripts/exact-bpplib.sh
scripts/core-exact.sh
scripts/scaling.sh
scripts/keys-bench.sh
scripts/tags-report.sh
if [ "${1:-}" = "--peers" ]; then scripts/peers/peers.sh; fi
scripts/results-readme.sh
echo "results/ regenerated; review with: git diff --stat results"
