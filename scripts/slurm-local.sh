#!/usr/bin/env bash
# A real single-node Slurm on this machine, for trying scripts/slurm-shards.sh
# (and for CI's check of it): Debian's slurm-wlm and munge, the controller
# (slurmctld) and the node daemon (slurmd) on this host, one partition.
#
#   scripts/slurm-local.sh start     # install if missing, configure, start, wait until the node is idle
#   scripts/slurm-local.sh status    # sinfo
#   scripts/slurm-local.sh stop      # stop the daemons
#   scripts/slurm-local.sh running   # exit 0 if this cluster's controller runs
#   eval "$(scripts/slurm-local.sh env)"   # SLURM_CONF for sbatch, squeue, sinfo in this shell
#
# The configuration and state live in $PACKBENCH_SLURM_DIR (default
# /tmp/packbench-slurm); /etc/slurm is not touched. No systemd needed: the
# daemons are started directly (as root, or with sudo). No cgroups or
# accounting: ProctrackType=proctrack/linuxproc, TaskPlugin=task/none.
# A requeued job waits the credential lifetime (AuthInfo cred_expire, 120 s
# by default) before it may start again, and a job that becomes eligible by
# the clock is only seen by the main scheduler's periodic pass (every 60 s by
# default): here 10 s and 5 s, so that a requeued task starts again in about
# 15 s, not 3 minutes. `start` restarts daemons that run an older configuration.
set -euo pipefail
dir="${PACKBENCH_SLURM_DIR:-/tmp/packbench-slurm}"
conf="$dir/slurm.conf"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
host="$(hostname -s)"

install_packages() {
  local missing=()
  for p in slurmctld slurmd slurm-client munge; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "slurm-local: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
}

write_config() {
  $sudo mkdir -p "$dir/state" "$dir/spool"
  local cpus memory before
  before="$(cat "$conf" 2>/dev/null || true)"

  cpus="$(nproc)"
  memory=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 1024 ))
  $sudo tee "$conf" >/dev/null <<CONF
# Written by scripts/slurm-local.sh: a single-node Slurm for packbench.
ClusterName=packbench
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
AuthInfo=cred_expire=10
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=5
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MaxArraySize=10001
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  # Daemons started with another configuration keep it until restarted.
  if [ "$before" != "$(cat "$conf")" ] && running slurmctld >/dev/null; then
    echo "slurm-local: the configuration changed; restarting the daemons" >&2
    stop_daemons
  fi
}

# running NAME: the pid of this cluster's daemon NAME (from its pid file), if
# alive (a zombie not yet reaped is not).
running() {
  local pid
  pid="$(cat "$dir/$1.pid" 2>/dev/null || true)"
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null || true)" = "$1" ] \
    && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null || true)" != Z ] && echo "$pid"
}

# Stops this cluster's daemons by their pid files (never another Slurm's).
stop_daemons() {
  local pid name
  for name in slurmd slurmctld; do
    pid="$(running "$name" || true)"
    [ -z "$pid" ] || $sudo kill "$pid" 2>/dev/null || true
  done
  for _ in $(seq 1 100); do
    running slurmctld >/dev/null || running slurmd >/dev/null || return 0
    sleep 0.1
  done
}

start_munge() {
  if pgrep -x munged >/dev/null; then return; fi
  $sudo mkdir -p /run/munge /var/log/munge /var/lib/munge
  if [ ! -s /etc/munge/munge.key ]; then
    $sudo mungekey --create --force 2>/dev/null || $sudo dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  if id munge >/dev/null 2>&1; then
    $sudo chown -R munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge
    $sudo chmod 0700 /etc/munge
    $sudo chmod 0400 /etc/munge/munge.key
    $sudo runuser -u munge -- munged
  else
    $sudo munged --force
  fi
}

case "${1:-}" in
  start)
    install_packages
    write_config
    start_munge
    export SLURM_CONF="$conf"
    running slurmctld >/dev/null || $sudo env SLURM_CONF="$conf" slurmctld -f "$conf"
    running slurmd >/dev/null || $sudo env SLURM_CONF="$conf" slurmd -f "$conf" -N "$host"
    for _ in $(seq 1 60); do
      state="$(sinfo -h -N -o '%t' 2>/dev/null | head -1 || true)"
      case "$state" in
        idle|mix|alloc) echo "slurm-local: node $host is $state (SLURM_CONF=$conf)"; exit 0 ;;
      esac
      sleep 1
    done
    echo "slurm-local: the node did not become idle in 60 s; logs in $dir" >&2
    tail -5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
    exit 1
    ;;
  stop)
    stop_daemons
    echo "slurm-local: stopped"
    ;;
  status)
    SLURM_CONF="$conf" sinfo
    ;;
  running)
    running slurmctld >/dev/null
    ;;
  env)
    echo "export SLURM_CONF=$conf"
    ;;
  *)
    echo "usage: scripts/slurm-local.sh start|stop|status|running|env" >&2
    exit 2
    ;;
esac
