#!/bin/sh
# The decision's own cost on the event loop, against what the same servers' threads spend around it: the bare
# server and the decide stage server (decode, rules, encoding on the bare server's HTTP path; STAGES= other stage
# servers too, e.g. "decide spin-50 alloc-80"; SERVERS= the whole list, bare included, a KIND:thp among them), each warmed up (WARMUP s, default 30), then ROUNDS (default 3) rounds of DURATION s (default 10) of
# wrk -t2 -c32 (HTTP/1.1; PROTO=h2: h2load -c4 -m8) with the 20 KB review, the servers in turn. Per round and server:
# req/s, CPU µs per request of the process, of its event loops, of its VM thread (the serial collector's pauses)
# and of its compiler threads (from /proc/PID/task, 10 ms ticks; loops_sys_us: the loops' system time), and for a stage server the stage's own thread
# CPU and bytes allocated per request, measured around it on the loop (GET /stage-stats), and after the load the
# same stage in a tight loop on one of the same process's event loops (GET /stage-hot: the same code and heap, hot).
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
servers="${SERVERS:-bare ${STAGES:-decide}}"
# A server named KIND:thp runs KIND with -XX:+UseTransparentHugePages (its heap and code in 2 MiB pages).
for s in $servers; do
  case "$s" in *:thp) JVM_EXTRA=-XX:+UseTransparentHugePages start "${s%:thp}" "onloop-$s.log" ;; *) start "$s" "onloop-$s.log" ;; esac
  echo "$pid $port" >"onloop-$s.pp"
done
trap 'for s in $servers; do kill $(cut -d" " -f1 "onloop-$s.pp") 2>/dev/null || true; done' EXIT
# ticks PID: "process loops vm jit" CPU ticks so far
ticks() {
  for t in /proc/"$1"/task/*; do
    printf '%s\t%s\n' "$(cat "$t/comm")" "$(cut -d')' -f2 "$t/stat" | awk '{print $12+$13 "\t" $13}')"
  done | awk -F'\t' '{all+=$2} /eventloo/{l+=$2; s+=$3} /^VM Thread/{v+=$2} /^C[12] Compiler/{j+=$2}
    END {printf "%d %d %d %d %d\n", all, l, v, j, s}'
}
one() {
  read -r pid port <"onloop-$1.pp"
  case "$1" in bare* | webhook*) ;; *) curl -sk "https://127.0.0.1:$port/stage-stats" >/dev/null ;; esac
  set -- "$1" "$2" $(ticks "$pid")
  if [ "${PROTO:-h1}" = h2 ]; then out=$(load2 "$2"); else out=$(load "$2"); fi
  set -- "$@" $(ticks "$pid")
  rps=$(echo "$out" | sed 's/.*rps=\([0-9.]*\).*/\1/')
  n=$(echo "$rps * $2" | bc)
  stage=""
  if [ "${1%:thp}" != bare ] && [ "${1%:thp}" != webhook ]; then
    stage=$(curl -sk "https://127.0.0.1:$port/stage-stats" | awk '{printf " stage_us=%.1f stage_kb=%.1f", $4/$2/1000, $6/$2/1024}')
    # the same stage in a tight loop on an event loop of the same process, unloaded: median of HOT (default 7) runs
    hot=$(i=0; while [ "$i" -lt "${HOT:-7}" ]; do curl -sk "https://127.0.0.1:$port/stage-hot?calls=300"; i=$((i + 1)); done |
      awk '{print $4/$2/1000}' | sort -n | awk '{v[NR]=$1} END {printf " hot_us=%.1f (%.1f-%.1f)", v[int((NR+1)/2)], v[1], v[NR]}')
    stage="$stage$hot"
  fi
  echo "$1 rps=$rps us=$(echo "(${8}-$3)*10000/$n" | bc) loops_us=$(echo "(${9}-$4)*10000/$n" | bc) vm_us=$(echo "scale=1; (${10}-$5)*10000/$n" | bc) jit_us=$(echo "scale=1; (${11}-$6)*10000/$n" | bc) loops_sys_us=$(echo "(${12}-$7)*10000/$n" | bc)$stage"
}
for s in $servers; do one "$s" "${WARMUP:-30}" >/dev/null; done
r=1
while [ "$r" -le "${ROUNDS:-3}" ]; do
  echo "round $r ${PROTO:-h1} (load $(cut -d' ' -f1 /proc/loadavg))"
  for s in $servers; do one "$s" "${DURATION:-10}"; done
  r=$((r + 1))
done
