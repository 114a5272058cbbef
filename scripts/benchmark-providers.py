"""Each weather provider end to end against a loopback stub serving its
recorded answer, next to curl fetching the same URLs (OpenWeather's free
forecast is two requests, and curl makes both). Every run fetches
(--refresh, and no Expires from the stub, so MET Norway is asked each time).

usage: benchmark-providers.py FORECASTLY_BINARY FIXTURES_DIR [RUNS]
"""
import json
import os
import random
import statistics
import subprocess
import sys
import time

from benchmark_stub import isolated_environment, serve, wall_ms

binary, fixtures = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 30
lat, lon = "51.5073", "-0.1277"


def fixture(name):
    """A recorded body; MET's files recorded with their headers keep it in `data`."""
    raw = open(os.path.join(fixtures, name), "rb").read()
    wrapped = json.loads(raw)
    return json.dumps(wrapped["data"]).encode() if isinstance(wrapped, dict) and "data" in wrapped else raw


def celsius(name):
    """An OpenWeather recording made in standard units (kelvin), as it answers
    the metric request forecastly makes: a kelvin temperature is no weather
    on Earth, and forecastly refuses it."""
    keys = {"temp", "feels_like", "temp_min", "temp_max", "dew_point", "day", "min", "max", "night", "eve", "morn"}

    def convert(value, key=None):
        if isinstance(value, dict):
            return {k: convert(v, k) for k, v in value.items()}
        if isinstance(value, list):
            return [convert(v, key) for v in value]
        if key in keys and isinstance(value, (int, float)) and not isinstance(value, bool):
            return value - 273.15
        return value
    return json.dumps(convert(json.loads(fixture(name)))).encode()


met_path = "/weatherapi/locationforecast/2.0/complete"
providers = [
    ("met-norway", {met_path: fixture("met-norway/complete_london_2020-07-20_wrapped-with-headers.json")},
     "FORECASTLY_MET_NORWAY_URL", [], [met_path + f"?lat={lat}&lon={lon}"]),
    ("openweather", {
        "/data/2.5/weather": celsius("openweather/weather_2.5_london_standard_2020-04-28.json"),
        "/data/2.5/forecast": celsius("openweather/forecast_2.5_london_standard_2025-03-20.json"),
     }, "FORECASTLY_OPENWEATHER_URL", ["--api-key", "benchmark"],
     [f"/data/2.5/weather?lat={lat}&lon={lon}&units=metric&appid=benchmark",
      f"/data/2.5/forecast?lat={lat}&lon={lon}&units=metric&appid=benchmark"]),
    ("openweather", {"/data/3.0/onecall": celsius("openweather/onecall_3.0_greenwich_standard_2024-10-25.json")},
     "FORECASTLY_OPENWEATHER_URL", ["--api-key", "benchmark", "--plan", "onecall"],
     [f"/data/3.0/onecall?lat={lat}&lon={lon}&units=metric&exclude=minutely,alerts&appid=benchmark"]),
]


print(f"Each provider end to end against a loopback stub, {runs} interleaved runs each (release build):")
for name, routes, variable, extra, paths in providers:
    server, base = serve(routes)
    _, env = isolated_environment(**{variable: base})
    forecastly = [binary, "--lat", lat, "--lon", lon, "--provider", name, "--refresh", "--no-fallback"] + extra
    # Several URLs at once, as forecastly asks for them (one after the other,
    # curl would wait out the stub's delayed ACK between them).
    curl = ["curl", "-sS"] + (["--parallel", "--parallel-immediate"] if len(paths) > 1 else []) \
        + sum((["-o", "/dev/null", base + path] for path in paths), [])
    wall_ms(forecastly, env)  # the place index built, the page cache warm
    wall_ms(curl, env)
    samples = {"forecastly": [], "curl": []}
    for _ in range(runs):
        pair = [("forecastly", forecastly), ("curl", curl)]
        random.shuffle(pair)
        for label, command in pair:
            samples[label].append(wall_ms(command, env))
    server.shutdown()
    ours, theirs = statistics.median(samples["forecastly"]), statistics.median(samples["curl"])
    label = name + (" (One Call)" if "onecall" in extra else "")
    print(f"  {label:<24} forecastly median {ours:6.2f} ms   curl median {theirs:6.2f} ms   "
          f"ratio {ours / theirs:.2f}x  (goal: at most 1.5x)")
