#!/bin/sh
# JFR profile of one server under wrk (20 KB review, HTTP/1.1 over TLS, 32 connections): $1 = webhook|bare.
# 15 s of warm-up, then 15 s recorded (settings=profile) into $PROF/$1.jfr. PROF (default /tmp/condlint-prof)
# gets cert.pem, key.pem and reviews/ (prepare.sh) unless it has them; the jars are built.
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
start "$1" "$1.log"
load 15
jcmd "$pid" JFR.start name=p settings=profile filename="$PROF/$1.jfr" >/dev/null
load 15
jcmd "$pid" JFR.stop name=p >/dev/null
kill "$pid"
