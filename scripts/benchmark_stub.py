"""What the benchmarks share: a loopback HTTP server (every GET gets one
fixed body, or the body a function makes from the query, optionally after a
delay), and an environment with a home of its own."""
import atexit
import datetime
import http.server
import json
import os
import subprocess
import sys
import shutil
import tempfile
import threading
import time
import re
import urllib.parse


def serve(body, content_type="application/json; charset=utf-8", delay=0.0):
    """Starts the server on 127.0.0.1 and a free port; returns (server, base_url).
    `body` is bytes, a function of the parsed query returning bytes (or None
    for a 503), or a dict of paths to either (a provider with several endpoints)."""

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            if delay:
                time.sleep(delay)
            parts = urllib.parse.urlsplit(self.path)
            query = urllib.parse.parse_qs(parts.query)
            if isinstance(body, dict):
                payload = body.get(parts.path, b"{}")
                payload = payload(query) if callable(payload) else payload
            else:
                payload = body(query) if callable(body) else body
            if payload is None:  # the function says the service is down
                self.send_response(503)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            try:
                self.wfile.write(payload)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up first (the watch soak stops mid-refresh): nothing to report

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def describing_now(answer):
    """A recorded Open-Meteo answer (a dict, or JSON bytes) moved in time so
    that its current conditions are of this hour: every local date-time
    moved by the same whole hours, every date by the days that moved the
    current one. forecastly warns of an answer three hours or more from the
    clock (a recording replayed), and a benchmark measures a fresh answer."""
    data = json.loads(answer) if isinstance(answer, (bytes, str)) else answer
    current = datetime.datetime.fromisoformat(data["current"]["time"])
    local_now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None) + datetime.timedelta(seconds=data.get("utc_offset_seconds", 0))
    hours = round((local_now - current).total_seconds() / 3600)
    moved = current + datetime.timedelta(hours=hours)
    days = (moved.date() - current.date()).days

    def move(text):
        if re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", text):
            return (datetime.datetime.fromisoformat(text) + datetime.timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M")
        if re.fullmatch(r"\d{4}-\d\d-\d\d", text):
            return (datetime.date.fromisoformat(text) + datetime.timedelta(days=days)).isoformat()
        return text

    def walk(value):
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        if isinstance(value, list):
            return [walk(item) for item in value]
        return move(value) if isinstance(value, str) else value

    return json.dumps(walk(data)).encode()


def isolated_environment(extras=False, **variables):
    """Returns (home, env): a fresh temporary home, removed when the script
    exits, so the user's cache, places, notes and permission are neither used
    nor touched (the XDG variables would point elsewhere, so they go), plus
    `variables`. Unless `extras`, its config.toml turns the next two hours,
    the air and the warnings off: each benchmark weighs the forecast it
    compares, and benchmark-extras.py weighs the extras."""
    home = tempfile.mkdtemp(prefix="forecastly-bench-")
    if not extras:
        os.makedirs(os.path.join(home, ".config", "forecastly"))
        with open(os.path.join(home, ".config", "forecastly", "config.toml"), "w") as config:
            config.write("nowcast = false\nair-quality = false\nalerts = false\n")
    # Removed at exit: each run's home holds a store and a 9 MB place index.
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    env = dict(os.environ, HOME=home, NO_COLOR="1", **variables)
    for variable in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
        env.pop(variable, None)
    return home, env


def wall_ms(command, env):
    """Wall-clock milliseconds of one run of `command`, its output discarded;
    the script stops with the command's error if it fails."""
    start = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed: {result.stderr.decode()}")
    return elapsed * 1000
