#!/usr/bin/env python3
"""Every end-to-end figure as a ratio to the floor: a minimal Swift command on
forecastly's stack (swift-argument-parser and AsyncHTTPClient, the same
release flags: Benchmarks/Floor) that GETs the same URL from the same
loopback stub and prints the body. The runs are interleaved (one of each
command per round, in a shuffled order), so a machine that gets busier
meanwhile weighs on all of them alike; medians over the rounds.

Goals (issue 52): a stored answer at most 1.0x the floor, fetched at most
1.3x, German or Japanese within 1 ms of English, peak RSS at most the
floor's + 8 MiB. It exits 1 when a stored answer is above 1.2x the floor in
the same run: a ratio, never an absolute time.

usage: benchmark-floor.py FORECASTLY FLOOR RESPONSE_FILE [ROUNDS]
"""
import json
import os
import random
import statistics
import subprocess
import sys
import time

from benchmark_stub import isolated_environment, serve

binary, floor, response_file = sys.argv[1], sys.argv[2], sys.argv[3]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 30
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
single = json.load(open(response_file))


def answer(query):
    """One object for one place, an array for several (compare)."""
    latitudes = query.get("latitude", [""])[0].split(",")
    if len(latitudes) == 1:
        return json.dumps(single).encode()
    return json.dumps([dict(single, location_id=index) if index else single for index in range(len(latitudes))]).encode()


server, base = serve(answer)
_, env = isolated_environment(FORECASTLY_OPEN_METEO_URL=base, FORECASTLY_GEOCODING_URL=base)
place = ["--lat", "45.59", "--lon", "17.22"]
url = base + "/v1/forecast?latitude=45.59&longitude=17.22&current=temperature_2m,apparent_temperature,relative_humidity_2m,precipitation,weather_code,is_day,wind_speed_10m,wind_direction_10m,wind_gusts_10m&hourly=temperature_2m,precipitation_probability,precipitation,weather_code,is_day,wind_speed_10m,wind_direction_10m&daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max,sunrise,sunset,uv_index_max&timezone=auto&forecast_days=7&forecast_hours=48"

commands = {
    "floor (GET, print)": [floor, url],
    "fetched (--refresh)": [binary] + place + ["--refresh"],
    "from the store": [binary] + place,
    "--version": [binary, "--version"],
    "from the store, German": [binary] + place + ["--lang", "de"],
    "from the store, Japanese": [binary] + place + ["--lang", "ja"],
    "compare of 3 cities": [binary, "compare", "Zagreb, Split, Rijeka"],
    "--waybar": [binary] + place + ["--waybar"],
    "simulate one story": [binary, "simulate", "--scenario", os.path.join(root, "Examples", "scenarios", "first-launch-asks.json")],
}


def run(command):
    """Wall milliseconds of one run; the script stops when it fails."""
    start = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter() - start) * 1000
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}): {result.stderr.decode()}")
    return elapsed


def peak_rss_kib(command):
    """The command's own peak RSS, as /usr/bin/time reports it."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return int(result.stderr.strip().splitlines()[-1])


# The place index built, the forecast and the three cities stored: every later run is warm, as a morning's is.
for command in commands.values():
    run(command)
times = {name: [] for name in commands}
for _ in range(rounds):
    order = list(commands.items())
    random.shuffle(order)
    for name, command in order:
        times[name].append(run(command))

floor_ms = statistics.median(times["floor (GET, print)"])
print(f"End to end, as ratios to the floor ({rounds} interleaved rounds, medians; floor = {floor_ms:.1f} ms):")
for name, samples in times.items():
    median = statistics.median(samples)
    print(f"  {name:26} {median:7.1f} ms  {median / floor_ms:5.2f}x")
english = statistics.median(times["from the store"])
for language in ("German", "Japanese"):
    other = statistics.median(times[f"from the store, {language}"])
    print(f"  {language} report - English report: {other - english:+.1f} ms (goal: within 1 ms)")
# Peak RSS is mostly the binaries' pages mapped in, which the page cache
# moves by a few MiB from one run to the next: medians of interleaved runs too.
rss = {name: [] for name in ("floor (GET, print)", "from the store", "fetched (--refresh)")}
for _ in range(9):
    for name in rss:
        rss[name].append(peak_rss_kib(commands[name]))
floor_rss, store_rss, fetched_rss = (statistics.median(rss[name]) for name in rss)
print(f"  peak RSS (medians of 9): floor {floor_rss / 1024:.1f} MiB, from the store {store_rss / 1024:.1f} MiB, fetched {fetched_rss / 1024:.1f} MiB"
      f" (goal: at most the floor's + 8 MiB; each ranged {max(max(v) - min(v) for v in rss.values()) / 1024:.1f} MiB at most)")
ratio = english / floor_ms
print(f"  from the store: {ratio:.2f}x the floor (goal 1.0x; this script fails above 1.2x)")
sys.exit(1 if ratio > 1.2 else 0)
