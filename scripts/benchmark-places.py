"""`forecastly compare` of 7 cities against a stub that adds 100 ms to every
request, next to one city: the 7 are fetched in one request, so the ratio
should stay near 1 (one request per city would make it about 7).
Also times `cities import` of a full GeoNames dump, when one is given.

usage: benchmark-places.py FORECASTLY_BINARY RESPONSE_FILE [GEONAMES_DUMP] [RUNS]
"""
import json
import os
import statistics
import subprocess
import sys
import time

from benchmark_stub import isolated_environment, serve

binary, response_file = sys.argv[1], sys.argv[2]
dump = sys.argv[3] if len(sys.argv) > 3 and sys.argv[3] else None
runs = int(sys.argv[4]) if len(sys.argv) > 4 else 10
single = json.load(open(response_file))


def answer(query):
    """One object for one place, an array (location_id on 2nd and later) for several."""
    latitudes = query.get("latitude", [""])[0].split(",")
    if len(latitudes) == 1:
        return json.dumps(single).encode()
    items = []
    for index, _ in enumerate(latitudes):
        item = dict(single)
        if index:
            item["location_id"] = index
        items.append(item)
    return json.dumps(items).encode()


server, base = serve(answer, delay=0.1)
_, env = isolated_environment(FORECASTLY_OPEN_METEO_URL=base, FORECASTLY_GEOCODING_URL=base)


def wall(command):
    start = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {result.stderr.decode()}")
    return time.perf_counter() - start


subprocess.run([binary, "cities", "status"], env=env, stdout=subprocess.DEVNULL)  # build the bundled index once
one = [binary, "compare", "Kyiv"]
seven = [binary, "compare", "Kyiv, Lviv, Odesa, Kharkiv, Dnipro, Zaporizhzhia, Vinnytsia"]
wall(one), wall(seven)
one_ms = statistics.median(wall(one) for _ in range(runs)) * 1000
seven_ms = statistics.median(wall(seven) for _ in range(runs)) * 1000
print(f"compare, stub adding 100 ms per request ({runs} runs, median):")
print(f"  1 city   {one_ms:7.1f} ms")
print(f"  7 cities {seven_ms:7.1f} ms   ratio {seven_ms / one_ms:.2f}x (goal <= 1.3x)")

if dump:
    start = time.perf_counter()
    result = subprocess.run([binary, "cities", "import", dump], env=env, capture_output=True, text=True)
    print(f"cities import {os.path.basename(dump)}: {time.perf_counter() - start:.2f} s wall (goal <= 3 s) - {result.stdout.strip() or result.stderr.strip()}")
