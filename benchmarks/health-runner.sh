#!/bin/sh
# Health runner: condlint health against linting the same 10,000 already-parsed objects, both in one
# JMH run (HealthBenchmark), and their ratio; issue 26 asks for health/lint <= 1.2. Bounded: JMH's
# default 3 warm-up and 5 measured iterations of 2 s per benchmark, under a time limit.
set -eu
. "$(dirname -- "$0")/common.sh"

build_jars
out="$work/health-jmh.txt"
timeout 600 java -jar "$bench_jar" HealthBenchmark >"$out" 2>&1 || { cat "$out" >&2; exit 2; }
awk '
  /^HealthBenchmark\.health / { health = $4 }
  /^HealthBenchmark\.lint /   { lint = $4 }
  END {
    if (health == "" || lint == "") { print "no scores in the JMH output" > "/dev/stderr"; exit 2 }
    printf "10,000 objects: health %.1f ms, lint %.1f ms, health/lint %.2f (goal <= 1.20)\n", health, lint, health / lint
  }' "$out"
