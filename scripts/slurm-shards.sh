#!/usr/bin/env bash
#SBATCH --job-name=packbench
#SBATCH --array=1-16
#SBATCH --cpus-per-task=1
#SBATCH --mem=6G
#SBATCH --time=24:00:00
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --output=shards/slurm-%A_%a.out
#
# A long bench split into shards, on a Slurm cluster or one machine. The
# shard count is fixed once, in a plan file ($SHARDS_DIR/plan.json, made by
# `packbench plan --shards n --output`): each task runs `packbench run
# OPTIONS --plan plan.json --shard i`, taking i from SLURM_ARRAY_TASK_ID and
# n from the plan (never from the array it was submitted in), and is refused
# if its options make other runs than the plan's. Each writes
# shards/shard-i.csv and its manifest; `packbench merge --plan` checks that
# they belong together, joins them, and fails if runs are missing.
#
# On Slurm (a job array 1-N; N = the shard count; change --array to taste):
#   mkdir -p shards
#   sbatch scripts/slurm-shards.sh --dataset bpplib --algorithms exact --time-limit 60
#   # when every task has ended:
#   scripts/slurm-shards.sh --merge              # exit 1 if runs are missing; --merge --allow-partial accepts that
# The first task to start writes the plan (N from its array, which must be
# 1-N), and the options beside it (plan.json.options). Or make the plan first:
#   scripts/slurm-shards.sh --plan 16 --dataset bpplib --algorithms exact --time-limit 60
#   sbatch --array=1-16 scripts/slurm-shards.sh
#
# A task that died (the job's time limit, a node failure, scancel) is
# resubmitted alone, with or without the options (without, they are the
# plan's):
#   sbatch --array=3 scripts/slurm-shards.sh
# It resumes its file: the runs already in it are not run again (add
# --retry-failed to the options to rerun its failures). A task that Slurm
# requeues (--requeue above; `scontrol requeue JOBID_3`) resumes the same way,
# once Slurm starts it again by itself (after the cluster's cred_expire, 2 min
# by default; releasing it sooner can make it fail: docs/running-at-scale-faults.md).
#
# On one machine with GNU parallel (SHARDS shards, JOBS at a time):
#   SHARDS=8 JOBS=2 scripts/slurm-shards.sh --parallel --dataset bpplib --algorithms exact --time-limit 60
# which makes the plan, runs this line, then the merge:
#   parallel -j "$JOBS" "$bin" run "$@" --plan shards/plan.json --shard {} -o shards/shard-{}.csv -q ::: $(seq 1 "$SHARDS")
#
# Set PACKBENCH to the binary (default: a release build in .build/release,
# built if missing) and SHARDS_DIR to the folder of the plan and the shard
# files (default shards/; one folder per bench). The merged file is
# $SHARDS_DIR/all.csv. sbatch passes the submitting shell's environment to
# the tasks.
#
# A real single-node Slurm on this machine, to try it: scripts/slurm-local.sh
# start; scripts/slurm-check.sh runs the whole round trip (submit, cancel a
# task and resubmit it alone, requeue another, merge, compare with a single
# run of the plan).
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-$(dirname "$0")/..}"
out="${SHARDS_DIR:-shards}"
plan="$out/plan.json"
mkdir -p "$out"
bin="${PACKBENCH:-.build/release/packbench}"
if [ ! -x "$bin" ]; then swift build -c release --product packbench >&2; fi

# make_plan N OPTIONS...: the plan of N shards (kept if the same plan is
# there, refused if another is), and the options beside it for tasks given
# none. Tasks racing to make it agree: the first link wins.
make_plan() {
  local n="$1" tmp
  shift
  "$bin" plan "$@" --shards "$n" --output "$plan"
  tmp="$out/.plan-options.$$"
  printf '%s\0' "$@" > "$tmp"
  ln "$tmp" "$plan.options" 2>/dev/null || true
  rm -f "$tmp"
}

case "${1:-}" in
  --merge)
    shift
    shopt -s nullglob
    files=("$out"/shard-*.csv)
    [ ${#files[@]} -gt 0 ] || { echo "slurm-shards: no shard files in $out" >&2; exit 1; }
    with_plan=()
    [ ! -f "$plan" ] || with_plan=(--plan "$plan")
    exec "$bin" merge "${with_plan[@]}" "${files[@]}" -o "$out/all.csv" "$@"
    ;;
  --plan)
    n="${2:?usage: scripts/slurm-shards.sh --plan N OPTIONS...}"
    shift 2
    make_plan "$n" "$@"
    echo "slurm-shards: now submit: sbatch --array=1-$n scripts/slurm-shards.sh" >&2
    exit 0
    ;;
  --parallel)
    shift
    shards="${SHARDS:-4}"
    jobs="${JOBS:-2}"
    make_plan "$shards" "$@"
    if command -v parallel >/dev/null 2>&1; then
      parallel -j "$jobs" "$bin" run "$@" --plan "$plan" --shard {} -o "$out"/shard-{}.csv -q ::: $(seq 1 "$shards")
    else
      echo "slurm-shards: GNU parallel not found (apt-get install parallel); using xargs -P" >&2
      seq 1 "$shards" | xargs -P "$jobs" -I{} "$bin" run "$@" --plan "$plan" --shard {} -o "$out"/shard-{}.csv -q
    fi
    files=()
    for i in $(seq 1 "$shards"); do files+=("$out/shard-$i.csv"); done
    exec "$bin" merge --plan "$plan" "${files[@]}" -o "$out/all.csv"
    ;;
esac

# A task of the job array: shard i of the plan's n.
i="${SLURM_ARRAY_TASK_ID:?not a Slurm array task; use --plan, --parallel or --merge}"
if [ $# -eq 0 ]; then
  [ -f "$plan.options" ] || {
    echo "slurm-shards: task $i has no options and $out holds no plan: the first submission gives the bench's options" >&2
    exit 1
  }
  mapfile -d '' -t options < "$plan.options"
  set -- "${options[@]}"
elif [ ! -f "$plan" ]; then
  # The first submission: its array must be 1-N, N being the shard count.
  if [ "${SLURM_ARRAY_TASK_MIN:-}" != 1 ] || [ "${SLURM_ARRAY_TASK_MAX:-}" != "${SLURM_ARRAY_TASK_COUNT:-}" ]; then
    echo "slurm-shards: $plan does not exist and this array (${SLURM_ARRAY_TASK_MIN:-?}-${SLURM_ARRAY_TASK_MAX:-?}, ${SLURM_ARRAY_TASK_COUNT:-?} tasks) is not 1-N: submit --array=1-N first, or make the plan with: scripts/slurm-shards.sh --plan N OPTIONS" >&2
    exit 1
  fi
  make_plan "$SLURM_ARRAY_TASK_COUNT" "$@"
fi
echo "slurm-shards: task $i, restart ${SLURM_RESTART_COUNT:-0}, plan $plan" >&2
exec "$bin" run "$@" --plan "$plan" --shard "$i" -o "$out/shard-$i.csv" -q
