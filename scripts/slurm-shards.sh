#!/usr/bin/env bash
#SBATCH --job-name=packbench
#SBATCH --array=1-16
#SBATCH --cpus-per-task=1
#SBATCH --mem=6G
#SBATCH --time=24:00:00
#SBATCH --output=shards/slurm-%A_%a.out
#
# A long bench split into shards, on a Slurm cluster or one machine. The
# shards are `packbench run --shard i/n` over exactly the same options; each
# writes shards/shard-i.csv and its manifest; `packbench merge` checks that
# their configuration and instance checksums agree and joins them.
#
# On Slurm (a job array; n = the array's size; change --array to taste):
#   mkdir -p shards
#   sbatch scripts/slurm-shards.sh --dataset bpplib --algorithms exact --time-limit 60
#   # when every task has ended:
#   scripts/slurm-shards.sh --merge
#
# On one machine with GNU parallel (SHARDS shards, JOBS at a time):
#   SHARDS=8 JOBS=2 scripts/slurm-shards.sh --parallel --dataset bpplib --algorithms exact --time-limit 60
# which runs this line, then the merge:
#   parallel -j "$JOBS" "$bin" run "$@" --shard {}/"$SHARDS" -o shards/shard-{}.csv -q ::: $(seq 1 "$SHARDS")
#
# A shard killed half way (time limit of the job, node failure) is simply
# resubmitted: it skips the runs already in its file. Add --retry-failed to
# rerun its failures. Set PACKBENCH to the binary (default: a release build
# in .build/release, built if missing) and SHARDS_DIR to the folder of the
# shard files (default shards/). The merged file is $SHARDS_DIR/all.csv.
# sbatch passes the submitting shell's environment to the tasks.
#
# A real single-node Slurm on this machine, to try it: scripts/slurm-local.sh
# start; scripts/slurm-check.sh runs the whole round trip (submit, wait,
# merge, compare with a single run of the same plan).
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-$(dirname "$0")/..}"
out="${SHARDS_DIR:-shards}"
mkdir -p "$out"
bin="${PACKBENCH:-.build/release/packbench}"
if [ ! -x "$bin" ]; then swift build -c release --product packbench >&2; fi

if [ "${1:-}" = "--merge" ]; then
  exec "$bin" merge "$out"/shard-*.csv -o "$out/all.csv"
fi

if [ "${1:-}" = "--parallel" ]; then
  shift
  shards="${SHARDS:-4}"
  jobs="${JOBS:-2}"
  if command -v parallel >/dev/null 2>&1; then
    parallel -j "$jobs" "$bin" run "$@" --shard {}/"$shards" -o "$out"/shard-{}.csv -q ::: $(seq 1 "$shards")
  else
    echo "slurm-shards: GNU parallel not found (apt-get install parallel); using xargs -P" >&2
    seq 1 "$shards" | xargs -P "$jobs" -I{} "$bin" run "$@" --shard {}/"$shards" -o "$out"/shard-{}.csv -q
  fi
  files=()
  for i in $(seq 1 "$shards"); do files+=("$out/shard-$i.csv"); done
  exec "$bin" merge "${files[@]}" -o "$out/all.csv"
fi

# A task of the job array: shard i of n.
i="${SLURM_ARRAY_TASK_ID:?not a Slurm array task; use --parallel or --merge}"
n="${SLURM_ARRAY_TASK_COUNT:-${SLURM_ARRAY_TASK_MAX:?}}"
exec "$bin" run "$@" --shard "$i/$n" -o "$out/shard-$i.csv" -q
