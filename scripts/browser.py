"""Headless Chromium, as the report checks and the documentation's screenshot run it.

Debian's `chromium` package (scripts/setup.sh --with-validators installs it). Chromium refuses
to start its sandbox as root, which is how CI runs, so `--no-sandbox` is added for root only;
each run gets a profile of its own in a temporary directory, so no run touches ~/.config or
waits on another's lock.
"""
import os
import shutil
import struct
import subprocess
import tempfile
import zlib

NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


def find():
    """The path of a Chromium binary on PATH, or None."""
    for name in NAMES:
        path = shutil.which(name)
        if path:
            return path
    return None


def run(binary, *arguments, timeout=120):
    """Runs `binary --headless ... arguments`; returns the CompletedProcess (text output)."""
    with tempfile.TemporaryDirectory(prefix="proctor-chromium-") as profile:
        command = [binary, "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
                   "--disable-dev-shm-usage", "--hide-scrollbars", f"--user-data-dir={profile}"]
        if os.geteuid() == 0:
            command.append("--no-sandbox")
        return subprocess.run(command + list(arguments), capture_output=True, text=True, timeout=timeout)


def screenshot(binary, url, path, width=1400, height=1800):
    """Writes a PNG of `url` as a window of width x height shows it; returns the CompletedProcess."""
    return run(binary, f"--screenshot={path}", f"--window-size={width},{height}", url)


def png_summary(path):
    """(width, height, distinct byte values in the decoded scanlines) of a PNG, or None when the
    file is not one. A blank page decodes to a handful of values (one colour, filter bytes)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    position, width, height, compressed = 8, 0, 0, b""
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            compressed += body
    return width, height, len(set(zlib.decompress(compressed)))
