#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader of untrusted bytes (docs/development.md, "Fuzzing").
#
#   scripts/fuzz.sh [--seconds N] [TARGET...]   fuzz each target for N seconds (default 60)
#   scripts/fuzz.sh --smoke                      10 seconds of every target, for CI: a fixed seed
#                                                and a fresh corpus, so it runs the same inputs on
#                                                every machine (only how many depends on its speed)
#   --jobs N                                     targets fuzzed at the same time (default: one per
#                                                core); each is one process on one core
#
# Builds Sources/proctor-fuzz with libFuzzer and AddressSanitizer into .build/fuzz, seeds each
# target's corpus from Conformance/ and Scenarios/ (plus Tests/Fuzz/regressions/TARGET, the
# inputs that once failed), and fails on the first crash, leak, sanitizer report, input slower than
# 3 s or memory overrun, leaving the input in .build/fuzz-artifacts/TARGET/. What a target finds stays in .build/fuzz-corpus/TARGET,
# so later runs go on from where the last one stopped.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
smoke=false
jobs=$(nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 1)
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) seconds=10; smoke=true; shift ;;
    --seconds) seconds="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    -*) echo "fuzz: unknown option $1" >&2; exit 64 ;;
    *) targets+=("$1"); shift ;;
  esac
done
all_targets=(json lint lint-lines apns scenario info-plist conformance aasa html pass pkpass coverage config swift xcode-project intent-definition)
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

swift build -c release --product proctor-fuzz --scratch-path .build/fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DPROCTOR_FUZZING -Xswiftc -use-ld=lld
binary=.build/fuzz/release/proctor-fuzz

python3 scripts/fuzz_seeds.py .build/fuzz-seeds

# Leaks in the toolchain's libraries, not Proctor's, with the reason for each.
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

# One target: its corpus, seeds and dictionary, then libFuzzer, its log in
# .build/fuzz-artifacts/TARGET.log and what the run says of it in TARGET.out; the exit status is
# the fuzzer's. The targets are independent processes, so `jobs` of them run at a time.
fuzz_target() {
  local target=$1
  local corpus=.build/fuzz-corpus/$target
  local seed=()
  if $smoke; then
    corpus=.build/fuzz-smoke/$target
    rm -rf "$corpus"
    seed=(-seed=1)
  fi
  local artifacts=.build/fuzz-artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  local seeds=(.build/fuzz-seeds/$target)
  [ -d "Tests/Fuzz/regressions/$target" ] && seeds+=("Tests/Fuzz/regressions/$target")
  local dictionary=.build/fuzz-seeds/json.dict
  local rss_limit=2048
  [ "$target" = swift ] && dictionary=Tests/Fuzz/swift.dict
  if [ "$target" = info-plist ] || [ "$target" = xcode-project ] || [ "$target" = intent-definition ]; then
    dictionary=Tests/Fuzz/plist.dict
    [ "$target" = intent-definition ] && dictionary=.build/fuzz-seeds/intent-definition.dict
    # Foundation leaks a CFError per property list it cannot parse (Tests/Fuzz/lsan.supp):
    # hundreds of megabytes per million inputs over a long run, so this target gets more room.
    rss_limit=8192
  fi
  # -rss_limit_mb and -malloc_limit_mb bound memory; -timeout makes a slow input a failure (docs/development.md,
  # "Time and memory budget"); leaks are reported at exit.
  local status=0
  "$binary" "$target" "$corpus" "${seeds[@]}" "${seed[@]}" -dict="$dictionary" -max_total_time="$seconds" \
      -timeout=3 -rss_limit_mb="$rss_limit" -malloc_limit_mb=512 -max_len=65536 \
      -artifact_prefix="$artifacts/" -print_final_stats=1 2>.build/fuzz-artifacts/$target.log || status=$?
  {
    echo "== fuzz $target for ${seconds}s"
    if [ "$status" -ne 0 ]; then
      echo "fuzz $target: FAILED; the input is in $artifacts/ and the log in .build/fuzz-artifacts/$target.log"
      grep -E "ERROR|SUMMARY|panic|Fatal error|#0 " .build/fuzz-artifacts/$target.log | head -20 || true
    fi
    grep -E "stat::number_of_executed_units|cov: .*ft:" .build/fuzz-artifacts/$target.log | tail -2 || true
  } >.build/fuzz-artifacts/$target.out
  return "$status"
}

mkdir -p .build/fuzz-artifacts
echo "== fuzzing ${#targets[@]} target(s) for ${seconds}s each, $jobs at a time"
declare -A running=()
failed=()
# Waits for one target to end and records it.
reap() {
  local pid
  wait -n -p pid "${!running[@]}" || failed+=("${running[$pid]}")
  unset "running[$pid]"
}
for target in "${targets[@]}"; do
  while [ "${#running[@]}" -ge "$jobs" ]; do reap; done
  fuzz_target "$target" &
  running[$!]=$target
done
while [ "${#running[@]}" -gt 0 ]; do reap; done

# What each target did, in the order they were named, whatever order they ended in.
for target in "${targets[@]}"; do
  cat ".build/fuzz-artifacts/$target.out"
done
if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}" >&2
  exit 1
fi
