#!/usr/bin/env bash
# Installs what building and testing Proctor needs, only when it is missing:
# json-c's, libxml2's, zlib's and libcrypto's headers (libjson-c-dev, libxml2-dev, zlib1g-dev, libssl-dev) and
# pkg-config from Debian's packages, and the
# Python validators the report checks use (xmlschema, jsonschema, junitparser, markdown-it-py) and headless
# Chromium, which opens the HTML report as a person would (Debian's chromium package).
#
#   --with-validators  the Python validators, check-jsonschema (the CI files against SchemaStore's
#                      schemas) and Chromium, for make test
#   --with-dist        the static archives scripts/dist.sh links into the release binary: zlib's and
#                      liblzma's (libxml2.a needs them; libxml2-dev brings ICU's), and binutils (nm,
#                      strip, readelf, objdump) for it and scripts/check_dist.sh, for make dist
set -euo pipefail

with_validators=false
with_dist=false
for argument in "$@"; do
  case "$argument" in
    --with-validators) with_validators=true ;;
    --with-dist) with_dist=true ;;
    *) echo "setup: unknown option '$argument' (--with-validators, --with-dist)" >&2; exit 64 ;;
  esac
done

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "setup: '$*' needs root; run it as root or install the packages yourself" >&2; exit 1
  fi
}

if ! command -v swift >/dev/null; then
  echo "setup: no 'swift' on PATH; install the Swift 6 toolchain (swift.org) first" >&2
  exit 1
fi

if ! pkg-config --exists json-c 2>/dev/null; then
  if command -v apt-get >/dev/null; then
    echo "setup: installing libjson-c-dev and pkg-config"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq libjson-c-dev pkg-config >/dev/null
  elif command -v brew >/dev/null; then
    brew install json-c pkg-config
  else
    echo "setup: json-c development files are missing; install libjson-c-dev (Debian) or json-c (Homebrew)" >&2
    exit 1
  fi
fi

# zlib's and OpenSSL's libcrypto headers, for signed Wallet pass bundles (ProctorArchive): DEFLATE,
# SHA-1 and PKCS #7. zlib1g-dev usually comes with libxml2-dev already.
for module in zlib:zlib1g-dev:zlib libcrypto:libssl-dev:openssl@3; do
  IFS=: read -r pc debian brew <<<"$module"
  if ! pkg-config --exists "$pc" 2>/dev/null; then
    if command -v apt-get >/dev/null; then
      echo "setup: installing $debian"
      as_root apt-get update -qq
      DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$debian" >/dev/null
    elif command -v brew >/dev/null; then
      brew install "$brew"
    else
      echo "setup: $pc development files are missing; install $debian (Debian) or $brew (Homebrew)" >&2
      exit 1
    fi
  fi
done

# libxml2's headers, for web pages (ProctorWeb).
if ! pkg-config --exists libxml-2.0 2>/dev/null; then
  if command -v apt-get >/dev/null; then
    echo "setup: installing libxml2-dev"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq libxml2-dev >/dev/null
  elif command -v brew >/dev/null; then
    brew install libxml2
  else
    echo "setup: libxml2 development files are missing; install libxml2-dev (Debian) or libxml2 (Homebrew)" >&2
    exit 1
  fi
fi

if $with_validators; then
  if ! command -v python3 >/dev/null || ! python3 -m pip --version >/dev/null 2>&1; then
    echo "setup: installing python3 and pip"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq python3 python3-pip >/dev/null
  fi
  # The openssl command signs the pass bundles scripts/make_pkpass_fixtures.py --check rewrites.
  if ! command -v openssl >/dev/null && command -v apt-get >/dev/null; then
    echo "setup: installing openssl (for scripts/make_pkpass_fixtures.py)"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq openssl >/dev/null
  fi
  missing=()
  # module:package, for those whose package is named otherwise (markdown-it-py, a CommonMark
  # parser with GitHub's tables, reads the Markdown summary as GitHub would; check-jsonschema
  # carries SchemaStore's schemas of GitHub's action.yml and of .gitlab-ci.yml, for docs/ci/).
  for pair in xmlschema:xmlschema jsonschema:jsonschema junitparser:junitparser markdown_it:markdown-it-py check_jsonschema:check-jsonschema; do
    python3 -c "import ${pair%%:*}" 2>/dev/null || missing+=("${pair#*:}")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing Python validators: ${missing[*]}"
    python3 -m pip install -q "${missing[@]}" || python3 -m pip install -q --break-system-packages "${missing[@]}"
  fi
  # Headless Chromium renders the HTML report for scripts/check_reports.py (and the screenshot in
  # docs/images/). Without it the check fails under CI=true and is skipped, with a message, elsewhere.
  if ! command -v chromium >/dev/null && ! command -v chromium-browser >/dev/null && ! command -v google-chrome >/dev/null; then
    if command -v apt-get >/dev/null; then
      echo "setup: installing chromium (headless, for the HTML report check)"
      as_root apt-get update -qq
      DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium >/dev/null
    else
      echo "setup: no chromium on PATH; install Chromium to check the HTML report in a browser (skipped without it, except under CI=true)" >&2
    fi
  fi
fi

if $with_dist; then
  # Debian names the archives' packages; elsewhere scripts/dist.sh says which archive it misses.
  if command -v dpkg >/dev/null; then
    missing=()
    for package in zlib1g-dev liblzma-dev libicu-dev binutils; do
      dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
      echo "setup: installing ${missing[*]} (for make dist)"
      as_root apt-get update -qq
      DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
  fi
fi
