#!/usr/bin/env bash
# Regenerates results/core-exact.{csv,md}: the pure-Swift exact solver of the
# core library (`bin-completion`, what an app can ship) beside the GLPK
# `exact` pipeline, release build, one job at a time, each packing verified
# by the harness:
#   1. tag clouds: the 40 bundled ones (datasets/tag-clouds) and generated
#      clouds of 10 to 200 tags from every tag list in datasets/tags with
#      every preset (`packbench layout make-clouds`, seed 2, into the build
#      folder; the same seed gives the same files), CLOUD_LIMIT s each (1);
#   2. BPPLIB instances with n <= 120 (Falkenauer_T 60 and 120, Scholl_1
#      N1/N2, Schwerin_1, Schwerin_2, Waescher) from ../shared/bpplib (or
#      $PACKBENCH_BPPLIB), BPPLIB_LIMIT s each (1).
# Environment: PACKBENCH_SCRATCH (SwiftPM scratch path, default .build),
# CLOUD_COUNT (generated clouds, default 280), SOLVE_REPETITIONS (runs of
# each solve, default 5: the median is its time), CLOUD_REPEAT_UP_TO_MS
# (tag-cloud solves up to this many ms repeat, default 1000: every one, so
# that the maximum promised is a maximum of medians; BPPLIB solves repeat up
# to 50 ms: 609 second-long solves five times would cost many minutes),
# CORE_EXACT_PARTS (the parts
# to run: "clouds", "bpplib" or both, the default "clouds,bpplib"; a part
# left out keeps its CSV from an earlier run in the report).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${PACKBENCH_SCRATCH:-.build}"
cloud_limit="${CLOUD_LIMIT:-1}"
bpplib_limit="${BPPLIB_LIMIT:-1}"
count="${CLOUD_COUNT:-280}"
solve_repetitions="${SOLVE_REPETITIONS:-5}"
cloud_repeat_ms="${CLOUD_REPEAT_UP_TO_MS:-1000}"
parts="${CORE_EXACT_PARTS:-clouds,bpplib}"
case ",$parts," in *,clouds,*) run_clouds=1 ;; *) run_clouds=0 ;; esac
case ",$parts," in *,bpplib,*) run_bpplib=1 ;; *) run_bpplib=0 ;; esac
swift build -c release --product packbench --scratch-path "$scratch" >/dev/null
bin="$scratch/release/packbench"
root="${PACKBENCH_BPPLIB:-../shared/bpplib}"
work="$scratch/core-exact"
rm -rf "$work"
mkdir -p "$work/clouds/generated-clouds" "$work/clouds/bundled-clouds" "$work/bpplib" results

# 1. Tag clouds: the bundled ones and generated ones from every list and preset.
if [ "$run_clouds" = 1 ]; then
  cp datasets/tag-clouds/*.txt "$work/clouds/bundled-clouds/"
  "$bin" layout make-clouds --seed 2 --count "$count" --min-tags 10 --max-tags 200 \
    --presets capsule,compact,icon,plain --output "$work/clouds/generated-clouds" \
    --tags datasets/tags/*.txt >/dev/null
  "$bin" run --dataset "$work/clouds" --algorithms bin-completion,exact --time-limit "$cloud_limit" \
    --solve-repetitions "$solve_repetitions" --repeat-solves-up-to-ms "$cloud_repeat_ms" \
    --fresh --quiet --output results/core-exact-clouds.csv
fi

# 2. BPPLIB with n <= 120: links to the instance files and BPPLIB's optima.
if [ "$run_bpplib" = 0 ]; then
  :
elif [ -d "$root/instances" ]; then
  for set_name in Falkenauer_T Scholl_1 Schwerin_1 Schwerin_2 Waescher; do
    mkdir -p "$work/bpplib/$set_name"
    for f in "$root/instances/$set_name"/*; do
      n=$(head -1 "$f" | tr -d '\r ')
      if [ "$n" -le 120 ]; then ln -s "$(cd "$(dirname "$f")" && pwd)/$(basename "$f")" "$work/bpplib/$set_name/"; fi
    done
  done
  cp "$root/optima.tsv" "$work/bpplib/optima.tsv"
  "$bin" run --dataset "$work/bpplib" --algorithms bin-completion,exact --time-limit "$bpplib_limit" \
    --solve-repetitions "$solve_repetitions" --fresh --quiet --output results/core-exact-bpplib.csv
else
  echo "core-exact: $root not found; the BPPLIB part is skipped" >&2
fi

# Per-cloud time quantiles (the report gives means and medians per set).
quantiles() {
  python3 - "$1" <<'PY'
import csv, sys, statistics
rows = list(csv.DictReader(open(sys.argv[1])))
print("| set | algorithm | instances | proven optimal | median ms | p90 ms | max ms | median ms, slowest run | max ms, slowest run | largest n |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
keys = sorted({(r["dataset"], r["algorithm"]) for r in rows})
for d, a in keys:
    rs = [r for r in rows if r["dataset"] == d and r["algorithm"] == a]
    t = sorted(float(r["time_ms"] or "nan") for r in rs)
    proven = sum(r["status"] == "optimal" for r in rs)
    p90 = t[min(len(t) - 1, int(0.9 * len(t)))]
    slowest_runs = [float(r["time_ms_max"] or r["time_ms"] or "nan") for r in rs]
    slowest = statistics.median(slowest_runs)
    print(f"| {d} | {a} | {len(rs)} | {proven} ({100 * proven / len(rs):.1f} %) | {statistics.median(t):.3f} | {p90:.3f} | {max(t):.3f} | {slowest:.3f} | {max(slowest_runs):.3f} | {max(int(r['n']) for r in rs)} |")
PY
}

{
  echo "## The proven minimum in pure Swift (\`bin-completion\`) beside GLPK's \`exact\`"
  echo
  echo "\`scripts/core-exact.sh\`: \`bin-completion\` is the exact solver of the \`RowPacking\` library"
  echo "(standard library only, no GLPK: what an app can ship); \`exact\` is the GLPK pipeline, each"
  echo "solve in a child process (its times include no process start: they are the solver's own)."
  echo "Release build, one job at a time, every packing verified by the harness."
  echo "Each tag-cloud solve of at most ${cloud_repeat_ms} ms (every one under the 1 s limit) and each BPPLIB"
  echo "solve of at most 50 ms runs ${solve_repetitions} times in its child process (\`--solve-repetitions\`,"
  echo "\`--repeat-solves-up-to-ms\`: the first run cold, in a fresh process, the others warm; the"
  echo "packing reported is the first run's) and its time is the median of the runs; slower solves"
  echo "run once. *Median ms, slowest run* and *max ms, slowest run*: the median and the maximum over"
  echo "the set of each instance's slowest run (as a rule its cold first run)."
  echo
  echo "### Tag clouds (${cloud_limit} s each)"
  echo
  echo "The 40 bundled clouds and ${count} generated ones (\`packbench layout make-clouds --seed 2"
  echo "--count ${count} --min-tags 10 --max-tags 200\` over every list in datasets/tags, presets"
  echo "capsule, compact, icon and plain in turn). Widths are fractional (HarfBuzz advances),"
  echo "packed at 1000 units per point; *proven optimal* holds for the true widths."
  echo
  quantiles results/core-exact-clouds.csv
  echo
  if [ -f results/core-exact-bpplib.csv ]; then
    echo "### BPPLIB instances with n <= 120 (${bpplib_limit} s each)"
    echo
    quantiles results/core-exact-bpplib.csv
    echo
    "$bin" report results/core-exact-bpplib.csv
  fi
} > results/core-exact.md
if [ -x scripts/results-readme.sh ]; then scripts/results-readme.sh; fi
echo "results/core-exact.md written"
