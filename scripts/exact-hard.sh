#!/usr/bin/env bash
# `exact` and its peers on a fixed, seeded sample of the hard BPPLIB sets
# (AI, ANI, GI, Random in ../shared/bpplib-hard, or $PACKBENCH_BPPLIB_HARD):
# proven per set, shifted geometric mean of time (shift 10 s, unproven at the
# limit), the stage that settled each instance, the peers side by side.
#
#   scripts/exact-hard.sh                          # 20 per set, 60 s, packingsolver
#   PER_SET=3 TIME_LIMIT=10 scripts/exact-hard.sh  # a short version
#   PEERS="" scripts/exact-hard.sh                 # packbench alone
#   REPORT_ONLY=1 scripts/exact-hard.sh            # the report again from the last run's CSVs (those in
#                                                  # its work folder, else the committed results/$OUTPUT.csv,
#                                                  # the peer versions and reuse note taken from results/$OUTPUT.md)
#   PEERS_REUSE=1 scripts/exact-hard.sh            # packbench again; the peers' rows of their last
#                                                  # run, if it had the same sample, limits and peers
#                                                  # (the report says so, with that run's date)
#   PEERS_ONLY=1 scripts/exact-hard.sh             # the peers alone (no report): a later
#                                                  # PEERS_REUSE=1 run takes their rows
#   PEERS_ONLY=1 PEERS_RERUN=REGEX scripts/exact-hard.sh
#                                                  # the peers again on the sample files whose
#                                                  # path matches REGEX (e.g. after a run on a
#                                                  # busy machine); their rows replace the old ones
#   PER_SET=all PEERS="" JOBS=2 OUTPUT=exact-hard-all scripts/exact-hard.sh
#                                                  # every shared file of each set, packbench alone,
#                                                  # two solves at once: results/exact-hard-all.*
#
# The sample: for each set, the instance files sorted by name, then a partial
# Fisher-Yates shuffle driven by SplitMix64 seeded with $SEED (default 10):
# for i = 0, 1, ..., PER_SET - 1, swap name i with name i + next() mod (n - i),
# and take the first PER_SET names. A smaller PER_SET is a prefix of a larger
# one with the same seed. The seed and the list are in the report. PER_SET=all
# takes every file of each set (no draw).
#
# Writes results/$OUTPUT.csv (+ .manifest.json) and results/$OUTPUT.md, OUTPUT
# being exact-hard unless set; its work folder is .build-$OUTPUT.
# Environment: PER_SET (20, or all), TIME_LIMIT (60 s), MEMORY_LIMIT (4096 MiB), SEED (10),
# SETS ("AI ANI GI Random"), PEERS ("packingsolver"; see scripts/peers/peers.sh),
# JOBS (1: packbench's solves at once; the peers always run one at a time),
# OUTPUT (exact-hard), PACKBENCH_SCRATCH (SwiftPM scratch path, default .build),
# PACKBENCH (a packbench binary to use instead of building a release one; for
# REPORT_ONLY=1 any build will do, no time is measured).
#
# With peers, the report ends with `packbench compare --markdown` of each peer
# (BASE) against exact (NEW): proven counts, instances gained and lost, the
# time ratio with its bootstrap interval and the Wilcoxon test.
set -euo pipefail
cd "$(dirname "$0")/.."
per_set="${PER_SET:-20}"
limit="${TIME_LIMIT:-60}"
memory="${MEMORY_LIMIT:-4096}"
seed="${SEED:-10}"
sets="${SETS:-AI ANI GI Random}"
peers="${PEERS-packingsolver}"
jobs="${JOBS:-1}"
out="${OUTPUT:-exact-hard}"
hard="${PACKBENCH_BPPLIB_HARD:-../shared/bpplib-hard}"
work=".build-$out"
[[ "$per_set" =~ ^([1-9][0-9]*|all)$ ]] || { echo "exact-hard: PER_SET must be a positive number or 'all', not '$per_set'" >&2; exit 1; }
[[ "$jobs" =~ ^[1-9][0-9]?$ ]] || { echo "exact-hard: JOBS must be a number from 1 to 99, not '$jobs'" >&2; exit 1; }
case "$out" in ""|*/*|.*) echo "exact-hard: OUTPUT must be a plain file name stem, such as exact-hard-all" >&2; exit 1 ;; esac
[ -f "$hard/optima.tsv" ] || { echo "exact-hard: $hard/optima.tsv not found; set PACKBENCH_BPPLIB_HARD" >&2; exit 1; }
mkdir -p "$work" results

. scripts/peers/lib.sh
if [ -n "${PACKBENCH:-}" ]; then bin="$PACKBENCH"; else packbench_release; bin="$packbench_bin"; fi
# REPORT_ONLY=1 with no CSVs of a run in the work folder: the committed results alone.
from_results=""
if [ -n "${REPORT_ONLY:-}" ] && [ ! -f "$work/hard-packbench.csv" ]; then
  [ -f "results/$out.csv" ] && [ -f "results/$out.md" ] \
    || { echo "exact-hard: REPORT_ONLY=1 needs $work/hard-packbench.csv or results/$out.csv and .md" >&2; exit 1; }
  from_results=1
  echo "exact-hard: the report from the committed results/$out.csv (no run in $work)" >&2
fi
# shellcheck disable=SC2086  # $peers is a list of names
[ -z "$peers" ] || [ -n "$from_results" ] || peers_venv "$work" $peers

# The seeded sample, as symbolic links beside a copy of optima.tsv.
rm -rf "$work/sample"
mkdir -p "$work/sample"
cp "$hard/optima.tsv" "$work/sample/optima.tsv"
python3 - "$hard/instances" "$work/sample" "$seed" "$per_set" $sets <<'PY'
import os, sys
root, out, seed, sets = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[5:]
per_set = None if sys.argv[4] == "all" else int(sys.argv[4])
MASK = (1 << 64) - 1
def splitmix64(state):
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        yield z ^ (z >> 31)
for name in sets:
    folder = os.path.join(root, name)
    files = sorted(f for f in os.listdir(folder) if f.endswith(".txt"))
    if per_set is not None:
        rng = splitmix64(seed)
        for i in range(min(per_set, len(files))):
            j = i + next(rng) % (len(files) - i)
            files[i], files[j] = files[j], files[i]
        files = files[:per_set]
    os.makedirs(os.path.join(out, name))
    for f in files:
        os.symlink(os.path.abspath(os.path.join(folder, f)), os.path.join(out, name, f))
PY
find "$work/sample" -name '*.txt' | sort > "$work/sample.list"
drawn="seed $seed"; [ "$per_set" != all ] || drawn="every file"
echo "exact-hard: $(wc -l < "$work/sample.list") instances ($drawn), time limit ${limit} s, memory limit ${memory} MiB, $jobs at once" >&2

# What the peers' rows depend on: the sample, the limits, the peers.
stamp="sample $(sha256sum < "$work/sample.list" | cut -c1-16) limit $limit memory $memory peers $peers"
reuse_note=""
if [ -z "${REPORT_ONLY:-}" ] && [ -z "${PEERS_ONLY:-}" ]; then
  rm -f "$work"/hard-packbench.csv "$work"/hard-packbench.csv.manifest.json
  "$bin" run --dataset "$work/sample" --algorithms exact --time-limit "$limit" --memory-limit "$memory" \
    --jobs "$jobs" --fresh --quiet -o "$work/hard-packbench.csv"
fi
if [ -z "${REPORT_ONLY:-}" ]; then
  if [ -n "$peers" ]; then
    if [ -n "${PEERS_RERUN:-}" ]; then
      [ -f "$work/hard-peers.stamp" ] && [ "$(cat "$work/hard-peers.stamp")" = "$stamp" ] \
        || { echo "exact-hard: PEERS_RERUN needs a peer run of the same sample and limits to amend" >&2; exit 1; }
      grep -E -- "$PEERS_RERUN" "$work/sample.list" > "$work/rerun.list" \
        || { echo "exact-hard: no sample file matches PEERS_RERUN=$PEERS_RERUN" >&2; exit 1; }
      echo "exact-hard: the peers again on $(wc -l < "$work/rerun.list") files" >&2
      # shellcheck disable=SC2086
      peers_run "$work" "$work/rerun.list" "$limit" "$memory" "$work/rerun" $peers
      for peer in $peers; do
        python3 - "$work/hard-$peer.csv" "$work/rerun-$peer.csv" <<'PY'
import csv, sys
old_path, new_path = sys.argv[1], sys.argv[2]
with open(old_path) as f:
    reader = csv.DictReader(f); fields = reader.fieldnames; old = list(reader)
new = list(csv.DictReader(open(new_path)))
fresh = {(r["dataset"], r["instance"]): r for r in new}
rows = [fresh.pop((r["dataset"], r["instance"]), r) for r in old] + list(fresh.values())
with open(old_path, "w", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=fields); writer.writeheader(); writer.writerows(rows)
PY
      done
      echo "$(date -u '+%Y-%m-%d %H:%M') UTC, on the $(wc -l < "$work/rerun.list") files matching '$PEERS_RERUN'" > "$work/hard-peers.rerun"
    elif [ -n "${PEERS_REUSE:-}" ] && [ -f "$work/hard-peers.stamp" ] && [ "$(cat "$work/hard-peers.stamp")" = "$stamp" ]; then
      reuse_note="The peers' rows are those of their run of $(date -u -r "$work/hard-peers.stamp" '+%Y-%m-%d %H:%M') UTC on the same sample and limits (PEERS_REUSE=1); packbench's are from this run."
      [ ! -f "$work/hard-peers.rerun" ] || reuse_note="$reuse_note The peers ran again $(cat "$work/hard-peers.rerun"); those rows are from that run."
      echo "exact-hard: $reuse_note" >&2
    else
      rm -f "$work/hard-peers.stamp" "$work/hard-peers.rerun"
      for peer in $peers; do rm -f "$work/hard-$peer.csv"; done
      # shellcheck disable=SC2086
      peers_run "$work" "$work/sample.list" "$limit" "$memory" "$work/hard" $peers
      echo "$stamp" > "$work/hard-peers.stamp"
    fi
  fi
fi
# The note on reused peer rows goes with packbench's run: a report made
# again from that run's CSVs (REPORT_ONLY=1) says it too.
if [ -n "$from_results" ]; then
  reuse_note="$(grep "^The peers' rows are those of" "results/$out.md" || true)"
elif [ -n "${REPORT_ONLY:-}" ]; then
  [ ! -f "$work/hard-reuse.note" ] || reuse_note="$(cat "$work/hard-reuse.note")"
elif [ -z "${PEERS_ONLY:-}" ]; then
  printf '%s' "$reuse_note" > "$work/hard-reuse.note"
fi
if [ -n "${PEERS_ONLY:-}" ]; then
  echo "exact-hard: the peers' rows are in $work (stamp: $stamp); PEERS_REUSE=1 takes them" >&2
  exit 0
fi
versions="none"
if [ -n "$from_results" ]; then
  versions="$(sed -n 's/^Peer versions: \(.*\)\. Every packing is verified.*/\1/p' "results/$out.md")"
  [ -n "$versions" ] || versions="none"
else
  # shellcheck disable=SC2086
  [ -z "$peers" ] || versions="$(peers_versions "$work" $peers)"
  # One file: packbench's rows, then each peer's (the same header).
  cp "$work/hard-packbench.csv" "results/$out.csv"
  # Peer rows reused from an older packbench (PEERS_REUSE) may lack the
  # newest columns: they get them, empty, under packbench's header.
  for peer in $peers; do
    python3 - "results/$out.csv" "$work/hard-$peer.csv" <<'PY'
import csv, sys
header = next(csv.reader(open(sys.argv[1], newline="")))
with open(sys.argv[1], "a", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=header, restval="", lineterminator="\r\n")
    writer.writerows(csv.DictReader(open(sys.argv[2], newline="")))
PY
  done
  cp "$work/hard-packbench.csv.manifest.json" "results/$out.csv.manifest.json"
fi
if [ "$per_set" = all ]; then
  what="every instance file of each of $sets in \`../shared/bpplib-hard\`; $(wc -l < "$work/sample.list") in all."
else
  what="$per_set instances of each of $sets in \`../shared/bpplib-hard\`, drawn by a partial
Fisher-Yates shuffle of the sorted file names driven by SplitMix64 (seed $seed); $(wc -l < "$work/sample.list") in all."
fi
if [ "$jobs" = 1 ]; then at_once="one at a time"
elif [ -z "$peers" ]; then at_once="$jobs at a time (on a machine of $(nproc) cores)"
else at_once="packbench's $jobs at a time (on a machine of $(nproc) cores), the peers' one at a time"; fi
title="\`exact\` and its peers on the hard BPPLIB sets"; [ -n "$peers" ] || title="\`exact\` on the hard BPPLIB sets"

{
  echo "# $title"
  echo
  # SEED draws the sample; with every file there is nothing to draw.
  seed_setting=" SEED=$seed"; [ "$per_set" != all ] || seed_setting=""
  echo "Generated by \`scripts/exact-hard.sh\` (PER_SET=$per_set TIME_LIMIT=$limit MEMORY_LIMIT=$memory$seed_setting JOBS=$jobs OUTPUT=$out) from the committed code."
  echo "The sample: $what"
  echo "Every solver gets the same limits per instance: ${limit} s of wall time and ${memory} MiB of address space,"
  if [ -n "$peers" ]; then
    echo "each instance in its own child process, $at_once, one thread (packingsolver: its default parameters, its threads pinned to one core)."
    echo "Peer versions: ${versions}. Every packing is verified by the harness; \`optimal\` means rows equal a proven bound;"
  else
    echo "each instance in its own child process, $at_once, one thread; no peers (PEERS=\"\")."
    echo "Every packing is verified by the harness; \`optimal\` means rows equal a proven bound;"
  fi
  echo "a bound above the known optimum, or fewer rows, is \`wrong\`."
  [ -z "$reuse_note" ] || echo "$reuse_note"
  echo
  "$bin" report "results/$out.csv"
  echo
  for peer in $peers; do
    echo "## \`exact\` against $peer"
    echo
    echo "\`packbench compare results/$out.csv --algorithms $peer,exact --markdown\` (BASE $peer, NEW \`exact\`; see docs/compare.md):"
    echo
    "$bin" compare "results/$out.csv" --algorithms "$peer,exact" --markdown
    echo
  done
  echo "## By set and number of items"
  echo
  echo "\`exact\`'s instances proven per set and range of n, with the median and largest wall time of the proven ones."
  echo
  python3 - "results/$out.csv" <<'PY'
import csv, statistics, sys
edges = [250, 500, 700, 900, 1100, 2000, 4000, 8000]
def bucket(n):
    low = 1
    for edge in edges:
        if n <= edge:
            return (low, edge)
        low = edge + 1
    return (low, None)
groups = {}
for r in csv.DictReader(open(sys.argv[1])):
    if r["algorithm"] == "exact":
        groups.setdefault((r["dataset"], bucket(int(r["n"]))), []).append(r)
print("| set | n | instances | proven | median s (proven) | max s (proven) |")
print("|---|---|---:|---:|---:|---:|")
for (dataset, (low, high)), runs in sorted(groups.items()):
    times = [float(r["time_ms"] or 0) / 1000 for r in runs if r["status"] == "optimal"]
    span = f"{low}-{high}" if high else f"{low} or more"
    median = f"{statistics.median(times):.2f}" if times else "-"
    largest = f"{max(times):.2f}" if times else "-"
    print(f"| {dataset} | {span} | {len(runs)} | {len(times)} | {median} | {largest} |")
PY
  echo
  if [ "$per_set" = all ]; then
    echo "## The instances not proven, or proven in more than 10 s"
    echo
    echo "(Every instance is in \`results/$out.csv\`.)"
  else
    echo "## Each instance"
  fi
  echo
  echo "rows/bound per solver (\`*\` proven), seconds, and the stage that settled it (for \`exact\`: the stage that"
  echo "found the packing or raised the bound last; \`LP\` = column generation and diving, \`search\`/\`MIP\` = the decision on the bound's rows, \`cuts\` = cut-and-price with subset-row cuts and its reduced-cost fixing)."
  echo
  python3 - "results/$out.csv" "$per_set" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
if sys.argv[2] == "all":
    # Only the instances some solver did not prove, or proved slowly.
    slow = {(r["dataset"], r["instance"]) for r in rows
            if r["status"] != "optimal" or float(r["time_ms"] or 0) > 10_000}
    rows = [r for r in rows if (r["dataset"], r["instance"]) in slow]
algorithms = list(dict.fromkeys(r["algorithm"] for r in rows))
by = {}
for r in rows:
    by.setdefault((r["dataset"], r["instance"]), {})[r["algorithm"]] = r
head = ["set", "instance", "n", "capacity", "optimum"]
for a in algorithms:
    head += [f"{a} rows/bound", f"{a} s"] + (["stage"] if a == "exact" else [])
print("| " + " | ".join(head) + " |")
print("|" + "---|" * len(head))
for (dataset, instance), runs in sorted(by.items()):
    first = next(iter(runs.values()))
    line = [dataset, instance, first["n"], first["capacity"], first["optimum"] or "?"]
    for a in algorithms:
        r = runs.get(a)
        if r is None:
            line += ["", ""] + ([""] if a == "exact" else [])
            continue
        mark = "*" if r["status"] == "optimal" else ""
        status = "" if r["status"] in ("optimal", "feasible", "timelimit") else f" {r['status']}"
        line += [f"{r['rows'] or '-'}/{r['lower_bound'] or '-'}{mark}{status}", f"{float(r['time_ms'] or 0) / 1000:.1f}"]
        if a == "exact":
            line.append(r["stage"])
    print("| " + " | ".join(line) + " |")
PY
} > "results/$out.md"
echo "wrote results/$out.md and results/$out.csv" >&2
