#!/bin/sh
# Memory under large reviews. The webhook runs with the JVM flags and the memory limit of
# deploy/base/deployment.yaml (the limit through -XX:MaxRAM, which is how the JVM sees a container's
# limit), then hey sends CONCURRENCY (20) concurrent reviews of about 3 MiB (review-3m.json, a status
# update just under --max-body-bytes), REQUESTS (100) in all, first over HTTP/2 (one connection, as the
# API server calls) and then over HTTP/1.1 (one connection each). Prints the answers by status and by
# kind (decided, or allowed unchecked because the bytes in flight were at their bound), client errors,
# whether the process survived, and its peak RSS (VmHWM from /proc) against the limit.
# WEBHOOK_ARGS adds options to the webhook (e.g. --max-inflight-bytes=...), JVM_FLAGS replaces the
# manifest's JVM flags (to try others), NMT=1 prints the JVM's native memory summary at the end.
set -eu
. "$(dirname -- "$0")/common.sh"
concurrency="${CONCURRENCY:-20}"
requests="${REQUESTS:-100}"
port=18446
probe_port=18081

build_jars
need_apt hey hey
need_apt curl curl
java -jar "$bench_jar" reviews --out "$work/reviews" >/dev/null
body="$work/reviews/review-3m.json"

deployment="$root/deploy/base/deployment.yaml"
# The container's command, two lines from "command: [" to "]", without java, -jar and the jar.
manifest_flags=$(sed -n '/^ *command: \["java"/,/\]/p' "$deployment" | tr -d '[]",' | tr -s ' \n' '\n\n' \
  | grep -e '^-' | grep -v -x -e '-jar' | tr '\n' ' ' | sed 's/ $//')
jvm_flags=${JVM_FLAGS:-$manifest_flags}
[ -z "${NMT:-}" ] || jvm_flags="$jvm_flags -XX:NativeMemoryTracking=summary"
limit=$(sed -n '/limits:/{n;s/^ *memory: *//p;}' "$deployment" | head -n 1)
case "$limit" in
  *Mi) limit_bytes=$((${limit%Mi} * 1048576)) ;;
  *Gi) limit_bytes=$((${limit%Gi} * 1073741824)) ;;
  *) echo "cannot read the memory limit '$limit' of $deployment" >&2; exit 2 ;;
esac

log="$work/memory-webhook.log"
# shellcheck disable=SC2086 # the flags are words
java $jvm_flags -XX:MaxRAM="$limit_bytes" -jar "$webhook_jar" --self-signed --host 127.0.0.1 --port "$port" \
  --probe-port "$probe_port" --mode warn ${WEBHOOK_ARGS:-} >"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT INT TERM
i=0
until curl -s -o /dev/null "http://127.0.0.1:$probe_port/readyz"; do
  i=$((i + 1))
  [ "$i" -lt 100 ] || { echo "the webhook did not start" >&2; cat "$log" >&2; exit 2; }
  sleep 0.2
done

machine
echo "webhook: JVM flags '$jvm_flags', -XX:MaxRAM=$limit_bytes ($limit, deploy/base/deployment.yaml)${WEBHOOK_ARGS:+, $WEBHOOK_ARGS}"
echo "body: $(wc -c <"$body") bytes; $concurrency concurrent, $requests requests per protocol"
# hey names the TLS server after its Host header; -host keeps the port out of it (the JDK refuses
# "127.0.0.1:PORT" as a server name).
for protocol in h2 http1.1; do
  flag=""
  [ "$protocol" = h2 ] && flag="-h2"
  out=$(hey $flag -host localhost -c "$concurrency" -n "$requests" -t 30 -m POST -T application/json -D "$body" \
    "https://127.0.0.1:$port/validate" 2>&1 || true)
  statuses=$(printf '%s\n' "$out" | sed -n 's/^[[:space:]]*\[\([0-9]*\)\][[:space:]]*\([0-9]*\) responses/\1:\2/p' | tr '\n' ' ')
  errors=$(printf '%s\n' "$out" | sed -n '/Error distribution/,$p' | sed -n 's/^[[:space:]]*\[\([0-9]*\)\].*/\1/p' \
    | awk '{ n += $1 } END { print n + 0 }')
  echo "$protocol: statuses ${statuses:-none}, client errors $errors"
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "the webhook died:"
    grep -v '"msg":"decision"' "$log" | tail -n 5
    break
  fi
done
decided=$(grep -c '"msg":"decision".*"path":"\(event-loop\|worker-pool\)"' "$log" || true)
shed=$(grep -c '"msg":"decision".*"path":"over-budget"' "$log" || true)
ooms=$(grep -c 'OutOfMemoryError' "$log" || true)
echo "answers: $decided decided, $shed allowed unchecked at the in-flight bound; OutOfMemoryError in the log: $ooms"
if kill -0 "$pid" 2>/dev/null; then
  hwm=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status")
  echo "peak RSS (VmHWM): $((hwm / 1024)) MiB of the $((limit_bytes / 1048576)) MiB limit"
  [ -z "${NMT:-}" ] || jcmd "$pid" VM.native_memory summary scale=MB | grep -E 'Total|committed=' | head -n 20
else
  echo "peak RSS: the process is gone"
fi
