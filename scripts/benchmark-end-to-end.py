"""forecastly end to end against a loopback stub, next to curl fetching the
same URL; wall time over repeated runs and forecastly's peak RSS. Two paths:
fetched (--refresh), and answered from the store (a fresh forecast is kept).

usage: benchmark-end-to-end.py FORECASTLY_BINARY RESPONSE_FILE [RUNS]
"""
import os
import random
import statistics
import subprocess
import sys
import time

from benchmark_stub import isolated_environment, serve

binary, response_file = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 30
body = open(response_file, "rb").read()


server, base = serve(body)
# A home of its own, so the user's cache and places are neither used nor touched;
# --refresh so every fetched run fetches; the store path runs without it.
_, env = isolated_environment(FORECASTLY_OPEN_METEO_URL=base)
# The forecast alone, as curl fetches it (the isolated home's config.toml
# leaves out the extras, which benchmark-extras.py weighs).
args = ["--lat", "45.59", "--lon", "17.22", "--refresh"]

# The exact URL forecastly requests, for curl.
url = base + "/v1/forecast?latitude=45.59&longitude=17.22&current=temperature_2m,apparent_temperature,relative_humidity_2m,precipitation,weather_code,is_day,wind_speed_10m,wind_direction_10m,wind_gusts_10m&hourly=temperature_2m,precipitation_probability,precipitation,weather_code,is_day,wind_speed_10m,wind_direction_10m&daily=weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max,wind_speed_10m_max,sunrise,sunset,uv_index_max&timezone=auto&forecast_days=7&forecast_hours=48"


def measure(command):
    """Wall seconds of one run."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status = os.waitpid(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{command[0]} failed: {process.stderr.read().decode()}")
    return elapsed


def peak_rss(command, repeats=5):
    """The largest peak RSS (KiB) of a few runs, as GNU time reports it.
    Not wait4's rusage here: a child forked from this script starts its peak
    at the script's own RSS (Linux keeps the larger of the two across exec),
    so every command would seem to need at least what Python needs."""
    peaks = []
    for _ in range(repeats):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"{command[0]} failed: {result.stderr}")
        peaks.append(int(result.stderr.strip().splitlines()[-1]))
    return max(peaks)


def interleaved(commands):
    """Each command `runs` times, in a fresh random order every round, so a
    busy moment of the machine falls on all of them alike rather than on
    whichever series ran then. Sorted milliseconds and peak RSS per command."""
    for command in commands:
        measure(command)  # warm the page cache
    samples = {i: [] for i in range(len(commands))}
    for _ in range(runs):
        order = list(range(len(commands)))
        random.shuffle(order)
        for i in order:
            samples[i].append(measure(commands[i]))
    return [(sorted(s * 1000 for s in samples[i]), peak_rss(commands[i])) for i in range(len(commands))]


measure([binary] + args)  # a forecast in the store, and the place index built
(forecastly_times, forecastly_rss), (stored_times, stored_rss), (curl_times, curl_rss), (startup_times, startup_rss) = interleaved([
    [binary] + args,
    # The forecast just fetched is fresh: answered from the store, no request.
    [binary, "--lat", "45.59", "--lon", "17.22"],
    ["curl", "-sS", "-o", "/dev/null", url],
    # Process start, the Swift runtime and ArgumentParser's parse, but no request.
    [binary, "--version"],
])
server.shutdown()


def summary(name, times, rss):
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"  {name:<10} median {statistics.median(times):7.2f} ms   p90 {p90:7.2f} ms   min {times[0]:7.2f} ms   peak RSS {rss / 1024:6.1f} MiB")


print(f"End to end against a loopback stub, {runs} interleaved runs each (release build):")
summary("forecastly", forecastly_times, forecastly_rss)
summary("from store", stored_times, stored_rss)
summary("curl", curl_times, curl_rss)
summary("--version", startup_times, startup_rss)
curl_median = statistics.median(curl_times)
print(f"  ratio forecastly/curl (median): {statistics.median(forecastly_times) / curl_median:.2f}x  (goal: at most 1.5x)")
print(f"  ratio from store/curl (median): {statistics.median(stored_times) / curl_median:.2f}x  (goal: at most 1.2x)")
print(f"  forecastly peak RSS: {max(forecastly_rss, stored_rss) / 1024:.1f} MiB  (goal: at most 20 MiB)")
