#!/bin/sh
# Peer comparison: Spectral (@stoplight/spectral-cli from npm, installed here by the script) with a
# ruleset for three condlint rules (benchmarks/spectral/ruleset.yaml: reason format, status enum,
# duplicate types) against ./condlint lint (all its rules) on the same files: the small generated
# corpus split into one document per file (Spectral reads one YAML document per file), and the
# shared corpus samples when present. The two take turns ROUNDS times (default 3); prints the median and
# range of each time and of the ratio within a round, and each tool's finding count for the three
# rules. Bounded: every command has a time limit.
set -eu
. "$(dirname -- "$0")/common.sh"
limit=600

build_jars
command -v npm >/dev/null 2>&1 || { echo "npm not found" >&2; exit 2; }
spectral_dir="$work/spectral"
if [ ! -x "$spectral_dir/node_modules/.bin/spectral" ]; then
  mkdir -p "$spectral_dir"
  (cd "$spectral_dir" && timeout 300 npm install --no-audit --no-fund --silent @stoplight/spectral-cli@6) >/dev/null
fi
spectral="$spectral_dir/node_modules/.bin/spectral"

small="$work/corpus-small"
split="$work/corpus-split"
[ -d "$small" ] || java -jar "$bench_jar" generate --objects 500 --files 50 --out "$small" >/dev/null
if [ ! -d "$split" ]; then
  mkdir -p "$split"
  for f in "$small"/*/*.yaml; do
    awk -v out="$split/$(basename "$f" .yaml)" '
      /^---$/ { n++; next }
      { print > (out "-" n ".yaml") }' "$f"
  done
fi
"$root/condlint" --version >/dev/null   # builds the class-data archive once

compare() {
  dir=$1
  files=$(find "$dir" -name '*.yaml' | wc -l)
  ss=""; cs=""; rs=""; loads=""
  r=1
  while [ "$r" -le "${ROUNDS:-3}" ]; do
    loads="$loads $(cut -d' ' -f1 /proc/loadavg)"
    s=$(measure "$spectral" lint --quiet --format text --ruleset "$root/benchmarks/spectral/ruleset.yaml" "$dir/**/*.yaml" "$dir/*.yaml")
    s_found=$(grep -cE 'condition-(reason-format|status-value|type-unique)' "$work/last.out" || true)
    c=$(measure "$root/condlint" lint --fail-on never "$dir")
    c_found=$(grep -cE ' (condition-reason-format|condition-status-value|condition-type-unique):' "$work/last.out" || true)
    ss="$ss ${s%% *}"; cs="$cs ${c%% *}"; rs="$rs $(ratio "${s%% *}" "${c%% *}")"
    r=$((r + 1))
  done
  echo "$dir ($files files; load average before each round:$loads):"
  echo "  spectral (3 rules)        $(median_range $ss) s   $s_found findings of the three rules"
  echo "  condlint lint (all rules) $(median_range $cs) s   $c_found findings of the three rules"
  echo "  spectral / condlint = $(median_range $rs)"
}

machine
echo "spectral $("$spectral" --version), node $(node --version)"
compare "$split"
[ -d "$root/../shared/corpus/samples" ] && compare "$(CDPATH='' cd -- "$root/../shared/corpus/samples" && pwd)"
exit 0
