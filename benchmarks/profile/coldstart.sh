#!/bin/sh
# A cold start, with and without --warm-up: ROUNDS (default 3) times in turn, start the webhook (JAR, else this
# build's) with --warm-up 0s, then 10s (WARM_UP to change it), wait until /readyz answers 200, then one client
# (wrk -t1 -c1) posts the 20 KB review for 5 s; prints the time to ready, the client's latencies and the warm-up's
# log line. What it shows: the latency of the API server's first reviews after a pod turns ready.
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
one() {
  t0=$(date +%s.%N)
  java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 -jar "${JAR:-$webhook_jar}" --host 127.0.0.1 --port 0 --probe-port 0 \
    --mode warn --event-loops 2 --tls-cert cert.pem --tls-key key.pem --warm-up "$1" >coldstart.log 2>&1 &
  pid=$!
  port=""
  pport=""
  while [ -z "$port" ] || [ -z "$pport" ]; do
    sleep 0.2
    kill -0 "$pid" 2>/dev/null || { echo "the webhook ended: coldstart.log" >&2; exit 2; }
    port=$(sed -n 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' coldstart.log)
    pport=$(sed -n 's/.*"msg":"probes listening".*"port":\([0-9]*\).*/\1/p' coldstart.log)
  done
  while [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$pport/readyz")" != 200 ]; do sleep 0.1; done
  t1=$(date +%s.%N)
  out=$(BODY=reviews/review-20k.json DELAY_MS=0 wrk -t1 -c1 -d5s -s "$REPO/benchmarks/wrk-post.lua" \
    "https://127.0.0.1:$port/validate" | grep RESULT)
  echo "warm-up $1: ready after $(echo "$t1 - $t0" | bc | cut -c1-5) s; first 5 s, one client: $out" \
    "$(sed -n 's/.*"msg":"warmed up",\(.*\)}/\1/p' coldstart.log)"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}
r=1
while [ "$r" -le "${ROUNDS:-3}" ]; do
  one 0s
  one "${WARM_UP:-10s}"
  r=$((r + 1))
done
