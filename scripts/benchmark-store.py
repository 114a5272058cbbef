"""The SQLite store: a forecast answered from the cache (no network: the
server address is a closed port), and `notes add` / `notes list` with
100,000 notes stored.

usage: benchmark-store.py FORECASTLY_BINARY RESPONSE_FILE [RUNS]
"""
import os
import sqlite3
import statistics
import subprocess
import sys
import time

from benchmark_stub import isolated_environment, serve, wall_ms

binary, response_file = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 20
home, base_env = isolated_environment()
args = ["--lat", "45.59", "--lon", "17.22"]


server, url = serve(open(response_file, "rb").read())
online = dict(base_env, FORECASTLY_OPEN_METEO_URL=url)
offline = dict(base_env, FORECASTLY_OPEN_METEO_URL="http://127.0.0.1:9")
wall_ms([binary] + args, online)                 # fetch once and store it (and build the place index)
wall_ms([binary] + args, offline)                # warm the page cache
hits = [wall_ms([binary] + args, offline) for _ in range(runs)]
print(f"forecast answered from the cache, no network ({runs} runs): median {statistics.median(hits):.1f} ms, "
      f"min {min(hits):.1f} ms, max {max(hits):.1f} ms (goal <= 15 ms)")

# 100,000 notes, written straight into forecastly's own database file.
database = os.path.join(home, ".local/share/forecastly/forecastly.sqlite")
connection = sqlite3.connect(database)
now = time.time()
connection.executemany(
    "INSERT INTO note (createdAt, text, placeName, latitude, longitude, temperature, temperatureUnit, weatherCode, description, symbol, glyph)"
    " VALUES (?, ?, 'Zagreb, HR', 45.8, 15.97, 12.5, '°C', 2, 'Partly cloudy', 'cloud.sun', '⛅')",
    [(now - i * 60, f"note number {i}") for i in range(100_000)])
connection.commit()
connection.close()

adds = [wall_ms([binary, "notes", "add", f"benchmark {i}", "--without-weather"], base_env) for i in range(runs)]
lists = [wall_ms([binary, "notes", "list"], base_env) for _ in range(5)]
recent = [wall_ms([binary, "notes", "list", "--limit", "20"], base_env) for _ in range(runs)]
print(f"with {100_000 + runs:,} notes stored:")
print(f"  notes add            median {statistics.median(adds):.1f} ms")
print(f"  notes list (all)     median {statistics.median(lists):.1f} ms")
print(f"  notes list --limit 20 median {statistics.median(recent):.1f} ms")
