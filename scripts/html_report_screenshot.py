#!/usr/bin/env python3
"""Writes docs/images/html-report.png, the HTML report shown in the README and docs/reports.md.

    python3 scripts/html_report_screenshot.py [PROCTOR]      (or: make screenshot)

Plays one of the bundled scenario mistakes with a pinned clock, writes its HTML report and has
headless Chromium (scripts/browser.py) draw it, so the picture changes only when the report or
the scenario does. Commit the PNG with the change that alters it.
"""
import pathlib
import subprocess
import sys
import tempfile

import browser

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCENARIO = "Scenarios/run-mistakes/store/order-notification-without-its-order.scenario.json"
IMAGE = ROOT / "docs/images/html-report.png"


def main():
    proctor = str((ROOT / sys.argv[1]).resolve()) if len(sys.argv) > 1 else str(ROOT / ".build/debug/proctor")
    chromium = browser.find()
    if chromium is None:
        print("html_report_screenshot: no chromium on PATH; scripts/setup.sh --with-validators installs it", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as directory:
        page = pathlib.Path(directory) / "report.html"
        played = subprocess.run([proctor, "run", "--now", "2026-06-01T12:00:00Z", SCENARIO, "--report", f"html:{page}"],
                                cwd=ROOT, capture_output=True, text=True)
        if played.returncode != 1 or not page.exists():
            print(f"html_report_screenshot: expected the mistake to fail with exit 1, got {played.returncode}\n{played.stderr}", file=sys.stderr)
            return 1
        IMAGE.parent.mkdir(parents=True, exist_ok=True)
        drawn = browser.screenshot(chromium, page.as_uri(), IMAGE, width=1280, height=1680)
    summary = browser.png_summary(IMAGE) if IMAGE.exists() else None
    if drawn.returncode != 0 or summary is None:
        print(f"html_report_screenshot: Chromium drew nothing (exit {drawn.returncode})\n{drawn.stderr[-2000:]}", file=sys.stderr)
        return 1
    print(f"wrote {IMAGE.relative_to(ROOT)} ({summary[0]}x{summary[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
