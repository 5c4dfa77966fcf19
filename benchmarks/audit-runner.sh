#!/bin/sh
# Audit runner: in one run, for 2,000 and 20,000 generated objects (SIZES) served by the test API server
# (fabric8's kubernetes-server-mock in CRUD mode behind the cluster module's dispatcher, in a JVM of its
# own), times and peak RSS of
#   (m) the mock serving what an audit asks for, to a client that reads the bytes and parses nothing
#       (benchmarks.jar fetch: aggregated discovery, then every resource with a status, pages of 500,
#       4 lists at a time, as the audit asks);
#   (a) ./condlint audit of the mock (its defaults: pages of 500, 4 lists at a time);
#   (l) ./condlint lint of the same objects, saved as files by `condlint audit --save` beforehand;
# and prints a/(l+m), the goal being 1.5 or less at 20,000 objects, and the RSS of (a) at 20,000 against
# 2,000 objects, the goal being 1.3 or less. Checks that (a) and (l) find the same. Each timing is the
# best of RUNS (default 3). Bounded: every command has a time limit. Usage: benchmarks/audit-runner.sh
set -eu
. "$(dirname -- "$0")/common.sh"
runs="${RUNS:-3}"
limit=600
sizes="${SIZES:-2000 20000}"

build_jars
"$root/condlint" --version >/dev/null   # builds the class-data archive once

mock_pid=""
# start_mock CORPUS KUBECONFIG: serves the corpus until stop_mock; sets $server and $certificate.
start_mock() {
  fifo="$work/mock.in"
  rm -f "$fifo" "$work/mock.out"
  mkfifo "$fifo"
  java -XX:+UseSerialGC -jar "$bench_jar" mock-server --from "$1" --kubeconfig "$2" \
    <"$fifo" >"$work/mock.out" 2>"$work/mock.err" &
  mock_pid=$!
  exec 9>"$fifo"   # the server's standard input: closing it ends the server
  waited=0
  until grep -q '^ready ' "$work/mock.out" 2>/dev/null; do
    if [ "$waited" -ge 300 ] || ! kill -0 "$mock_pid" 2>/dev/null; then
      cat "$work/mock.err" >&2
      echo "the test API server did not start" >&2
      exit 2
    fi
    sleep 1
    waited=$((waited + 1))
  done
  server=$(awk '/^ready / {print $3}' "$work/mock.out")
  certificate=$(awk '/^ready / {print $4}' "$work/mock.out")
}

stop_mock() {
  if [ -n "$mock_pid" ]; then
    exec 9>&-
    wait "$mock_pid" || true
    mock_pid=""
  fi
}
trap stop_mock EXIT

# row LABEL "SECONDS RSS_KB" OBJECTS
row() {
  printf '  %-44s %7s s  %7s objects/s  RSS %4s MB\n' "$1" "${2%% *}" "$(per_second "$3" "${2%% *}")" \
    "$(( ${2##* } / 1024 ))"
}

machine
for n in $sizes; do
  dir="$work/audit-$n"
  [ -d "$dir/corpus" ] || java -jar "$bench_jar" generate --objects "$n" --files "$((n / 10))" --out "$dir/corpus" >/dev/null
  start_mock "$dir/corpus" "$dir/kubeconfig"
  rm -rf "$dir/saved"
  timeout "$limit" "$root/condlint" audit --kubeconfig "$dir/kubeconfig" --fail-on never --quiet \
    --save "$dir/saved" >/dev/null

  m=$(best_of java -XX:+UseSerialGC -jar "$bench_jar" fetch --server "$server" --ca "$certificate")
  fetched=$(cat "$work/last.out")
  a=$(best_of "$root/condlint" audit --kubeconfig "$dir/kubeconfig" --fail-on never)
  audited=$(grep '^Audited ' "$work/last.out")
  stop_mock
  l=$(best_of "$root/condlint" lint --fail-on never "$dir/saved")
  linted=$(grep '^Checked ' "$work/last.out")

  echo "$n objects ($(du -sh "$dir/saved" | cut -f1) saved as $(find "$dir/saved" -type f | wc -l) files):"
  echo "  $fetched"
  echo "  $audited"
  echo "  $linted"
  if [ "${audited##*: }" = "${linted##*: }" ]; then
    echo "  same findings in audit and lint: yes"
  else
    echo "  same findings in audit and lint: NO" >&2
  fi
  row "(m) the mock serving the lists (fetch)" "$m" "$n"
  row "(a) condlint audit" "$a" "$n"
  row "(l) condlint lint of the saved objects" "$l" "$n"
  tm=${m%% *}; ta=${a%% *}; tl=${l%% *}
  echo "  a/(l+m) = $(awk -v a="$ta" -v l="$tl" -v m="$tm" 'BEGIN { printf "%.2f", a / (l + m) }')" \
    "  a/l = $(ratio "$ta" "$tl")"
  eval "rss_a_$n=${a##* }; rss_l_$n=${l##* }"
done

set -- $sizes
if [ "$#" -ge 2 ]; then
  small=$1
  eval "large=\${$#}"
  eval "ra_small=\$rss_a_$small; ra_large=\$rss_a_$large; rl_small=\$rss_l_$small; rl_large=\$rss_l_$large"
  echo "peak RSS of audit: $((ra_large / 1024)) MB at $large objects vs $((ra_small / 1024)) MB at $small:" \
    "ratio $(ratio "$ra_large" "$ra_small") (lint of the same files: $(ratio "$rl_large" "$rl_small"))"
fi
