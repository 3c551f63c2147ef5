#!/usr/bin/env python3
"""Checks Proctor's CI entry points as far as they can be checked without GitHub or GitLab.

1. .github/actions/proctor/action.yml, docs/ci/github-workflow.yml and docs/ci/gitlab-ci.yml validate against SchemaStore's
   schemas, as check-jsonschema vendors them (vendor.github-actions, vendor.github-workflows,
   vendor.gitlab-ci).
2. docs/ci.md shows each file of docs/ci/ whole, as it is, so a copied example is the checked one.
3. The action's shell steps run here, as the runner would run them (bash -e -o pipefail, inputs in
   the environment, GITHUB_ENV, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY as files): the download step
   with the tarball scripts/dist.sh wrote (a file:// URL, its checksum, a wrong checksum, no URL),
   then the run step on a clean suite and on a suite that fails on purpose, which must give the
   exit code, a SARIF file, annotations and the summary. GitHub's own parts (expressions in `if:`,
   the SARIF upload) are not run.

Usage: scripts/check_ci.py DEV_PROCTOR   (for the version of the tarball; make test passes
.build/debug/proctor)
"""

import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
failures = []


def check(condition, message):
    print(f"check_ci: {'ok' if condition else 'FAIL'}: {message}")
    if not condition:
        failures.append(message)


def validate_schemas():
    for path, schema in [
        (".github/actions/proctor/action.yml", "vendor.github-actions"),
        ("docs/ci/github-workflow.yml", "vendor.github-workflows"),
        ("docs/ci/gitlab-ci.yml", "vendor.gitlab-ci"),
    ]:
        result = subprocess.run(
            [sys.executable, "-m", "check_jsonschema", "--builtin-schema", schema, path],
            cwd=ROOT, capture_output=True, text=True)
        check(result.returncode == 0, f"{path} is valid against {schema}" + ("" if result.returncode == 0 else "\n" + result.stdout + result.stderr))


def examples_in_docs():
    guide = (ROOT / "docs/ci.md").read_text()
    for example in sorted((ROOT / "docs/ci").iterdir()):
        text = example.read_text()
        check(f"\n{text}```\n" in guide, f"docs/ci.md shows docs/ci/{example.name} whole")


def action_steps():
    action = YAML(typ="safe").load((ROOT / ".github/actions/proctor/action.yml").read_text())
    steps = {step.get("id") or step["name"]: step for step in action["runs"]["steps"]}
    for step in (step for step in action["runs"]["steps"] if "run" in step):
        # Inputs reach the scripts through env only: an input written into a script as an
        # expression would be run as shell code.
        check("${{" not in step["run"], f"the action's step '{step['name']}' takes its inputs from env, not as expressions in its script")
    return steps


def run_step(step, env, runner_temp, cwd=ROOT):
    """Runs a step's script as the runner does and returns (status, stdout, GITHUB_ENV, GITHUB_OUTPUT, summary)."""
    files = {name: runner_temp / f"{name}.{os.getpid()}" for name in ("env", "output", "summary")}
    for path in files.values():
        path.write_text("")
    environment = {
        "PATH": os.environ["PATH"], "HOME": os.environ.get("HOME", "/root"), "RUNNER_TEMP": str(runner_temp),
        "GITHUB_ACTION_PATH": str(ROOT / ".github/actions/proctor"), "GITHUB_ENV": str(files["env"]), "GITHUB_OUTPUT": str(files["output"]),
        "GITHUB_STEP_SUMMARY": str(files["summary"]), "GITHUB_ACTIONS": "true", **env,
    }
    result = subprocess.run(["bash", "--noprofile", "--norc", "-e", "-o", "pipefail", "-c", step["run"]],
                            cwd=cwd, env=environment, capture_output=True, text=True)
    pairs = lambda path: dict(line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)
    return result.returncode, result.stdout + result.stderr, pairs(files["env"]), pairs(files["output"]), files["summary"].read_text()


def play_action(dev):
    steps = action_steps()
    version = subprocess.run([dev, "--version"], capture_output=True, text=True, check=True).stdout.split()[0]
    name = f"proctor-{version}-linux-{platform.machine()}"
    tarball = ROOT / "dist" / f"{name}.tar.gz"
    digest = (ROOT / "dist" / f"{name}.tar.gz.sha256").read_text().split()[0]
    download = next(step for key, step in steps.items() if key.startswith("Download proctor"))
    run = steps["proctor"]

    with tempfile.TemporaryDirectory() as temp:
        temp = Path(temp)
        inputs = {"PROCTOR_VERSION": version, "PROCTOR_URL": tarball.as_uri()}
        status, output, _, _, _ = run_step(download, {**inputs, "PROCTOR_SHA256": "0" * 64}, temp)
        check(status != 0 and "FAILED" in output, "the download step refuses a tarball whose checksum differs")
        status, output, _, _, _ = run_step(download, {**inputs, "PROCTOR_URL": "", "PROCTOR_SHA256": ""}, temp)
        check(status != 0 and "no Proctor release is published yet" in output, "the download step says a URL is needed without one")
        status, output, env, _, _ = run_step(download, {**inputs, "PROCTOR_SHA256": digest}, temp)
        binary = env.get("PROCTOR_BINARY", "")
        check(status == 0 and binary.endswith(f"{name}/proctor") and os.access(binary, os.X_OK),
              f"the download step unpacks {name}.tar.gz and names its binary" + ("" if status == 0 else "\n" + output))
        if not binary:
            return

        def play(command, paths, config, args):
            return run_step(run, {"PROCTOR_BINARY": binary, "PROCTOR_COMMAND": command, "PROCTOR_PATHS": paths,
                                  "PROCTOR_CONFIG": config, "PROCTOR_ARGS": args}, temp)

        status, output, _, outputs, summary = play("lint", "", "Scenarios/lint/recipes/.proctor.json", "--now 2026-06-01T12:00:00Z")
        check(status == 0 and outputs.get("exit-code") == "0", "the run step passes a clean suite with exit-code 0" + ("" if status == 0 else "\n" + output))
        check(summary.startswith("\n#") or summary.startswith("#"), "the run step leaves the Markdown summary in GITHUB_STEP_SUMMARY")

        status, output, _, outputs, summary = play("lint", "", "Scenarios/lint/common-mistakes/.proctor.json", "--now 2026-06-01T12:00:00Z")
        check(status == 0 and outputs.get("exit-code") == "1",
              f"the run step keeps exit-code 1 of a failing suite for the last step (got {outputs.get('exit-code')})")
        check("::error file=Scenarios/lint/common-mistakes/" in output, "the run step annotates the failing suite's files")
        sarif_path = outputs.get("sarif-file", "")
        try:
            sarif = json.loads(Path(sarif_path).read_text())
            results = sum(len(run_["results"]) for run_ in sarif["runs"])
        except (OSError, ValueError, KeyError) as error:
            sarif, results = None, f"unreadable: {error}"
        check(sarif is not None and sarif.get("version") == "2.1.0" and isinstance(results, int) and results > 0,
              f"the run step names a SARIF 2.1.0 file with the findings for the upload ({results} results)")
        check("fail" in summary.lower(), "the summary of the failing suite says it failed")

        status, output, _, outputs, _ = play("scan", "Scenarios/scan/slicefinder", "",
                                             "--info-plist Scenarios/lint/local-places/Info.plist --now 2026-06-01T12:00:00Z")
        check(status == 0 and outputs.get("exit-code") == "0", "the run step scans Swift sources given as paths" + ("" if status == 0 else "\n" + output))
        status, output, _, outputs, _ = play("run", "Scenarios/run/recipes", "", "--now 2026-06-01T12:00:00Z")
        check(status == 0 and outputs.get("exit-code") == "0", "the run step plays scenarios" + ("" if status == 0 else "\n" + output))
        status, output, _, _, _ = play("links", "", "", "")
        check(status != 0 and "command must be lint, scan or run" in output, "the run step refuses another command")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    validate_schemas()
    examples_in_docs()
    play_action(str(Path(sys.argv[1]).resolve()))
    if failures:
        print(f"check_ci: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("check_ci: the CI entry points are valid and the action's steps work")


if __name__ == "__main__":
    main()
