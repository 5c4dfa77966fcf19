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
# 2,000 objects, the goal being 1.3 or less. Checks that (a) and (l) find the same. The three take turns
# ROUNDS times (default 3); each ratio is computed within a round, and the median and range of the
# rounds are printed, with the load average before each round. Bounded: every command has a time limit.
# Usage: benchmarks/audit-runner.sh
set -eu
. "$(dirname -- "$0")/common.sh"
rounds="${ROUNDS:-${RUNS:-3}}"
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

# row LABEL "SECONDS..." OBJECTS "RSS_MB...": median and range of the seconds, objects/s at the median,
# and the median peak RSS.
row() {
  printf '  %-44s %-20s s  %7s objects/s  RSS %4s MB\n' "$1" "$(median_range $2)" \
    "$(per_second "$3" "$(median $2)")" "$(median $4)"
}

machine
for n in $sizes; do
  dir="$work/audit-$n"
  [ -d "$dir/corpus" ] || java -jar "$bench_jar" generate --objects "$n" --files "$((n / 10))" --out "$dir/corpus" >/dev/null
  start_mock "$dir/corpus" "$dir/kubeconfig"
  rm -rf "$dir/saved"
  timeout "$limit" "$root/condlint" audit --kubeconfig "$dir/kubeconfig" --fail-on never --quiet \
    --save "$dir/saved" >/dev/null
  tm=""; ta=""; tl=""; ra=""; rl=""; rm_=""; r_alm=""; r_al=""; loads=""
  r=1
  while [ "$r" -le "$rounds" ]; do
    loads="$loads $(cut -d' ' -f1 /proc/loadavg)"
    m=$(measure java -XX:+UseSerialGC -jar "$bench_jar" fetch --server "$server" --ca "$certificate")
    fetched=$(cat "$work/last.out")
    a=$(measure "$root/condlint" audit --kubeconfig "$dir/kubeconfig" --fail-on never)
    audited=$(grep '^Audited ' "$work/last.out")
    l=$(measure "$root/condlint" lint --fail-on never "$dir/saved")
    linted=$(grep '^Checked ' "$work/last.out")
    tm="$tm ${m%% *}"; ta="$ta ${a%% *}"; tl="$tl ${l%% *}"
    rm_="$rm_ $(( ${m##* } / 1024 ))"; ra="$ra $(( ${a##* } / 1024 ))"; rl="$rl $(( ${l##* } / 1024 ))"
    r_alm="$r_alm $(awk -v a="${a%% *}" -v l="${l%% *}" -v m="${m%% *}" 'BEGIN { printf "%.2f", a / (l + m) }')"
    r_al="$r_al $(ratio "${a%% *}" "${l%% *}")"
    r=$((r + 1))
  done
  stop_mock

  echo "$n objects ($(du -sh "$dir/saved" | cut -f1) saved as $(find "$dir/saved" -type f | wc -l) files);" \
    "$rounds rounds, load average before each:$loads"
  echo "  $fetched"
  echo "  $audited"
  echo "  $linted"
  if [ "${audited##*: }" = "${linted##*: }" ]; then
    echo "  same findings in audit and lint: yes"
  else
    echo "  same findings in audit and lint: NO" >&2
  fi
  row "(m) the mock serving the lists (fetch)" "$tm" "$n" "$rm_"
  row "(a) condlint audit" "$ta" "$n" "$ra"
  row "(l) condlint lint of the saved objects" "$tl" "$n" "$rl"
  echo "  a/(l+m) = $(median_range $r_alm)   a/l = $(median_range $r_al)"
  eval "rss_a_$n=$(median $ra); rss_l_$n=$(median $rl)"
done

set -- $sizes
if [ "$#" -ge 2 ]; then
  small=$1
  eval "large=\${$#}"
  eval "ra_small=\$rss_a_$small; ra_large=\$rss_a_$large; rl_small=\$rss_l_$small; rl_large=\$rss_l_$large"
  echo "peak RSS of audit (medians): $ra_large MB at $large objects vs $ra_small MB at $small:" \
    "ratio $(ratio "$ra_large" "$ra_small") (lint of the same files: $(ratio "$rl_large" "$rl_small"))"
fi
