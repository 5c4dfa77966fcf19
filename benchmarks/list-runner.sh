#!/bin/sh
# List runner (issue 17, item 2): one large kind: List per file, as kubectl get -o yaml prints it
# (kind after items), of 15 MB and 50 MB. For each, in one run: (a) snakeyaml-engine's parse of the
# file into plain maps (the floor, one thread), (b) ./condlint lint, and (c) ./condlint lint in a
# 512 MB heap (CONDLINT_JAVA_OPTS=-Xmx512m, the heap of a CI container with a 2 GiB limit); wall time,
# peak RSS, RSS / file size and exit status. With BASE_JAR=path/to/condlint.jar (built from another
# commit) it runs that jar the same way, with the launcher's JVM flags, for a same-run comparison.
# The commands take turns ROUNDS times (default 3); each row shows the median and range of its times
# and its median RSS, and each ratio the median and range of the rounds' ratios.
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

# row LABEL FILE "SECONDS..." "RSS_KB..." EXIT: median and range of the times, median RSS, RSS per byte of
# the file, and the command's exit status (of the last round).
row() {
  bytes=$(wc -c <"$2")
  rss=$(median $4)
  printf '  %-40s %-20s s  RSS %5s MB  %5sx the file  exit %s\n' "$1" "$(median_range $3)" "$(( rss / 1024 ))" \
    "$(ratio "$(( rss * 1024 ))" "$bytes")" "$5"
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
  ta=""; ra=""; tb=""; rb=""; tc=""; rc=""; td=""; rd=""; te=""; re=""; rt=""; rr=""; dt=""; dr=""; loads=""
  r=1
  while [ "$r" -le "${ROUNDS:-3}" ]; do
    loads="$loads $(cut -d' ' -f1 /proc/loadavg)"
    a=$(status java -XX:+UseSerialGC -jar "$bench_jar" parse "$work/list-$mb")
    ea=$(cat "$work/exit.txt")
    b=$(lint "$file" "$root/condlint")
    eb=$(cat "$work/exit.txt")
    c=$(lint "$file" env CONDLINT_JAVA_OPTS=-Xmx512m "$root/condlint")
    ec=$(cat "$work/exit.txt")
    ta="$ta ${a%% *}"; ra="$ra ${a##* }"; tb="$tb ${b%% *}"; rb="$rb ${b##* }"; tc="$tc ${c%% *}"; rc="$rc ${c##* }"
    rt="$rt $(ratio "${b%% *}" "${a%% *}")"; rr="$rr $(ratio "${b##* }" "${a##* }")"
    if [ -n "${BASE_JAR:-}" ]; then
      flags="-XX:+UseSerialGC -XX:InlineSmallCode=300 -XX:FreqInlineSize=100"
      # shellcheck disable=SC2086
      d=$(lint "$file" java $flags -jar "$BASE_JAR")
      ed=$(cat "$work/exit.txt")
      # shellcheck disable=SC2086
      e=$(lint "$file" java -Xmx512m $flags -jar "$BASE_JAR")
      ee=$(cat "$work/exit.txt")
      td="$td ${d%% *}"; rd="$rd ${d##* }"; te="$te ${e%% *}"; re="$re ${e##* }"
      dt="$dt $(ratio "${b%% *}" "${d%% *}")"; dr="$dr $(ratio "${b##* }" "${d##* }")"
    fi
    r=$((r + 1))
  done
  echo "kind: List of $(( $(wc -c <"$file") / 1000000 )) MB (load average before each round:$loads):"
  row "(a) parse only into maps" "$file" "$ta" "$ra" "$ea"
  row "(b) condlint lint" "$file" "$tb" "$rb" "$eb"
  row "(c) condlint lint, -Xmx512m" "$file" "$tc" "$rc" "$ec"
  echo "  b/a time = $(median_range $rt)   b/a RSS = $(median_range $rr)"
  if [ -n "${BASE_JAR:-}" ]; then
    row "(d) BASE_JAR lint" "$file" "$td" "$rd" "$ed"
    row "(e) BASE_JAR lint, -Xmx512m" "$file" "$te" "$re" "$ee"
    echo "  b/d time = $(median_range $dt)   b/d RSS = $(median_range $dr)"
  fi
done
