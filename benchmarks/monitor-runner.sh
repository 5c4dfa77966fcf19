#!/bin/sh
# Monitor runner: `condlint monitor` against a stand-in API server (benchmarks.jar watch-server: discovery,
# paged lists and WebSocket watches on Vert.x, in a JVM of its own) serving 2,000, 20,000 and 100,000
# generated objects (SIZES). For each size, in one run:
#   - the time from the monitor's start to /readyz (every resource listed and judged);
#   - its RSS once ready (VmRSS) and its peak RSS (VmHWM), against the budget of 200 MiB + 2 KiB per
#     watched object;
#   - the time from an event (an object given a new mistake; its watch hears of it at once) to the first
#     /metrics that shows the finding, 20 events (benchmarks.jar monitor-latency): goal 2 s;
#   - how long it takes to stop after SIGTERM: goal 10 s.
# The monitor runs as deploy/monitor runs it (docs/monitor.md, "Sizing"): MALLOC_ARENA_MAX=2, the serial
# collector, C1 only, 512 KiB thread stacks, and a heap of HEAP_BASE MiB + HEAP_PER_OBJECT KiB per object.
# Bounded: every wait has a time limit. Usage: benchmarks/monitor-runner.sh
set -eu
. "$(dirname -- "$0")/common.sh"
sizes="${SIZES:-2000 20000 100000}"
heap_base="${HEAP_BASE:-48}"
heap_per_object="${HEAP_PER_OBJECT:-1.5}"
jvm_flags="-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k"
limit=900

build_jars

server_pid=""
monitor_pid=""
stop_all() {
  if [ -n "$monitor_pid" ]; then kill "$monitor_pid" 2>/dev/null || true; wait "$monitor_pid" 2>/dev/null || true; fi
  if [ -n "$server_pid" ]; then exec 9>&-; wait "$server_pid" 2>/dev/null || true; fi
  monitor_pid=""
  server_pid=""
}
trap stop_all EXIT

# start_server CORPUS KUBECONFIG: sets $server_url.
start_server() {
  fifo="$work/watch-server.in"
  rm -f "$fifo" "$work/watch-server.out"
  mkfifo "$fifo"
  java -Xmx4g -XX:+UseSerialGC -jar "$bench_jar" watch-server --from "$1" --kubeconfig "$2" \
    <"$fifo" >"$work/watch-server.out" 2>"$work/watch-server.err" &
  server_pid=$!
  exec 9>"$fifo"
  waited=0
  until grep -q '^ready ' "$work/watch-server.out" 2>/dev/null; do
    if [ "$waited" -ge 600 ] || ! kill -0 "$server_pid" 2>/dev/null; then
      cat "$work/watch-server.err" >&2
      echo "the stand-in API server did not start" >&2
      exit 2
    fi
    sleep 1
    waited=$((waited + 1))
  done
  server_url=$(awk '/^ready / {print $3}' "$work/watch-server.out")
}

# kib PID FIELD: a /proc/PID/status field in KiB.
kib() {
  awk -v f="$2:" '$1 == f {print $2}' "/proc/$1/status"
}

# elapsed_ms SINCE_NS
elapsed_ms() {
  echo $(( ($(date +%s%N) - $1) / 1000000 ))
}

machine
echo "monitor JVM: MALLOC_ARENA_MAX=2 $jvm_flags -Xmx(${heap_base} MiB + ${heap_per_object} KiB per object)"
results="$work/monitor-results.txt"
: >"$results"
for n in $sizes; do
  dir="$work/monitor-$n"
  [ -d "$dir/corpus" ] || java -jar "$bench_jar" generate --objects "$n" --files "$((n / 10))" --out "$dir/corpus" >/dev/null
  start_server "$dir/corpus" "$dir/kubeconfig"
  heap=$(awk -v b="$heap_base" -v p="$heap_per_object" -v n="$n" 'BEGIN { printf "%d", b + n * p / 1024 }')
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  started=$(date +%s%N)
  # shellcheck disable=SC2086
  MALLOC_ARENA_MAX=2 java $jvm_flags "-Xmx${heap}m" -jar "$cli_jar" monitor --kubeconfig "$dir/kubeconfig" \
    --metrics-address 127.0.0.1:0 >"$dir/monitor.out" 2>"$dir/monitor.err" &
  monitor_pid=$!
  port=""
  ready=""
  waited=0
  while [ -z "$ready" ]; do
    if [ "$waited" -ge "$((limit * 10))" ] || ! kill -0 "$monitor_pid" 2>/dev/null; then
      cat "$dir/monitor.err" >&2
      echo "the monitor did not get ready" >&2
      exit 2
    fi
    [ -n "$port" ] || port=$(sed -n 's/.* on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$dir/monitor.err" | head -n 1)
    if [ -n "$port" ] && curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1; then
      ready=$(elapsed_ms "$started")
    else
      sleep 0.1
      waited=$((waited + 1))
    fi
  done
  hwm_ready=$(kib "$monitor_pid" VmHWM)
  sleep 10
  rss=$(kib "$monitor_pid" VmRSS)
  objects=$(curl -s "http://127.0.0.1:$port/metrics" | awk '/^condlint_objects\{/ {s += $2} END {printf "%d", s}')
  findings=$(curl -s "http://127.0.0.1:$port/metrics" | awk '/^condlint_findings\{/ {s += $2} END {printf "%d", s}')
  java -jar "$bench_jar" monitor-latency --metrics "http://127.0.0.1:$port" --server "$server_url" --times 20 \
    --objects "$n" >"$dir/latency.out"
  latency=$(tail -n 1 "$dir/latency.out")
  rss_after=$(kib "$monitor_pid" VmRSS)
  hwm=$(kib "$monitor_pid" VmHWM)
  load_after=$(cut -d' ' -f1 /proc/loadavg)
  asked=$(date +%s%N)
  kill -TERM "$monitor_pid"
  wait "$monitor_pid" || true
  stopped=$(elapsed_ms "$asked")
  monitor_pid=""
  exec 9>&-
  wait "$server_pid" || true
  server_pid=""
  budget=$((200 * 1024 + 2 * objects))
  echo "$n objects ($objects watched, $findings findings), heap ${heap} MiB, load average $load_before -> $load_after:"
  echo "  ready after $ready ms"
  echo "  RSS: $((rss / 1024)) MiB 10 s after ready, $((rss_after / 1024)) MiB after the latency probe;" \
    "peak $((hwm / 1024)) MiB ($((hwm_ready / 1024)) MiB at ready); budget $((budget / 1024)) MiB:" \
    "$(awk -v p="$hwm" -v b="$budget" 'BEGIN { print (p <= b ? "within" : "OVER") }')"
  echo "  $latency"
  echo "  stopped $stopped ms after SIGTERM"
  printf '%s %s %s %s %s %s %s %s\n' "$n" "$objects" "$ready" "$rss" "$hwm" "$budget" "$stopped" "$latency" >>"$results"
done
