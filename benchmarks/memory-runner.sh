#!/bin/sh
# Memory under large reviews. For each level of CONCURRENCY (default "20 40 100 150 200"), ROUNDS times
# (default 3), a fresh webhook runs with the JVM flags and the memory limit of deploy/base/deployment.yaml
# (the limit through -XX:MaxRAM, which is how the JVM sees a container's limit), on ports it picks itself
# (--port 0: no clash with another run, and a process that dies is told apart from a busy port). hey
# then sends that many concurrent reviews of about 3 MiB (review-3m.json, a status update just under
# --max-body-bytes), REQUESTS_PER (default 2) per concurrent client, first over HTTP/2 (one connection,
# as the API server calls) and then over HTTP/1.1 (one connection each).
#
# Printed per run: the answers by status (200: decided; 503: not checked, the failurePolicy decides;
# 408: a body that stalled), client errors, whether the process survived and why not, OutOfMemoryError
# in its output, and its peak RSS (VmHWM from /proc, sampled every 0.2 s while it runs, so a process
# that dies keeps its last figure) against the limit. Per level: the median and the
# range of the rounds, and the load average before each round.
# WEBHOOK_ARGS adds options to the webhook, JVM_FLAGS replaces the manifest's JVM flags, NMT=1 prints the
# JVM's native memory summary after each run.
set -eu
. "$(dirname -- "$0")/common.sh"
levels="${CONCURRENCY:-20 40 100 150 200}"
rounds="${ROUNDS:-3}"
per="${REQUESTS_PER:-2}"

build_jars
need_apt hey hey
need_apt curl curl
java -jar "$bench_jar" reviews --out "$work/reviews" >/dev/null
body="$work/reviews/review-3m.json"

deployment="$root/deploy/base/deployment.yaml"
# The JVM's options in the container's command (from "command: [" to "]"): its -X and -D words, not
# java, the class path (-cp and its argument) or the main class.
manifest_flags=$(sed -n '/^ *command: \["java"/,/\]/p' "$deployment" | tr -d '[]",' | tr -s ' \n' '\n\n' \
  | grep -e '^-X' -e '^-D' | tr '\n' ' ' | sed 's/ $//')
[ -n "$manifest_flags" ] || { echo "no JVM options found in the command of $deployment" >&2; exit 2; }
jvm_flags=${JVM_FLAGS:-$manifest_flags}
[ -z "${NMT:-}" ] || jvm_flags="$jvm_flags -XX:NativeMemoryTracking=summary"
limit=$(sed -n '/limits:/{n;s/^ *memory: *//p;}' "$deployment" | head -n 1)
case "$limit" in
  *Mi) limit_bytes=$((${limit%Mi} * 1048576)) ;;
  *Gi) limit_bytes=$((${limit%Gi} * 1073741824)) ;;
  *) echo "cannot read the memory limit '$limit' of $deployment" >&2; exit 2 ;;
esac
# The manifest's environment for the JVM (MALLOC_ARENA_MAX and the like), as NAME=VALUE words.
manifest_env=$(awk '/^ *env:/ {on=1; next} on && /^ *- name:/ {n=$3} on && /^ *value:/ && n ~ /^MALLOC_/ {gsub(/"/, "", $2); printf "%s=%s ", n, $2} on && /^ *[a-z]+:$/ && !/env:/ {on=0}' "$deployment")

# run_level runs in a command substitution, a subshell: it writes the webhook's process id here so
# that this shell can end that process if the runner is interrupted.
pid_file="$work/memory-webhook.pid"
rm -f "$pid_file"
trap 'if [ -s "$pid_file" ]; then kill "$(cat "$pid_file")" 2>/dev/null || true; fi' EXIT INT TERM

# The port a started webhook logged for this message, once it has; fails when the process ends first
# or does not listen within 120 s (started_or_why then says why).
logged_port() {
  i=0
  while :; do
    p=$(sed -n "s/.*\"msg\":\"$2\".*\"port\":\([0-9]*\).*/\1/p" "$1" | head -n 1)
    [ -n "$p" ] && { echo "$p"; return 0; }
    kill -0 "$pid" 2>/dev/null || return 1
    i=$((i + 1))
    [ "$i" -lt 600 ] || return 1
    sleep 0.2
  done
}

# Why a webhook that was started is not listening, from its log: it could not bind a port (busy: some
# other process holds it), it ended for another reason (with its exit status), or it is still starting.
# Must run in the shell that started it (wait needs its own child).
not_started() {
  if kill -0 "$pid" 2>/dev/null; then
    echo "the webhook did not listen within 120 s; ended it:" >&2
    kill "$pid" 2>/dev/null || true
  else
    wait "$pid" 2>/dev/null && status=0 || status=$?
    if grep -q -i -e 'address already in use' -e 'BindException' "$1"; then
      echo "the webhook could not bind its port, which another process holds (exit status $status):" >&2
    else
      echo "the webhook ended before it listened (exit status $status):" >&2
    fi
  fi
  tail -n 5 "$1" >&2
}

# statuses OUT: "200:N 503:N ..." from hey's output; errors OUT: the client errors.
statuses() {
  sed -n 's/^[[:space:]]*\[\([0-9]*\)\][[:space:]]*\([0-9]*\) responses/\1:\2/p' "$1" | tr '\n' ' '
}
errors() {
  sed -n '/Error distribution/,$p' "$1" | sed -n 's/^[[:space:]]*\[\([0-9]*\)\].*/\1/p' | awk '{ n += $1 } END { print n + 0 }'
}
count() {
  printf '%s\n' "$1" | tr ' ' '\n' | sed -n "s/^$2://p" | awk '{ n += $1 } END { print n + 0 }'
}

# One run at one level: prints "decided total rss_mib alive"; details go to stdout as it runs.
run_level() {
  c=$1
  log="$work/memory-webhook-$c.log"
  # shellcheck disable=SC2086 # the flags and the environment are words
  env $manifest_env java $jvm_flags -XX:MaxRAM="$limit_bytes" -jar "$webhook_jar" --self-signed --host 127.0.0.1 \
    --port 0 --probe-port 0 --mode warn ${WEBHOOK_ARGS:-} >"$log" 2>&1 &
  pid=$!
  echo "$pid" >"$pid_file"
  port=$(logged_port "$log" listening) || { not_started "$log"; return 1; }
  logged_port "$log" "probes listening" >/dev/null || { not_started "$log"; return 1; }
  # The peak RSS, sampled while the process lives: a process that dies keeps its last sample.
  hwm_file="$work/memory-webhook-$c.hwm"
  : >"$hwm_file"
  (while kill -0 "$pid" 2>/dev/null; do
    sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status" 2>/dev/null >"$hwm_file.new" \
      && [ -s "$hwm_file.new" ] && mv "$hwm_file.new" "$hwm_file"
    sleep 0.2
  done) &
  sampler=$!
  n=$((c * per))
  decided=0
  total=0
  alive=yes
  for protocol in h2 http1.1; do
    flag=""
    [ "$protocol" = h2 ] && flag="-h2"
    # hey names the TLS server after its Host header; -host keeps the port out of it (the JDK refuses
    # "127.0.0.1:PORT" as a server name).
    hey $flag -host localhost -c "$c" -n "$n" -t 60 -m POST -T application/json -D "$body" \
      "https://127.0.0.1:$port/validate" >"$work/hey.out" 2>&1 || true
    s=$(statuses "$work/hey.out")
    e=$(errors "$work/hey.out")
    echo "    $protocol: ${s:-no answers} client errors $e" >&2
    decided=$((decided + $(count "$s" 200)))
    total=$((total + n))
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid" 2>/dev/null && status=0 || status=$?
      alive="no (exit status $status)"
      echo "    the webhook ended, exit status $status:" >&2
      grep -v '"msg":"decision"' "$log" | tail -n 3 >&2
      break
    fi
  done
  ooms=$(grep -c 'OutOfMemoryError' "$log" || true)
  if [ "$alive" = yes ]; then
    hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status")
    [ -z "${NMT:-}" ] || jcmd "$pid" VM.native_memory summary scale=MB | grep -E 'Total|committed=' | head -n 20 >&2
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  else
    hwm=$(cat "$hwm_file")
    echo "    peak RSS last seen before it ended: $((${hwm:-0} / 1024)) MiB" >&2
  fi
  wait "$sampler" 2>/dev/null || true
  rss=$((${hwm:-0} / 1024))
  : >"$pid_file"
  reasons=$(grep -o '"reason":"[a-z]*"' "$log" | sort | uniq -c | awk '{ printf "%s%s ", $2, $1 }' | tr -d '"' | sed 's/reason://g')
  echo "    not checked by reason: ${reasons:-none}; OutOfMemoryError in the output: $ooms" >&2
  echo "$decided $total $rss $alive"
}

machine
echo "webhook: JVM flags '$jvm_flags', -XX:MaxRAM=$limit_bytes ($limit, deploy/base/deployment.yaml)${manifest_env:+, env $manifest_env}${WEBHOOK_ARGS:+, $WEBHOOK_ARGS}"
echo "body: $(wc -c <"$body") bytes; $per requests per concurrent client and protocol; $rounds rounds per level"
printf '%-11s %-24s %-22s %s\n' concurrent "decided % (median, range)" "peak RSS MiB (median, range)" "survived"
for c in $levels; do
  results=""
  loads=""
  r=1
  while [ "$r" -le "$rounds" ]; do
    loads="$loads $(cut -d' ' -f1 /proc/loadavg)"
    echo "  $c concurrent, round $r (load average $(cut -d' ' -f1 /proc/loadavg)):" >&2
    line=$(run_level "$c") || { echo "the webhook did not start; see $work/memory-webhook-$c.log" >&2; exit 2; }
    echo "    $line" >&2
    results="$results
$line"
    r=$((r + 1))
  done
  summary=$(printf '%s\n' "$results" | awk -v limit=$((limit_bytes / 1048576)) 'NF >= 4 {
      pct[++n] = 100 * $1 / $2; rss[n] = $3; if ($4 != "yes") dead++ }
    function med(a, k,   i, j, t) { for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return a[int((k + 1) / 2)] }
    END { m = med(pct, n); lo = pct[1]; hi = pct[n]; mr = med(rss, n); rl = rss[1]; rh = rss[n]
      printf "%.1f (%.1f-%.1f)|%s (%s-%s) of %d|%d of %d", m, lo, hi, mr, rl, rh, limit, n - dead, n }')
  printf '%-11s %-24s %-22s %s  (load average:%s)\n' "$c" "$(echo "$summary" | cut -d'|' -f1)" \
    "$(echo "$summary" | cut -d'|' -f2)" "$(echo "$summary" | cut -d'|' -f3)" "$loads"
done
