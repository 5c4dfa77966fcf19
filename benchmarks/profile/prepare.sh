#!/bin/sh
# Sourced by jfr.sh and cpu.sh (which set REPO): makes $PROF (default /tmp/condlint-prof) hold what they read,
# once: the benchmark reviews (the jar's `reviews` command) and a self-signed certificate (common.sh's
# self_signed); and what both do: start a server and load it.
root=$REPO
. "$REPO/benchmarks/common.sh"
PROF=${PROF:-/tmp/condlint-prof}
mkdir -p "$PROF"
[ -f "$PROF/reviews/review-20k.json" ] || java -jar "$bench_jar" reviews --out "$PROF/reviews" >/dev/null
[ -f "$PROF/cert.pem" ] || self_signed "$PROF"
cd "$PROF"

# start webhook|bare|review-decode|decide LOG: the webhook (JAR, else this build's), the bare server or a stage
# server (the bare server with that stage of the decision added) with the runner's JVM flags, 2 event loops and
# TLS (and JVM_EXTRA, JVM options added to those), on a port it picks; sets pid and port once it listens.
start() {
  rm -f "$2"
  if [ "$1" = webhook ]; then
    java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 ${JVM_EXTRA:-} -jar "${JAR:-$webhook_jar}" --host 127.0.0.1 --port 0 \
      --probe-port 0 --mode warn --event-loops 2 --tls-cert cert.pem --tls-key key.pem >"$2" 2>&1 &
  elif [ "$1" = bare ]; then
    java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 ${JVM_EXTRA:-} -jar "$bench_jar" bare-server 0 cert.pem key.pem 2 >"$2" 2>&1 &
  else
    java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 ${JVM_EXTRA:-} -jar "$bench_jar" stage-server 0 cert.pem key.pem 2 "$1" >"$2" 2>&1 &
  fi
  pid=$!
  port=""
  i=0
  while [ -z "$port" ] && [ "$i" -lt 200 ]; do
    sleep 0.3
    port=$(sed -n -e 's/.*listening on https:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' \
      -e 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$2" | head -n1)
    i=$((i + 1))
  done
  [ -n "$port" ] || { echo "the server did not listen: $2" >&2; kill "$pid"; exit 2; }
}

# load2 SECONDS: h2load -t2 -c4 -m8 (the runner's HTTP/2 load) posting the 20 KB review; prints "rps=N".
load2() {
  h2load -t2 -c4 -m8 -D "$1" -d reviews/review-20k.json -H 'content-type: application/json' \
    "https://127.0.0.1:$port/validate" 2>&1 | sed -n 's/^finished in [^,]*, \([0-9.]*\) req\/s.*/rps=\1/p'
}

# load SECONDS: wrk -t2 -c32 posting the 20 KB review to the started server; prints wrk-post.lua's RESULT line.
load() {
  BODY=reviews/review-20k.json DELAY_MS=0 wrk -t2 -c32 -d"$1"s -s "$REPO/benchmarks/wrk-post.lua" \
    "https://127.0.0.1:$port/validate" | grep RESULT
}
