#!/usr/bin/env bash
# The external door on all of BPPLIB: scripts/peers/ffd.py (ten lines of
# Python first-fit decreasing) through `packbench run --external`, against
# packbench's own first-fit-decreasing, and what the door costs: the same
# script run bare on every instance.
#
#   scripts/external-ffd.sh            # BPPLIB from ../shared/bpplib or $PACKBENCH_BPPLIB
#   PYTHON=/usr/bin/python3 scripts/external-ffd.sh
#
# Writes results/external-ffd.md and results/external-ffd.csv (+ manifest).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/peers/lib.sh
packbench_release
bin="$packbench_bin"
# The interpreter itself, not a shim that starts another program.
python="${PYTHON:-$(python3 -c 'import sys; print(sys.executable)')}"
bpplib="${PACKBENCH_BPPLIB:-../shared/bpplib}"
work=.build-external-ffd
mkdir -p results "$work"

# 1. Both side by side, one CSV, every packing verified.
"$bin" run --dataset bpplib --bpplib "$bpplib" --algorithms first-fit-decreasing,py-ffd \
  --external py-ffd="$python scripts/peers/ffd.py" --repetitions 1 --fresh -q -o results/external-ffd.csv

# 2. What the door costs, in chunks of instances taken in turn, so that a
# change in the machine's load falls on both sides alike: each chunk through
# the door (the external alone, the run's wall time), then the same files bare.
find "$bpplib/instances" -name '*.txt' | sort > "$work/files.list"
split -n l/8 -d "$work/files.list" "$work/chunk."
: > "$work/door-walls.tsv"
: > "$work/bare.tsv"
for chunk in "$work"/chunk.*; do
  mapfile -t files < "$chunk"
  datasets=()
  for file in "${files[@]}"; do datasets+=(--dataset "$file"); done
  start=$(date +%s%N)
  "$bin" run "${datasets[@]}" --algorithms py-ffd --external py-ffd="$python scripts/peers/ffd.py" \
    --fresh -q -o "$work/door-$(basename "$chunk").csv"
  echo -e "${#files[@]}\t$(( $(date +%s%N) - start ))" >> "$work/door-walls.tsv"
  "$python" - "$python" "$chunk" >> "$work/bare.tsv" <<'PY'
import subprocess, sys, time
python, chunk = sys.argv[1], sys.argv[2]
for f in open(chunk).read().split():
    start = time.perf_counter()
    subprocess.run([python, "scripts/peers/ffd.py", f], stdout=subprocess.DEVNULL, check=True)
    print((time.perf_counter() - start) * 1000)
PY
done

# 3. The report.
"$python" - "$work" > "$work/table.md" <<'PY'
import csv, glob, statistics, sys
work = sys.argv[1]
rows = list(csv.DictReader(open("results/external-ffd.csv", newline="")))
ours = {(r["dataset"], r["instance"]): r for r in rows if r["algorithm"] == "first-fit-decreasing"}
theirs = {(r["dataset"], r["instance"]): r for r in rows if r["algorithm"] == "py-ffd"}
same = sum(1 for k, r in ours.items() if k in theirs and theirs[k]["rows"] == r["rows"] and r["rows"])
differ = [f"{k[0]}/{k[1]}" for k, r in ours.items() if k not in theirs or theirs[k]["rows"] != r["rows"]]
statuses = {}
for r in theirs.values():
    statuses[r["status"]] = statuses.get(r["status"], 0) + 1
verified = sum(1 for r in theirs.values() if r["verified"] == "true")
door = [float(r["time_ms"]) for f in sorted(glob.glob(f"{work}/door-chunk.*.csv")) for r in csv.DictReader(open(f, newline=""))]
bare = [float(x) for x in open(f"{work}/bare.tsv").read().split()]
walls = [line.split("\t") for line in open(f"{work}/door-walls.tsv").read().splitlines()]
per_run = sum(int(ns) for _, ns in walls) / 1e6 / sum(int(n) for n, _ in walls)
native = [float(r["time_ms"]) for r in ours.values()]
m_bare, m_door = statistics.median(bare), statistics.median(door)
q = lambda xs: statistics.quantiles(xs, n=10)[-1]
print("| | instances | same rows as first-fit-decreasing | verified | statuses |")
print("| --- | ---: | ---: | ---: | --- |")
print(f"| py-ffd through --external | {len(theirs)} | {same} | {verified} | " + ", ".join(f"{s} {n}" for s, n in sorted(statuses.items())) + " |")
print()
if differ:
    print("Instances whose rows differ: " + ", ".join(differ[:20]) + ("..." if len(differ) > 20 else "") + ".")
    print()
print(f"What the door costs, measured in {len(walls)} chunks of instances taken in turn (each chunk through the door, then bare), over {len(door)} instances each way:")
print()
print("| time per instance | median | p90 |")
print("| --- | ---: | ---: |")
print(f"| packbench's first-fit-decreasing, in process (packing only; the side-by-side run) | {statistics.median(native):.3f} ms | {q(native):.3f} ms |")
print(f"| ffd.py run bare (`python3 ffd.py FILE` from Python's subprocess, start-up included) | {m_bare:.1f} ms | {q(bare):.1f} ms |")
print(f"| ffd.py through --external: the solver's time in the CSV (from `/bin/sh -c` to its exit) | {m_door:.1f} ms | {q(door):.1f} ms |")
print(f"| ffd.py through --external: the run's wall time per instance (mean; supervisor start, parsing, verification, CSV) | {per_run:.1f} ms | |")
print()
print(f"The door's overhead against the bare script: {m_door - m_bare:+.1f} ms per instance in the time recorded (median: `/bin/sh` and the fork), "
      f"{per_run - statistics.mean(bare):+.1f} ms per instance end to end (means).")
PY
{
  echo "# Ten lines of Python through the external door"
  echo
  echo "Generated by \`scripts/external-ffd.sh\`: \`scripts/peers/ffd.py\` (first-fit decreasing in ten lines of Python, the example of docs/external-solvers.md) as \`--external py-ffd=\"python3 scripts/peers/ffd.py\"\` beside packbench's own \`first-fit-decreasing\`, in one \`packbench run\` over all of BPPLIB ($(wc -l < "$bpplib/optima.tsv" | awk '{print $1 - 1}') instances, spacing 0), every packing verified by packbench (results/external-ffd.csv). Python: $("$python" --version 2>&1). Times on a shared machine: compare the rows of one table, not with other reports."
  echo
  cat "$work/table.md"
  echo
  scripts/machine-note.sh
} > results/external-ffd.md
echo "wrote results/external-ffd.md and results/external-ffd.csv" >&2
