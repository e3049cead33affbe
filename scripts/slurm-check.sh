#!/usr/bin/env bash
# The Slurm round trip, for real: starts the single-node Slurm of
# scripts/slurm-local.sh, submits scripts/slurm-shards.sh as a job array of
# 4 tasks over a small BPPLIB subset (a few instances of each set, FFD and
# exact), waits, merges the shards with `packbench merge`, runs the same plan
# once in one process, and checks that both files hold the same runs (run
# keys) with the same deterministic results (rows, bound and its source,
# optimum, gap, status, verified, seed; not the times). Exits 1 on any
# difference. CI runs it after the tests.
#
#   scripts/slurm-check.sh            # uses $PACKBENCH, else .build/debug or .build/release, building if needed
set -euo pipefail
cd "$(dirname "$0")/.."
root="${PACKBENCH_BPPLIB:-../shared/bpplib}"
work="$(mktemp -d /tmp/packbench-slurm-check.XXXXXX)"
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

bin="${PACKBENCH:-}"
if [ -z "$bin" ]; then
  for candidate in .build/release/packbench .build/debug/packbench; do
    if [ -x "$candidate" ]; then bin="$candidate"; break; fi
  done
fi
if [ -z "$bin" ]; then swift build --product packbench >/dev/null; bin=.build/debug/packbench; fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

# The subset: the first 3 instances (name order) of each BPPLIB set, with BPPLIB's optima.
if [ -d "$root/instances" ]; then
  for dir in "$root"/instances/*/; do
    set_name="$(basename "$dir")"
    mkdir -p "$work/data/$set_name"
    ls "$dir" | sort | sed -n 1,3p | while read -r f; do ln -s "$(cd "$dir" && pwd)/$f" "$work/data/$set_name/$f"; done
  done
  cp "$root/optima.tsv" "$work/data/optima.tsv"
  data="$work/data"
else
  echo "slurm-check: $root not found; using the bundled datasets/default instead of BPPLIB" >&2
  data="$(pwd)/datasets/default"
fi
# A time limit far above any of these instances' solve time (the slowest,
# Scholl_3 HARD0, takes about 5 s): the comparison is of results, and a
# solve cut short by a busy machine in one run only would differ by timing.
options=(--dataset "$data" --algorithms first-fit-decreasing,exact --time-limit 120 --repetitions 1 --min-sample-ms 0)

# Leave the machine as it was: daemons this check starts, it stops on exit.
started_here=""
pgrep -x slurmctld >/dev/null || started_here=1
here="$(pwd)"
trap 'rm -rf "$work"; [ -z "$started_here" ] || "$here/scripts/slurm-local.sh" stop >/dev/null' EXIT
scripts/slurm-local.sh start
eval "$(scripts/slurm-local.sh env)"
echo "slurm-check: submitting a job array of 4 tasks ($(find "$data" -name '*.txt' | wc -l) instances x 2 algorithms)"
PACKBENCH="$bin" SHARDS_DIR="$work/shards" sbatch --wait --array=1-4 --mem=2G --time=00:20:00 \
  --output="$work/slurm-%A_%a.out" scripts/slurm-shards.sh "${options[@]}"
PACKBENCH="$bin" SHARDS_DIR="$work/shards" scripts/slurm-shards.sh --merge
"$bin" run "${options[@]}" -o "$work/single.csv" -q

python3 - "$work/shards/all.csv" "$work/single.csv" <<'PY'
import csv, sys
keep = ["run_key", "dataset", "instance", "n", "capacity", "spacing", "algorithm", "rows", "lower_bound",
        "bound_source", "optimum", "gap", "status", "verified", "seed"]
def load(path):
    with open(path, newline="") as f:
        return {r["run_key"]: tuple(r[c] for c in keep) for r in csv.DictReader(f)}
merged, single = load(sys.argv[1]), load(sys.argv[2])
problems = []
if merged.keys() != single.keys():
    problems.append(f"run keys differ: {len(merged.keys() - single.keys())} only in the merged file, "
                    f"{len(single.keys() - merged.keys())} only in the single run")
for key in sorted(merged.keys() & single.keys()):
    if merged[key] != single[key]:
        problems.append(f"{key}: merged {merged[key]} != single {single[key]}")
if problems:
    print("slurm-check: FAIL"); print("\n".join(problems[:20])); sys.exit(1)
print(f"slurm-check: the merged shards equal the single run: {len(merged)} runs, same keys and results")
PY
echo "slurm-check: PASS in $(( $(date +%s) - start )) s"
