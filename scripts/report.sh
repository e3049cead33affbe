#!/usr/bin/env bash
# A report of a result file: Markdown summary, HTML page with SVG charts,
# the performance profile's data and a PNG screenshot of the page.
#
#   scripts/report.sh RESULTS.csv [PREFIX]     # PREFIX defaults to results/report
#
# With no RESULTS.csv, first runs the heuristics over all of BPPLIB in micro
# mode (resumable: results/report-bpplib.csv) and reports that.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" --product packbench >&2
bin="$scratch/release/packbench"
mkdir -p results
csv="${1:-}"
prefix="${2:-results/report}"
if [ -z "$csv" ]; then
  csv=results/report-bpplib.csv
  "$bin" run --dataset bpplib --algorithms heuristics --micro --micro-total-ms 20 -o "$csv" -q
fi
"$bin" report "$csv" --markdown "$prefix.md" --html "$prefix.html" --profile-csv "$prefix-profile.csv" \
  --title "packbench report: $(basename "$csv")"
echo "wrote $prefix.md, $prefix.html, $prefix-profile.csv" >&2
scripts/screenshot.sh "$prefix.html" "$prefix.png"
