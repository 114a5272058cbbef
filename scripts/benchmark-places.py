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

from benchmark_stub import isolated_environment, serve, wall_ms

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


subprocess.run([binary, "cities", "status"], env=env, stdout=subprocess.DEVNULL)  # build the bundled index once
one = [binary, "compare", "Kyiv"]
seven = [binary, "compare", "Kyiv, Lviv, Odesa, Kharkiv, Dnipro, Zaporizhzhia, Vinnytsia"]
wall_ms(one, env), wall_ms(seven, env)
one_ms = statistics.median(wall_ms(one, env) for _ in range(runs))
seven_ms = statistics.median(wall_ms(seven, env) for _ in range(runs))
print(f"compare, stub adding 100 ms per request ({runs} runs, median):")
print(f"  1 city   {one_ms:7.1f} ms")
print(f"  7 cities {seven_ms:7.1f} ms   ratio {seven_ms / one_ms:.2f}x (goal <= 1.3x)")

if dump:
    start = time.perf_counter()
    result = subprocess.run([binary, "cities", "import", dump], env=env, capture_output=True, text=True)
    print(f"cities import {os.path.basename(dump)}: {time.perf_counter() - start:.2f} s wall (goal <= 3 s) - {result.stdout.strip() or result.stderr.strip()}")

    # Autocomplete against every place of the dump just imported: how often
    # the place people mean comes first for what they type.
    # The place meant, as "Name, CC" (the bundled index's qualifier in brackets dropped).
    typed = []
    for line in open(os.path.join(os.path.dirname(__file__), "../Tests/Fixtures/search/typed-queries.tsv"), encoding="utf-8"):
        if line.startswith("#") or not line.strip():
            continue
        query, meant = line.rstrip("\n").split("\t")
        typed.append((query, meant.split(" (")[0]))
    firsts, misses = 0, []
    for query, meant in typed:
        result = subprocess.run([binary, "cities", "search", query, "--limit", "1", "--json"], env=env, capture_output=True, text=True)
        found = json.loads(result.stdout or "[]")
        name = f"{found[0]['name']}, {found[0]['countryCode']}" if found else "nothing"
        if name == meant:
            firsts += 1
        else:
            misses.append(f"{query} → {name}")
    print(f"autocomplete on all of {os.path.basename(dump)}: the place meant comes first for {firsts} of {len(typed)} queries"
          + (f" (not: {'; '.join(misses)})" if misses else ""))
