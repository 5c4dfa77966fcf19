#!/bin/sh
# What a young collection's pause is made of, and two JVM settings (or builds) side by side.
#
#   benchmarks/profile/gc-pause.sh SERVER [SERVER]
#
# SERVER is "KIND [JVM options]": KIND is webhook (this build's jar), bare (the runner's bare server) or the path
# of another webhook jar; the JVM options default to the runner's (-Xmx128m -XX:+UseSerialGC -XX:NewRatio=1).
# Each server runs on 2 event loops with TLS, its collector logging gc, gc+heap, gc+phases=trace and safepoint to
# $PROF/gc-pause/sN-gc.log. After WARMUP s (default 30) of saturating wrk -t2 -c32 on the 20 KB review each, the
# first is loaded 10 s at saturation; then ROUNDS (default 5) rounds in which the servers take turns under the
# runner's paced load (random pauses per connection) at RATE req/s offered (default half that saturation rate),
# DURATION s each (default 10). GC_BEFORE=1 runs a full collection (jcmd GC.run) before each paced run, so
# that a server whose young generation outlasts a run collects nothing in it. With perf (PERF=1, the default
# when perf can record), perf samples each server's VM thread at 25 kHz over the paced rounds.
# Printed: each paced run's wrk line and young collections; per server, gc-pause.py's figures over the young
# collections of its paced runs (time to safepoint, the collection, the whole safepoint, survivors, promoted;
# with perf, the VM thread's CPU per collection by what it was doing). RESULTS.md, "What a young pause is made of".
set -eu
REPO=${REPO:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/prepare.sh"
need_apt wrk wrk
d="$PROF/gc-pause"
rm -rf "$d"
mkdir -p "$d"
runner_opts="-Xmx128m -XX:+UseSerialGC -XX:NewRatio=1"
rounds=${ROUNDS:-5}
duration=${DURATION:-10}
perf_on=${PERF:-}
if [ -z "$perf_on" ]; then
  if perf record -q -o "$d/probe.data" -- true >/dev/null 2>&1; then perf_on=1; else perf_on=0; fi
fi
servers=""
pids=""
trap 'for p in $pids; do kill "$p" 2>/dev/null || true; done' EXIT INT TERM
n=0
for spec in "$@"; do
  n=$((n + 1))
  kind=${spec%% *}
  opts=${spec#"$kind"}
  [ -n "${opts# }" ] || opts=$runner_opts
  log="-Xlog:gc,gc+heap=info,gc+phases=trace,safepoint:file=$d/s$n-gc.log:uptime,level,tags"
  # shellcheck disable=SC2086 # the options are words
  case "$kind" in
    bare) java $opts $log -jar "$bench_jar" bare-server 0 cert.pem key.pem 2 >"$d/s$n.log" 2>&1 & ;;
    webhook|*.jar) java $opts $log -jar "$([ "$kind" = webhook ] && echo "$webhook_jar" || echo "$kind")" --host 127.0.0.1 \
      --port 0 --probe-port 0 --mode warn --event-loops 2 --tls-cert cert.pem --tls-key key.pem >"$d/s$n.log" 2>&1 & ;;
    *) echo "unknown server: $kind (webhook, bare or a webhook jar)" >&2; exit 2 ;;
  esac
  eval "pid$n=$!"
  pids="$pids $!"
  echo "s$n: $kind,$opts"
  servers="$servers $n"
done
[ "$n" -ge 1 ] || { echo "usage: gc-pause.sh 'webhook|bare|JAR [JVM options]' ['...']" >&2; exit 2; }
for s in $servers; do
  i=0
  p=""
  while [ -z "$p" ]; do
    sleep 0.3
    p=$(sed -n -e 's/.*listening on https:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' \
      -e 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$d/s$s.log" | head -n1)
    i=$((i + 1))
    [ "$i" -lt 300 ] || { echo "s$s did not listen: $d/s$s.log" >&2; exit 2; }
  done
  eval "port$s=$p"
done
paced() { # PORT SECONDS DELAY_MS: the RESULT line of one wrk run
  BODY=reviews/review-20k.json DELAY_MS=$3 wrk -t2 -c32 -d"$2"s -s "$REPO/benchmarks/wrk-post.lua" \
    "https://127.0.0.1:$1/validate" | sed -n 's/^RESULT //p'
}
last_gc() { # the number of the last collection in server $1's log (0 before the first)
  { grep -o 'GC([0-9]*)' "$d/s$1-gc.log" || true; } | tail -n 1 | tr -dc 0-9 | sed 's/^$/0/'
}
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) before the warm-up"
for s in $servers; do eval "paced \$port$s ${WARMUP:-30} 0" >/dev/null; done
sat=$(eval "paced \$port1 10 0")
echo "s1 at saturation: $sat"
rate=${RATE:-$(echo "$sat" | sed -n 's/.*rps=\([0-9.]*\).*/\1/p' | awk '{ printf "%.0f", $1 / 2 }')}
delay=$(awk -v r="$rate" 'BEGIN { printf "%.0f", 32 * 1000 / r }')
echo "paced: about $rate req/s offered (mean pause ${delay} ms per connection), $rounds rounds of $duration s"
if [ "$perf_on" = 1 ]; then
  for s in $servers; do
    eval "p=\$pid$s"
    vm=$(grep -l '^VM Thread$' /proc/"$p"/task/*/comm | sed 's|/proc/[0-9]*/task/\([0-9]*\)/comm|\1|')
    perf record -q -F 25000 -g -t "$vm" -o "$d/s$s-perf.data" >/dev/null 2>&1 &
    eval "perf$s=$!"
    pids="$pids $!"
  done
fi
r=1
while [ "$r" -le "$rounds" ]; do
  for s in $servers; do
    eval "p=\$pid$s; port=\$port$s"
    [ "${GC_BEFORE:-0}" = 0 ] || jcmd "$p" GC.run >/dev/null
    g0=$(last_gc "$s")
    l=$(cut -d' ' -f1 /proc/loadavg)
    res=$(paced "$port" "$duration" "$delay")
    g1=$(last_gc "$s")
    echo "$((g0 + 1)) $g1" >>"$d/s$s-rounds"
    echo "round $r s$s (load $l): $res young=$(awk -v a="$g0" -v b="$g1" -v f="$d/s$s-gc.log" 'BEGIN {
      n = 0; while ((getline line < f) > 0) if (line ~ /DefNew \(/) { match(line, /GC\([0-9]+\)/); id = substr(line, RSTART + 3, RLENGTH - 4) + 0; if (id > a && id <= b) n++ }
      print n }')"
  done
  r=$((r + 1))
done
if [ "$perf_on" = 1 ]; then
  for s in $servers; do eval "kill -INT \$perf$s"; done
  sleep 3
fi
for s in $servers; do
  eval "p=\$pid$s"
  echo "s$s: $(ls "/proc/$p/task" | wc -l) threads, $(jcmd "$p" VM.stringtable | sed -n 's/^Number of entries *: *\([0-9]*\).*/\1/p') interned strings"
  if [ "$perf_on" = 1 ]; then
    python3 "$REPO/benchmarks/profile/gc-pause.py" "$d/s$s-gc.log" "$d/s$s-rounds" "$d/s$s-perf.data"
  else
    python3 "$REPO/benchmarks/profile/gc-pause.py" "$d/s$s-gc.log" "$d/s$s-rounds"
  fi
done
