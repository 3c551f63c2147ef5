#!/usr/bin/env python3
"""Writes the signed Wallet pass bundles (.pkpass) of Scenarios/lint and the archive fuzz seeds.

    scripts/make_pkpass_fixtures.py            rewrite the bundles (committed)
    scripts/make_pkpass_fixtures.py --check    fail when a committed bundle differs from what
                                               the script writes (make test runs it)

The bundles are zip archives, so they are committed as this script writes them, and this script
is how they are made: a bundle is pass.json, images (solid-colour PNGs drawn here at the pixel
sizes Apple gives each role), localizations, manifest.json (every file's SHA-1) and a detached
PKCS #7 signature of the manifest made with `openssl smime`, as Apple's signpass does. The signer
is a self-signed test certificate in scripts/pkpass-fixtures/ shaped like a Pass Type ID
certificate (UID = pass type identifier, OU = Team ID); the script made it once with `openssl req`
(see make_signer) and it is committed with its key, which protects nothing. Apple's WWDR
intermediate is left out: Proctor does not verify the chain.

Everything is deterministic: entries in a fixed order with a fixed date, DEFLATE at level 9 by
Python's zlib, and the signature without signed attributes (`-noattr`: no signing time, which
would change on every run; Apple's signpass adds one, Wallet's check of the manifest does not
depend on it). Running the script twice writes the same bytes.

Scenarios/lint/wallet-bundles/Coffee.pkpass          a loyalty card every check passes
Scenarios/lint/wallet-bundles-mistakes/Coffee.pkpass the same card broken the ways teams break it

scripts/fuzz_seeds.py seeds the pkpass fuzz target with every .pkpass of Scenarios/ and with
hostile_archives() below (a zip bomb, a duplicate entry, an entry named '../'), made when the
seeds are. They are input errors (exit 2), not a mistakes suite's findings (exit 1), so they stay
out of Scenarios/.
"""
import hashlib
import json
import os
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIGNER = os.path.join(ROOT, "scripts", "pkpass-fixtures")
DATE = (2026, 6, 1, 12, 0, 0)

PASS_TYPE = "pass.com.example.coffee.loyalty"
TEAM = "A1B2C3D4E5"


def png(width, height, rgb):
    """A PNG of one colour: the signature, IHDR, one IDAT of filtered rows, IEND (PNG 11.2)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(rgb) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height, 9)) + chunk(b"IEND", b"")


def images(sizes, skip=(), wrong=()):
    """Each role at 1x, @2x and @3x, from its size in points; `wrong` names files drawn at 1x size."""
    files = {}
    for role, (width, height, rgb) in sizes.items():
        for scale in (1, 2, 3):
            name = role + ("" if scale == 1 else "@%dx" % scale) + ".png"
            if name in skip:
                continue
            factor = 1 if name in wrong else scale
            files[name] = png(width * factor, height * factor, rgb)
    return files


def strings(pairs):
    """A pass.strings file, UTF-16 with a byte order mark as Apple's tools write it."""
    text = "".join('"%s" = "%s";\n' % (key, value) for key, value in pairs)
    return "\ufeff".encode("utf-16-le") + text.encode("utf-16-le")


def loyalty_card(team=TEAM):
    return {
        "formatVersion": 1,
        "passTypeIdentifier": PASS_TYPE,
        "serialNumber": "CF-2026-00417",
        "teamIdentifier": team,
        "organizationName": "Example Coffee",
        "description": "CARD_DESCRIPTION",
        "logoText": "Example Coffee",
        "foregroundColor": "rgb(255, 255, 255)",
        "backgroundColor": "rgb(92, 64, 51)",
        "labelColor": "rgb(230, 210, 190)",
        "storeCard": {
            "primaryFields": [{"key": "stars", "label": "STARS", "value": 7}],
            "secondaryFields": [{"key": "member", "label": "MEMBER", "value": "Alex Appleseed"}],
            "backFields": [{"key": "terms", "label": "TERMS", "value": "TERMS_TEXT"}],
        },
        "barcodes": [{"format": "PKBarcodeFormatQR", "message": "CF-2026-00417", "messageEncoding": "iso-8859-1", "altText": "CF-2026-00417"}],
        "locations": [{"latitude": 37.3318, "longitude": -122.0312, "relevantText": "NEARBY_TEXT"}],
    }


SIZES = {
    "icon": (29, 29, (92, 64, 51)),
    "logo": (160, 50, (255, 255, 255)),
    "strip": (375, 144, (180, 120, 80)),  # a store card's strip
}

ENGLISH = [("CARD_DESCRIPTION", "Example Coffee loyalty card"), ("STARS", "Stars"), ("MEMBER", "Member"), ("TERMS", "Terms"),
           ("TERMS_TEXT", "Ten stars earn a free drink."), ("NEARBY_TEXT", "Your coffee is around the corner.")]
FRENCH = [("CARD_DESCRIPTION", "Carte de fidélité Example Coffee"), ("STARS", "Étoiles"), ("MEMBER", "Membre"), ("TERMS", "Conditions"),
          ("TERMS_TEXT", "Dix étoiles offrent une boisson."), ("NEARBY_TEXT", "Votre café est au coin de la rue.")]


def pass_json(document):
    return (json.dumps(document, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def manifest(files):
    listed = {name: hashlib.sha1(data).hexdigest() for name, data in sorted(files.items())}
    return (json.dumps(listed, indent=2) + "\n").encode("utf-8")


def sign(content, signer):
    """A detached DER PKCS #7 signature of `content` by the signer's certificate and key."""
    with tempfile.TemporaryDirectory() as scratch:
        source = os.path.join(scratch, "manifest.json")
        with open(source, "wb") as handle:
            handle.write(content)
        return subprocess.run(
            ["openssl", "smime", "-sign", "-binary", "-noattr", "-outform", "DER", "-in", source,
             "-signer", os.path.join(SIGNER, signer + ".crt"), "-inkey", os.path.join(SIGNER, signer + ".key")],
            check=True, capture_output=True).stdout


def archive(entries):
    """A zip of `entries` ((name, bytes) in order), written as zipfile writes it, dated DATE."""
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        for name, data in entries:
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_STORED if name.endswith(".png") or name == "signature" else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            bundle.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


def valid_bundle():
    files = {"pass.json": pass_json(loyalty_card())}
    files.update(images(SIZES))
    files["en.lproj/pass.strings"] = strings(ENGLISH)
    files["fr.lproj/pass.strings"] = strings(FRENCH)
    listed = manifest(files)
    entries = sorted(files.items()) + [("manifest.json", listed), ("signature", sign(listed, "coffee"))]
    return archive(entries)


def broken_bundle():
    """The card as it ships after the usual slips, each one a problem Proctor reports:
    pass.json edited after the manifest was made (its digest is stale and the team identifier is
    lower case, so the pass rules and the signer check both object); signed with the certificate
    of another pass type; a thumbnail listed but left out; a .DS_Store the manifest does not list;
    no icon@3x.png; a strip@2x.png drawn at 1x size; and a French table without the terms."""
    files = {"pass.json": pass_json(loyalty_card())}
    files.update(images(SIZES, skip={"icon@3x.png"}, wrong={"strip@2x.png"}))
    files["en.lproj/pass.strings"] = strings(ENGLISH)
    files["fr.lproj/pass.strings"] = strings([pair for pair in FRENCH if pair[0] != "TERMS_TEXT"])
    listed_files = dict(files)
    listed_files["thumbnail.png"] = png(90, 90, (0, 0, 0))
    listed = manifest(listed_files)
    files["pass.json"] = pass_json(loyalty_card(team="a1b2c3d4e5"))
    files[".DS_Store"] = b"Bud1\x00\x00\x00\x00"
    entries = sorted(files.items()) + [("manifest.json", listed), ("signature", sign(listed, "other-pass-type"))]
    return archive(entries)


def escaping_bundle():
    """An archive that would write outside the folder it is unpacked in: '../' in a name."""
    return archive([("pass.json", pass_json(loyalty_card())), ("../../.ssh/authorized_keys", b"ssh-ed25519 AAAA attacker\n")])


def zip_bomb():
    """One entry that declares 1 KiB and inflates to 32 MiB of zeros: the reader must stop at
    the declared size. Written by hand, since zipfile records the true size."""
    payload = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = payload.compress(b"\x00" * (32 << 20)) + payload.flush()
    name = b"pass.json"
    crc = 0
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(data), 1024, len(name), 0) + name
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc, len(data), 1024, len(name), 0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 1, 1, len(central), len(local) + len(data), 0)
    return local + data + central + end


def duplicate_entry():
    """Two entries named pass.json: which one a reader takes differs between tools."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns of the duplicate name, which is the point
        return archive([("pass.json", pass_json(loyalty_card())), ("pass.json", pass_json(loyalty_card(team="ZZZZZZZZZZ")))])


def hostile_archives():
    """Archives no bundle tool writes, for the fuzz target's seeds, by name."""
    return {"bomb.pkpass": zip_bomb(), "duplicate.pkpass": duplicate_entry(), "escape.pkpass": escaping_bundle()}


def make_signer(name, pass_type):
    """Made once; kept in scripts/pkpass-fixtures so the bundles do not change from run to run."""
    key = os.path.join(SIGNER, name + ".key")
    certificate = os.path.join(SIGNER, name + ".crt")
    if os.path.exists(key) and os.path.exists(certificate):
        return
    os.makedirs(SIGNER, exist_ok=True)
    subject = "/UID=%s/CN=Pass Type ID: %s/OU=%s/O=Example Coffee (test certificate, not Apple's)/C=US" % (pass_type, pass_type, TEAM)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "36500",
                    "-keyout", key, "-out", certificate, "-subj", subject], check=True, capture_output=True)


def main():
    check = "--check" in sys.argv[1:]
    make_signer("coffee", PASS_TYPE)
    make_signer("other-pass-type", "pass.com.example.coffee.giftcard")
    outputs = {
        "Scenarios/lint/wallet-bundles/Coffee.pkpass": valid_bundle(),
        "Scenarios/lint/wallet-bundles-mistakes/Coffee.pkpass": broken_bundle(),
    }
    stale = []
    for relative, data in outputs.items():
        path = os.path.join(ROOT, relative)
        if check:
            with open(path, "rb") as handle:
                if handle.read() != data:
                    stale.append(relative)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(data)
        print("wrote", relative)
    if stale:
        sys.exit("make_pkpass_fixtures: %s differ from what the script writes; run scripts/make_pkpass_fixtures.py" % ", ".join(stale))


if __name__ == "__main__":
    main()
