#!/usr/bin/env bash
# Formats Proctor's Swift code with swift-format (it ships with the toolchain: `swift format`),
# configured by .swift-format at the top of the repository.
#   scripts/format.sh          rewrites the files in place (make format)
#   scripts/format.sh --check  changes nothing, and fails on any file that is not formatted or that
#                              breaks a lint rule (make test)
# Swift files that are test inputs are left as they are: the apps under Fixtures/ and Scenarios/,
# whose lines the golden reports name, and the fuzz regressions, which are broken on purpose.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-swift}"

files=()
while IFS= read -r file; do files+=("$file"); done < <(
  git ls-files '*.swift' | grep -v -e '/Fixtures/' -e '^Tests/Fuzz/' -e '^Scenarios/' -e '^Conformance/' | sort)
[ "${#files[@]}" -gt 0 ] || { echo "format: no Swift files found (is this a git checkout?)" >&2; exit 1; }

if [ "${1:-}" = "--check" ]; then
  # lint --strict reports a file the formatter would change, and every lint rule, as an error.
  if ! "$swift" format lint --strict "${files[@]}"; then
    echo "format: run scripts/format.sh (make format) and commit the result" >&2
    exit 1
  fi
  echo "format: ${#files[@]} Swift files formatted as .swift-format says"
else
  "$swift" format format --in-place "${files[@]}"
fi
