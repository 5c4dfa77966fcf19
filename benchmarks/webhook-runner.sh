#!/bin/sh
# Webhook load runner, on loopback only: a bare Vert.x HTTPS server that answers a fixed
# AdmissionReview (the ceiling), a server that only decodes each review and echoes its uid (the floor
# of any webhook that reads the object), and the real webhook, all with SERVER_OPTS and the same
# certificate, each on a port it picks itself, are loaded in turn with the same AdmissionReview bodies:
# over HTTP/1.1 by wrk (CONNECTIONS connections, default 32) and over HTTP/2 by h2load (H2_CLIENTS
# connections of H2_STREAMS streams, default 4 x 8, as the API server multiplexes). ROUNDS times
# (default 3) the three servers take turns on each protocol and body size (SIZES, default "small 20k"),
# so each round's ratios come from loads a few seconds apart; the ratios' median and range are printed,
# with the load average before each round. Then, on the 20 KB review over HTTP/1.1, ROUNDS alternating
# paced runs of the bare server and the webhook at half the webhook's median saturation rate, compared
# by their p99 (median and range of the differences); a 1 MB review (BIG, one round); the webhook's GC
# and RSS. Bounded: DURATION seconds per load (default 10), after WARMUP seconds (default 30) per server,
# protocol and body size.
#
# BASE_WEBHOOK_JAR=path/to/another/condlint-webhook.jar (main's, built in another directory) adds that
# build as a fourth server, "base", which takes its turn in every round between the bare server and
# this build (bare, decode, base, webhook, then again), so that two builds are told apart by rounds
# taken minutes apart on the same machine, not by runs an hour apart: each round gives base/bare and
# webhook/bare, and webhook/base; the paced runs alternate bare, base, webhook at the same offered rate
# (half this build's median saturation rate). DECODE=0 leaves out the decode server.
# BASE_SERVER_OPTS (default: SERVER_OPTS) gives the base server JVM options of its own, so that two JVM
# settings of one build (collectors, heap sizes) are told apart the same way: BASE_WEBHOOK_JAR set to
# this build's own jar, BASE_SERVER_OPTS to the other settings.
#
# All three servers run with the same JVM options, SERVER_OPTS (default: the deployment's collector,
# -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1), and on the same number of event loops, EVENT_LOOPS
# (default: the CPUs, nproc, which is also the webhook's own default, --event-loops auto).
#
# Last, SIGTERM under HTTP/2 load: a fresh webhook gets hey -h2 (SIGTERM_CONNECTIONS concurrent
# streams, default 50, over one connection, as the API server multiplexes) with the 20 KB review for
# SIGTERM_DURATION seconds (default 15), and SIGTERM SIGTERM_AFTER seconds (default 3) after its first
# decision. Reported:
# the requests the server accepted (its decision lines), those answered 200 at the client, the
# dropped ones (accepted and not answered in full, plus any the server still held when it closed),
# and the requests it never accepted (new connections while draining are closed at accept; a real
# client retries them on another replica). SIGTERM_ROUNDS (default 3) runs.
# SIGTERM_ONLY=1 runs only this part; SIGTERM=0 skips it.
set -eu
. "$(dirname -- "$0")/common.sh"
duration="${DURATION:-10}"
warmup="${WARMUP:-30}"
rounds="${ROUNDS:-3}"
server_opts="${SERVER_OPTS:--Xmx128m -XX:+UseSerialGC -XX:NewRatio=1}"
base_opts="${BASE_SERVER_OPTS:-$server_opts}"
conns="${CONNECTIONS:-32}"
h2_clients="${H2_CLIENTS:-4}"
h2_streams="${H2_STREAMS:-8}"
sizes="${SIZES:-small 20k}"
big="${BIG-1m}"
loops="${EVENT_LOOPS:-$(nproc)}"

build_jars
need_apt wrk wrk
need_apt h2load nghttp2-client
need_apt hey hey
need_apt openssl openssl
need_apt curl curl
java -jar "$bench_jar" reviews --out "$work/reviews" >/dev/null
tls="$work/tls"
self_signed "$tls"

pids=""
cleanup() {
  for p in $pids; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM

# The port a server logged ("...listening on https://127.0.0.1:PORT" or the webhook's "port":PORT),
# once it has; fails, with the log, if the process ends first or takes more than a minute.
port_of() {
  i=0
  while :; do
    p=$(sed -n -e 's/.*listening on https:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' \
      -e 's/.*"msg":"listening".*"port":\([0-9]*\).*/\1/p' "$2" | head -n 1)
    [ -n "$p" ] && { echo "$p"; return 0; }
    kill -0 "$1" 2>/dev/null || { echo "the server ended before it listened:" >&2; tail -n 20 "$2" >&2; exit 2; }
    i=$((i + 1))
    [ "$i" -lt 300 ] || { echo "the server did not listen within a minute: $2" >&2; exit 2; }
    sleep 0.2
  done
}

# h1 PORT BODY_FILE [DELAY_MS]: one wrk run; prints its RESULT line's fields.
h1() {
  BODY=$2 DELAY_MS=${3:-0} timeout $((duration + 30)) wrk -t2 -c"$conns" -d"${duration}s" \
    -s "$root/benchmarks/wrk-post.lua" "https://127.0.0.1:$1/validate" 2>&1 | sed -n 's/^RESULT //p'
}

# h2 PORT BODY_FILE: one h2load run; prints "rps=N errors=N" (h2load gives no percentiles over TLS here).
h2() {
  out=$(timeout $((duration + 30)) h2load -t2 -c"$h2_clients" -m"$h2_streams" -D "$duration" -d "$2" \
    -H 'content-type: application/json' "https://127.0.0.1:$1/validate" 2>&1 || true)
  rps=$(printf '%s\n' "$out" | sed -n 's/^finished in [^,]*, \([0-9.]*\) req\/s.*/\1/p')
  bad=$(printf '%s\n' "$out" | sed -n 's/^requests: .* \([0-9]*\) failed, \([0-9]*\) errored.*/\1 \2/p' | awk '{ print $1 + $2 }')
  non2xx=$(printf '%s\n' "$out" | sed -n 's/^status codes: [0-9]* 2xx, [0-9]* 3xx, \([0-9]*\) 4xx, \([0-9]*\) 5xx/\1 \2/p' | awk '{ print $1 + $2 }')
  echo "rps=${rps:-0} errors=$(( ${bad:-0} + ${non2xx:-0} ))"
}

field() {
  printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"
}

# median and range of numbers: "MEDIAN (LOW-HIGH)".
summary() {
  printf '%s\n' $1 | sort -n | awk '{ a[NR] = $1 } END { printf "%s (%s-%s)", a[int((NR + 1) / 2)], a[1], a[NR] }'
}

loadavg() {
  cut -d' ' -f1 /proc/loadavg
}

sigterm_under_h2() {
  log="$work/sigterm-webhook.log"
  # shellcheck disable=SC2086 # the options are words
  java $server_opts -jar "$webhook_jar" --host 127.0.0.1 --port 0 --probe-port 0 --mode warn \
    --event-loops "$loops" --tls-cert "$tls/cert.pem" --tls-key "$tls/key.pem" >"$log" 2>&1 &
  pid=$!
  pids="$pids $pid"
  port=$(port_of "$pid" "$log")
  # hey names the TLS server after its Host header; -host keeps the port out of it (the JDK refuses
  # "127.0.0.1:PORT" as a server name).
  hey -h2 -host localhost -c "${SIGTERM_CONNECTIONS:-50}" -z "${SIGTERM_DURATION:-15}s" -m POST \
    -T application/json -D "$work/reviews/review-20k.json" "https://127.0.0.1:$port/validate" >"$work/sigterm-hey.out" 2>&1 &
  hey_pid=$!
  # SIGTERM_AFTER seconds after the first decision: on a loaded machine the first connections can take
  # longer than that to open, and a SIGTERM before any request was accepted drains nothing.
  i=0
  until grep -q '"msg":"decision"' "$log" || [ "$i" -ge 300 ]; do
    sleep 0.1
    i=$((i + 1))
  done
  sleep "${SIGTERM_AFTER:-3}"
  kill -TERM "$pid"
  wait "$hey_pid" || true
  wait "$pid" || true
  accepted=$(grep -c '"msg":"decision"' "$log" || true)
  answered=$(sed -n 's/^[[:space:]]*\[200\][[:space:]]*\([0-9]*\) responses/\1/p' "$work/sigterm-hey.out")
  errors=$(sed -n '/Error distribution/,$p' "$work/sigterm-hey.out" | sed -n 's/^[[:space:]]*\[\([0-9]*\)\].*/\1/p' \
    | awk '{ n += $1 } END { print n + 0 }')
  held=$(sed -n 's/.*"msg":"shutdown grace period over.*"inFlight":\([0-9]*\).*/\1/p' "$log")
  dropped=$((accepted - ${answered:-0} + ${held:-0}))
  echo "SIGTERM ${SIGTERM_AFTER:-3} s after the first decision under hey -h2 -c ${SIGTERM_CONNECTIONS:-50} (20 KB review):" \
    "$accepted accepted, ${answered:-0} answered 200, $dropped dropped; $errors never accepted" \
    "(on new connections while draining, or after the process ended: hey retries at once)"
  grep -q '"msg":"stopped"' "$log" || echo "  the webhook did not log its last line, stopped"
}

sigterm_rounds() {
  echo "load average $(loadavg) before the SIGTERM runs"
  r=1
  while [ "$r" -le "${SIGTERM_ROUNDS:-3}" ]; do
    sigterm_under_h2
    r=$((r + 1))
  done
}

if [ -n "${SIGTERM_ONLY:-}" ]; then
  machine
  sigterm_rounds
  exit 0
fi

java $server_opts -jar "$bench_jar" bare-server 0 "$tls/cert.pem" "$tls/key.pem" "$loops" >"$work/bare.log" 2>&1 &
bare_pid=$!
pids="$pids $bare_pid"
java $server_opts -jar "$bench_jar" decode-server 0 "$tls/cert.pem" "$tls/key.pem" "$loops" >"$work/decode.log" 2>&1 &
decode_pid=$!
pids="$pids $decode_pid"
java $server_opts -Xlog:gc:file="$work/webhook-gc.log":uptime -jar "$webhook_jar" --host 127.0.0.1 --port 0 \
  --probe-port 0 --mode warn --event-loops "$loops" --tls-cert "$tls/cert.pem" --tls-key "$tls/key.pem" >"$work/webhook.log" 2>&1 &
hook_pid=$!
pids="$pids $hook_pid"
base_jar="${BASE_WEBHOOK_JAR:-}"
if [ -n "$base_jar" ]; then
  java $base_opts -Xlog:gc:file="$work/base-gc.log":uptime -jar "$base_jar" --host 127.0.0.1 --port 0 \
    --probe-port 0 --mode warn --event-loops "$loops" --tls-cert "$tls/cert.pem" --tls-key "$tls/key.pem" >"$work/base.log" 2>&1 &
  base_pid=$!
  pids="$pids $base_pid"
fi
bare_port=$(port_of "$bare_pid" "$work/bare.log")
decode_port=$(port_of "$decode_pid" "$work/decode.log")
hook_port=$(port_of "$hook_pid" "$work/webhook.log")
base_port=""
[ -z "$base_jar" ] || base_port=$(port_of "$base_pid" "$work/base.log")
with_decode="${DECODE:-1}"
[ "$with_decode" = 1 ] || { kill "$decode_pid" 2>/dev/null || true; decode_port=""; }

machine
echo "HTTP/1.1: wrk -t2 -c$conns; HTTP/2: h2load -t2 -c$h2_clients -m$h2_streams; ${duration} s per load after ${warmup} s of warm-up;" \
  "TLS; client and servers on the same $(nproc) cores; all three servers: $server_opts, $loops event loops"
[ -z "$base_jar" ] || [ "$base_opts" = "$server_opts" ] || echo "the base server: $base_opts"
# Warm-up: the JIT needs 20 to 30 s of load before figures mean anything (TOOLCHAIN.md section 3);
# on a shared machine C2 was still compiling after 15 s, inside the measured window.
for size in $sizes; do
  for port in "$bare_port" $decode_port $base_port "$hook_port"; do
    duration="$warmup" h1 "$port" "$work/reviews/review-$size.json" >/dev/null
    duration=$((warmup / 2)) h2 "$port" "$work/reviews/review-$size.json" >/dev/null
  done
done

# One load of a server that may be absent (no port): "rps=0 errors=0".
maybe() {
  if [ -n "$2" ]; then $1 "$2" "$3"; else echo "rps=0 errors=0"; fi
}

printf '%-8s %-6s %-5s %-6s %10s %10s %10s %10s %8s %8s %8s %8s %8s\n' protocol body round load bare decode base webhook \
  w/bare base/bare w/base d/bare errors
for protocol in h1 h2; do
  for size in $sizes; do
    body="$work/reviews/review-$size.json"
    ratios=""
    dratios=""
    bratios=""
    wbratios=""
    r=1
    while [ "$r" -le "$rounds" ]; do
      l=$(loadavg)
      b=$($protocol "$bare_port" "$body")
      d=$(maybe "$protocol" "$decode_port" "$body")
      m=$(maybe "$protocol" "$base_port" "$body")
      w=$($protocol "$hook_port" "$body")
      wb=$(ratio "$(field "$w" rps)" "$(field "$b" rps)")
      db=$(ratio "$(field "$d" rps)" "$(field "$b" rps)")
      mb=$(ratio "$(field "$m" rps)" "$(field "$b" rps)")
      wm=$(ratio "$(field "$w" rps)" "$(field "$m" rps)")
      ratios="$ratios $wb"
      dratios="$dratios $db"
      bratios="$bratios $mb"
      wbratios="$wbratios $wm"
      printf '%-8s %-6s %-5s %-6s %10s %10s %10s %10s %8s %8s %8s %8s %8s\n' "$protocol" "$size" "$r" "$l" "$(field "$b" rps)" \
        "$(field "$d" rps)" "$(field "$m" rps)" "$(field "$w" rps)" "$wb" "$mb" "$wm" "$db" \
        "$(( $(field "$b" errors) + $(field "$d" errors) + $(field "$m" errors) + $(field "$w" errors) ))"
      [ "$protocol$size" != h120k ] || saturation="${saturation:-} $(field "$w" rps)"
      r=$((r + 1))
    done
    printf '  %s %s: webhook/bare %s' "$protocol" "$size" "$(summary "$ratios")"
    [ -z "$base_port" ] || printf ', base/bare %s, webhook/base %s' "$(summary "$bratios")" "$(summary "$wbratios")"
    [ -z "$decode_port" ] || printf ', decode/bare %s' "$(summary "$dratios")"
    echo
  done
done

# Paced load: each connection waits a random pause (exponential; see wrk-post.lua) so that all together
# offer about half the webhook's median saturation rate on the 20 KB review, as independent clients
# would. The bare server and the webhook take turns, ROUNDS times; each round's p99 difference is one
# sample.
median_rate=$(printf '%s\n' $saturation | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
rate=$(awk -v s="$median_rate" 'BEGIN { printf "%.0f", s / 2 }')
delay=$(awk -v c="$conns" -v r="$rate" 'BEGIN { printf "%.0f", c * 1000 / r }')
echo "paced 20k load over HTTP/1.1, about $rate req/s offered (random pauses, mean ${delay} ms per connection), $rounds rounds:"
diffs=""
bdiffs=""
r=1
while [ "$r" -le "$rounds" ]; do
  l=$(loadavg)
  b=$(h1 "$bare_port" "$work/reviews/review-20k.json" "$delay")
  echo "  round $r (load $l) bare: $b"
  if [ -n "$base_port" ]; then
    m=$(h1 "$base_port" "$work/reviews/review-20k.json" "$delay")
    bdiff=$(awk -v a="$(field "$m" p99)" -v b="$(field "$b" p99)" 'BEGIN { printf "%.2f", a - b }')
    bdiffs="$bdiffs $bdiff"
    echo "  round $r (load $l) base: $m; p99 difference $bdiff ms"
  fi
  w=$(h1 "$hook_port" "$work/reviews/review-20k.json" "$delay")
  diff=$(awk -v a="$(field "$w" p99)" -v b="$(field "$b" p99)" 'BEGIN { printf "%.2f", a - b }')
  diffs="$diffs $diff"
  echo "  round $r (load $l) webhook: $w; p99 difference $diff ms"
  r=$((r + 1))
done
echo "  p99 added by the webhook: $(summary "$diffs") ms (target <= 1 ms)"
[ -z "$base_port" ] || echo "  p99 added by the base build: $(summary "$bdiffs") ms"
# The webhook's collector so far (log: $work/webhook-gc.log).
awk '/Pause/ { ms = $NF; sub(/ms/, "", ms); n++; sum += ms; if (ms + 0 > max) max = ms + 0 }
  END { printf "  webhook GC so far: %d pauses, %.0f ms in all, longest %.2f ms\n", n, sum, max }' "$work/webhook-gc.log"
[ -z "$base_port" ] || awk '/Pause/ { ms = $NF; sub(/ms/, "", ms); n++; sum += ms; if (ms + 0 > max) max = ms + 0 }
  END { printf "  base GC so far: %d pauses, %.0f ms in all, longest %.2f ms\n", n, sum, max }' "$work/base-gc.log"
if [ -n "$big" ]; then
  body="$work/reviews/review-$big.json"
  l=$(loadavg)
  b=$(h1 "$bare_port" "$body")
  d=$(maybe h1 "$decode_port" "$body")
  w=$(h1 "$hook_port" "$body")
  echo "$big over HTTP/1.1 (load $l): bare $(field "$b" rps), decode $(field "$d" rps), webhook $(field "$w" rps) req/s;" \
    "webhook/bare $(ratio "$(field "$w" rps)" "$(field "$b" rps)"); p99 bare $(field "$b" p99), webhook $(field "$w" p99) ms;" \
    "errors $(field "$w" errors)"
fi
echo "RSS after the runs: webhook $(($(ps -o rss= -p "$hook_pid") / 1024)) MB, bare $(($(ps -o rss= -p "$bare_pid") / 1024)) MB"
grep -c '"level":"error"\|Exception' "$work/webhook.log" | sed 's/^/webhook log lines with errors: /' || true
grep -c '"msg":"review not checked"' "$work/webhook.log" | sed 's/^/webhook reviews not checked: /' || true
[ "${SIGTERM:-1}" = 0 ] || sigterm_rounds
