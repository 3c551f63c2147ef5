#!/usr/bin/env python3
"""Checks Proctor's reports with the tools CI systems and code scanning really use.

Runs the given `proctor` binary over a mix of inputs (clean payloads, common mistakes,
broken JSON, awkward file names and messages), then checks that:
  - JUnit validates against the Jenkins xunit schema and the strict Ant (windyroad) schema,
    and junitparser reads it with counts that match and unique (classname, name) pairs;
  - SARIF validates against the SARIF 2.1.0 schema and meets GitHub code scanning's rules;
  - the JSON report parses, its summary matches its contents, and its case counts match
    those of the same run's JUnit report: every case in the per-rule form; in the default
    per-file form of lint, one case per file that ends as the file's checks did, lists each
    finding that fails the run (as many per file as JSON and SARIF have), and properties that
    count the checks;
  - every conformance case file validates against Conformance/case-schema.json;
  - every scenario in Scenarios/ and Conformance/ validates against docs/scenario.schema.json
    with a real JSON Schema validator, and the schema and Proctor's decoder agree on every
    scenario of the corpus, the invalid ones of Conformance/scenario-format/ included;
  - the HTML report, opened in headless Chromium, shows a person what the JSON report of the
    same run holds: every failing step of the bundled scenario mistakes marked failed on its
    timeline with expected and actual side by side, and every finding of the lint mistakes
    with its source line; it runs no script and fetches nothing.

The schemas come from ../shared/schemas beside the checkout, which exists for Proctor's
developers and CI only; without it those checks are skipped with a message.
"""
import html
import json
import os
import re
import shutil
import pathlib
import subprocess
import sys
import tempfile
import urllib.parse

import browser

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMAS = ROOT.parent / "shared" / "schemas"

passed = 0
failed = 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {name}: {detail}")


def run(proctor, args, expect_code):
    result = subprocess.run([proctor] + args, cwd=ROOT, capture_output=True, text=True)
    check(f"proctor {' '.join(args[:2])} exit code", result.returncode == expect_code,
          f"expected {expect_code}, got {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result


FORGED_NAME = "forged\n::error file=x::forged\r##[warning]legacy\u001b[31m\u009b32m.json"


def visible(text):
    """A value from the input as the text, GitHub, Markdown and HTML reports print it
    (VisibleText): control characters, C0, DEL and C1, as \\u{1B}, and the second # of ##[."""
    shown = []
    for index, c in enumerate(text):
        command = c == "#" and text[index - 1:index] == "#" and text[index + 1:index + 2] == "["
        shown.append(f"\\u{{{ord(c):X}}}" if ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or command else c)
    return "".join(shown)


def runner_lines(text):
    """The lines of a log as the GitHub Actions runner reads them (LF, CR or CRLF end a line),
    with the leading whitespace its command parser skips."""
    return [line.lstrip() for line in re.split(r"\r\n|\r|\n", text)]


def write_inputs(directory):
    bad = directory / "inputs"
    bad.mkdir()
    (bad / "trailing comma.json").write_text('{"userActivity": {"activityType": "com.example.a",}}')
    (bad / "escaping.json").write_text(json.dumps({"userActivity": {
        "activityType": "a]]>\u001b<&>\"'\U0001F355", "title": "T", "isEligibleForSearch": True}}))
    (bad / "unknown.json").write_text('{"userActivity": {"activityType": "com.example.app.view", "titel": "x"}}')
    # A name that would forge a workflow command and colour the log, were it printed raw.
    (bad / FORGED_NAME).write_text(json.dumps({"userActivity": {"activityType": "view\n::error::forged ##[warning]legacy\u001b[31m", "titel": "x"}}))
    (bad / "items.jsonl").write_text(
        '{"searchableItem": {"uniqueIdentifier": "p1", "attributeSet": {"title": "Beach"}}}\n'
        '\n'
        '{"searchableItem": {"uniqueIdentifier": "p1", "attributeSet": {"title": "Beach", "rankingHint": 500}}}\n'
        '{"searchableItem": {"uniqueIdentifier": NaN}}\n')
    return bad


def write_walk(directory):
    """A tree whose walk leaves entries out with notes: a link back to its parent, a second name
    for a file, a named pipe. The reports then hold notes and skipped input cases."""
    import os
    walk = directory / "walk"
    (walk / "payloads").mkdir(parents=True)
    (walk / "payloads" / "place.json").write_text(
        json.dumps({"userActivity": {"activityType": "com.example.app.view", "title": "View"}}))
    (walk / "payloads" / "loop").symlink_to("..")
    (walk / "payloads" / "alias.json").symlink_to("place.json")
    os.mkfifo(walk / "payloads" / "pipe.json")
    return walk


FAILING_SCENARIO = {
    "format": 1, "name": "Restore from Spotlight loses the section", "clock": "2026-06-01T12:00:00Z",
    "app": {"bundleIdentifier": "com.example.app", "info": {"NSUserActivityTypes": ["com.example.app.view"]},
            "routes": [{"name": "detail", "activityTypes": ["com.example.app.view"], "userInfoKeys": ["id", "section"]}]},
    "steps": [
        {"becomeCurrent": {"activity": "a", "userActivity": {
            "activityType": "com.example.app.view", "title": "Sunset <&> \"]]>\u001b", "isEligibleForSearch": True,
            "userInfo": {"id": "1", "section": "menu"}, "requiredUserInfoKeys": ["id"]}}},
        {"searchSpotlight": {"query": "sunset", "tap": 1}},
        {"expect": {"spotlight": {"query": "sunset", "results": ["Beach"]}}},
        {"searchSpotlight": {"query": "nothing", "tap": "Beach"}},
    ],
}


def write_scenarios(directory):
    scenarios = directory / "scenarios"
    scenarios.mkdir()
    (scenarios / "restore.scenario.json").write_text(json.dumps(FAILING_SCENARIO, indent=2))
    (scenarios / "broken.scenario.json").write_text('{"format": 1, "name": "x", "steps": [{"becomeCurent": {}}],}')
    (scenarios / "unknown step.scenario.json").write_text(json.dumps({**FAILING_SCENARIO, "steps": [{"tapSpotlight": {}}]}))
    return scenarios


# Problems only the decoder can see: names that refer to other parts of the file, steps that
# depend on the steps before them, and files the scenario names (missing, broken, or outside the
# project). A file the schema accepts may still have these.
SEMANTIC_CODES = {"scenario_unknown_reference", "scenario_duplicate_name", "scenario_invalid_sequence", "scenario_reference_outside_project",
                  "scenario_ambiguous_route", "file_unreadable", "plist_invalid"}


def check_scenario_schema(proctor, directory):
    """Every scenario of the corpus against the published schema, and the schema against the decoder."""
    import jsonschema
    schema = json.loads((ROOT / "docs/scenario.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    corpus = directory / "scenario-corpus"
    corpus.mkdir()
    files = {}  # path given to proctor -> (display name, must be valid)
    for scenario in sorted(ROOT.glob("Scenarios/**/*.scenario.json")) + sorted(ROOT.glob("Conformance/**/*.scenario.json")):
        files[str(scenario.relative_to(ROOT))] = (str(scenario.relative_to(ROOT)), True)
    # Scenarios written inline in case files, the invalid ones included.
    for case_file in sorted(ROOT.glob("Conformance/**/*.json")):
        if case_file.name.endswith(".scenario.json") or case_file.name == "case-schema.json":
            continue
        for index, case in enumerate(json.loads(case_file.read_text()).get("cases", [])):
            for entry in case.get("files", []):
                if entry["path"].endswith(".scenario.json") and "json" in entry:
                    target = corpus / f"{case_file.stem}-{index}-{pathlib.Path(entry['path']).name}"
                    target.write_text(json.dumps(entry["json"]))
                    files[str(target)] = (f"{case_file.relative_to(ROOT)} case {index + 1}", False)
    check("scenario corpus is not empty", len(files) > 0, "no scenarios found")
    if not files:
        return
    report_path = directory / "scenario-corpus.json"
    subprocess.run([proctor, "run", "--now", "2026-06-01T12:00:00Z", "--report", f"json:{report_path}"] + list(files),
                   cwd=ROOT, capture_output=True, text=True)
    report = json.loads(report_path.read_text())
    suites = {suite["name"]: suite for suite in report["suites"]}
    for path, (name, must_be_valid) in files.items():
        text = (ROOT / path).read_text() if not path.startswith("/") else pathlib.Path(path).read_text()
        try:
            document = json.loads(text)
            errors = list(validator.iter_errors(document))
        except json.JSONDecodeError as error:
            errors = [error]
        schema_valid = not errors
        if must_be_valid:
            check(f"{name} matches scenario.schema.json", schema_valid,
                  "; ".join(f"{getattr(e, 'json_path', '')}: {getattr(e, 'message', e)}" for e in errors[:3]))
        suite = suites.get(path)
        check(f"{name} was read by proctor run", suite is not None, "missing from the report")
        if suite is None:
            continue
        codes = [e["code"] for e in suite["inputErrors"]] + [d["code"] for d in suite["diagnostics"] if d["severity"] == "error"]
        structural = [code for code in codes if code not in SEMANTIC_CODES]
        check(f"{name}: schema and decoder agree", schema_valid == (not structural),
              f"schema {'accepts' if schema_valid else 'rejects'} it, the decoder reports {codes or 'nothing'}"
              + ("" if schema_valid else "; schema: " + "; ".join(str(getattr(e, 'message', e))[:120] for e in errors[:2])))


def check_junit(path, validators):
    import junitparser
    for name, schema in validators:
        errors = list(schema.iter_errors(str(path)))
        check(f"{path.name} valid against {name}", not errors, "; ".join(str(e.reason) for e in errors[:3]))
    xml = junitparser.JUnitXml.fromfile(str(path))
    seen = set()
    for suite in xml:
        cases = list(suite)
        failures = sum(1 for case in cases for r in case.result if isinstance(r, junitparser.Failure))
        errors = sum(1 for case in cases for r in case.result if isinstance(r, junitparser.Error))
        skipped = sum(1 for case in cases for r in case.result if isinstance(r, junitparser.Skipped))
        check(f"{path.name} suite {suite.name} counts",
              (suite.tests, suite.failures, suite.errors, suite.skipped) == (len(cases), failures, errors, skipped),
              f"attributes {(suite.tests, suite.failures, suite.errors, suite.skipped)} vs children {(len(cases), failures, errors, skipped)}")
        for case in cases:
            key = (case.classname, case.name)
            check(f"{path.name} unique case", key not in seen, f"duplicate {key}")
            seen.add(key)
    check(f"{path.name} has cases", len(seen) > 0, "no test cases")


def check_sarif(path, schema_validator):
    log = json.loads(path.read_text())
    if schema_validator is not None:
        errors = sorted(schema_validator.iter_errors(log), key=lambda e: list(e.path))
        check(f"{path.name} valid against SARIF 2.1.0", not errors,
              "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:3]))
    check(f"{path.name} version", log.get("version") == "2.1.0", log.get("version"))
    run_ = log["runs"][0]
    rules = run_["tool"]["driver"]["rules"]
    ids = [rule["id"] for rule in rules]
    for rule in rules:
        check(f"rule {rule['id']} texts", all(rule.get(k, {}).get("text") for k in ("shortDescription", "fullDescription", "help")),
              "GitHub needs shortDescription, fullDescription and help text")
        check(f"rule {rule['id']} text lengths", len(rule["shortDescription"]["text"]) <= 1024 and len(rule["fullDescription"]["text"]) <= 1024,
              "GitHub limits descriptions to 1024 characters")
    fingerprints = set()
    for result in run_["results"]:
        check("result rule known", result["ruleId"] in ids, result["ruleId"])
        check("result ruleIndex", ids[result["ruleIndex"]] == result["ruleId"], result["ruleId"])
        location = result["locations"][0]["physicalLocation"]
        uri = location["artifactLocation"]["uri"]
        check("result uri relative and encoded", not uri.startswith("/") and " " not in uri, uri)
        region = location.get("region")
        check("result region line", region is None or region["startLine"] >= 1, str(region))
        fingerprint = result["partialFingerprints"]["proctorFinding/v1"]
        check("fingerprint unique", fingerprint not in fingerprints, fingerprint)
        fingerprints.add(fingerprint)


def check_json(path):
    report = json.loads(path.read_text())
    check(f"{path.name} schemaVersion", report.get("schemaVersion") == 2, report.get("schemaVersion"))
    findings = [f for suite in report["suites"] for f in suite["findings"] if "suppression" not in f]
    errors = sum(1 for f in findings if f["severity"] == "error") + sum(
        1 for suite in report["suites"] for d in suite["diagnostics"] if d["severity"] == "error")
    check(f"{path.name} summary errors", report["summary"]["errors"] == errors, f"{report['summary']['errors']} vs {errors}")
    # Only failed and errored cases are listed; passed and skipped ones are counted per suite.
    listed = [case for suite in report["suites"] for case in suite["cases"]]
    check(f"{path.name} lists only failing cases", all(case["outcome"] in ("failed", "error") for case in listed))
    summary = report["summary"]
    for key in ("passedCases", "skippedCases"):
        check(f"{path.name} summary {key}", summary[key] == sum(suite[key] for suite in report["suites"]), summary[key])
    check(f"{path.name} summary cases", summary["cases"] == summary["passedCases"] + summary["skippedCases"] + len(listed),
          f"{summary['cases']} vs {summary['passedCases']} + {summary['skippedCases']} + {len(listed)}")
    junit = path.with_suffix(".junit.xml")
    if not junit.exists():
        return
    import junitparser
    suites = list(junitparser.JUnitXml.fromfile(str(junit)))
    properties = {p.name: p.value for suite in suites for p in suite.properties()}
    if properties.get("proctor.junit-cases") == "file":
        check_junit_file_cases(report, suites, properties, junit.name, path.with_suffix(".sarif"))
        return
    # The per-rule form (and a run's or conformance's report) lists every case the JSON counts.
    cases = [case for suite in suites for case in suite]
    skipped = sum(1 for case in cases for r in case.result if isinstance(r, junitparser.Skipped))
    failing = sum(1 for case in cases for r in case.result if isinstance(r, (junitparser.Failure, junitparser.Error)))
    check(f"{path.name} counts match {junit.name}",
          (summary["cases"], summary["skippedCases"], summary["failedCases"]) == (len(cases), skipped, failing),
          f"{(summary['cases'], summary['skippedCases'], summary['failedCases'])} vs {(len(cases), skipped, failing)}")


def xml_visible(text):
    """`text` as Proctor's XML holds it: the characters XML 1.0 forbids shown as `\\u{1B}`."""
    return "".join(f"\\u{{{ord(c):X}}}" if (ord(c) < 0x20 and c not in "\t\n\r") or c in "\ufffe\uffff" else c for c in text)


def failing_findings(report, suite):
    """The findings of a JSON suite that fail the run: not accepted, and errors (warnings too under --strict)."""
    failing = ("error", "warning") if report["strict"] else ("error",)
    return [f for f in suite["findings"] if "suppression" not in f and f["severity"] in failing]


def in_input_file(uri, name):
    """Whether a finding located at `uri` belongs to the input file `name`: the file itself, or a
    file inside it when it is a pass bundle (`Coffee.pkpass!/pass.json`, as Proctor names them)."""
    bundle, separator, _ = uri.partition(".pkpass!/")
    base = bundle + ".pkpass" if separator else uri
    return name == base or name.endswith("/" + base)


def check_junit_file_cases(report, suites, properties, junit_name, sarif_path):
    """The per-file JUnit form of lint and scan against the JSON and SARIF reports of the same run:
    one case per file that has checks, ending as the file's checks did, with each finding that
    fails the run in its text; the checks the per-rule form would list, counted in properties."""
    import junitparser
    summary = report["summary"]
    name = f"{junit_name} (one case per file)"
    check(f"{name}: one suite", len(suites) == 1, f"{len(suites)} suites")
    cases = {case.name: case for suite in suites for case in suite}
    files = [suite for suite in report["suites"] if suite["cases"] or suite["passedCases"] or suite["skippedCases"]]
    check(f"{name}: one case per file", sorted(cases) == sorted(xml_visible(s["name"]) for s in files) and len(cases) == sum(len(list(s)) for s in suites),
          f"{len(cases)} cases for {len(files)} files")
    checks = (properties.get("proctor.checks"), properties.get("proctor.checks.passed"), properties.get("proctor.checks.skipped"))
    failed_checks = int(properties.get("proctor.checks.failed", -1)) + int(properties.get("proctor.checks.errored", -1))
    check(f"{name}: properties count the JSON report's checks",
          checks == (str(summary["cases"]), str(summary["passedCases"]), str(summary["skippedCases"])) and failed_checks == summary["failedCases"],
          f"{checks}, {failed_checks} vs {summary['cases']}, {summary['passedCases']}, {summary['skippedCases']}, {summary['failedCases']}")
    check(f"{name}: properties say how many rules ran", int(properties.get("proctor.rules", 0)) > 0, properties.get("proctor.rules"))
    rule_ids = {f["ruleId"] for suite in report["suites"] for f in suite["findings"]}
    # SARIF's results of the findings that fail the run, by file (its URIs are relative and encoded).
    sarif_failing = {}
    if sarif_path.exists():
        levels = ("error", "warning") if report["strict"] else ("error",)
        for result in json.loads(sarif_path.read_text())["runs"][0]["results"]:
            if result["ruleId"] in rule_ids and not result.get("suppressions") and result.get("level", "warning") in levels:
                uri = urllib.parse.unquote(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
                sarif_failing[uri] = sarif_failing.get(uri, 0) + 1
    for suite in files:
        case = cases.get(xml_visible(suite["name"]))
        if case is None:
            continue
        outcomes = {c["outcome"] for c in suite["cases"]}
        expected = ("error" if "error" in outcomes else "failure" if "failed" in outcomes
                    else "skipped" if suite["passedCases"] == 0 else "passed")
        results = [r for r in case.result if isinstance(r, (junitparser.Failure, junitparser.Error, junitparser.Skipped))]
        actual = ("error" if any(isinstance(r, junitparser.Error) for r in results) else "failure" if any(isinstance(r, junitparser.Failure) for r in results)
                  else "skipped" if results else "passed")
        check(f"{name}: {suite['name']} {expected}", actual == expected, actual)
        text = "\n".join(r.text or "" for r in results)
        lines = [line for line in text.split("\n") if re.search(r"\[([a-z0-9_]+)\]( \(.*\))?$", line)
                 and re.search(r"\[([a-z0-9_]+)\]", line).group(1) in rule_ids]
        failing = failing_findings(report, suite)
        check(f"{name}: {suite['name']} lists each failing finding", len(lines) == len(failing)
              and all(any(line.endswith(f"[{f['ruleId']}]") and f" {f['severity']}: " in line for line in lines) for f in failing),
              f"{len(lines)} finding lines, {len(failing)} failing findings in JSON")
        if sarif_failing:
            in_sarif = sum(count for uri, count in sarif_failing.items() if in_input_file(uri, suite["name"]))
            check(f"{name}: {suite['name']} findings match SARIF", in_sarif == len(failing), f"{in_sarif} SARIF results, {len(failing)} in JSON")


# GitLab's Code Quality report: the fields GitLab documents that it reads ("Implement a custom
# tool", docs.gitlab.com/ci/testing/code_quality), with Code Climate's severities.
GITLAB_SCHEMA = {
    "type": "array",
    "items": {
        "type": "object",
        "required": ["description", "check_name", "fingerprint", "severity", "location"],
        "properties": {
            "description": {"type": "string", "minLength": 1},
            "check_name": {"type": "string", "minLength": 1},
            "fingerprint": {"type": "string", "minLength": 1},
            "severity": {"enum": ["info", "minor", "major", "critical", "blocker"]},
            "location": {
                "type": "object", "required": ["path", "lines"],
                "properties": {"path": {"type": "string", "minLength": 1},
                               "lines": {"type": "object", "required": ["begin"], "properties": {"begin": {"type": "integer", "minimum": 1}}}},
            },
        },
    },
}


def runner_unescape(text, is_property):
    """The GitHub Actions runner's unescaping of workflow command values (ActionCommand.cs)."""
    pairs = [("%0D", "\r"), ("%0A", "\n")] + ([("%3A", ":"), ("%2C", ",")] if is_property else []) + [("%25", "%")]
    for escaped, plain in pairs:
        text = text.replace(escaped, plain)
    return text


def check_ci_reports(name, out):
    """The reports CI systems show natively, each read as its consumer reads it."""
    import jsonschema
    report = json.loads(pathlib.Path(f"{out}.json").read_text())
    problems = [f for suite in report["suites"] for f in suite.get("findings", []) if "suppression" not in f]
    # GitHub: every workflow command parses as the runner parses it, and each unsuppressed
    # finding comes back with its file, line and message intact.
    commands = []
    for line in pathlib.Path(f"{out}.github.txt").read_text().splitlines():
        if not line.startswith("::"):
            continue
        head, _, data = line[2:].partition("::")
        command, _, props = head.partition(" ")
        properties = dict(runner_unescape(p, True).split("=", 1) for p in props.split(",") if p)
        commands.append((command, properties, runner_unescape(data, False)))
    check(f"{name}: github commands are error, warning or notice", all(c in ("error", "warning", "notice") for c, _, _ in commands))
    round_trip = {(p.get("file"), p.get("line"), d) for _, p, d in commands}
    lost = [f for f in problems if (visible(f["location"]["file"]), str(f["location"].get("line")) if f["location"].get("line") else None, visible(f["message"])) not in round_trip]
    check(f"{name}: every finding round-trips through the github report", not lost, f"{len(lost)} lost, e.g. {lost[:1]}")
    # Nothing from the input forges a command: the runner reads only Proctor's, in the github
    # report, and none in the text report; no log gets a raw escape character.
    for report_name, own in ((f"{out}.github.txt", True), (f"{out}.txt", False)):
        text = pathlib.Path(report_name).read_text()
        forged = [line for line in runner_lines(text) if (line.startswith("::") and not own) or "##[" in line]
        check(f"{name}: no line of {pathlib.Path(report_name).name} is a command from the input", not forged, str(forged[:2]))
        check(f"{name}: {pathlib.Path(report_name).name} holds no raw control character but line feeds",
              not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", text), repr(text[:200]))
    # GitLab: the documented fields, and fingerprints unique, as GitLab requires.
    issues = json.loads(pathlib.Path(f"{out}.gitlab.json").read_text())
    errors = list(jsonschema.Draft7Validator(GITLAB_SCHEMA).iter_errors(issues))
    check(f"{name}: gitlab report has the fields GitLab reads", not errors, "; ".join(e.message for e in errors[:3]))
    check(f"{name}: gitlab fingerprints are unique", len({i["fingerprint"] for i in issues}) == len(issues))
    located = [f for f in problems if f["location"]["file"]]
    check(f"{name}: gitlab has an issue per located finding", len([i for i in issues if i["check_name"] in {f["ruleId"] for f in located}]) >= len(located))
    # Markdown: a CommonMark parser with GitHub's tables finds the summary and one table row per
    # problem shown.
    from markdown_it import MarkdownIt
    tokens = MarkdownIt("commonmark").enable("table").parse(pathlib.Path(f"{out}.md").read_text())
    rows = sum(1 for t in tokens if t.type == "tr_open")
    tables = sum(1 for t in tokens if t.type == "table_open")
    check(f"{name}: markdown summary parses with a heading", any(t.type == "heading_open" for t in tokens))
    check(f"{name}: markdown tables have a header and a row per entry", rows >= len(problems) + tables, f"{rows} rows, {len(problems)} findings")


# What the HTML report shows a person, read in Chromium from a page that frames it: the report
# keeps its own Content-Security-Policy (no script may run in it), and this script, in the
# frame's parent, reads its DOM after layout. innerText is the text as rendered (nothing hidden
# by CSS or a closed <details>), and the boxes' positions say what sits beside what.
PROBE = """<!DOCTYPE html><html><body><iframe id="report" src="REPORT" style="width:1400px;height:1800px"></iframe><pre id="probe"></pre>
<script>
function visible(element) {
  if (!element || !element.getClientRects().length) return false;
  // What a closed <details> holds still has boxes; checkVisibility knows it is not shown.
  if (!element.checkVisibility({contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true})) return false;
  const style = element.ownerDocument.defaultView.getComputedStyle(element);
  const box = element.getBoundingClientRect();
  return style.visibility === "visible" && parseFloat(style.opacity) > 0 && box.width > 0 && box.height > 0;
}
const text = element => element ? element.innerText : null;
document.getElementById("report").addEventListener("load", function () {
  const page = this.contentDocument;
  const result = {
    title: page.title,
    verdict: text(page.querySelector(".verdict")),
    summary: text(page.querySelector(".summary-line")),
    scripts: page.querySelectorAll("script").length,
    fetched: this.contentWindow.performance.getEntriesByType("resource").length,
    failedEvents: [...page.querySelectorAll("table.timeline tr.failed")].map(row => {
      const cell = row.querySelector("td.event");
      const index = [...row.cells].indexOf(cell);
      return {
        visible: visible(row) && visible(cell),
        kind: text(cell.querySelector(".kind")),
        outcome: text(cell.querySelector(".outcome")),
        lane: text(row.closest("table").tHead.rows[0].cells[index]),
        mismatches: [...cell.querySelectorAll(".mismatch")].map(mismatch => {
          const expected = mismatch.querySelector(".expected .value"), actual = mismatch.querySelector(".actual .value");
          const left = expected.getBoundingClientRect(), right = actual.getBoundingClientRect();
          return {expected: text(expected), actual: text(actual), visible: visible(expected) && visible(actual),
                  sideBySide: left.right <= right.left && Math.abs(left.top - right.top) < 2};
        }),
      };
    }),
    problems: [...page.querySelectorAll("li.problem")].map(item => ({
      visible: visible(item),
      file: text(item.closest("section.file").querySelector("h3 code")),
      code: text(item.querySelector(".code")),
      message: text(item.querySelector(".message")),
      accepted: item.classList.contains("accepted"),
      source: text(item.querySelector("pre.source code")),
      sourceVisible: visible(item.querySelector("pre.source")),
      mark: text(item.querySelector("pre.source mark")),
    })),
  };
  document.getElementById("probe").textContent = JSON.stringify(result);
});
</script></body></html>
"""


def probe_html(chromium, page):
    """What Chromium shows of the report at `page`, as the probe above reads it."""
    wrapper = page.with_suffix(".probe.html")
    wrapper.write_text(PROBE.replace("REPORT", page.name))
    result = browser.run(chromium, "--allow-file-access-from-files", "--dump-dom", wrapper.as_uri())
    found = re.search(r'<pre id="probe">(.*?)</pre>', result.stdout, re.S)
    check(f"{page.name} renders in Chromium", result.returncode == 0 and found is not None and found.group(1),
          f"exit {result.returncode}: {result.stderr[-500:]}")
    return json.loads(html.unescape(found.group(1))) if found and found.group(1) else None


def shown_as_text(text):
    """Text as the HTML report shows it: as every report shows a value from the input, and
    U+FFFE, U+FFFF written as \\u{FFFE} too."""
    return "".join(f"\\u{{{ord(c):X}}}" if ord(c) in (0xFFFE, 0xFFFF) else c for c in visible(text))


def split_details(details):
    """A failed scenario check's details, "expected: X\n  actual: Y", as (X, Y)."""
    found = re.fullmatch(r"expected: (.*)\n  actual: (.*)", details, re.S)
    return (shown_as_text(found.group(1)), shown_as_text(found.group(2))) if found else None


def source_line(path, number):
    """Line `number` of a file as Proctor counts lines (LF ends a line; a CR before it and a
    byte-order mark at the start are not part of it)."""
    lines = (ROOT / path).read_bytes().decode("utf-8", "replace").split("\n")
    line = lines[number - 1] if 0 < number <= len(lines) else None
    if line is not None and number == 1:
        line = line.removeprefix("\ufeff")
    return line.removesuffix("\r") if line is not None else None


def misnested_elements(text):
    """Where the page's elements are not closed in the order they were opened (HTML's void
    elements aside), read with Python's own HTML parser: a browser would repair such a page, each
    its own way."""
    from html.parser import HTMLParser

    class Nesting(HTMLParser):
        VOID = {"meta", "br", "hr", "img", "link", "input", "wbr", "col", "area", "base", "source"}

        def __init__(self):
            super().__init__()
            self.open, self.problems = [], []

        def handle_starttag(self, tag, attributes):
            if tag not in self.VOID:
                self.open.append(tag)

        def handle_endtag(self, tag):
            if self.open and self.open[-1] == tag:
                self.open.pop()
            else:
                self.problems.append(f"</{tag}> at line {self.getpos()[0]} closes <{self.open[-1] if self.open else 'nothing'}>")

    parser = Nesting()
    parser.feed(text)
    parser.close()
    return parser.problems + [f"<{tag}> is never closed" for tag in parser.open]


def check_html_reports(proctor, directory):
    """The HTML reports of the bundled mistakes, opened in headless Chromium."""
    chromium = browser.find()
    if chromium is None:
        reason = "no headless Chromium ('chromium') on PATH; scripts/setup.sh --with-validators installs Debian's chromium package"
        if os.environ.get("CI", "").lower() == "true":
            check("HTML reports open in headless Chromium", False, reason)
        else:
            print(f"skipped: the HTML reports in a browser, because {reason} (CI=true makes this a failure)")
        return
    pages = directory / "html"
    pages.mkdir()
    scenarios = pages / "scenarios"
    scenarios.mkdir()
    (scenarios / "restore.scenario.json").write_text(json.dumps(FAILING_SCENARIO, indent=2))
    runs = [
        ("run-mistakes", ["run", "--now", "2026-06-01T12:00:00Z", "Scenarios/run-mistakes"], 1),
        ("failed-expectation", ["run", "--now", "2026-06-01T12:00:00Z", str(scenarios)], 1),
        ("lint-mistakes", ["lint", "--info-plist", "Scenarios/lint/common-mistakes/Info.plist", "--now", "2026-06-01T12:00:00Z",
                           "Scenarios/lint/common-mistakes"], 1),
        ("lint-escaping", ["lint", "--now", "2026-06-01T12:00:00Z", str(write_inputs(pages))], 2),
    ]
    for name, args, code in runs:
        page = pages / f"{name}.html"
        run(proctor, args + ["--report", f"html:{page}", "--report", f"json:{pages / name}.json"], code)
        report = json.loads((pages / f"{name}.json").read_text())
        text = page.read_text()
        check(f"{name}.html is one self-contained page", "<script" not in text and not re.search(r"\b(src|href)=\"(?!#)|url\(|@import", text),
              "a script, or a reference to something outside the page")
        problems = misnested_elements(text)
        check(f"{name}.html closes every element it opens, in order", not problems, "; ".join(problems[:3]))
        shown = probe_html(chromium, page)
        if shown is None:
            continue
        check(f"{name}.html runs no script and fetches nothing", shown["scripts"] == 0 and shown["fetched"] == 0, f"{shown['scripts']} scripts, {shown['fetched']} fetches")
        check(f"{name}.html says the run {'failed' if code else 'passed'}", shown["verdict"] == ("FAILED" if code else "PASSED"), shown["verdict"])

        # Every failed scenario check is a failing entry on a timeline, in view, marked failed,
        # with what the JSON report says was expected and what happened, side by side.
        failed = [case for suite in report["suites"] for case in suite["cases"]
                  if case["outcome"] == "failed" and split_details(case.get("details", ""))]
        entries = [(mismatch["expected"], mismatch["actual"]) for event in shown["failedEvents"] for mismatch in event["mismatches"]]
        for case in failed:
            check(f"{name}: '{case['name']}' is a failing entry of its timeline, expected beside actual", split_details(case["details"]) in entries,
                  f"{split_details(case['details'])} not among {entries}")
        for event in shown["failedEvents"]:
            check(f"{name}: a failing {event['kind']} on '{event['lane']}' is in view and says so", event["visible"] and event["outcome"] == "✗ failed",
                  f"visible {event['visible']}, outcome {event['outcome']!r}")
            for mismatch in event["mismatches"]:
                check(f"{name}: expected and actual of the {event['kind']} are shown side by side", mismatch["visible"] and mismatch["sideBySide"], str(mismatch))
        if report["command"] == "run":
            check(f"{name}: it has failing timeline entries", len(shown["failedEvents"]) >= len(failed) > 0, f"{len(shown['failedEvents'])} entries, {len(failed)} failed checks")

        # Every finding is listed under its file, in view, with the line it is on.
        listed = list(shown["problems"])
        findings = [f for suite in report["suites"] for f in suite["findings"]]
        for finding in findings:
            location = finding["location"]
            match = next((p for p in listed if (p["file"], p["code"], p["message"]) == (shown_as_text(location["file"]), finding["ruleId"], shown_as_text(finding["message"]))), None)
            check(f"{name}: {finding['ruleId']} in {location['file']} is listed", match is not None and match["visible"], f"{finding['message']!r}")
            if match is None:
                continue
            listed.remove(match)
            check(f"{name}: {finding['ruleId']} is marked accepted exactly when it is", match["accepted"] == ("suppression" in finding))
            line = source_line(location["file"], location["line"]) if location.get("line") else None
            if line is None:
                continue
            source = match["source"] or ""
            # As the page shows it: escaped as every value is, but for the tabs, its layout.
            shown_line = "\t".join(shown_as_text(piece) for piece in line.split("\t"))
            check(f"{name}: {finding['ruleId']} shows its source line", match["sourceVisible"] and (source == shown_line or source.strip("…") in shown_line),
                  f"shown {source!r}, the file has {line!r}")
            column = location.get("column")
            if column and column <= len(line):
                check(f"{name}: {finding['ruleId']} marks its column", match["mark"] == line[column - 1], f"{match['mark']!r} vs {line[column - 1]!r}")
        if name == "lint-mistakes":
            check("lint-mistakes: every finding of the mistakes is on the page", len(findings) > 20 and not [p for p in listed if p["code"] in {f["ruleId"] for f in findings}],
                  f"{len(findings)} findings")
        if name == "lint-escaping":
            messages = [p["message"] for p in shown["problems"]]
            check("lint-escaping: a message quoting <&>\"' shows them as text, and escape characters as \\u{1B}",
                  any("<&>\"'\U0001F355" in m and "\\u{1B}" in m for m in messages) and not any("\x1b" in m for m in messages), str(messages[:3]))

    # A person's first look: the page draws (a blank or failed render is one colour).
    screenshot = pages / "run-mistakes.png"
    result = browser.screenshot(chromium, (pages / "run-mistakes.html").as_uri(), screenshot)
    summary = browser.png_summary(screenshot) if screenshot.exists() else None
    check("run-mistakes.html draws in Chromium", result.returncode == 0 and summary is not None and summary[:2] == (1400, 1800) and summary[2] > 16,
          f"exit {result.returncode}, PNG {summary}")


def main():
    proctor = str((ROOT / sys.argv[1]).resolve()) if len(sys.argv) > 1 else str(ROOT / ".build/debug/proctor")
    validators = []
    sarif_validator = None
    if SCHEMAS.is_dir():
        import jsonschema
        import xmlschema
        validators = [("junit-jenkins-10.xsd", xmlschema.XMLSchema(str(SCHEMAS / "junit-jenkins-10.xsd"))),
                      ("junit-windyroad.xsd", xmlschema.XMLSchema(str(SCHEMAS / "junit-windyroad.xsd")))]
        sarif_validator = jsonschema.Draft4Validator(json.loads((SCHEMAS / "sarif-schema-2.1.0.json").read_text()))
    else:
        print(f"skipped: schema validation, because {SCHEMAS} is absent (it exists beside the checkout for Proctor's developers and CI only)")

    with tempfile.TemporaryDirectory() as temporary:
        directory = pathlib.Path(temporary)
        inputs = write_inputs(directory)
        runs = [
            ("broken", ["lint", "--now", "2026-06-01T12:00:00Z", str(inputs)], 2),
            ("strict", ["lint", "--strict", "--now", "2026-06-01T12:00:00Z", str(inputs / "unknown.json")], 1),
        ]
        mistakes = ROOT / "Scenarios/lint/common-mistakes"
        if mistakes.is_dir():
            runs.append(("mistakes", ["lint", "--info-plist", str(mistakes / "Info.plist"), "--now", "2026-06-01T12:00:00Z", "Scenarios/lint/common-mistakes"], 1))
            # A baseline of the mistakes: written (everything accepted, exit 0), then used with
            # one file fewer under --baseline-strict (its entry unused, exit 1): the accepted
            # findings are JUnit skipped cases and SARIF suppressions, the unused entry a result.
            baseline = directory / "accepted-findings.baseline.json"
            fewer = directory / "fewer-mistakes"
            shutil.copytree(mistakes, fewer)
            run(proctor, ["lint", "--no-config", "--info-plist", str(fewer / "Info.plist"), "--now", "2026-06-01T12:00:00Z",
                          str(fewer), "--write-baseline", str(baseline)], 0)
            entries = len(json.loads(baseline.read_text())["findings"])
            (fewer / "title_length.json").unlink()
            runs.append(("baseline", ["lint", "--no-config", "--info-plist", str(fewer / "Info.plist"), "--now", "2026-06-01T12:00:00Z", str(fewer),
                                      "--baseline", str(baseline), "--baseline-strict"], 1))
            # The per-rule JUnit form of the same run: every case the JSON report counts.
            runs.append(("mistakes by rule", ["lint", "--info-plist", str(mistakes / "Info.plist"), "--now", "2026-06-01T12:00:00Z", "Scenarios/lint/common-mistakes",
                                              "--junit-cases", "rule"], 1))
        places = ROOT / "Scenarios/lint/local-places"
        if places.is_dir():
            runs.append(("places", ["lint", "--info-plist", str(places / "Info.plist"), "--now", "2026-06-01T12:00:00Z", "Scenarios/lint/local-places"], 0))
        bundles = ROOT / "Scenarios/lint/wallet-bundles-mistakes"
        if bundles.is_dir():
            # Problems located inside an archive (Coffee.pkpass!/pass.json:5:21, Coffee.pkpass!/signature).
            runs.append(("pass bundles", ["lint", "--now", "2026-06-01T12:00:00Z", "Scenarios/lint/wallet-bundles-mistakes"], 1))
        if (ROOT / "Scenarios/run").is_dir():
            runs.append(("scenarios", ["run", "--now", "2026-06-01T12:00:00Z", "Scenarios/run"], 0))
        runs.append(("failing scenarios", ["run", "--now", "2026-06-01T12:00:00Z", str(write_scenarios(directory))], 2))
        runs.append(("walk notes", ["lint", "--now", "2026-06-01T12:00:00Z", str(write_walk(directory))], 0))
        for name, args, code in runs:
            out = directory / name
            run(proctor, args + ["--report", f"text:{out}.txt", "--report", f"junit:{out}.junit.xml", "--report", f"sarif:{out}.sarif", "--report", f"json:{out}.json",
                                 "--report", f"github:{out}.github.txt", "--report", f"gitlab:{out}.gitlab.json",
                                 "--report", f"markdown:{out}.md"], code)
            check_junit(pathlib.Path(f"{out}.junit.xml"), validators)
            check_sarif(pathlib.Path(f"{out}.sarif"), sarif_validator)
            check_json(pathlib.Path(f"{out}.json"))
            check_ci_reports(name, out)
            if name == "baseline":
                results = json.loads(pathlib.Path(f"{out}.sarif").read_text())["runs"][0]["results"]
                suppressed = [r for r in results if r.get("suppressions")]
                unused = [r for r in results if r["ruleId"] == "baseline_entry_unused"]
                check("baseline: every remaining finding is a suppressed SARIF result", len(suppressed) == entries - 1, f"{len(suppressed)} of {entries - 1}")
                check("baseline: the deleted file's entry is one unused-entry result", len(unused) == 1 and len(results) == entries, f"{len(unused)}, {len(results)}")
        check_scenario_schema(proctor, directory)
        check_html_reports(proctor, directory)
        conformance = directory / "conformance"
        run(proctor, ["conformance", "Conformance", "--report", f"junit:{conformance}.junit.xml", "--report", f"json:{conformance}.json"], 0)
        check_junit(pathlib.Path(f"{conformance}.junit.xml"), validators)
        check_json(pathlib.Path(f"{conformance}.json"))

    case_schema_path = ROOT / "Conformance/case-schema.json"
    if case_schema_path.exists():
        import jsonschema
        schema = json.loads(case_schema_path.read_text())
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
        validator = validator_class(schema)
        for case_file in sorted((ROOT / "Conformance").rglob("*.json")):
            # Scenario vectors follow the scenario schema, link vectors their own (below).
            if case_file.name.endswith(("-schema.json", ".scenario.json", ".links.json")):
                continue
            errors = list(validator.iter_errors(json.loads(case_file.read_text())))
            check(f"{case_file.relative_to(ROOT)} matches case-schema.json", not errors,
                  "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:3]))

    link_schema_path = ROOT / "Conformance/link-vector-schema.json"
    if link_schema_path.exists():
        import jsonschema
        schema = json.loads(link_schema_path.read_text())
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
        validator = validator_class(schema)
        for vector_file in sorted((ROOT / "Conformance").rglob("*.links.json")):
            errors = list(validator.iter_errors(json.loads(vector_file.read_text())))
            check(f"{vector_file.relative_to(ROOT)} matches link-vector-schema.json", not errors,
                  "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:3]))

    # The configuration schema against every .proctor.json of the repository, and against a
    # malformed one it must refuse; the reader's own errors are tested in Swift.
    import jsonschema
    config_schema = json.loads((ROOT / "docs/config.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(config_schema)
    config_validator = jsonschema.Draft202012Validator(config_schema)
    configs = sorted(p for p in ROOT.glob("Scenarios/**/.proctor.json")) + sorted(ROOT.glob(".proctor.json"))
    check("the repository has .proctor.json files", len(configs) > 0)
    for config_file in configs:
        errors = list(config_validator.iter_errors(json.loads(config_file.read_text())))
        check(f"{config_file.relative_to(ROOT)} matches config.schema.json", not errors,
              "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:3]))
    bad = {"format": 1, "rules": {"title_lenght": "off"}, "app": {"teamIdentifier": "abc"}}
    check("config.schema.json refuses an unknown rule and a bad Team ID", len(list(config_validator.iter_errors(bad))) == 2)

    print(f"reports: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
