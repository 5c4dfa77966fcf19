#!/bin/sh
# Server CPU per request by stage, over HTTP/1.1 (wrk) and HTTP/2 (h2load), 20 KB review: the bare server, the
# bare server with the webhook's review decode added (review-decode), with decode, rules and answer encoding
# added (decide), and the webhook itself (JAR, else this build's). All four run at once; each is warmed up (30 s
# of each protocol), then ROUNDS (default 3) rounds load each in turn for 10 s per protocol. Prints per round and
# server: req/s and CPU microseconds per request (the process's utime+stime over the load / requests served).
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
servers="bare review-decode decide webhook"
for s in $servers; do
  start "$s" "stages-$s.log"
  echo "$pid $port" >"stages-$s.pp"
done
trap 'for s in $servers; do kill $(cut -d" " -f1 "stages-$s.pp") 2>/dev/null || true; done' EXIT
# one SERVER PROTOCOL SECONDS: "rps=N us=M"
one() {
  read -r pid port <"stages-$1.pp"
  t0=$(awk '{print $14+$15}' "/proc/$pid/stat")
  if [ "$2" = h2 ]; then out=$(load2 "$3"); else out=$(load "$3"); fi
  t1=$(awk '{print $14+$15}' "/proc/$pid/stat")
  rps=$(echo "$out" | sed 's/.*rps=\([0-9.]*\).*/\1/')
  echo "rps=$rps us=$(echo "($t1-$t0)*10000/($rps*$3)" | bc)"
}
for s in $servers; do one "$s" h1 30 >/dev/null; one "$s" h2 30 >/dev/null; done
r=1
while [ "$r" -le "${ROUNDS:-3}" ]; do
  for p in h1 h2; do
    line="round $r $p (load $(cut -d' ' -f1 /proc/loadavg)):"
    for s in $servers; do line="$line $s $(one "$s" "$p" 10)"; done
    echo "$line"
  done
  r=$((r + 1))
done
