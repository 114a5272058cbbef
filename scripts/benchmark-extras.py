"""What the extras cost: a forecast with the next two hours, the air and the
warnings (four requests, asked together) against the forecast alone, on a
loopback stub that takes DELAY seconds for every answer. Asked together, the
extras add at most the slowest extra request: the goal is a median below the
forecast alone plus one DELAY. Each run has a store of its own, so the
warnings are asked every time (a store would answer them for 10 minutes).

usage: benchmark-extras.py FORECASTLY_BINARY FIXTURES_DIR [RUNS] [DELAY]
"""
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from benchmark_stub import describing_now, isolated_environment, serve

binary, fixtures = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
delay = float(sys.argv[4]) if len(sys.argv) > 4 else 0.1

# The recorded forecast, carrying a minutely_15 section too (the forecast's
# reader ignores it), so one path answers the forecast and the nowcast; the
# forecast and the air moved to this hour (a warning on stderr fails a run).
forecast = json.load(open(os.path.join(fixtures, "open-meteo/forecast_current_hourly_daily_zagreb.json")))
forecast["minutely_15"] = {"time": ["2026-09-29T01:00", "2026-09-29T01:15", "2026-09-29T01:30"], "precipitation": [0.0, 0.2, 0.0]}
answers = {
    "/v1/forecast": describing_now(forecast),
    "/v1/air-quality": describing_now(open(os.path.join(fixtures, "air-quality/current_all_variables_enschede_derived.json"), "rb").read()),
    # Zagreb is in Croatia: MeteoAlarm's feed for it.
    "/api/v1/warnings/feeds-croatia": open(os.path.join(fixtures, "alerts/meteoalarm/api-v1_feeds-netherlands_drenthe-yellow_derived.json"), "rb").read(),
}
server, base = serve(answers, delay=delay)
home, env = isolated_environment(extras=True, FORECASTLY_OPEN_METEO_URL=base, FORECASTLY_AIR_QUALITY_URL=base,
                                 FORECASTLY_METEOALARM_URL=base)
place = ["--lat", "45.59", "--lon", "17.22", "--refresh"]
commands = {
    "forecast alone": [binary] + place + ["--no-nowcast", "--no-air-quality", "--no-alerts"],
    "with extras": [binary] + place,
}


def measure(command):
    # A store of its own: the warnings are asked, not answered from a stored bulletin.
    data = tempfile.mkdtemp(dir=home)
    start = time.perf_counter()
    result = subprocess.run(command, env=dict(env, XDG_DATA_HOME=data), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode != 0 or result.stderr:
        sys.exit(f"{' '.join(command)}: {result.stderr.decode()}")
    return (time.perf_counter() - start) * 1000


measure(commands["with extras"])  # the place index built, once
times = {name: [] for name in commands}
for _ in range(runs):
    for name in random.sample(list(commands), len(commands)):
        times[name].append(measure(commands[name]))
server.shutdown()

print(f"Extras asked with the forecast, {runs} interleaved runs, every answer {delay * 1000:.0f} ms (release build):")
for name, values in times.items():
    print(f"  {name:<15} median {statistics.median(values):7.1f} ms   min {min(values):7.1f} ms")
alone, extras = statistics.median(times["forecast alone"]), statistics.median(times["with extras"])
print(f"  extras add {extras - alone:.1f} ms  (goal: at most the slowest extra request, {delay * 1000:.0f} ms; asked one after another they would add {3 * delay * 1000:.0f})")
