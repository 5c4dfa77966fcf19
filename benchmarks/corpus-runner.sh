#!/bin/sh
# Corpus runner: on the same files, in one run, times (a) snakeyaml-engine parse only (the floor),
# (b) ./condlint lint --jobs 1 and (c) ./condlint lint on all cores, and prints objects/s and the
# ratios b/a, c/a and b/c; then the peak RSS of (c) on the ~150 MB corpus against a ~2 MB one.
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

# best_of CMD...: the smallest "SECONDS RSS" of $runs runs.
best_of() {
  i=0
  best=""
  while [ "$i" -lt "$runs" ]; do
    r=$(measure "$@")
    if [ -z "$best" ] || awk -v a="${r%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then
      best=$r
    fi
    i=$((i + 1))
  done
  echo "$best"
}

run_corpus() {
  dir=$1
  find "$dir" -type f -exec cat {} + >/dev/null 2>&1 || true   # warm the page cache
  a=$(best_of java -XX:+UseSerialGC -jar "$bench_jar" parse "$dir")
  objects=$(sed -n 's/.*(\([0-9]*\) documents).*/\1/p' "$work/last.out")
  b=$(best_of "$root/condlint" lint --jobs 1 --fail-on never "$dir")
  checked=$(sed -n 's/^Checked .*(\([0-9]*\) objects.*/\1/p' "$work/last.out")
  c=$(best_of "$root/condlint" lint --fail-on never "$dir")
  ta=${a%% *}; tb=${b%% *}; tc=${c%% *}
  echo "corpus $dir: $(du -sh "$dir" | cut -f1), $objects documents parsed, $checked objects linted"
  printf '  %-32s %8s s  %8s objects/s  RSS %s MB\n' \
    "(a) parse only" "$ta" "$(awk -v n="$objects" -v t="$ta" 'BEGIN { printf "%.0f", n / t }')" "$(( ${a##* } / 1024 ))" \
    "(b) condlint lint --jobs 1" "$tb" "$(awk -v n="$checked" -v t="$tb" 'BEGIN { printf "%.0f", n / t }')" "$(( ${b##* } / 1024 ))" \
    "(c) condlint lint, $(nproc) jobs" "$tc" "$(awk -v n="$checked" -v t="$tc" 'BEGIN { printf "%.0f", n / t }')" "$(( ${c##* } / 1024 ))"
  echo "  b/a = $(ratio "$tb" "$ta")   c/a = $(ratio "$tc" "$ta")   b/c = $(ratio "$tb" "$tc")"
  last_rss=${c##* }
}

machine
run_corpus "$big"
big_rss=$last_rss
big_c=$tc; big_b=$tb; big_a=$ta; big_n=$checked
run_corpus "$small"
small_rss=$last_rss
echo "peak RSS, all cores: $((big_rss / 1024)) MB on $(du -sh "$big" | cut -f1) vs $((last_rss / 1024)) MB on" \
  "$(du -sh "$small" | cut -f1): ratio $(ratio "$big_rss" "$last_rss")"
for extra in "$@"; do
  [ -d "$extra" ] && run_corpus "$extra"
done
echo "targets on the generated corpus:"
echo "  lint --jobs 1 <= 1.5x parse only: $(ratio "$big_b" "$big_a")x"
echo "  all cores >= 1.7x faster than --jobs 1: $(ratio "$big_b" "$big_c")x"
echo "  >= 20000 objects/s on all cores: $(awk -v n="$big_n" -v t="$big_c" 'BEGIN { printf "%.0f", n / t }')"
echo "  peak RSS on the big corpus <= 1.5x the small one: $(ratio "$big_rss" "$small_rss")x"
