#!/bin/sh
# What a paced request's latency is made of (issue 28's p99 at half saturation; RESULTS.md, "What the paced p99 is
# made of", tail20). Servers take turns under the load runner's paced HTTP/1.1 load (wrk -t2 -c32, the 20 KB
# review, random exponential pauses; profile/wrk-trace.lua numbers each request and writes its send and receive
# times on CLOCK_MONOTONIC), ROUNDS rounds of DURATION s each after WARMUP s of unpaced load per server.
#
# SERVERS (default "bare webhook"): names of servers, each started once with the runner's JVM flags (SERVER_OPTS)
# and TLS; "bare" is the bare Vert.x server (it echoes the request's number); any other name is a webhook:
# JAR_<name> (default this build's), ARGS_<name> (extra webhook arguments, e.g. "--inline-max-bytes 0"),
# LOOPS_<name> (event loops, default EVENT_LOOPS, default 2; also for bare). A webhook of this build runs with
# -Dcondlint.requestTrace, so it records each request's moments (RequestTrace) and echoes its number, and with
# -Xlog:gc on the same clock; a build without RequestTrace gives only wrk's figures.
# RATE: the offered rate in req/s (default: half the saturation rate of the first webhook in SERVERS, measured by
# DURATION s of unpaced load after the warm-up, as the load runner does); the mean pause per connection is
# 32 * 1000 / RATE ms.
#
# Writes under $TRACE_DIR (default /tmp/condlint-trace): per server and round the client's lines
# (client-NAME-R.*), wrk's RESULT line and the threads' CPU before and after (cpu-NAME-R-{0,1}); at the end
# each webhook's trace (trace-NAME.tsv) and GC log (gc-NAME.log); then runs profile/trace.py over them.
set -eu
REPO=${REPO:-$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)}
root=$REPO
. "$REPO/benchmarks/common.sh"
out=${TRACE_DIR:-/tmp/condlint-trace}
rm -rf "$out"
mkdir -p "$out"
[ -f "$work/reviews/review-20k.json" ] || java -jar "$bench_jar" reviews --out "$work/reviews" >/dev/null
[ -f "$work/tls/cert.pem" ] || self_signed "$work/tls"
servers=${SERVERS:-bare webhook}
rounds=${ROUNDS:-5}
duration=${DURATION:-10}
warmup=${WARMUP:-30}
rate=${RATE:-}
opts=${SERVER_OPTS:--Xmx128m -XX:+UseSerialGC -XX:NewRatio=1}
body="$work/reviews/review-20k.json"

pids=""
cleanup() {
  for p in $pids; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'cleanup; exit 143' INT TERM

var() {
  eval "printf '%s' \"\${$1_$2:-}\""
}

for s in $servers; do
  loops=$(var LOOPS "$s")
  loops=${loops:-${EVENT_LOOPS:-2}}
  log="$out/server-$s.log"
  if [ "$s" = bare ] || [ "${s#bare}" != "$s" ]; then
    # shellcheck disable=SC2086
    java $opts -jar "$bench_jar" bare-server 0 "$work/tls/cert.pem" "$work/tls/key.pem" "$loops" >"$log" 2>&1 &
  else
    jar=$(var JAR "$s")
    # shellcheck disable=SC2086
    java $opts -Dcondlint.requestTrace="$out/trace-$s.tsv" -Xlog:gc:file="$out/gc-$s.log":uptimenanos \
      -jar "${jar:-$root/webhook/target/condlint-webhook.jar}" --host 127.0.0.1 --port 0 --probe-port 0 --mode warn \
      --event-loops "$loops" --tls-cert "$work/tls/cert.pem" --tls-key "$work/tls/key.pem" $(var ARGS "$s") >"$log" 2>&1 &
  fi
  eval "pid_$s=$!"
  pids="$pids $!"
done

port_of() {
  i=0
  while :; do
    p=$(sed -n -e 's/.*listening on https:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' \
      -e 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$1" | head -n 1)
    [ -n "$p" ] && { echo "$p"; return 0; }
    i=$((i + 1))
    [ "$i" -lt 300 ] || { echo "no port in $1" >&2; exit 2; }
    sleep 0.2
  done
}
for s in $servers; do
  eval "port_$s=$(port_of "$out/server-$s.log")"
done

# cpu PID FILE: each thread's name, its user + system ticks, and its schedstat (ns on a CPU, ns waiting on a
# run queue for one, time slices).
cpu() {
  for t in /proc/"$1"/task/*; do
    printf '%s\t%s\t%s\n' "$(cat "$t/comm")" "$(awk '{ print $14 + $15 }' "$t/stat" 2>/dev/null || echo 0)" \
      "$(tr ' ' '\t' <"$t/schedstat" 2>/dev/null || printf '0\t0\t0')"
  done >"$2" 2>/dev/null || true
}

echo "machine: $(nproc) cores; $(java -version 2>&1 | head -n 1); servers: $servers; $opts;" \
  "$rounds rounds of $duration s, $(date -u +%H:%M:%S) UTC, load $(cut -d' ' -f1 /proc/loadavg)" | tee "$out/summary.txt"
for s in $servers; do
  port=$(var port "$s")
  BODY=$body timeout $((warmup + 30)) wrk -t2 -c32 -d"${warmup}s" -s "$REPO/benchmarks/wrk-post.lua" \
    "https://127.0.0.1:$port/validate" 2>&1 | sed -n "s/^RESULT /  warm-up $s: /p" | tee -a "$out/summary.txt"
done
if [ -z "$rate" ]; then
  # Half the saturation rate of the first webhook named, measured now (as the load runner does).
  for s in $servers; do
    [ "$s" = bare ] || [ "${s#bare}" != "$s" ] || break
  done
  sat=$(BODY=$body timeout $((duration + 30)) wrk -t2 -c32 -d"${duration}s" -s "$REPO/benchmarks/wrk-post.lua" \
    "https://127.0.0.1:$(var port "$s")/validate" 2>&1 | sed -n 's/^RESULT rps=\([0-9.]*\).*/\1/p')
  rate=$(awk -v s="${sat:-0}" 'BEGIN { printf "%.0f", s / 2 }')
  echo "  saturation of $s: ${sat:-?} req/s" | tee -a "$out/summary.txt"
fi
delay=$(awk -v r="$rate" 'BEGIN { printf "%.0f", 32 * 1000 / r }')
echo "paced at $rate req/s (mean pause ${delay} ms per connection)" | tee -a "$out/summary.txt"
r=1
run=1
while [ "$r" -le "$rounds" ]; do
  for s in $servers; do
    port=$(var port "$s")
    pid=$(var pid "$s")
    l=$(cut -d' ' -f1 /proc/loadavg)
    cpu "$pid" "$out/cpu-$s-$r-0"
    # The client's threads' schedstat one second before its end (it shares the cores with the server).
    (sleep $((duration - 1)); for c in $(pgrep -f "wrk .*127.0.0.1:$port/validate" || true); do cpu "$c" "$out/wrk-$s-$r"; done) &
    res=$(BODY=$body DELAY_MS=$delay TRACE="$out/client-$s-$r" RUN=$run \
      /usr/bin/time -f 'wrkcpu=%U+%S' timeout $((duration + 30)) wrk -t2 -c32 -d"${duration}s" \
      -s "$REPO/benchmarks/profile/wrk-trace.lua" "https://127.0.0.1:$port/validate" 2>&1 \
      | sed -n -e 's/^RESULT //p' -e 's/^\(wrkcpu=.*\)/\1/p' | tr '\n' ' ')
    cpu "$pid" "$out/cpu-$s-$r-1"
    echo "round $r $s load=$l $res" | tee -a "$out/summary.txt"
    run=$((run + 1))
  done
  r=$((r + 1))
done
for s in $servers; do
  kill -TERM "$(var pid "$s")" 2>/dev/null || true
done
for s in $servers; do
  wait "$(var pid "$s")" 2>/dev/null || true
done
pids=""
python3 "$REPO/benchmarks/profile/trace.py" "$out" | tee -a "$out/summary.txt"
