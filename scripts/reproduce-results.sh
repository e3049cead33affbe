#!/usr/bin/env bash
# Regenerates everything in results/ from the current code, in one go
# (about 27 minutes on 2 cores, plus the peers with --peers, plus about
# 20 + 50 minutes with --hard). Each step is a script of its own that can
# also be run alone.
#
#   scripts/reproduce-results.sh [--peers] [--hard]
#
# --hard: the hard sets too (../shared/bpplib-hard or $PACKBENCH_BPPLIB_HARD):
# results/exact-hard.* (the seeded sample beside packingsolver, whose rows of
# its last run on the same sample are kept unless --peers) and
# results/exact-hard-all.* (every file, packbench alone, two solves at once)
# and results/published-bcp.md (that run beside published counts).
#
# Needs ../shared/bpplib (or $PACKBENCH_BPPLIB), python3 (results/external-ffd)
# and, for the PNG screenshots, chromium (scripts/setup --browser).
set -euo pipefail
cd "$(dirname "$0")/.."
peers="" hard=""
for arg in "$@"; do
  case "$arg" in
    --peers) peers=1 ;;
    --hard) hard=1 ;;
    *) echo "reproduce-results: unknown option '$arg' (use --peers, --hard)" >&2; exit 1 ;;
  esac
done
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
# The external door: ten lines of Python FFD on all of BPPLIB, and its cost.
scripts/external-ffd.sh
if [ -n "$peers" ]; then scripts/peers/peers.sh; fi
if [ -n "$hard" ]; then
  if [ -n "$peers" ]; then scripts/exact-hard.sh; else PEERS_REUSE=1 scripts/exact-hard.sh; fi
  PER_SET=all PEERS="" JOBS=2 OUTPUT=exact-hard-all scripts/exact-hard.sh
  # Beside the published branch-and-price-and-cut, from exact-hard-all.
  scripts/published-bcp.sh
fi
scripts/results-readme.sh
echo "results/ regenerated; review with: git diff --stat results"
