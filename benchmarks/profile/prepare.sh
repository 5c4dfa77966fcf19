#!/bin/sh
# Sourced by jfr.sh and cpu.sh (which set REPO): makes $PROF (default /tmp/condlint-prof) hold what they read,
# once: the benchmark reviews (the jar's `reviews` command) and a self-signed certificate (common.sh's self_signed).
root=$REPO
. "$REPO/benchmarks/common.sh"
PROF=${PROF:-/tmp/condlint-prof}
mkdir -p "$PROF"
[ -f "$PROF/reviews/review-20k.json" ] || java -jar "$bench_jar" reviews --out "$PROF/reviews" >/dev/null
[ -f "$PROF/cert.pem" ] || self_signed "$PROF"
