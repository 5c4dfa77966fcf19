# Shared by the runners (sourced): paths, the jars, and small helpers. POSIX sh.
# A script outside benchmarks/ itself (benchmarks/profile/) sets root before it sources this file.
root=${root:-$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)}
work="${BENCH_WORK:-/tmp/condlint-bench}"
bench_jar="$root/benchmarks/target/benchmarks.jar"
cli_jar="$root/linter-cli/target/condlint.jar"
export CONDLINT_CACHE="$work/cds"
mkdir -p "$work"

# Builds the jars when missing (quietly; output only on failure).
# WEBHOOK_JAR: another build of the webhook to measure (for a before-and-after comparison).
webhook_jar="${WEBHOOK_JAR:-$root/webhook/target/condlint-webhook.jar}"

build_jars() {
  if [ ! -f "$bench_jar" ] || [ ! -f "$cli_jar" ] || [ ! -f "$webhook_jar" ]; then
    log="$work/build.log"
    (cd "$root" && ./mvnw -q -B -DskipTests package -pl linter-cli,webhook,benchmarks -am) >"$log" 2>&1 \
      || { cat "$log" >&2; echo "build failed" >&2; exit 2; }
  fi
}

# self_signed DIR: DIR/cert.pem and DIR/key.pem, a P-256 certificate for 127.0.0.1 and localhost, valid a day.
self_signed() {
  mkdir -p "$1"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost \
    -addext subjectAltName=IP:127.0.0.1,DNS:localhost -keyout "$1/key.pem" -out "$1/cert.pem" 2>/dev/null
}

# Installs Debian packages when their command is missing.
need_apt() {
  command -v "$1" >/dev/null 2>&1 && return 0
  (apt-get install -y -q "$2" || { apt-get update -q && apt-get install -y -q "$2"; }) >"$work/apt.log" 2>&1 \
    || { cat "$work/apt.log" >&2; echo "cannot install $2" >&2; exit 2; }
}

# Prints "SECONDS MAXRSS_KB" of a command (its output goes to $work/last.out), bounded by $limit seconds.
measure() {
  /usr/bin/time -f '%e %M' -o "$work/time.txt" timeout "${limit:-600}" "$@" >"$work/last.out" 2>"$work/last.err" || true
  tail -n 1 "$work/time.txt"
}

# best_of CMD...: the smallest "SECONDS MAXRSS_KB" of $runs runs (the output of the last run in $work/last.out).
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

# median_range VALUES...: "MEDIAN (LOW-HIGH)" of the numbers given (the middle one, or the lower
# middle of an even count).
median_range() {
  printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { printf "%s (%s-%s)", a[int((NR + 1) / 2)], a[1], a[NR] }'
}

# median VALUES...: the middle one of the numbers given.
median() {
  printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'
}

# N per T seconds, rounded: per_second N T.
per_second() {
  awk -v n="$1" -v t="$2" 'BEGIN { if (t > 0) printf "%.0f", n / t; else print "n/a" }'
}

# a/b with two decimals.
ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'
}

machine() {
  echo "machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)," \
    "$(java -version 2>&1 | head -n 1), $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
