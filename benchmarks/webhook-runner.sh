#!/bin/sh
# Webhook load runner, on loopback only: a bare Vert.x HTTPS server that answers a fixed
# AdmissionReview (the ceiling), a server that only decodes each review and echoes its uid (the floor
# of any webhook that reads the object), and the real webhook, all with SERVER_OPTS and the same
# certificate, are loaded in turn by wrk (installed with apt when missing) with the same AdmissionReview bodies
# (small, 20 KB, 1 MB), connections and duration. Prints throughput and its ratio, p50/p99/p99.9
# latency and errors of each, then both at one paced rate (half the webhook's saturation rate on the
# 20 KB review, in ROUNDS alternating runs), and the webhook's RSS. Bounded: DURATION seconds per
# load (default 10), after WARMUP seconds (default 30) per server and body size.
#
# All three servers run with the same JVM options, SERVER_OPTS (default: the deployment's collector,
# -Xmx128m -XX:+UseSerialGC -XX:NewRatio=1).
#
# Last, SIGTERM under HTTP/2 load: a fresh webhook gets hey -h2 (SIGTERM_CONNECTIONS concurrent
# streams, default 50, over one connection, as the API server multiplexes) with the 20 KB review for
# SIGTERM_DURATION seconds (default 10), and SIGTERM at SIGTERM_AFTER seconds (default 3). Reported:
# the requests the server accepted (its decision lines), those answered 200 at the client, the
# dropped ones (accepted and not answered in full, plus any the server still held when it closed),
# and the requests it never accepted (new connections while draining are closed at accept; a real
# client retries them on another replica).
# SIGTERM_ONLY=1 runs only this part.
set -eu
. "$(dirname -- "$0")/common.sh"
duration="${DURATION:-10}"
warmup="${WARMUP:-30}"
rounds="${ROUNDS:-3}"
server_opts="${SERVER_OPTS:--Xmx128m -XX:+UseSerialGC -XX:NewRatio=1}"
conns="${CONNECTIONS:-32}"
bare_port=18443
hook_port=18444
decode_port=18445

build_jars
need_apt wrk wrk
need_apt hey hey
need_apt openssl openssl
need_apt curl curl
java -jar "$bench_jar" reviews --out "$work/reviews" >/dev/null
tls="$work/tls"
mkdir -p "$tls"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost \
  -addext subjectAltName=IP:127.0.0.1,DNS:localhost -keyout "$tls/key.pem" -out "$tls/cert.pem" 2>/dev/null

pids=""
cleanup() {
  for p in $pids; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM

wait_up() {
  i=0
  until curl -sk -o /dev/null "https://127.0.0.1:$1/"; do
    i=$((i + 1))
    [ "$i" -lt 100 ] || { echo "server on port $1 did not start" >&2; exit 2; }
    sleep 0.2
  done
}

# load PORT PATH BODY_FILE [DELAY_MS]: one wrk run; prints its RESULT line's fields.
load() {
  BODY=$3 DELAY_MS=${4:-0} timeout $((duration + 30)) wrk -t2 -c"$conns" -d"${duration}s" \
    -s "$root/benchmarks/wrk-post.lua" "https://127.0.0.1:$1$2" 2>&1 | sed -n 's/^RESULT //p'
}

field() {
  printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"
}

sigterm_under_h2() {
  port=18448
  log="$work/sigterm-webhook.log"
  # shellcheck disable=SC2086 # the options are words
  java $server_opts -jar "$webhook_jar" --host 127.0.0.1 --port "$port" --probe-port 18083 --mode warn \
    --tls-cert "$tls/cert.pem" --tls-key "$tls/key.pem" >"$log" 2>&1 &
  pid=$!
  pids="$pids $pid"
  wait_up "$port"
  # hey names the TLS server after its Host header; -host keeps the port out of it (the JDK refuses
  # "127.0.0.1:PORT" as a server name).
  hey -h2 -host localhost -c "${SIGTERM_CONNECTIONS:-50}" -z "${SIGTERM_DURATION:-10}s" -m POST \
    -T application/json -D "$work/reviews/review-20k.json" "https://127.0.0.1:$port/validate" >"$work/sigterm-hey.out" 2>&1 &
  hey_pid=$!
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
  echo "SIGTERM after ${SIGTERM_AFTER:-3} s of hey -h2 -c ${SIGTERM_CONNECTIONS:-50} (20 KB review):" \
    "$accepted accepted, ${answered:-0} answered 200, $dropped dropped"
  echo "  $errors requests never accepted: on new connections while draining, or after the process ended" \
    "(hey retries at once)"
  grep -q '"msg":"stopped"' "$log" || echo "  the webhook did not log its last line, stopped"
}

if [ -n "${SIGTERM_ONLY:-}" ]; then
  machine
  sigterm_under_h2
  exit 0
fi

java $server_opts -jar "$bench_jar" bare-server "$bare_port" "$tls/cert.pem" "$tls/key.pem" >"$work/bare.log" 2>&1 &
pids="$pids $!"
bare_pid=$!
java $server_opts -jar "$bench_jar" decode-server "$decode_port" "$tls/cert.pem" "$tls/key.pem" >"$work/decode.log" 2>&1 &
pids="$pids $!"
java $server_opts -Xlog:gc:file="$work/webhook-gc.log":uptime -jar "$webhook_jar" --host 127.0.0.1 --port "$hook_port" --probe-port 18084 --mode warn \
  --tls-cert "$tls/cert.pem" --tls-key "$tls/key.pem" >"$work/webhook.log" 2>&1 &
pids="$pids $!"
hook_pid=$!
wait_up "$bare_port"
wait_up "$decode_port"
wait_up "$hook_port"

machine
echo "wrk -t2 -c$conns -d${duration}s over TLS (HTTP/1.1), client and servers on the same $(nproc) cores; all three servers: $server_opts"
# Warm-up: the JIT needs 20 to 30 s of load before figures mean anything (TOOLCHAIN.md section 3);
# on a shared machine C2 was still compiling after 15 s, inside the measured window.
for body in small 20k; do
  duration="$warmup" load "$bare_port" /validate "$work/reviews/review-$body.json" >/dev/null
  duration="$warmup" load "$decode_port" /validate "$work/reviews/review-$body.json" >/dev/null
  duration="$warmup" load "$hook_port" /validate "$work/reviews/review-$body.json" >/dev/null
done
printf '%-6s %-7s %10s %8s %8s %8s %7s\n' body server req/s p50_ms p99_ms p99.9_ms errors
run_size() {
  size=$1
  body="$work/reviews/review-$size.json"
  b=$(load "$bare_port" /validate "$body")
  d=$(load "$decode_port" /validate "$body")
  w=$(load "$hook_port" /validate "$body")
  for row in "bare $b" "decode $d" "webhook $w"; do
    set -- $row
    r="$2 $3 $4 $5 $6"
    printf '%-6s %-7s %10s %8s %8s %8s %7s\n' "$size" "$1" "$(field "$r" rps)" "$(field "$r" p50)" \
      "$(field "$r" p99)" "$(field "$r" p999)" "$(field "$r" errors)"
  done
  echo "       throughput: webhook/bare = $(ratio "$(field "$w" rps)" "$(field "$b" rps)")," \
    "decode/bare = $(ratio "$(field "$d" rps)" "$(field "$b" rps)"), webhook/decode = $(ratio "$(field "$w" rps)" "$(field "$d" rps)")"
  saturation=$(field "$w" rps)
}

run_size small
run_size 20k
# Paced load (before the 1 MB run, whose backlog would spill into it): each connection waits a random
# pause (exponential, mean $delay ms; see wrk-post.lua) so that all together offer about half the
# webhook's saturation rate on the 20 KB review, as independent clients would. A fixed pause kept
# the connections in step, and the server saw bursts of 32 requests at once. The two servers take
# turns, ROUNDS times, and the p99s compared are the medians of the rounds: one 10 s run on a
# shared machine is at the mercy of whatever else runs in those 10 s.
rate=$(awk -v s="$saturation" 'BEGIN { printf "%.0f", s / 2 }')
delay=$(awk -v c="$conns" -v r="$rate" 'BEGIN { printf "%.0f", c * 1000 / r }')
echo "paced 20k load, about $rate req/s offered (random pauses, mean ${delay} ms per connection), $rounds rounds:"
bare_p99=""
hook_p99=""
round=1
while [ "$round" -le "$rounds" ]; do
  b=$(load "$bare_port" /validate "$work/reviews/review-20k.json" "$delay")
  w=$(load "$hook_port" /validate "$work/reviews/review-20k.json" "$delay")
  echo "  round $round bare:    $b"
  echo "  round $round webhook: $w"
  bare_p99="$bare_p99 $(field "$b" p99)"
  hook_p99="$hook_p99 $(field "$w" p99)"
  round=$((round + 1))
done
median() {
  printf '%s\n' $1 | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}
mb=$(median "$bare_p99")
mw=$(median "$hook_p99")
echo "  median p99: bare $mb ms, webhook $mw ms; difference $(awk -v a="$mw" -v b="$mb" 'BEGIN { printf "%.2f", a - b }') ms (target <= 2 ms)"
# The webhook's collector over the whole run (log: $work/webhook-gc.log).
awk '/Pause/ { ms = $NF; sub(/ms/, "", ms); n++; sum += ms; if (ms + 0 > max) max = ms + 0 }
  END { printf "  webhook GC so far: %d pauses, %.0f ms in all, longest %.2f ms\n", n, sum, max }' "$work/webhook-gc.log"
run_size 1m
echo "RSS after the runs: webhook $(($(ps -o rss= -p "$hook_pid") / 1024)) MB, bare $(($(ps -o rss= -p "$bare_pid") / 1024)) MB"
grep -ci '"level":"error"\|Exception' "$work/webhook.log" | sed 's/^/webhook log lines with errors: /'
sigterm_under_h2
