"""Regenerates scripts/forecastly.order: every function of the forecastly
binary that common runs execute, which the release link (scripts/release-flags)
places next to each other.

Why: a run executes code from all over a 25 MB text section (the Swift
runtime, Foundation, NIO, GRDB, ArgumentParser, our own), and on every page
fault the kernel maps the file pages around the one asked for, so scattered
code makes most of the binary resident. Packed together, the same code
needs a fraction of the pages and faults. A stale or missing name only
costs some of that benefit, never correctness: the linker skips names it
does not find, and a build without the file is the same program.

usage: python3 scripts/update-symbol-order.py FORECASTLY_BINARY
Needs valgrind (callgrind lists every function executed, however short)
and binutils' strip (this valgrind cannot read clang's DWARF 5, and only
the symbol table is needed).
"""
import collections
import os
import shutil
import subprocess
import sys

from benchmark_stub import isolated_environment, serve

for tool in ("valgrind", "strip"):
    if shutil.which(tool) is None:
        sys.exit(f"{tool} is not installed (Debian: apt-get install valgrind binutils)")
built = os.path.realpath(sys.argv[1])
# A copy with only the symbol table, beside the original.
binary = built + "-symbols"
subprocess.run(["strip", "--strip-debug", "-o", binary, built], check=True)

here = os.path.dirname(os.path.abspath(__file__))
fixtures = os.path.join(here, "..", "Tests", "Fixtures", "open-meteo")
body = open(os.path.join(fixtures, "forecast_current_hourly_daily_zagreb.json"), "rb").read()
server, url = serve(body)
home, env = isolated_environment(FORECASTLY_OPEN_METEO_URL=url)

# What people run every day, the most common first: its code is packed first.
scenarios = [
    ["--lat", "45.59", "--lon", "17.22", "--refresh"],
    ["--lat", "45.59", "--lon", "17.22"],
    ["--lat", "45.59", "--lon", "17.22", "--refresh", "--json"],
    ["--lat", "45.59", "--lon", "17.22", "--refresh", "--format", "%l %c %t"],
    ["--city", "Zagreb", "--refresh"],
    ["--lat", "45.59", "--lon", "17.22", "--offline"],
    ["notes", "add", "benchmark", "--without-weather"],
    ["notes", "list", "--limit", "5"],
    ["cities", "search", "Zag"],
    ["location", "status"],
    ["--help"],
]
subprocess.run([binary] + scenarios[0], env=env, stdout=subprocess.DEVNULL, check=True)  # builds the place index


def executed(arguments):
    """Functions of the binary that ran, most instructions first."""
    output = os.path.join(home, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                    f"--callgrind-out-file={output}", binary] + arguments,
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cost = collections.Counter()
    current_object = function = None
    in_call = False
    for line in open(output):
        if line.startswith("ob="):
            current_object = line[3:].strip()
        elif line.startswith("fn="):
            function = line[3:].strip() if current_object == binary else None
        elif line.startswith("calls="):
            in_call = True  # the next cost line is the callee's, not this function's
        elif line[:1].isdigit() or line[:1] in "+-*":
            if function and not in_call:
                parts = line.split()
                cost[function] += int(parts[1]) if len(parts) > 1 else 0
            in_call = False
    return [name for name, _ in cost.most_common() if not name.startswith("0x")]


order, seen = [], set()
for arguments in scenarios:
    functions = executed(arguments)
    fresh = [name for name in functions if name not in seen]
    order += fresh
    seen.update(fresh)
    print(f"{' '.join(arguments)}: {len(functions)} functions, {len(fresh)} not seen before", file=sys.stderr)
server.shutdown()
os.remove(binary)

out = os.path.join(here, "forecastly.order")
with open(out, "w") as f:
    f.writelines(name + "\n" for name in order)
print(f"{len(order)} functions written to {out}")
# SwiftPM does not know the release link reads this file: relink on the next build.
os.remove(built)
print(f"removed {built}: the next release build links it with the new order")
