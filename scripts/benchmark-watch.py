"""Watch mode for days, compressed (issue 30): runs the WatchSoak benchmark
(the watch loop refreshing every 10 ms over the real transport and store,
with the next two hours, the air and the warnings asked on every refresh)
against a loopback stub whose forecast is down for 50 of every 250 requests.

usage: benchmark-watch.py WATCHSOAK_BINARY RESPONSE_FILE [REFRESHES]
"""
import os
import subprocess
import sys

from benchmark_stub import serve

binary, response_file = sys.argv[1], sys.argv[2]
refreshes = sys.argv[3] if len(sys.argv) > 3 else "1000"
body = open(response_file, "rb").read()
count = {"requests": 0}


fixtures = os.path.join(os.path.dirname(os.path.abspath(response_file)), "..")
nowcast = open(os.path.join(fixtures, "nowcast/minutely_15_temperature-precipitation-isday_enschede_2026-10-03_4-steps.json"), "rb").read()


def answer(query):
    if "minutely_15" in query:
        return nowcast
    count["requests"] += 1
    return None if count["requests"] % 250 >= 200 else body  # None: a 503


server, base = serve({
    "/v1/forecast": answer,
    "/v1/air-quality": open(os.path.join(fixtures, "air-quality/current_all_variables_enschede_derived.json"), "rb").read(),
    "/api/v1/warnings/feeds-ukraine": open(os.path.join(fixtures, "alerts/meteoalarm/api-v1_feeds-netherlands_drenthe-yellow_derived.json"), "rb").read(),
})
result = subprocess.run([binary, base, refreshes], capture_output=True, text=True, timeout=600)
server.shutdown()
print(result.stdout.strip() or result.stderr.strip())
print(f"  the stub answered {count['requests']} requests, down for 50 of every 250")
