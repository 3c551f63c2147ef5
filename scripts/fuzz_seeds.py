#!/usr/bin/env python3
"""Builds the fuzz targets' seed corpora from Conformance/ and Scenarios/ (scripts/fuzz.sh).

usage: fuzz_seeds.py OUTPUT_DIRECTORY

Writes OUTPUT/TARGET/ for every target of Sources/proctor-fuzz, each file one seed named by its
content's hash, and OUTPUT/json.dict: Tests/Fuzz/json.dict plus every key the corpus uses, so
the fuzzer spells Apple's property names without having to guess them byte by byte.
"""
import base64
import hashlib
import json
import pathlib
import plistlib
import shutil
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAX_SEED = 65536


MARKER = ".proctor-fuzz-seeds"


def collect_keys(value, keys):
    """Adds every dictionary key of a JSON or property list value to `keys`."""
    if isinstance(value, dict):
        for key, inner in value.items():
            keys.add(key)
            collect_keys(inner, keys)
    elif isinstance(value, list):
        for inner in value:
            collect_keys(inner, keys)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: fuzz_seeds.py OUTPUT_DIRECTORY")
    out = pathlib.Path(sys.argv[1])
    # The directory is rebuilt from scratch, but only one this script made: never a user's.
    if out.exists():
        if not (out / MARKER).exists():
            sys.exit(f"fuzz_seeds.py: {out} exists and was not made by this script; give a new directory")
        shutil.rmtree(out)
    seeds = {name: set() for name in ("json", "lint", "lint-lines", "apns", "scenario", "info-plist", "conformance", "aasa", "html", "pass", "pkpass", "coverage", "config", "swift", "xcode-project", "intent-definition")}
    keys = set()

    def add(target, data):
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogatepass")
        if 0 < len(data) <= MAX_SEED:
            seeds[target].add(data)

    def add_plist(facts):
        try:
            add("info-plist", plistlib.dumps(facts, fmt=plistlib.FMT_XML))
            add("info-plist", plistlib.dumps(facts, fmt=plistlib.FMT_BINARY))
        except (TypeError, OverflowError, ValueError):
            pass  # JSON null or a number a property list cannot hold

    # A baseline as proctor lint --write-baseline writes it, for the config target's second reader.
    add("config", json.dumps({"format": 1, "findings": [{"rule": "title_length", "file": "payloads/a.json", "pointer": "/userActivity/title",
                                                         "message": "title is 119 characters", "fingerprint": "2b8a223d8b10a825"}]}, indent=2).encode())
    # Archives no bundle tool writes: a zip bomb, a name held twice.
    sys.path.insert(0, str(ROOT / "scripts"))
    import make_pkpass_fixtures
    for data in make_pkpass_fixtures.hostile_archives().values():
        add("pkpass", data)
    # The fixture projects written for the Xcode reader's tests.
    for path in sorted((ROOT / "Tests" / "ProctorTests" / "Fixtures" / "Xcode").rglob("project.pbxproj")):
        add("xcode-project", path.read_bytes())
    # Their intent definitions, and every property list: the custom-intent reader takes any plist.
    for path in sorted((ROOT / "Tests" / "ProctorTests" / "Fixtures").rglob("*.intentdefinition")):
        add("intent-definition", path.read_bytes())
    for path in sorted((ROOT / "Scenarios").rglob("*")) + sorted((ROOT / "Conformance").rglob("*")):
        if not path.is_file():
            continue
        data = path.read_bytes()
        name = path.name
        if name.endswith(".intentdefinition"):
            add("intent-definition", data)
            continue
        if name.endswith(".plist"):
            add("info-plist", data)
            try:
                add_plist(plistlib.loads(data))
            except Exception:
                pass
            continue
        if name.endswith((".html", ".htm")):
            add("html", data)
            continue
        if name.endswith(".pkpass"):
            add("pkpass", data)  # the signed bundles scripts/make_pkpass_fixtures.py writes
            continue
        if name.endswith(".apns"):
            add("apns", data)
            add("json", data)
            continue
        if name.endswith(".swift"):
            add("swift", data)
            continue
        if name.endswith(".geojson"):
            add("coverage", data)
            add("json", data)
            continue
        if name.endswith(".jsonl"):
            add("lint-lines", data)
            add("json", data)
            continue
        if name == ".proctor.json":
            add("config", data)
        if not name.endswith(".json") or name == "case-schema.json":
            continue
        add("json", data)
        try:
            document = json.loads(data)
        except ValueError:
            continue
        collect_keys(document, keys)
        if name == "pass.json":
            add("pass", data)
            continue
        if name.endswith(".links.json"):
            add("conformance", data)
            for site in (document.get("sites") or {}).values() if isinstance(document, dict) else []:
                add("aasa", json.dumps(site, indent=2).encode())
                add("json", json.dumps(site).encode())
            continue
        if name.endswith(".scenario.json"):
            add("scenario", data)
            info = document.get("app", {}).get("info") if isinstance(document, dict) else None
            if isinstance(info, dict):
                add_plist(info)
        elif path.is_relative_to(ROOT / "Conformance"):
            add("conformance", data)
            for case in document.get("cases", []) if isinstance(document, dict) else []:
                if isinstance(case.get("infoPlist"), dict):
                    add_plist(case["infoPlist"])
                for file in case.get("files", []):
                    content = file.get("text")
                    if content is None and "base64" in file:
                        content = base64.b64decode(file["base64"])
                    file_name = file.get("path", "")
                    if content is None and "json" in file and (file_name == "pass.json" or file_name.endswith(("/pass.json", ".apns", ".geojson"))):
                        content = json.dumps(file["json"], indent=2)  # the pass, push and coverage rules' examples (Conformance/rules/)
                    if content is None:
                        continue
                    if file_name.endswith((".html", ".htm")):
                        add("html", content.encode() if isinstance(content, str) else content)
                        continue
                    if file_name.endswith(".apns"):
                        add("apns", content)
                        add("json", content)
                        continue
                    if file_name.endswith(".geojson"):
                        add("coverage", content)
                        add("json", content)
                        continue
                    if file_name.endswith(".swift"):
                        add("swift", content)  # the scan's vectors (Conformance/scan/)
                        continue
                    if file_name.endswith(".scenario.json"):
                        add("scenario", content)
                    elif file_name.endswith(".jsonl"):
                        add("lint-lines", content)
                    elif file_name.endswith(".plist"):
                        add("info-plist", content)
                    elif file_name.endswith(".intentdefinition"):
                        add("intent-definition", content)  # the custom-intent rules' examples
                    elif file_name == "pass.json" or file_name.endswith("/pass.json"):
                        add("pass", content)
                        add("json", content)
                    else:
                        add("lint", content)
                        add("json", content)
        else:
            add("lint", data)

    out.mkdir(parents=True)
    (out / MARKER).write_text("made by scripts/fuzz_seeds.py; rebuilt on every run\n")
    for target, items in seeds.items():
        directory = out / target
        directory.mkdir()
        for data in items:
            (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)
    dictionary = (ROOT / "Tests" / "Fuzz" / "json.dict").read_text()
    dictionary += "".join(f"{json.dumps(json.dumps(key))}\n" for key in sorted(keys) if key.isprintable() and len(key) < 60)
    (out / "json.dict").write_text(dictionary)
    # The property-list tokens plus every key the intent definitions use, each as the XML element
    # the reader looks for, so the fuzzer reaches the custom intents without guessing their keys.
    plist_keys = set()
    for data in seeds["intent-definition"]:
        try:
            collect_keys(plistlib.loads(data), plist_keys)
        except Exception:
            pass
    dictionary = (ROOT / "Tests" / "Fuzz" / "plist.dict").read_text()
    dictionary += "".join(f"{json.dumps('<key>' + key + '</key>')}\n" for key in sorted(plist_keys) if key.isprintable() and len(key) < 60)
    (out / "intent-definition.dict").write_text(dictionary)
    print("fuzz seeds: " + ", ".join(f"{target} {len(items)}" for target, items in seeds.items()) + f"; {len(keys)} keys")


if __name__ == "__main__":
    main()
