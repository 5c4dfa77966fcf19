#!/bin/sh
# Corpus runner: on the same files, in one run, times (a) snakeyaml-engine parse only (the floor),
# (b) ./condlint lint --jobs 1 and (c) ./condlint lint on all cores, and prints objects/s and the
# ratios b/a, c/a and b/c; (a2) is the floor on all cores (one parsing thread per core), the most
# objects/s any linter that reads YAML with snakeyaml-engine can reach here, and c/a2 compares with it;
# then the peak RSS of (c) on the ~150 MB corpus against a ~2 MB one.
# (a) and (b) run twice: as they are, and on one core (taskset -c 0), because a JVM with one lint
# thread still compiles and collects on the other cores: "single-threaded" is then one core of work.
# The machine is shared, so the commands take turns ROUNDS times (default 3): each ratio is computed
# within a round, from runs seconds apart, and the median and range of the rounds are printed, with the
# load average before each round. Bounded: every command has a time limit.
# Usage: benchmarks/corpus-runner.sh [EXTRA_CORPUS_DIR...]
set -eu
. "$(dirname -- "$0")/common.sh"
rounds="${ROUNDS:-${RUNS:-3}}"
limit=600

build_jars
big="$work/corpus"
small="$work/corpus-small"
[ -d "$big" ] || java -jar "$bench_jar" generate --objects 50000 --files 5000 --out "$big" >/dev/null
[ -d "$small" ] || java -jar "$bench_jar" generate --objects 500 --files 50 --out "$small" >/dev/null
"$root/condlint" --version >/dev/null   # builds the class-data archive once

seconds() { echo "${1%% *}"; }
rss_mb() { echo "$(( ${1##* } / 1024 ))"; }

run_corpus() {
  dir=$1
  find "$dir" -type f -exec cat {} + >/dev/null 2>&1 || true   # warm the page cache
  ta=""; ta1=""; ta2=""; tb=""; tb1=""; tc=""; rss_c=""; loads=""
  r_ba=""; r_b1a1=""; r_ca=""; r_bc=""; r_b1c=""; r_ca2=""
  r=1
  while [ "$r" -le "$rounds" ]; do
    loads="$loads $(cut -d' ' -f1 /proc/loadavg)"
    a=$(measure java -XX:+UseSerialGC -jar "$bench_jar" parse "$dir")
    objects=$(sed -n 's/.*(\([0-9]*\) documents).*/\1/p' "$work/last.out")
    a1=$(measure taskset -c 0 java -XX:+UseSerialGC -jar "$bench_jar" parse "$dir")
    a2=$(measure java -XX:+UseSerialGC -jar "$bench_jar" parse --threads "$(nproc)" "$dir")
    b=$(measure "$root/condlint" lint --jobs 1 --fail-on never "$dir")
    checked=$(sed -n 's/^Checked .*(\([0-9]*\) objects.*/\1/p' "$work/last.out")
    b1=$(measure taskset -c 0 "$root/condlint" lint --jobs 1 --fail-on never "$dir")
    c=$(measure "$root/condlint" lint --fail-on never "$dir")
    ta="$ta $(seconds "$a")"; ta1="$ta1 $(seconds "$a1")"; ta2="$ta2 $(seconds "$a2")"
    tb="$tb $(seconds "$b")"; tb1="$tb1 $(seconds "$b1")"; tc="$tc $(seconds "$c")"; rss_c="$rss_c $(rss_mb "$c")"
    r_ba="$r_ba $(ratio "$(seconds "$b")" "$(seconds "$a")")"
    r_b1a1="$r_b1a1 $(ratio "$(seconds "$b1")" "$(seconds "$a1")")"
    r_ca="$r_ca $(ratio "$(seconds "$c")" "$(seconds "$a")")"
    r_bc="$r_bc $(ratio "$(seconds "$b")" "$(seconds "$c")")"
    r_b1c="$r_b1c $(ratio "$(seconds "$b1")" "$(seconds "$c")")"
    r_ca2="$r_ca2 $(ratio "$(seconds "$c")" "$(seconds "$a2")")"
    r=$((r + 1))
  done
  echo "corpus $dir: $(du -sh "$dir" | cut -f1), $objects documents parsed, $checked objects linted;" \
    "$rounds rounds, load average before each:$loads"
  row "(a) parse only" "$ta" "$objects"
  row "(a1) parse only, one core" "$ta1" "$objects"
  row "(a2) parse only, $(nproc) threads" "$ta2" "$objects"
  row "(b) condlint lint --jobs 1" "$tb" "$checked"
  row "(b1) lint --jobs 1, one core" "$tb1" "$checked"
  row "(c) condlint lint, $(nproc) jobs" "$tc" "$checked"
  echo "  peak RSS of (c): $(median_range $rss_c) MB"
  echo "  b/a = $(median_range $r_ba)   b1/a1 = $(median_range $r_b1a1)   c/a = $(median_range $r_ca)"
  echo "  b/c = $(median_range $r_bc)   b1/c = $(median_range $r_b1c)   c/a2 = $(median_range $r_ca2)"
  last_rss=$(median $rss_c)
}

# row LABEL "SECONDS..." OBJECTS: the median and range of the seconds, and objects/s at the median.
row() {
  set -- "$1" "$(median $2)" "$3" "$(median_range $2)"
  printf '  %-34s %-20s s  %8s objects/s\n' "$1" "$4" "$(per_second "$3" "$2")"
}

machine
run_corpus "$big"
big_rss=$last_rss
big_r_ba=$r_ba; big_r_b1a1=$r_b1a1; big_r_b1c=$r_b1c; big_r_bc=$r_bc; big_n=$checked; big_docs=$objects
big_tc=$tc; big_ta2=$ta2
run_corpus "$small"
small_rss=$last_rss
echo "peak RSS, all cores (medians): $big_rss MB on $(du -sh "$big" | cut -f1) vs $small_rss MB on" \
  "$(du -sh "$small" | cut -f1): ratio $(ratio "$big_rss" "$small_rss")"
for extra in "$@"; do
  [ -d "$extra" ] && run_corpus "$extra"
done
echo "targets on the generated corpus (median and range of the rounds):"
echo "  lint --jobs 1 <= 1.5x parse only: $(median_range $big_r_ba)x; on one core $(median_range $big_r_b1a1)x"
echo "  all cores >= 1.7x faster than single-threaded (one core): $(median_range $big_r_b1c)x;" \
  "than --jobs 1 with the JIT on the other core: $(median_range $big_r_bc)x"
echo "  >= 20000 objects/s on all cores: $(per_second "$big_n" "$(median $big_tc)");" \
  "parse only on all cores: $(per_second "$big_docs" "$(median $big_ta2)")"
echo "  peak RSS on the big corpus <= 1.5x the small one: $(ratio "$big_rss" "$small_rss")x"
