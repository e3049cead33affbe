#!/usr/bin/env bash
# The Slurm round trip, for real, with faults: starts the single-node Slurm
# of scripts/slurm-local.sh, submits scripts/slurm-shards.sh as a job array
# of 4 tasks over a small BPPLIB subset (the first 3 instances of each set,
# FFD and exact), cancels task 2 with scancel in the middle of its runs,
# requeues task 4 (scontrol requeue) in the middle of its runs and checks
# that it restarted, checks that merging now fails (task 2's runs are
# missing), resubmits task 2 alone (sbatch --array=2, as a Slurm user
# would), merges the shards with `packbench merge --plan`, runs the same plan
# once in one process, and checks that both files hold the same runs (run
# keys) with the same deterministic results (rows, bound and its source,
# optimum, gap, status, verified, seed; not the times), and that no run was
# run twice: each run key is in one shard file once, and the rows tasks 2
# and 4 wrote before the cancel and the requeue are still there unchanged.
# Exits 1 on any difference. CI runs it after the tests (about two minutes).
#
#   scripts/slurm-check.sh            # uses $PACKBENCH, else the debug build (built or brought up to date)
#   SLURM_CHECK_REQUEUE=0 scripts/slurm-check.sh   # without the requeue of task 4
#
# The requeued task is not released by hand: Slurm starts it again by
# itself once the credential of its first start has expired (AuthInfo
# cred_expire: 10 s in scripts/slurm-local.sh's cluster, 120 s by default).
# Releasing it sooner (scontrol update StartTime=now) can start it within
# the second of its requeue, when slurmd still holds that credential as
# revoked: it refuses the launch ("Job credential revoked") and the task
# ends FAILED instead of restarting.
set -euo pipefail
cd "$(dirname "$0")/.."
root="${PACKBENCH_BPPLIB:-../shared/bpplib}"
work="$(mktemp -d /tmp/packbench-slurm-check.XXXXXX)"
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

# The debug build, brought up to date (after `swift test`, at once): an old
# release build lying about would check old code.
bin="${PACKBENCH:-}"
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
scripts/slurm-local.sh running || started_here=1
here="$(pwd)"
trap 'rm -rf "$work"; [ -z "$started_here" ] || "$here/scripts/slurm-local.sh" stop >/dev/null' EXIT
scripts/slurm-local.sh start
eval "$(scripts/slurm-local.sh env)"
export PACKBENCH="$bin" SHARDS_DIR="$work/shards"
# 2 GiB a task (the exact solver's peak here is far below), or the node's
# memory if it has less: a request above it would stay pending for ever.
memory="$(sinfo -h -N -o %m | head -1)"
case "$memory" in '' | *[!0-9]*) memory=2048 ;; esac
[ "$memory" -lt 2048 ] || memory=2048
submit=(sbatch --parsable --mem="${memory}M" --time=00:20:00 --output="$work/slurm-%A_%a.out")
echo "slurm-check: submitting a job array of 4 tasks ($(find "$data" -name '*.txt' | wc -l) instances x 2 algorithms)"
job="$("${submit[@]}" --array=1-4 scripts/slurm-shards.sh "${options[@]}")"
job="${job%%;*}"

# Tasks 2 and 4 hold the exact runs (the plan alternates FFD and exact, and
# 4 shards take every fourth run), task 2 on BPPLIB Scholl_3's slow HARD0
# seventh. Task 2 is cancelled once half its runs are written (6 of 12),
# during that one; task 4 is requeued (scontrol requeue) once 2 of its runs
# are, and left to Slurm to start again.
victim=2 requeued=4
requeue_check="${SLURM_CHECK_REQUEUE:-1}"
share="$("$bin" plan "${options[@]}" --shard "$victim/4" | wc -l)"
file="$SHARDS_DIR/shard-$victim.csv"
state_of() { squeue -h -j "${job}_$1" -o %T 2>/dev/null || true; }
rows_of() { if [ -f "$SHARDS_DIR/shard-$1.csv" ]; then echo $(( $(wc -l < "$SHARDS_DIR/shard-$1.csv") - 1 )); else echo 0; fi; }
# A shard file as it is now, up to its last whole line (a row being written is left out).
snapshot() { python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(d[:d.rfind(b"\n") + 1])' "$1" "$2"; }
cancelled="" requeue_done=""
[ "$requeue_check" = 1 ] || requeue_done=skipped
for _ in $(seq 1 1800); do
  state="$(state_of "$victim")" rows="$(rows_of "$victim")"
  if [ -z "$cancelled" ] && [ "$state" = RUNNING ] && [ "$rows" -ge $(( share / 2 )) ]; then
    scancel "${job}_$victim"
    cancelled=1
    echo "slurm-check: cancelled task $victim after $rows of its $share runs"
  fi
  if [ -z "$cancelled" ] && [ "$state" != RUNNING ] && [ "$state" != PENDING ] && [ -f "$file" ]; then
    echo "slurm-check: FAIL: task $victim ended before it could be cancelled (state '${state:-gone}', $rows rows)"; exit 1
  fi
  state="$(state_of "$requeued")" rows="$(rows_of "$requeued")"
  if [ -z "$requeue_done" ] && [ "$state" = RUNNING ] && [ "$rows" -ge 2 ]; then
    snapshot "$SHARDS_DIR/shard-$requeued.csv" "$work/requeued.csv"
    scontrol requeue "${job}_$requeued"
    requeue_done=1 requeued_at=$(date +%s)
    echo "slurm-check: requeued task $requeued after $rows runs"
  fi
  if [ -z "$requeue_done" ] && [ "$state" != RUNNING ] && [ "$state" != PENDING ] && [ -f "$SHARDS_DIR/shard-$requeued.csv" ]; then
    echo "slurm-check: FAIL: task $requeued ended before it could be requeued (state '${state:-gone}', $rows rows)"; exit 1
  fi
  [ -z "$cancelled" ] || [ -z "$requeue_done" ] || break
  sleep 0.1
done
[ -n "$cancelled" ] && [ -n "$requeue_done" ] || { echo "slurm-check: FAIL: the faults were not injected in time"; exit 1; }
# Until every task has ended (3 min at most), the requeued one after its restart.
for _ in $(seq 1 1800); do
  [ -n "$(squeue -h -j "$job" 2>/dev/null)" ] || break
  sleep 0.1
done
if [ "$requeue_check" = 1 ]; then
  log="$(cat "$work"/slurm-*_"$requeued".out 2>/dev/null || true)"
  # Both starts in one log: the restart appended to it (--open-mode=append).
  grep -q "task $requeued, restart 0" <<<"$log" && grep -q "task $requeued, restart 1" <<<"$log" || {
    echo "slurm-check: FAIL: task $requeued did not restart after its requeue, or its log lost the first start"
    printf '%s\n' "$log"; scontrol show job "${job}_$requeued" 2>/dev/null | grep -E 'JobState|Reason|Restarts|EligibleTime' || true
    exit 1
  }
  echo "slurm-check: task $requeued restarted by itself after its requeue and ended; its job took $(( $(date +%s) - requeued_at )) s more"
fi
[ -f "$work/requeued.csv" ] || head -1 "$file" > "$work/requeued.csv"
snapshot "$file" "$work/cancelled.csv"
left=$(( $(wc -l < "$work/cancelled.csv") - 1 ))
[ "$left" -lt "$share" ] || { echo "slurm-check: FAIL: task $victim finished all its $share runs before the cancel took"; exit 1; }
if scripts/slurm-shards.sh --merge 2>"$work/partial.err"; then
  echo "slurm-check: FAIL: merging with task $victim's runs missing exited 0"; cat "$work/partial.err"; exit 1
fi
grep -q "shard $victim/4: $(( share - left )) of its $share runs missing" "$work/partial.err" \
  || { echo "slurm-check: FAIL: the merge did not name what is missing:"; cat "$work/partial.err"; exit 1; }
echo "slurm-check: merging without task $victim fails and names what is missing; resubmitting task $victim alone"
"${submit[@]}" --wait --array="$victim" scripts/slurm-shards.sh "${options[@]}" >/dev/null
scripts/slurm-shards.sh --merge
"$bin" run "${options[@]}" -o "$work/single.csv" -q

python3 - "$work/shards/all.csv" "$work/single.csv" "$work/cancelled.csv" "$work/requeued.csv" "$work"/shards/shard-*.csv <<'PY'
import csv, sys
keep = ["run_key", "dataset", "instance", "n", "capacity", "spacing", "algorithm", "rows", "lower_bound",
        "bound_source", "optimum", "gap", "status", "verified", "seed"]
def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))
def load(path):
    return {r["run_key"]: tuple(r[c] for c in keep) for r in rows(path)}
merged, single = load(sys.argv[1]), load(sys.argv[2])
problems = []
if merged.keys() != single.keys():
    problems.append(f"run keys differ: {len(merged.keys() - single.keys())} only in the merged file, "
                    f"{len(single.keys() - merged.keys())} only in the single run")
for key in sorted(merged.keys() & single.keys()):
    if merged[key] != single[key]:
        problems.append(f"{key}: merged {merged[key]} != single {single[key]}")
# No run twice: every key once over all the shard files, and the rows the
# cancelled task wrote still there with their times (not run again).
seen = {}
for path in sys.argv[5:]:
    for r in rows(path):
        seen[r["run_key"]] = seen.get(r["run_key"], 0) + 1
twice = [k for k, n in seen.items() if n > 1]
if twice:
    problems.append(f"{len(twice)} runs are in the shard files more than once: {twice[:5]}")
final = {r["run_key"]: r for path in sys.argv[5:] for r in rows(path)}
before = rows(sys.argv[3]) + rows(sys.argv[4])
for r in before:
    if final.get(r["run_key"]) != r:
        problems.append(f"{r['run_key']}: written before the cancel or the requeue, then run again or lost")
if problems:
    print("slurm-check: FAIL"); print("\n".join(problems[:20])); sys.exit(1)
print(f"slurm-check: the merged shards equal the single run: {len(merged)} runs, same keys and results; "
      f"none run twice ({len(before)} kept from before the cancel and the requeue)")
PY
echo "slurm-check: PASS in $(( $(date +%s) - start )) s"
