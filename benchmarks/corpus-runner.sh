#!/bin/sh
# Corpus runner: on the same files, in one run, times (a) snakeyaml-engine parse only (the floor),
# (b) ./condlint lint --jobs 1 and (c) ./condlint lint on all cores, and prints objects/s and the
# ratios b/a, c/a and b/c; (a2) is the floor on all cores (one parsing thread per core), the most
# objects/s any linter that reads YAML with snakeyaml-engine can reach here, and c/a2 compares with it; then the peak RSS of (c) on the ~150 MB corpus against a ~2 MB one.
# (a) and (b) run twice: as they are, and on one core (taskset -c 0), because a JVM with one lint
# thread still compiles and collects on the other cores: "single-threaded" is then one core of work.
# Each timing is the best of RUNS (default 3) runs, since the machine is shared. Bounded: every
# command has a time limit. Usage: benchmarks/corpus-runner.sh [EXTRA_CORPUS_DIR...]
set -eu
. "$(dirname -- "$0")/common.sh"
runs="${RUNS:-3}"
limit=600

build_jars
big="$work/corpus"
small="$work/corpus-small"
[ -d "$big" ] || java -jar "$bench_jar" generate --objects 50000 --files 5000 --out "$big" >/dev/null
[ -d "$small" ] || java -jar "$bench_jar" generate --objects 500 --files 50 --out "$small" >/dev/null
"$root/condlint" --version >/dev/null   # builds the class-data archive once

run_corpus() {
  dir=$1
  find "$dir" -type f -exec cat {} + >/dev/null 2>&1 || true   # warm the page cache
  a=$(best_of java -XX:+UseSerialGC -jar "$bench_jar" parse "$dir")
  objects=$(sed -n 's/.*(\([0-9]*\) documents).*/\1/p' "$work/last.out")
  a1=$(best_of taskset -c 0 java -XX:+UseSerialGC -jar "$bench_jar" parse "$dir")
  a2=$(best_of java -XX:+UseSerialGC -jar "$bench_jar" parse --threads "$(nproc)" "$dir")
  b=$(best_of "$root/condlint" lint --jobs 1 --fail-on never "$dir")
  checked=$(sed -n 's/^Checked .*(\([0-9]*\) objects.*/\1/p' "$work/last.out")
  b1=$(best_of taskset -c 0 "$root/condlint" lint --jobs 1 --fail-on never "$dir")
  c=$(best_of "$root/condlint" lint --fail-on never "$dir")
  ta=${a%% *}; ta1=${a1%% *}; ta2=${a2%% *}; tb=${b%% *}; tb1=${b1%% *}; tc=${c%% *}
  echo "corpus $dir: $(du -sh "$dir" | cut -f1), $objects documents parsed, $checked objects linted"
  row "(a) parse only" "$ta" "$objects" "$a"
  row "(a1) parse only, one core" "$ta1" "$objects" "$a1"
  row "(a2) parse only, $(nproc) threads" "$ta2" "$objects" "$a2"
  row "(b) condlint lint --jobs 1" "$tb" "$checked" "$b"
  row "(b1) lint --jobs 1, one core" "$tb1" "$checked" "$b1"
  row "(c) condlint lint, $(nproc) jobs" "$tc" "$checked" "$c"
  echo "  b/a = $(ratio "$tb" "$ta")   b1/a1 = $(ratio "$tb1" "$ta1")   c/a = $(ratio "$tc" "$ta")" \
    "  b/c = $(ratio "$tb" "$tc")   b1/c = $(ratio "$tb1" "$tc")   c/a2 = $(ratio "$tc" "$ta2")"
  last_rss=${c##* }
}

# row LABEL SECONDS OBJECTS "SECONDS RSS_KB"
row() {
  printf '  %-34s %8s s  %8s objects/s  RSS %s MB\n' \
    "$1" "$2" "$(per_second "$3" "$2")" "$(( ${4##* } / 1024 ))"
}

machine
run_corpus "$big"
big_rss=$last_rss
big_c=$tc; big_b=$tb; big_a=$ta; big_b1=$tb1; big_a1=$ta1; big_a2=$ta2; big_n=$checked; big_docs=$objects
run_corpus "$small"
small_rss=$last_rss
echo "peak RSS, all cores: $((big_rss / 1024)) MB on $(du -sh "$big" | cut -f1) vs $((last_rss / 1024)) MB on" \
  "$(du -sh "$small" | cut -f1): ratio $(ratio "$big_rss" "$last_rss")"
for extra in "$@"; do
  [ -d "$extra" ] && run_corpus "$extra"
done
echo "targets on the generated corpus:"
echo "  lint --jobs 1 <= 1.5x parse only: $(ratio "$big_b" "$big_a")x; on one core $(ratio "$big_b1" "$big_a1")x"
echo "  all cores >= 1.7x faster than single-threaded (one core): $(ratio "$big_b1" "$big_c")x;" \
  "than --jobs 1 with the JIT on the other core: $(ratio "$big_b" "$big_c")x"
echo "  >= 20000 objects/s on all cores: $(per_second "$big_n" "$big_c");" \
  "parse only on all cores: $(per_second "$big_docs" "$big_a2")"
echo "  peak RSS on the big corpus <= 1.5x the small one: $(ratio "$big_rss" "$small_rss")x"
