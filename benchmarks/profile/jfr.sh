#!/bin/sh
# JFR profile of one server under wrk (20 KB review, HTTP/1.1 over TLS, 32 connections): $1 = webhook|bare.
# PROF (default /tmp/condlint-prof) gets cert.pem, key.pem and reviews/ (prepare.sh) unless it has them; the jars are built.
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
cd "$PROF"
rm -f $1.log
if [ "$1" = webhook ]; then
  java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 -jar $REPO/webhook/target/condlint-webhook.jar --host 127.0.0.1 --port 0 --probe-port 0 --mode warn --event-loops 2 --tls-cert cert.pem --tls-key key.pem > $1.log 2>&1 &
else
  java -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1 -jar $REPO/benchmarks/target/benchmarks.jar bare-server 0 cert.pem key.pem 2 > $1.log 2>&1 &
fi
pid=$!
sleep 3
for i in $(seq 1 100); do
  port=$(sed -n -e 's/.*listening on https:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' -e 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' $1.log | head -n1)
  [ -n "$port" ] && break; sleep 0.3; done
echo port=$port
BODY=reviews/review-20k.json DELAY_MS=0 wrk -t2 -c32 -d15s -s $REPO/benchmarks/wrk-post.lua https://127.0.0.1:$port/validate | grep RESULT
jcmd $pid JFR.start name=p settings=profile filename="$PROF/$1.jfr" >/dev/null
BODY=reviews/review-20k.json DELAY_MS=0 wrk -t2 -c32 -d15s -s $REPO/benchmarks/wrk-post.lua https://127.0.0.1:$port/validate | grep RESULT
jcmd $pid JFR.stop name=p >/dev/null
kill $pid
