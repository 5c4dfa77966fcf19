#!/bin/sh
# List runner (issue 17, item 2): one large kind: List per file, as kubectl get -o yaml prints it
# (kind after items), of 15 MB and 50 MB. For each, in one run: (a) snakeyaml-engine's parse of the
# file into plain maps (the floor, one thread), (b) ./condlint lint, and (c) ./condlint lint in a
# 512 MB heap (CONDLINT_JAVA_OPTS=-Xmx512m, the heap of a CI container with a 2 GiB limit); wall time,
# peak RSS, RSS / file size and exit status. With BASE_JAR=path/to/condlint.jar (built from another
# commit) it runs that jar the same way, with the launcher's JVM flags, for a same-run comparison.
# Bounded: every command has a time limit. Usage: benchmarks/list-runner.sh
set -eu
. "$(dirname -- "$0")/common.sh"
limit=600

build_jars
for mb in 15 50; do
  [ -f "$work/list-$mb/list.yaml" ] || { mkdir -p "$work/list-$mb" &&
    java -jar "$bench_jar" generate-list --megabytes "$mb" --out "$work/list-$mb/list.yaml" >/dev/null; }
done
"$root/condlint" --version >/dev/null   # builds the class-data archive once

# row LABEL FILE "SECONDS RSS_KB": time, RSS, RSS per byte of the file, and the command's exit status.
row() {
  bytes=$(wc -c <"$2")
  printf '  %-40s %7s s  RSS %5s MB  %5sx the file  exit %s\n' "$1" "${3%% *}" "$(( ${3##* } / 1024 ))" \
    "$(ratio "$(( ${3##* } * 1024 ))" "$bytes")" "$(cat "$work/exit.txt")"
}

# status CMD...: runs measure and keeps the command's exit status in $work/exit.txt.
status() {
  r=$(measure sh -c '"$@"; echo $? >"$0"' "$work/exit.txt" "$@")
  echo "$r"
}

# lint FILE CMD...: CMD lint FILE, findings counted, not failed on.
lint() {
  f=$1
  shift
  status "$@" lint --summary --now 2024-06-01T00:00:00Z --fail-on never "$f"
}

machine
for mb in 15 50; do
  file="$work/list-$mb/list.yaml"
  cat "$file" >/dev/null   # warm the page cache
  echo "kind: List of $(( $(wc -c <"$file") / 1000000 )) MB:"
  a=$(status java -XX:+UseSerialGC -jar "$bench_jar" parse "$work/list-$mb")
  row "(a) parse only into maps" "$file" "$a"
  b=$(lint "$file" "$root/condlint")
  row "(b) condlint lint" "$file" "$b"
  c=$(lint "$file" env CONDLINT_JAVA_OPTS=-Xmx512m "$root/condlint")
  row "(c) condlint lint, -Xmx512m" "$file" "$c"
  echo "  b/a time = $(ratio "${b%% *}" "${a%% *}")   b/a RSS = $(ratio "${b##* }" "${a##* }")"
  if [ -n "${BASE_JAR:-}" ]; then
    flags="-XX:+UseSerialGC -XX:InlineSmallCode=300 -XX:FreqInlineSize=100"
    # shellcheck disable=SC2086
    d=$(lint "$file" java $flags -jar "$BASE_JAR")
    row "(d) BASE_JAR lint" "$file" "$d"
    # shellcheck disable=SC2086
    e=$(lint "$file" java -Xmx512m $flags -jar "$BASE_JAR")
    row "(e) BASE_JAR lint, -Xmx512m" "$file" "$e"
    echo "  b/d time = $(ratio "${b%% *}" "${d%% *}")   b/d RSS = $(ratio "${b##* }" "${d##* }")"
  fi
done
