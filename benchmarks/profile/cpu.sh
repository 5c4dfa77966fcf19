#!/bin/sh
# Server CPU per request without JFR (process utime+stime over a 15 s wrk run after 15 s warm-up): $1 = webhook|bare.
# PROF as for jfr.sh; JAR overrides the webhook jar (to compare two builds).
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
start "$1" "$1-cpu.log"
load 15
t0=$(awk '{print $14+$15}' "/proc/$pid/stat")
out=$(load 15)
t1=$(awk '{print $14+$15}' "/proc/$pid/stat")
kill "$pid"
rps=$(echo "$out" | sed 's/.*rps=\([0-9.]*\).*/\1/')
echo "$1 $out cpu_ticks=$((t1 - t0)) cpu_us_per_req=$(echo "($t1-$t0)*10000/($rps*15)" | bc -l | cut -c1-6)"
