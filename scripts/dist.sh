#!/usr/bin/env bash
# Builds the release tarball `make dist` ships (docs/distribution.md):
#
#   dist/proctor-VERSION-linux-ARCH.tar.gz          the binary, README.md, LICENSE, shell completions
#   dist/proctor-VERSION-linux-ARCH.tar.gz.sha256   its checksum, in sha256sum's format
#
# The binary is a release build linked statically against the Swift runtime, Foundation, json-c,
# libxml2 and libxml2's own dependencies (zlib, xz's liblzma, ICU), OpenSSL's libcrypto (pass
# bundles' SHA-1 and signatures), and libstdc++, then stripped:
# it needs no Swift toolchain and no -dev package, only the C library that every Linux system has
# (docs/distribution.md lists what stays dynamic and why). It is built in its own scratch path so
# the development build in .build is left as it was.
#
# Environment: SWIFT (default swift), DIST_SCRATCH (default .build-dist), DIST_DIR (default dist).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
swift=${SWIFT:-swift}
scratch="$root/${DIST_SCRATCH:-.build-dist}"
out="$root/${DIST_DIR:-dist}"

# The commit goes into a header in the scratch path, read by Sources/CProctorBuildInfo through a
# constant -Xcc -I, so no tracked file changes and a new commit recompiles one C file. Uncommitted
# changes to tracked files are said, as `git describe --dirty` does: the binary is not that commit.
commit=""
if git rev-parse --git-dir >/dev/null 2>&1; then
  commit=$(git rev-parse --short HEAD)
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then commit="$commit-dirty"; fi
else
  echo "dist: not a git checkout; the binary will say 'commit unknown'" >&2
fi
mkdir -p "$scratch/build-info"
header="$scratch/build-info/proctor_build_info.h"
printf '// Written by scripts/dist.sh for Sources/CProctorBuildInfo.\n#define PROCTOR_BUILD_COMMIT "%s"\n' "$commit" >"$header.new"
# Replaced only when it changes, so an unchanged commit rebuilds nothing.
if cmp -s "$header.new" "$header"; then rm "$header.new"; else mv "$header.new" "$header"; fi

# The linker takes the first libNAME it finds along -L, shared or static, so a folder holding only
# the archives makes -ljson-c, -lxml2 (named by the system-library modules) and the rest static.
# libxml2.a needs zlib, liblzma and ICU, which its shared library would have brought; libstdc++ is
# what the Swift runtime and ICU are written against.
clang="$(dirname "$(command -v "$swift")")/clang"
[ -x "$clang" ] || clang=clang
static="$scratch/static-libs"
mkdir -p "$static"
# SwiftPM puts the -L of json-c's and libxml2's pkg-config files, the system's library folder with
# its shared libraries, ahead of any -L given on the command line. Copies of the two files whose
# libdir is the archives' folder take their place (--pkg-config-path is searched first); their
# Cflags are unchanged, so nothing is compiled again for them.
pkgconfig="$scratch/pkgconfig"
mkdir -p "$pkgconfig"
for module in json-c libxml-2.0 zlib libcrypto; do
  pc="$(pkg-config --variable=pcfiledir "$module")/$module.pc"
  sed "s|^libdir=.*|libdir=$static|" "$pc" >"$pkgconfig/$module.pc"
  grep -q "^libdir=$static\$" "$pkgconfig/$module.pc" || { echo "dist: $pc has no libdir= line to point at the archives" >&2; exit 1; }
done
extra_libs=()
for archive in libjson-c.a libxml2.a libz.a libcrypto.a liblzma.a libicuuc.a libicudata.a libstdc++.a; do
  found=$("$clang" -print-file-name="$archive")
  if [ "$found" = "$archive" ] || [ ! -f "$found" ]; then
    echo "dist: $archive not found; install libjson-c-dev, libxml2-dev, zlib1g-dev, libssl-dev, liblzma-dev, libicu-dev and libstdc++-dev (scripts/setup.sh --with-dist)" >&2
    exit 1
  fi
  ln -sfn "$found" "$static/$archive"
  case "$archive" in
    libjson-c.a | libxml2.a | libstdc++.a) ;; # named already, by the modules or by the Swift driver (zlib and libcrypto again at the end, after the archives that need them)
    *) name=${archive#lib}; extra_libs+=(-Xlinker "-l${name%.a}") ;;
  esac
done

# Linked from its archive, Foundation loses the objects nothing names by symbol, and with them
# conformances that only dynamic casts use, such as Array's to _ObjectiveCBridgeable: Swift arrays
# no longer bridge to NSArray, PropertyListSerialization refuses every array ("property lists
# cannot contain objects of type 'Not A Type'") and handoff_payload_size measures nothing (found by
# scripts/check_dist.sh, which compares the two builds' reports). Naming one conformance of each
# object that declares any as undefined makes the linker keep those objects; --whole-archive would
# too, but SwiftPM puts it after the -lFoundation that already took some of them, and the linker
# then sees their symbols twice.
toolchain="$(dirname "$(command -v "$swift")")"
foundation="$toolchain/../lib/swift_static/linux/libFoundation.a"
[ -f "$foundation" ] || { echo "dist: $foundation not found; a toolchain with the static Swift libraries is needed" >&2; exit 1; }
nm="nm"
command -v nm >/dev/null || nm="$toolchain/llvm-nm"
conformances=()
while IFS= read -r symbol; do conformances+=(-Xlinker "--undefined=$symbol"); done < <(
  "$nm" -A -g --defined-only "$foundation" 2>/dev/null |
    awk '$NF ~ /Mc$/ { split($1, where, ":"); if (!(where[2] in seen)) { seen[where[2]] = 1; print $NF } }')
[ "${#conformances[@]}" -gt 0 ] || { echo "dist: found no conformances in $foundation" >&2; exit 1; }

# No debug information (-debug-info-format none): the shipped binary is stripped of it below, so
# generating it for every module, swift-syntax's included, was CPU spent for nothing (a few percent
# of the build: docs/development.md, "Where the time goes").
started=$(date +%s)
"$swift" build -c release -debug-info-format none --static-swift-stdlib --product proctor --scratch-path "$scratch" \
  --pkg-config-path "$pkgconfig" -Xcc -I"$scratch/build-info" -Xlinker -L"$static" "${extra_libs[@]}" "${conformances[@]}"
echo "dist: release build took $(($(date +%s) - started)) s" >&2

built="$scratch/release/proctor"
version=$("$built" --version | cut -d' ' -f1)
arch=$(uname -m)
name="proctor-$version-linux-$arch"

stage="$scratch/stage/$name"
rm -rf "$scratch/stage"
mkdir -p "$stage/completions"
if command -v strip >/dev/null; then
  strip -o "$stage/proctor" "$built"
else
  "$(dirname "$clang")/llvm-objcopy" --strip-all "$built" "$stage/proctor"
fi
cp README.md LICENSE "$stage/"
"$stage/proctor" --generate-completion-script bash >"$stage/completions/proctor.bash"
"$stage/proctor" --generate-completion-script zsh >"$stage/completions/_proctor"
"$stage/proctor" --generate-completion-script fish >"$stage/completions/proctor.fish"
chmod 0755 "$stage/proctor" "$stage/completions"
chmod 0644 "$stage/README.md" "$stage/LICENSE" "$stage/completions/"*

# The same inputs give the same tarball: sorted names, no owner, the commit's time, no gzip time.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
mkdir -p "$out"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$scratch/stage" -cf - "$name" | gzip -9n >"$out/$name.tar.gz.new"
mv "$out/$name.tar.gz.new" "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "dist: wrote ${out#"$root"/}/$name.tar.gz ($("$stage/proctor" --version)) and its .sha256"
