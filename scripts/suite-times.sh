#!/usr/bin/env bash
# Prints the wall time of every test binary of `cargo test --release --workspace`, slowest
# first, against the suite budget (docs/testing.md): each binary under 2 minutes, the whole
# suite under 12 minutes on the 2-core machine.
#
#   scripts/suite-times.sh [--keep-going] [--per-test] [FILTER]
#
# Builds the test binaries (time shown separately), then runs each one as `cargo test` would
# (from its package's folder, with the same environment), one at a time. FILTER, if given,
# runs only the binaries whose name contains it. --per-test runs each binary's tests one at a
# time (--test-threads=1) and prints every test's wall time, to find what to resize. Exits
# non-zero if a binary fails (after timing the rest with --keep-going) or a budget is exceeded.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN_BUDGET=${HEDDLE_BIN_BUDGET:-120}
SUITE_BUDGET=${HEDDLE_SUITE_BUDGET:-720}
keep_going=0
per_test=0
filter=""
for a in "$@"; do
  case "$a" in
    --keep-going) keep_going=1 ;;
    --per-test) per_test=1 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) filter=$a ;;
  esac
done

t0=$(date +%s.%N)
# One JSON line per artifact; the test binaries carry "profile":{"test":true} and an executable.
cargo test --release --workspace --no-run --message-format=json 2>/dev/null >target/suite-artifacts.json \
  || { echo "suite-times: the build failed; run cargo test --release --workspace --no-run" >&2; exit 1; }
t1=$(date +%s.%N)
printf "build (cargo test --no-run): %.1f s\n" "$(awk "BEGIN{print $t1 - $t0}")"

python3 - "$filter" >target/suite-binaries.tsv <<'EOF'
import json, sys, os
flt = sys.argv[1]
seen = set()
for line in open("target/suite-artifacts.json"):
    try:
        m = json.loads(line)
    except ValueError:
        continue
    if m.get("reason") != "compiler-artifact" or not m.get("profile", {}).get("test") or not m.get("executable"):
        continue
    kind = m["target"]["kind"][0]
    name = m["target"]["name"] if kind != "lib" else m["target"]["name"] + " (unit)"
    if kind == "bin":
        name += " (bin unit)"
    pkg_dir = os.path.dirname(m["manifest_path"])
    if flt and flt not in name:
        continue
    if m["executable"] in seen:
        continue
    seen.add(m["executable"])
    print(f"{name}\t{m['executable']}\t{pkg_dir}")
EOF

failed=()
results=()
suite_start=$(date +%s.%N)
while IFS=$'\t' read -r name exe dir; do
  s=$(date +%s.%N)
  log=target/suite-times-$(basename "$exe").log
  if [ $per_test -eq 1 ]; then
    # One test at a time; each "test NAME ... ok" line is stamped with the seconds since the last.
    run() { python3 -c '
import subprocess, sys, time
p = subprocess.Popen([sys.argv[1], "--test-threads=1"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
t = time.time()
for line in p.stdout:
    sys.stdout.write(line)
    if line.startswith("test ") and (line.rstrip().endswith(" ok") or line.rstrip().endswith("FAILED")):
        now = time.time(); sys.stderr.write("      %7.1f s  %s\n" % (now - t, line.split()[1])); t = now
sys.exit(p.wait())' "$1"; }
  else
    run() { "$1" 2>&1; }
  fi
  if (cd "$dir" && run "$exe" >"$OLDPWD/$log"); then status=ok; else status=FAILED; failed+=("$name"); fi
  e=$(date +%s.%N)
  secs=$(awk "BEGIN{print $e - $s}")
  tests=$(grep -Eo '^test result: [a-zA-Z]+\. [0-9]+ passed; [0-9]+ failed' "$log" | tail -1 | sed 's/test result: //')
  results+=("$(printf '%8.1f\t%s\t%s\t%s' "$secs" "$name" "$status" "$tests")")
  printf '  %-28s %7.1f s  %s  %s\n' "$name" "$secs" "$status" "$tests" >&2
  if [ "$status" = FAILED ] && [ $keep_going -eq 0 ]; then
    echo "suite-times: $name failed; its output is in $log" >&2
    break
  fi
done <target/suite-binaries.tsv
suite_end=$(date +%s.%N)
total=$(awk "BEGIN{print $suite_end - $suite_start}")

echo
printf '%-30s %9s  %s\n' "test binary" "wall (s)" "result"
over=0
while IFS=$'\t' read -r secs name status tests; do
  mark=""
  if awk "BEGIN{exit !($secs > $BIN_BUDGET)}"; then mark="  over the ${BIN_BUDGET} s budget"; over=1; fi
  printf '%-30s %9.1f  %s %s%s\n' "$name" "$secs" "$status" "$tests" "$mark"
done < <(printf '%s\n' "${results[@]}" | sort -rn)
printf '%-30s %9.1f  (budget %s s)\n' "all tests" "$total" "$SUITE_BUDGET"
if awk "BEGIN{exit !($total > $SUITE_BUDGET)}"; then echo "suite-times: the suite is over its budget" >&2; over=1; fi
if [ ${#failed[@]} -gt 0 ]; then echo "suite-times: failed: ${failed[*]}" >&2; exit 1; fi
[ $over -eq 0 ] || exit 2
