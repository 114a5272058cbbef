#!/usr/bin/env python3
"""The floor comparison in instructions: each run of benchmark-floor.py
counted once by Callgrind, which a busy machine, page faults and the
binary's layout do not move (wall and CPU time move by +-0.5 ms between two
builds of the same code). Printed as a ratio to the floor, with the share of
each run spent in two places forecastly does not write: the Swift runtime's
first-time protocol-conformance lookups (each scans every conformance record
of the binary), and ArgumentParser's parsing (parseAsRoot, or asyncParseAsRoot for the floor).
Informative: nothing is asserted here.

usage: benchmark-instructions.py FORECASTLY FLOOR RESPONSE_FILE
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from benchmark_stub import describing_now, isolated_environment, serve

binary, floor, response_file = sys.argv[1], sys.argv[2], sys.argv[3]
work = tempfile.mkdtemp(prefix="forecastly-instructions-")
# Valgrind 3.19 cannot read the toolchain's DWARF 5: count copies without it.
copies = {}
for name, path in (("forecastly", binary), ("floor", floor)):
    copies[name] = os.path.join(work, name)
    subprocess.run(["objcopy", "--strip-debug", path, copies[name]], check=True)

body = describing_now(open(response_file, "rb").read())
server, base = serve(lambda query: body)
_, env = isolated_environment(FORECASTLY_OPEN_METEO_URL=base, FORECASTLY_GEOCODING_URL=base)
place = ["--lat", "45.59", "--lon", "17.22"]
url = base + "/v1/forecast?latitude=45.59&longitude=17.22"
commands = {
    "floor (GET, print)": [copies["floor"], url],
    "fetched (--refresh)": [copies["forecastly"]] + place + ["--refresh"],
    "from the store": [copies["forecastly"]] + place,
    "--version": [copies["forecastly"], "--version"],
    "from the store, German": [copies["forecastly"]] + place + ["--lang", "de"],
}
# The place index built and the forecast stored, as for every later run of a morning.
subprocess.run(commands["fetched (--refresh)"], env=env, stdout=subprocess.DEVNULL, check=True)

scan = re.compile(r"^\s*([\d,]+) .*swift_conformsToProtocolMaybeInstantiateSuperclasses\(swift::TargetMetadata<swift::InProcess> const\*, "
                  r"swift::TargetProtocolDescriptor<swift::InProcess> const\*, bool\) \[")
parse = re.compile(r"^\s*([\d,]+) .*ParsableCommandPAAE\d+(?:async)?[pP]arseAsRoot")


def count(command):
    """Total instructions, and those inside the conformance lookups and the parse."""
    out = os.path.join(work, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"] + command,
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    report = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", out],
                            capture_output=True, text=True, check=True).stdout
    total = int(re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", report).group(1).replace(",", ""))
    found = {}
    for line in report.splitlines():
        for key, pattern in (("scans", scan), ("parse", parse)):
            match = pattern.match(line)
            if match and key not in found:
                found[key] = int(match.group(1).replace(",", ""))
    return total, found.get("scans", 0), found.get("parse", 0)


print("Instructions (Callgrind), each run once; ratios to the floor:")
print(f"{'run':<28}{'instructions':>14}{'ratio':>8}{'conformance lookups':>22}{'parsing':>10}")
floor_total = None
for name, command in commands.items():
    total, scans, parsing = count(command)
    floor_total = floor_total or total
    print(f"{name:<28}{total / 1e6:>12.1f} M{total / floor_total:>7.2f}x{scans / total:>21.0%}{parsing / total:>10.0%}")
server.shutdown()
shutil.rmtree(work)
