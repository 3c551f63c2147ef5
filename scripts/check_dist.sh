#!/usr/bin/env bash
# Checks the tarball scripts/dist.sh wrote, as someone who downloads it would use it
# (docs/distribution.md): the checksum, the contents, a binary that runs with an empty environment
# and links nothing but the C library's parts, the commit in --version, the shell completions, and
# reports byte-for-byte the same as the development build's on every bundled suite.
#
# Usage: scripts/check_dist.sh DEV_PROCTOR   (make test passes .build/debug/proctor)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
dev=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out="$root/${DIST_DIR:-dist}"

failures=0
fail() { echo "check_dist: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "check_dist: ok: $*"; }

version=$("$dev" --version | cut -d' ' -f1)
name="proctor-$version-linux-$(uname -m)"
tarball="$out/$name.tar.gz"
[ -f "$tarball" ] || { echo "check_dist: $tarball is missing; run scripts/dist.sh (make dist) first" >&2; exit 1; }

# The checksum file, in sha256sum's format, names the tarball beside it and matches it.
if (cd "$out" && sha256sum --check --strict --quiet "$name.tar.gz.sha256") && [ "$(cut -d' ' -f3 "$out/$name.tar.gz.sha256")" = "$name.tar.gz" ]; then
  pass "$name.tar.gz.sha256 verifies"
else
  fail "$name.tar.gz.sha256 does not verify the tarball"
fi

expected="$name/
$name/LICENSE
$name/README.md
$name/completions/
$name/completions/_proctor
$name/completions/proctor.bash
$name/completions/proctor.fish
$name/proctor"
listed=$(tar -tzf "$tarball")
if [ "$listed" = "$expected" ]; then pass "the tarball holds the binary, README.md, LICENSE and three completions, in one folder"; else
  fail "the tarball's contents differ from what is shipped:"$'\n'"$listed"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$tarball" -C "$tmp"
bin="$tmp/$name/proctor"
cmp -s "$tmp/$name/LICENSE" LICENSE && cmp -s "$tmp/$name/README.md" README.md \
  && pass "README.md and LICENSE are the repository's" || fail "README.md or LICENSE differs from the repository's"

# What the binary needs from the system: the C library's parts (libc, libm, the loader) and
# libgcc_s, GCC's unwinder, which the Swift runtime's static libraries are linked against and every
# glibc system carries (glibc itself loads it to cancel threads). Nothing of Swift, Foundation,
# json-c, libxml2, ICU, zlib, liblzma or libstdc++: those are inside.
allowed="libc.so.6 libm.so.6 libgcc_s.so.1 ld-linux-x86-64.so.2 ld-linux-aarch64.so.1"
needed=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort)
unexpected=""
for library in $needed; do
  case " $allowed " in *" $library "*) ;; *) unexpected="$unexpected $library" ;; esac
done
if [ -z "$unexpected" ]; then pass "links only $(echo $needed)"; else fail "links shared libraries it should carry:$unexpected"; fi
# SwiftPM gives every executable the run path $ORIGIN (its own folder, where nothing is needed);
# one into a toolchain would find Swift's libraries on this machine and on no other.
runpath=$(readelf -d "$bin" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p')
if [ -z "$runpath" ] || [ "$runpath" = '$ORIGIN' ]; then pass "run path: ${runpath:-none}"; else fail "has the run path '$runpath'"; fi
# ldd resolves what the loader would load: nothing from a Swift toolchain.
resolved=$(env -i ldd "$bin")
if echo "$resolved" | grep -qiE 'swift|not found'; then fail "ldd finds Swift libraries or misses one:"$'\n'"$resolved"; else
  pass "ldd resolves only system libraries"
fi
# docs/distribution.md names the oldest glibc it runs on: the newest symbol version it needs.
glibc=$(objdump -T "$bin" | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1)
if [ "$(printf '%s\n' "$glibc" 2.36 | sort -V | tail -1)" = 2.36 ]; then pass "needs glibc $glibc, no later than the 2.36 the docs state"; else
  fail "needs glibc $glibc, later than the 2.36 docs/distribution.md states"
fi
if readelf -S "$bin" | grep -qE '\.(symtab|debug_info)'; then fail "is not stripped"; else pass "is stripped"; fi

# --version, with an empty environment: the version and the commit it was built from.
shown=$(env -i "$bin" --version) || fail "--version fails with an empty environment"
if git rev-parse --git-dir >/dev/null 2>&1; then
  commit=$(git rev-parse --short HEAD)
  if [ "$shown" = "$version ($commit)" ] || [ "$shown" = "$version ($commit-dirty)" ]; then pass "--version prints '$shown'"; else
    fail "--version prints '$shown', expected '$version ($commit)' (or -dirty)"
  fi
elif [[ "$shown" =~ ^$version\ \([0-9a-f]+(-dirty)?\)$ ]]; then pass "--version prints '$shown'"; else
  fail "--version prints '$shown', expected '$version (COMMIT)'"
fi
[[ "$("$dev" --version)" = "$version ("*")" ]] || fail "the development build's --version is not '$version (...)'"

# The completions: not empty, and every subcommand in each.
for file in proctor.bash _proctor proctor.fish; do
  path="$tmp/$name/completions/$file"
  missing=""
  for subcommand in init lint scan run links config rules explain schema conformance; do
    grep -qw -- "$subcommand" "$path" || missing="$missing $subcommand"
  done
  if [ -s "$path" ] && [ -z "$missing" ]; then pass "completions/$file names every subcommand"; else fail "completions/$file is empty or lacks:$missing"; fi
done
bash -n "$tmp/$name/completions/proctor.bash" || fail "completions/proctor.bash is not valid bash"
if command -v zsh >/dev/null; then zsh -n "$tmp/$name/completions/_proctor" || fail "completions/_proctor is not valid zsh"; fi
if command -v fish >/dev/null; then fish --no-execute "$tmp/$name/completions/proctor.fish" || fail "completions/proctor.fish is not valid fish"; fi

# The same runs with both binaries, each under an empty environment (the development build finds
# its Swift libraries through its run path), from the repository root with the same report paths:
# standard output, standard error, the exit code and every report must be the same bytes.
now=2026-06-01T12:00:00Z
runs=()
while IFS= read -r config; do runs+=("lint --config $config"); done < <(find Scenarios/lint -name .proctor.json | LC_ALL=C sort)
runs+=(
  "scan --info-plist Scenarios/lint/local-places/Info.plist Scenarios/scan/slicefinder"
  "scan --info-plist Scenarios/lint/local-places/Info.plist Scenarios/scan/slicefinder-mistakes"
  "scan --info-plist Scenarios/scan/notes-home-screen/Info.plist --team-identifier A1B2C3D4E5 --aasa notes.example.com=Scenarios/scan/notes-home-screen/notes.example.com/.well-known/apple-app-site-association Scenarios/scan/notes-home-screen"
  "scan --info-plist Scenarios/scan/notes-home-screen-mistakes/Info.plist --team-identifier A1B2C3D4E5 --aasa notes.example.com=Scenarios/scan/notes-home-screen-mistakes/notes.example.com/.well-known/apple-app-site-association Scenarios/scan/notes-home-screen-mistakes"
  "run Scenarios/run"
  "run Scenarios/run-mistakes"
  "conformance Conformance"
)
compare() { # label, then the arguments
  local label=$1
  shift
  for which in dev dist; do
    local program=$dev
    [ "$which" = dist ] && program=$bin
    rm -rf "$tmp/reports"
    mkdir -p "$tmp/reports"
    local status=0
    env -i "$program" "$@" >"$tmp/reports/stdout" 2>"$tmp/reports/stderr" || status=$?
    echo "$status" >"$tmp/reports/status"
    rm -rf "${tmp:?}/$which"
    mv "$tmp/reports" "$tmp/$which"
  done
  if diff -r "$tmp/dev" "$tmp/dist" >"$tmp/diff"; then pass "same bytes (exit $(cat "$tmp/dist/status")): proctor $label"; else
    fail "the two builds differ on: proctor $label"$'\n'"$(head -20 "$tmp/diff")"
  fi
}
for run in "${runs[@]}"; do
  # Word splitting is wanted: the runs are written without spaces inside an argument.
  # shellcheck disable=SC2086
  set -- $run
  reports=(--report "text:$tmp/reports/text.txt" --report "json:$tmp/reports/report.json" --report "junit:$tmp/reports/junit.xml"
    --report "sarif:$tmp/reports/report.sarif" --report "markdown:$tmp/reports/summary.md")
  [ "$1" = scan ] || reports+=(--report "html:$tmp/reports/report.html")
  [ "$1" = conformance ] || reports+=(--now "$now")
  compare "$run" "$@" "${reports[@]}" --report json
done
compare "rules" rules
compare "explain handoff_payload_size" explain handoff_payload_size
compare "schema" schema
compare "schema config" schema config
compare "config print" config print --config Scenarios/lint/messaging/.proctor.json

if [ "$failures" -gt 0 ]; then
  echo "check_dist: $failures check(s) failed" >&2
  exit 1
fi
echo "check_dist: $name.tar.gz is as shipped"
