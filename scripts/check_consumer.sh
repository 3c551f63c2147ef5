#!/usr/bin/env bash
# Proctor as a new user embeds it: Tests/ConsumerPackage, a package of its own that depends on
# this one by path, runs the command plugin (`swift package proctor lint|run`) and its own tests,
# which call ProctorKit and assert on findings. Its build folder is its own (.build-consumer at
# the repository root), as a user's would be.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
consumer=Tests/ConsumerPackage
scratch="$root/.build-consumer"
swift_package() { (cd "$consumer" && swift package --scratch-path "$scratch" "$@"); }
failures=0
fail() { echo "check_consumer: FAIL: $*" >&2; failures=$((failures + 1)); }

echo "== swift package proctor lint --info-plist App/Info.plist Payloads (expect exit 0)"
if ! out=$(swift_package proctor lint --info-plist App/Info.plist --now 2026-06-01T12:00:00Z Payloads 2>&1); then
    echo "$out"; fail "the plugin's lint of the clean payloads failed"
fi
echo "$out" | tail -3
grep -q "^lint: 1 file, 0 errors" <<<"$out" || fail "the plugin's lint did not print the summary of one clean file"

echo "== swift package proctor lint --info-plist App/Info.plist Mistakes (fails on purpose)"
code=0
out=$(swift_package proctor lint --info-plist App/Info.plist --now 2026-06-01T12:00:00Z Mistakes 2>&1) || code=$?
echo "$out" | tail -4
[ "$code" -ne 0 ] || fail "the plugin passed a payload with an undeclared activity type"
# SwiftPM exits 1 for any failed plugin; the line it prints carries proctor's own code (1: findings).
grep -q "Plugin ended with exit code 1$" <<<"$out" || fail "the plugin did not end with proctor's exit code 1 (findings)"
grep -q "Mistakes/view-dish-misspelt.json:3:[0-9]*: error: .*\[activity_type_declared\]" <<<"$out" \
    || fail "the plugin's output does not locate the undeclared type"

echo "== swift package proctor run Scenarios (expect exit 0)"
if ! out=$(swift_package proctor run --now 2026-06-01T12:00:00Z Scenarios --report junit:"$scratch/consumer-scenarios.junit.xml" 2>&1); then
    echo "$out"; fail "the plugin's run of the scenario failed"
fi
echo "$out" | tail -2
grep -q 'tests="3"' "$scratch/consumer-scenarios.junit.xml" || fail "the scenario's JUnit report does not list its 3 checks (the donation's rules, the tap, the launch)"

echo "== swift test (the package's own tests, calling ProctorKit)"
if out=$(cd "$consumer" && swift test --scratch-path "$scratch" 2>&1); then
    # Its four tests ran: a build that found none would pass too.
    grep -q "Test run with 4 tests .*passed" <<<"$out" || { echo "$out" | tail -20; fail "the consumer's four tests did not all run"; }
else
    echo "$out" | tail -40; fail "the consumer's tests failed"
fi
echo "$out" | grep -E "Test run with" || true

if [ "$failures" -ne 0 ]; then
    echo "check_consumer: $failures check(s) failed" >&2
    exit 1
fi
echo "check_consumer: the plugin and ProctorKit work from a package that depends on Proctor"
