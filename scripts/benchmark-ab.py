"""Interleaved A/B of several forecastly binaries (and curl) on the two paths
a forecast takes: fetched from a loopback stub (--refresh), and answered
from the store with no network. Prints median wall time and peak RSS per
binary. Use it to decide whether a build flag or a piece of start-up code
earns its place: build the binary with and without it, and compare.

usage: benchmark-ab.py RESPONSE_FILE RUNS NAME=BINARY [NAME=BINARY ...]
"""
import os
import random
import statistics
import subprocess
import sys
import time

from benchmark_stub import isolated_environment, serve, wall_ms

response_file, runs = sys.argv[1], int(sys.argv[2])
binaries = [argument.split("=", 1) for argument in sys.argv[3:]]
server, base = serve(open(response_file, "rb").read())
args = ["--lat", "45.59", "--lon", "17.22"]
url = base + "/v1/forecast?latitude=45.59&longitude=17.22&current=temperature_2m,apparent_temperature,relative_humidity_2m,precipitation,weather_code,is_day,wind_speed_10m,wind_direction_10m,wind_gusts_10m&hourly=temperature_2m,precipitation_probability,precipitation,weather_code,is_day,wind_speed_10m,wind_direction_10m&daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max,sunrise,sunset,uv_index_max&timezone=auto&forecast_days=7&forecast_hours=48"

# Each binary gets a home of its own: its store and place index are its own.
homes = {name: isolated_environment(FORECASTLY_OPEN_METEO_URL=base)[1] for name, _ in binaries}


def peak_rss(command, env, repeats=5):
    """The largest peak RSS (KiB) of a few runs, from GNU time (not wait4: a
    child of this script starts its peak at Python's own RSS)."""
    peaks = []
    for _ in range(repeats):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        peaks.append(int(result.stderr.strip().splitlines()[-1]))
    return max(peaks)


# Each path: the command for a binary and the environment it runs in.
offline = lambda env: dict(env, FORECASTLY_OPEN_METEO_URL="http://127.0.0.1:9")
paths = {
    "network": lambda path, env: ([path] + args + ["--refresh"], env),
    "store": lambda path, env: ([path] + args, offline(env)),
}
for name, path in binaries:  # store a forecast, build the place index, warm the page cache
    wall_ms([path] + args + ["--refresh"], homes[name])
    wall_ms([path] + args, offline(homes[name]))

samples = {(name, path_name): [] for name, _ in binaries for path_name in paths}
samples.update({("curl", "network"): []})
for _ in range(runs):
    jobs = [(name, path_name) for name, _ in binaries for path_name in paths] + [("curl", "network")]
    random.shuffle(jobs)
    for name, path_name in jobs:
        if name == "curl":
            samples[(name, path_name)].append(wall_ms(["curl", "-sS", "-o", "/dev/null", url], os.environ))
        else:
            command, env = paths[path_name](dict(binaries)[name], homes[name])
            samples[(name, path_name)].append(wall_ms(command, env))
peak_rss_by_binary = {name: peak_rss(*paths["network"](path, homes[name])) for name, path in binaries}
server.shutdown()

curl = statistics.median(samples[("curl", "network")])
print(f"Interleaved A/B, {runs} runs each; median wall ms (ratio to curl's {curl:.2f} ms), peak RSS on the network path:")
for name, _ in binaries:
    network = statistics.median(samples[(name, "network")])
    store = statistics.median(samples[(name, "store")])
    print(f"  {name:<24} network {network:6.2f} ({network / curl:.2f}x)   store {store:6.2f} ({store / curl:.2f}x)"
          f"   peak RSS {peak_rss_by_binary[name] / 1024:5.1f} MiB")
