#!/bin/sh
# Startup runner: one small file through ./condlint lint (with its class-data archive) against a JVM
# hello-world, with hyperfine (installed with apt when missing), on JDK 17 and on JDK 25 when
# /usr/lib/jvm/temurin-25-jdk-amd64 is present. The three commands (hello-world, lint with the archive,
# lint without) take turns ROUNDS times (default 3), RUNS runs each (default 20, after 3 warm-ups);
# each round's ratios use that round's hyperfine medians, and the median and range of the rounds are
# printed, with the load average before each. Bounded: each hyperfine run has a fixed number of runs
# and a time limit.
set -eu
. "$(dirname -- "$0")/common.sh"
limit=300

build_jars
need_apt hyperfine hyperfine
sample="$work/startup-sample.yaml"
cat >"$sample" <<'YAML'
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata: {name: apps, namespace: flux-system, generation: 3}
status:
  observedGeneration: 3
  conditions:
    - type: Ready
      status: "True"
      observedGeneration: 3
      lastTransitionTime: "2024-05-01T00:00:00Z"
      reason: ReconciliationSucceeded
      message: "Applied revision: main@sha1:5e3a1f"
YAML

# median_ms JDK_HOME CMD...: hyperfine's median in milliseconds.
median_ms() {
  home=$1
  shift
  PATH="$home/bin:$PATH" timeout "$limit" hyperfine -N --warmup 3 --runs "${RUNS:-20}" \
    --export-csv "$work/hyperfine.csv" "$*" >/dev/null 2>&1
  awk -F, 'NR == 2 { printf "%.0f", $4 * 1000 }' "$work/hyperfine.csv"
}

run_jdk() {
  home=$1
  [ -x "$home/bin/java" ] || return 0
  hello="$work/hello-$(basename "$home")"
  mkdir -p "$hello"
  printf 'public class Hello { public static void main(String[] a) { System.out.println("hello"); } }\n' \
    >"$hello/Hello.java"
  "$home/bin/javac" -d "$hello" "$hello/Hello.java"
  PATH="$home/bin:$PATH" "$root/condlint" --version >/dev/null   # builds the archive for this JDK once
  hs=""; cs=""; ns=""; rc=""; rn=""; loads=""
  r=1
  while [ "$r" -le "${ROUNDS:-3}" ]; do
    loads="$loads $(cut -d' ' -f1 /proc/loadavg)"
    h=$(median_ms "$home" "$home/bin/java -cp $hello Hello")
    c=$(median_ms "$home" "$root/condlint lint --fail-on never $sample")
    n=$(CONDLINT_CDS=off median_ms "$home" "$root/condlint lint --fail-on never $sample")
    hs="$hs $h"; cs="$cs $c"; ns="$ns $n"; rc="$rc $(ratio "$c" "$h")"; rn="$rn $(ratio "$n" "$h")"
    r=$((r + 1))
  done
  echo "$("$home/bin/java" -version 2>&1 | head -n 1) (load average before each round:$loads):"
  echo "  hello world            $(median_range $hs) ms"
  echo "  condlint lint, archive $(median_range $cs) ms   ratio $(median_range $rc)x (target <= 6x)"
  echo "  condlint lint, none    $(median_range $ns) ms   ratio $(median_range $rn)x"
}

machine
run_jdk "$(dirname -- "$(dirname -- "$(readlink -f -- "$(command -v java)")")")"
run_jdk /usr/lib/jvm/temurin-25-jdk-amd64
