# Shared pieces of the scripts that run the peers (sourced, not run):
# scripts/peers/peers.sh and scripts/exact-hard.sh.
#
#   peers_venv WORK PEERS...       the venv in WORK/venv (Python >= 3.12), with each peer's package
#   peers_externals WORK PEERS...  the peers as NAME=COMMAND lines for `packbench run --externals`
#   peers_run WORK LIST LIMIT MEMORY PREFIX PEERS...
#                                  each peer on the files listed in LIST -> PREFIX-<peer>.csv,
#                                  through `packbench run`, pinned to one core (peers_core)
#   peers_versions WORK PEERS...   "peer version, peer version"
#   packbench_release              builds packbench (release); sets $packbench_bin

# Python 3.12 for packingsolver: $PEERS_PYTHON, python3.12/3.13 on PATH, else pyenv's.
peers_venv() {
  local work="$1"; shift
  local python="${PEERS_PYTHON:-}" candidate
  if [ -z "$python" ]; then
    for candidate in python3.12 python3.13 "$HOME"/.pyenv/versions/3.12*/bin/python3.12; do
      if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; assert sys.version_info >= (3, 12)' 2>/dev/null; then
        python="$candidate"; break
      fi
    done
  fi
  [ -n "$python" ] || { echo "peers: no Python >= 3.12 found (packingsolver's wheels need it); set PEERS_PYTHON" >&2; return 1; }
  if [ ! -x "$work/venv/bin/python" ]; then "$python" -m venv "$work/venv"; fi
  local packages=() peer
  for peer in "$@"; do
    case "$peer" in
      packingsolver) packages+=(packingsolver) ;;
      cp-sat) packages+=(ortools) ;;
      highs-arcflow) packages+=(highspy) ;;
      *) echo "peers: unknown peer '$peer' (packingsolver, cp-sat, highs-arcflow)" >&2; return 1 ;;
    esac
  done
  [ ${#packages[@]} = 0 ] || "$work/venv/bin/pip" install -q "${packages[@]}" >&2
}

# The core the solvers are pinned to (the last one this shell may use):
# packbench's exact solvers and the peers alike get one core, so that a
# peer's threads (packingsolver runs several algorithms at once) do not
# give it more than packbench's budget.
peers_core() {
  python3 -c 'import os; print(sorted(os.sched_getaffinity(0))[-1])' 2>/dev/null || echo 0
}

# The peers as packbench external solvers, one NAME=COMMAND a line (for
# `packbench run --externals FILE`): each an adapter that reads a BPP file
# and prints its rows and its bound (scripts/peers/run_peer.py).
peers_externals() {
  local work="$1" peer; shift
  echo "# The peers through packbench's external door (docs/external-solvers.md)."
  for peer in "$@"; do
    echo "$peer=$work/venv/bin/python scripts/peers/run_peer.py --solver $peer"
  done
}

# Each peer on every file of LIST (one path a line), one at a time, through
# `packbench run --externals`: packbench's limits, process groups, verifier
# and CSV; pinned to one core. Fresh CSVs, PREFIX-<peer>.csv.
peers_run() {
  local work="$1" list="$2" limit="$3" memory="$4" prefix="$5"; shift 5
  local files file peer status datasets=()
  mapfile -t files < "$list"
  for file in "${files[@]}"; do datasets+=(--dataset "$file"); done
  [ -n "${packbench_bin:-}" ] || packbench_release
  peers_externals "$work" "$@" > "$work/peers.externals"
  for peer in "$@"; do
    status=0
    taskset -c "$(peers_core)" "$packbench_bin" run "${datasets[@]}" --externals "$work/peers.externals" \
      --algorithms "$peer" --time-limit "$limit" --memory-limit "$memory" --fresh -q -o "$prefix-$peer.csv" || status=$?
    # 2: a wrong result, which the CSV and the report show.
    [ "$status" = 0 ] || [ "$status" = 2 ] || return "$status"
  done
}

peers_versions() {
  local work="$1"; shift
  local versions="" peer
  for peer in "$@"; do
    versions+="$peer $("$work/venv/bin/python" scripts/peers/run_peer.py --solver "$peer" --version), "
  done
  echo "${versions%, }"
}

# Retried: in a shared working tree a file may change during the build.
packbench_release() {
  local scratch="${PACKBENCH_SCRATCH:-.build}" attempt
  for attempt in 1 2 3; do
    if swift build -c release --scratch-path "$scratch" --product packbench >&2; then break; fi
    [ "$attempt" = 3 ] && return 1
    sleep 30
  done
  packbench_bin="$scratch/release/packbench"
}
