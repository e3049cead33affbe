#!/usr/bin/env bash
# Regenerates results/exact-bpplib.csv and results/exact-bpplib.md: the
# `exact` pipeline over all of BPPLIB (../shared/bpplib, or $PACKBENCH_BPPLIB),
# 10 s per instance, one job at a time (timings comparable), each packing
# verified by the harness and set against BPPLIB's proven optimum.
# Then, unless EXACT_SKIP_FORMULATIONS=1, results/formulations-bpplib.{csv,md}:
# the plain ILP formulations (ilp-assignment, ilp-arcflow) with the same
# limit on a fixed sample (every 10th instance of each set, in name order),
# to show what the pipeline is worth. Finally refreshes results/README.md.
#
# Environment: PACKBENCH (a packbench binary to use instead of building one),
# PACKBENCH_SCRATCH (SwiftPM scratch path, default .build),
# EXACT_TIME_LIMIT (seconds, default 10), EXACT_SAMPLE_EVERY (default 10),
# EXACT_TABLES_ONLY=1 (rewrite the .md tables from the CSV files, no runs).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
limit="${EXACT_TIME_LIMIT:-10}"
every="${EXACT_SAMPLE_EVERY:-10}"
if [ -n "${PACKBENCH:-}" ]; then
  bin="$PACKBENCH"
else
  # Retried: in a shared working tree a file may change during the build.
  for attempt in 1 2 3; do
    if swift build -c release --product packbench --scratch-path "$scratch" >/dev/null; then break; fi
    [ "$attempt" = 3 ] && exit 1
    sleep 30
  done
  bin="$scratch/release/packbench"
fi
mkdir -p results

# The report of a run's CSV (packbench report): the papers' table per set,
# the stage that settled each instance with median and maximum time, the
# performance profile and the gaps. Its caption names the run's machine,
# limits and commit, from the manifest beside the CSV.
table() {
  "$bin" report "$1"
}

[ "${EXACT_TABLES_ONLY:-0}" = 1 ] || "$bin" run --dataset bpplib --algorithms exact --time-limit "$limit" --fresh --quiet \
  --output results/exact-bpplib.csv
{
  echo "## Exact minimum rows over BPPLIB"
  echo
  echo "\`scripts/exact-bpplib.sh\`: the \`exact\` pipeline on all $(($(wc -l < results/exact-bpplib.csv) - 1)) instances,"
  echo "time limit ${limit} s each, one job at a time, release build, each packing verified by the"
  echo "harness and set against BPPLIB's proven optimum (\`packbench report results/exact-bpplib.csv\`)."
  echo
  table results/exact-bpplib.csv
} > results/exact-bpplib.md

if [ "${EXACT_SKIP_FORMULATIONS:-0}" != 1 ]; then
  # A fixed sample: every $every-th instance file of each set, in name order.
  root="${PACKBENCH_BPPLIB:-../shared/bpplib}"
  sample="$(mktemp -d)"
  trap 'rm -rf "$sample"' EXIT
  for dir in "$root"/instances/*/; do
    set_name="$(basename "$dir")"
    mkdir -p "$sample/$set_name"
    ls "$dir" | sort | awk -v e="$every" '(NR - 1) % e == 0' | while read -r f; do
      ln -s "$(cd "$dir" && pwd)/$f" "$sample/$set_name/$f"
    done
  done
  cp "$root/optima.tsv" "$sample/optima.tsv"
  [ "${EXACT_TABLES_ONLY:-0}" = 1 ] || "$bin" run --dataset "$sample" --algorithms ilp-assignment,ilp-arcflow,exact --time-limit "$limit" \
    --fresh --quiet --output results/formulations-bpplib.csv
  {
    echo "## The formulations alone (GLPK) against the pipeline"
    echo
    echo "\`scripts/exact-bpplib.sh\`: \`ilp-assignment\` and \`ilp-arcflow\` (GLPK's LP and branch and"
    echo "bound on the model, no incumbent given) and \`exact\` on a fixed sample of BPPLIB, every"
    echo "${every}th instance of each set in name order ($(($(wc -l < results/formulations-bpplib.csv) - 1)) runs), ${limit} s each. When GLPK finds no"
    echo "integer solution in time, the best packer's packing is reported (stage *heuristic*)."
    echo
    table results/formulations-bpplib.csv
    echo
  } > results/formulations-bpplib.md
fi
if [ -x scripts/results-readme.sh ]; then scripts/results-readme.sh; fi
