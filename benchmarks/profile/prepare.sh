#!/bin/sh
# Sourced by jfr.sh and cpu.sh: makes $PROF (default /tmp/condlint-prof) hold what they read, once: the
# benchmark reviews (the jar's `reviews` command) and a self-signed P-256 certificate for 127.0.0.1.
PROF=${PROF:-/tmp/condlint-prof}
mkdir -p "$PROF"
[ -f "$PROF/reviews/review-20k.json" ] || java -jar "$REPO/benchmarks/target/benchmarks.jar" reviews --out "$PROF/reviews" >/dev/null
[ -f "$PROF/cert.pem" ] || openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 \
  -subj /CN=localhost -addext subjectAltName=IP:127.0.0.1,DNS:localhost \
  -keyout "$PROF/key.pem" -out "$PROF/cert.pem" 2>/dev/null
