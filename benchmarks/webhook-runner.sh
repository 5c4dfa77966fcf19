#!/bin/sh
# Webhook load runner, on loopback only: a bare Vert.x HTTPS server that answers a fixed
# AdmissionReview (the ceiling) and the real webhook, both under -Xmx128m with the same certificate,
# are loaded in turn by wrk (installed with apt when missing) with the same AdmissionReview bodies
# (small, 20 KB, 1 MB), connections and duration. Prints throughput and its ratio, p50/p99/p99.9
# latency and errors of each, then both at one paced rate (half the webhook's saturation rate on the
# 20 KB review), and the webhook's RSS. Bounded: DURATION seconds per load (default 10), after
# WARMUP seconds (default 15) per server and body size.
set -eu
. "$(dirname -- "$0")/common.sh"
duration="${DURATION:-10}"
warmup="${WARMUP:-15}"
conns="${CONNECTIONS:-32}"
bare_port=18443
hook_port=18444

build_jars
need_apt wrk wrk
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

java -Xmx128m -jar "$bench_jar" bare-server "$bare_port" "$tls/cert.pem" "$tls/key.pem" >"$work/bare.log" 2>&1 &
pids="$pids $!"
bare_pid=$!
java -Xmx128m -jar "$webhook_jar" --host 127.0.0.1 --port "$hook_port" --mode warn \
  --tls-cert "$tls/cert.pem" --tls-key "$tls/key.pem" >"$work/webhook.log" 2>&1 &
pids="$pids $!"
hook_pid=$!
wait_up "$bare_port"
wait_up "$hook_port"

machine
echo "wrk -t2 -c$conns -d${duration}s over TLS (HTTP/1.1), client and servers on the same $(nproc) cores; both servers -Xmx128m"
# Warm-up: the JIT needs 20 to 30 s of load before figures mean anything (TOOLCHAIN.md section 3).
for body in small 20k; do
  duration="$warmup" load "$bare_port" /validate "$work/reviews/review-$body.json" >/dev/null
  duration="$warmup" load "$hook_port" /validate "$work/reviews/review-$body.json" >/dev/null
done
printf '%-6s %-7s %10s %8s %8s %8s %7s\n' body server req/s p50_ms p99_ms p99.9_ms errors
run_size() {
  size=$1
  body="$work/reviews/review-$size.json"
  b=$(load "$bare_port" /validate "$body")
  w=$(load "$hook_port" /validate "$body")
  for row in "bare $b" "webhook $w"; do
    set -- $row
    r="$2 $3 $4 $5 $6"
    printf '%-6s %-7s %10s %8s %8s %8s %7s\n' "$size" "$1" "$(field "$r" rps)" "$(field "$r" p50)" \
      "$(field "$r" p99)" "$(field "$r" p999)" "$(field "$r" errors)"
  done
  echo "       webhook/bare throughput = $(ratio "$(field "$w" rps)" "$(field "$b" rps)")"
  saturation=$(field "$w" rps)
}

run_size small
run_size 20k
# Paced load (before the 1 MB run, whose backlog would spill into it): each connection waits so that
# all together offer about half the webhook's saturation rate on the 20 KB review.
rate=$(awk -v s="$saturation" 'BEGIN { printf "%.0f", s / 2 }')
delay=$(awk -v c="$conns" -v r="$rate" 'BEGIN { printf "%.0f", c * 1000 / r }')
b=$(load "$bare_port" /validate "$work/reviews/review-20k.json" "$delay")
w=$(load "$hook_port" /validate "$work/reviews/review-20k.json" "$delay")
echo "paced 20k load, about $rate req/s offered (${delay} ms pause per connection):"
echo "  bare:    $b"
echo "  webhook: $w"
echo "  p99 difference: $(awk -v a="$(field "$w" p99)" -v b="$(field "$b" p99)" 'BEGIN { printf "%.2f", a - b }') ms (target <= 2 ms)"
run_size 1m
echo "RSS after the runs: webhook $(($(ps -o rss= -p "$hook_pid") / 1024)) MB, bare $(($(ps -o rss= -p "$bare_pid") / 1024)) MB"
grep -ci '"level":"error"\|Exception' "$work/webhook.log" | sed 's/^/webhook log lines with errors: /'
