#!/bin/sh
# Whether the JIT has settled: starts one server (webhook, bare, or a stage server, as stages.sh does) and loads it
# with wrk (the 20 KB review, HTTP/1.1) for WINDOWS (default 12) windows of 15 s, printing per window the rate and
# the CPU ticks (1/100 s) of the C2 compiler threads, of the event loops and of the whole process. A window whose
# C2 ticks are a few percent of the process's is past the warm-up; figures taken before it include compilation.
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
server=${1:-webhook}
start "$server" "jit-settle-$server.log"
trap 'kill $pid 2>/dev/null || true' EXIT
# ticks NAME-PATTERN: utime+stime of the process's threads whose name matches
ticks() {
  for t in /proc/"$pid"/task/*; do
    if grep -q "$1" "$t/comm" 2>/dev/null; then awk '{print $14+$15}' "$t/stat"; fi
  done | awk '{s+=$1} END {print s+0}'
}
i=1
while [ "$i" -le "${WINDOWS:-12}" ]; do
  c0=$(ticks "C2 Compiler"); e0=$(ticks eventloo); p0=$(awk '{print $14+$15}' "/proc/$pid/stat")
  out=$(load 15)
  c1=$(ticks "C2 Compiler"); e1=$(ticks eventloo); p1=$(awk '{print $14+$15}' "/proc/$pid/stat")
  echo "$server window $i: $(echo "$out" | sed 's/.*\(rps=[0-9.]*\).*/\1/') c2=$((c1 - c0)) loops=$((e1 - e0)) process=$((p1 - p0)) (load $(cut -d' ' -f1 /proc/loadavg))"
  i=$((i + 1))
done
