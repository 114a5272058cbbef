"""Watch mode for days, compressed (issue 30): runs the WatchSoak benchmark
(the watch loop refreshing every 10 ms over the real transport and store)
against a loopback stub that is down for 50 of every 250 requests.

usage: benchmark-watch.py WATCHSOAK_BINARY RESPONSE_FILE [REFRESHES]
"""
import subprocess
import sys

from benchmark_stub import serve

binary, response_file = sys.argv[1], sys.argv[2]
refreshes = sys.argv[3] if len(sys.argv) > 3 else "1000"
body = open(response_file, "rb").read()
count = {"requests": 0}


def answer(query):
    count["requests"] += 1
    return None if count["requests"] % 250 >= 200 else body  # None: a 503


server, base = serve(answer)
result = subprocess.run([binary, base, refreshes], capture_output=True, text=True, timeout=600)
server.shutdown()
print(result.stdout.strip() or result.stderr.strip())
print(f"  the stub answered {count['requests']} requests, down for 50 of every 250")
