# Shared pieces of the scripts that run the peers (sourced, not run):
# scripts/peers/peers.sh and scripts/exact-hard.sh.
#
#   peers_venv WORK PEERS...       the venv in WORK/venv (Python >= 3.12), with each peer's package
#   peers_run WORK LIST LIMIT MEMORY PREFIX PEERS...
#                                  each peer on the files listed in LIST -> PREFIX-<peer>.csv
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

# Each peer on every file of LIST (one path a line), one at a time, each in
# its own child process under the limits (run_peer.py); fresh CSVs.
peers_run() {
  local work="$1" list="$2" limit="$3" memory="$4" prefix="$5"; shift 5
  local files peer
  mapfile -t files < "$list"
  for peer in "$@"; do
    rm -f "$prefix-$peer.csv"
    "$work/venv/bin/python" scripts/peers/run_peer.py --solver "$peer" --time-limit "$limit" --memory-limit "$memory" \
      --output "$prefix-$peer.csv" "${files[@]}"
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
