#!/bin/sh
# Server CPU per request without JFR (process utime+stime over a 15 s wrk run after 15 s warm-up): $1 = webhook|bare.
# PROF as for jfr.sh; JAR overrides the webhook jar (to compare two builds).
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
cd "$PROF"
rm -f $1-cpu.log
if [ "$1" = webhook ]; then
  java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 -jar ${JAR:-$REPO/webhook/target/condlint-webhook.jar} --host 127.0.0.1 --port 0 --probe-port 0 --mode warn --event-loops 2 --tls-cert cert.pem --tls-key key.pem > $1-cpu.log 2>&1 &
else
  java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 -jar $REPO/benchmarks/target/benchmarks.jar bare-server 0 cert.pem key.pem 2 > $1-cpu.log 2>&1 &
fi
pid=$!
sleep 3
for i in $(seq 1 100); do
  port=$(sed -n -e 's/.*listening on https:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' -e 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' $1-cpu.log | head -n1)
  [ -n "$port" ] && break; sleep 0.3; done
BODY=reviews/review-20k.json DELAY_MS=0 wrk -t2 -c32 -d15s -s $REPO/benchmarks/wrk-post.lua https://127.0.0.1:$port/validate | grep RESULT
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
out=$(BODY=reviews/review-20k.json DELAY_MS=0 wrk -t2 -c32 -d15s -s $REPO/benchmarks/wrk-post.lua https://127.0.0.1:$port/validate | grep RESULT)
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
kill $pid
rps=$(echo "$out" | sed 's/.*rps=\([0-9.]*\).*/\1/')
echo "$1 $out cpu_ticks=$((t1-t0)) cpu_us_per_req=$(echo "($t1-$t0)*10000/($rps*15)" | bc -l | cut -c1-6)"
