#!/bin/sh
# When do the event loops run again after a young collection? The webhook (JAR, else this build's; JVM options
# SERVER_OPTS, default the runner's) logs gc+phases and safepoint with timenanos (CLOCK_MONOTONIC) to
# $PROF/gc-wake/gc.log; after WARMUP s (default 30) of saturating wrk -t2 -c32 on the 20 KB review, perf records the
# process's scheduler events on the same clock (sched_wakeup, sched_switch) over a paced 10 s run (random pauses of
# DELAY_MS, default 32 ms, per connection: about 1,000 req/s offered), and gc-wake.py prints, per young collection in
# which the VM thread woke an event loop: the collection (DefNew), the loops' wake-up after it, the safepoint log's
# end after it, the wait of a woken loop for a core, and how long the loops were stopped. RESULTS.md, "What a young
# pause is made of".
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
need_apt wrk wrk
d="$PROF/gc-wake"
rm -rf "$d"
mkdir -p "$d"
# shellcheck disable=SC2086 # the options are words
java ${SERVER_OPTS:--Xmx128m -XX:+UseSerialGC -XX:NewRatio=1} \
  -Xlog:gc,gc+phases=trace,safepoint:file="$d/gc.log":uptime,timenanos,tags -jar "${JAR:-$webhook_jar}" \
  --host 127.0.0.1 --port 0 --probe-port 0 --mode warn --event-loops 2 --tls-cert cert.pem --tls-key key.pem >"$d/out.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT INT TERM
port=""
i=0
while [ -z "$port" ]; do
  sleep 0.3
  port=$(sed -n 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$d/out.log" | head -n 1)
  i=$((i + 1))
  [ "$i" -lt 300 ] || { echo "the webhook did not listen: $d/out.log" >&2; exit 2; }
done
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) before the warm-up"
BODY=reviews/review-20k.json wrk -t2 -c32 -d"${WARMUP:-30}"s -s "$REPO/benchmarks/wrk-post.lua" "https://127.0.0.1:$port/validate" >/dev/null
for t in /proc/"$pid"/task/*; do echo "$(basename "$t") $(cat "$t/comm")"; done >"$d/threads"
perf record -q -k CLOCK_MONOTONIC -e sched:sched_wakeup -e sched:sched_switch -p "$pid" -o "$d/sched.data" >"$d/perf.out" 2>&1 &
perf_pid=$!
sleep 0.5
echo "paced (load $(cut -d' ' -f1 /proc/loadavg)): $(BODY=reviews/review-20k.json DELAY_MS="${DELAY_MS:-32}" wrk -t2 -c32 -d10s \
  -s "$REPO/benchmarks/wrk-post.lua" "https://127.0.0.1:$port/validate" | sed -n 's/^RESULT //p')"
kill -INT "$perf_pid"
wait "$perf_pid" || true
perf script -i "$d/sched.data" -F comm,tid,time,event,trace >"$d/sched.txt" 2>/dev/null
python3 "$REPO/benchmarks/profile/gc-wake.py" "$d"
