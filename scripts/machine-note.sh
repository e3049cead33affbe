#!/usr/bin/env bash
# Prints one Markdown line naming the machine, toolchain and commit a result came from.
cpu=$(grep -m1 "model name" /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ *//')
mem=$(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo 2>/dev/null)
swiftv=$(swift --version 2>/dev/null | sed -n 1p | sed 's/.*Swift version \([^ ]*\).*/\1/')
commit=$(git rev-parse --short HEAD 2>/dev/null)
dirty=$(git status --porcelain -- Sources 2>/dev/null | grep -q . && echo "+changes")
# The 1-minute load average when the note is written: other work on the
# machine (a build, another benchmark) slows timings; above the core count
# the numbers are pessimistic.
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
echo "_Machine: ${cpu:-unknown CPU}, $(nproc) cores, ${mem}; $(uname -sr); Swift ${swiftv}; release build; commit ${commit}${dirty}; load average ${load:-unknown} at the end of the run; $(date -u +%Y-%m-%d)._"
