#!/usr/bin/env python3
"""How long a served story takes to tell its clients of a new position.

Starts `forecastly simulate serve` (a story that stays open), connects a gpsd
client (?WATCH on the served gpsd) and GeoClue's where-am-i (on the served
bus), then moves the receiver ROUNDS times through the control socket and
prints, for each client, the delay from the move to the client reading it
(median and 90th percentile, milliseconds). The move itself is a line on a
Unix socket, so the figure is the service's, not a process start's.

Beside it, the reference: a real gpsd fed a receiver log as gpsfake feeds it
(a pseudo-terminal, one NMEA sentence at a time), timed from the sentence
that ends a fix to the client's TPV. gpsfake itself cannot be timed so:
Debian's gpsfake 3.22 crashes in its single-step mode (-i: "ord() expected
string of length 1").
  scripts/benchmark-serve.py [FORECASTLY] [ROUNDS]
"""
import json, os, pty, socket, statistics, subprocess, sys, tempfile, time, threading, tty

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/forecastly"
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 30
story = {"name": "bench", "steps": [{"at": "0s", "location": {"fix": [52.5, 13.4], "accuracy": 5}}, {"at": "1h", "wait": True}]}
with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
    json.dump(story, file)
serve = subprocess.Popen([binary, "simulate", "serve", "--scenario", file.name], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
settings = {}
for line in serve.stdout:
    line = line.strip()
    if line == "ready":
        break
    for part in line.replace("export ", "").split(" "):
        key, _, value = part.partition("=")
        settings[key] = value

def control(command):
    with socket.socket(socket.AF_UNIX) as connection:
        connection.connect(settings["FORECASTLY_SIMULATE_CONTROL"])
        connection.sendall((command + "\n").encode())
        return connection.recv(65536)

def watch_fixes(connection, heard):
    """Asks a gpsd (real or served) to watch, then calls heard(TPV, time) for
    each TPV with a position, on a thread of its own."""
    connection.sendall(b'?WATCH={"enable":true,"json":true};\n')
    def read():
        buffer = b""
        while True:
            data = connection.recv(65536)
            if not data:
                return
            buffer += data
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                try:
                    report = json.loads(line)
                except ValueError:
                    continue
                if report.get("class") == "TPV" and "lat" in report:
                    heard(report, time.monotonic())
    threading.Thread(target=read, daemon=True).start()


arrivals = {"gpsd": {}, "geoclue": {}}
watch_fixes(socket.create_connection(("127.0.0.1", int(settings["GPSD_PORT"]))),
            lambda report, at: arrivals["gpsd"].setdefault(round(report["lat"], 4), at))
environment = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=settings["DBUS_SYSTEM_BUS_ADDRESS"], LANG="C.UTF-8")
where = subprocess.Popen(["stdbuf", "-oL", "/usr/libexec/geoclue-2.0/demos/where-am-i", "-t", "600"], stdout=subprocess.PIPE, env=environment, text=True)
def read_where():
    for line in where.stdout:
        if line.startswith("Latitude:"):
            arrivals["geoclue"].setdefault(round(float(line.split()[1].rstrip("°?")), 4), time.monotonic())
threading.Thread(target=read_where, daemon=True).start()
time.sleep(1.5)
sent = {}
for index in range(rounds):
    latitude = round(52.51 + index * 0.01, 4)
    sent[latitude] = time.monotonic()
    control("move %.4f,13.4" % latitude)
    time.sleep(0.15)
time.sleep(0.5)
for client in ("gpsd", "geoclue"):
    delays = sorted((arrivals[client][lat] - at) * 1000 for lat, at in sent.items() if lat in arrivals[client])
    if delays:
        print("%-8s %d of %d moves seen; delay median %.2f ms, p90 %.2f ms" % (client, len(delays), rounds, statistics.median(delays), delays[int(len(delays) * 0.9) - 1]))
    else:
        print("%-8s no move seen" % client)
where.kill()
serve.terminate()
serve.wait()
os.unlink(file.name)


def real_gpsd_delays(log, rounds=3):
    """gpsd reading `log` from a pseudo-terminal, each sentence written 100 ms
    after the last: the delay from each fix's last sentence to its TPV."""
    sentences = [line for line in open(log, "rb").read().split(b"\n") if line.startswith(b"$")]
    master, slave = pty.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    control_socket = os.path.join(tempfile.gettempdir(), "benchmark-gpsd-%d.sock" % port)
    daemon = subprocess.Popen(["/usr/sbin/gpsd", "-N", "-n", "-b", "-S", str(port), "-F", control_socket, os.ttyname(slave)],
                              stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                client = socket.create_connection(("127.0.0.1", port), 0.2)
                client.settimeout(None)
                break
            except OSError:
                time.sleep(0.05)
        told = []
        watch_fixes(client, lambda report, at: told.append(at))
        written = []
        for _ in range(rounds):
            for sentence in sentences:
                written.append(time.monotonic())
                os.write(master, sentence + b"\r\n")
                time.sleep(0.1)
        time.sleep(1)
        return sorted((at - max(w for w in written if w <= at)) * 1000 for at in told)
    finally:
        daemon.kill()
        daemon.wait()
        if os.path.exists(control_socket):
            os.unlink(control_socket)


log = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures", "gpsd", "firefly-II.log")
delays = real_gpsd_delays(log)
if delays:
    print("%-8s %d fixes of a real gpsd fed firefly-II.log as gpsfake feeds it; delay median %.2f ms, p90 %.2f ms"
          % ("gpsfake", len(delays), statistics.median(delays), delays[int(len(delays) * 0.9) - 1]))
else:
    print("gpsfake  no fix seen from the real gpsd")
