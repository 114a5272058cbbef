"""Location benchmarks; they print numbers and assert nothing.

1. Time from start to first fix: `forecastly location --source gpsd` and
   `gpspipe -w` started together against the same gpsfake replay; gpspipe's
   time is when its first TPV with mode >= 2 arrives.
2. IP lookup end to end (`forecastly location --source ip`) against a
   loopback stub serving a recorded ipwho.is answer, next to curl.
3. Time from start to first fix through GeoClue (the real daemon on a
   private bus, fed the same receiver log through its NMEA socket, as the
   tests run it; needs root), next to the gpsd figure of 1.

usage: benchmark-location.py FORECASTLY_BINARY FIXTURES_DIR [RUNS]
"""
import json, os, signal, socket, statistics, subprocess, sys, time

from benchmark_stub import isolated_environment, serve, wall_ms

binary, fixtures = sys.argv[1], sys.argv[2]
runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
home, env = isolated_environment()
env["FORECASTLY_POLICY_FILE"] = home + "/none.json"
subprocess.run([binary, "location", "allow"], env=env, check=True, stdout=subprocess.DEVNULL)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port):
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return
        except OSError:
            time.sleep(0.02)
    sys.exit("gpsd did not start")


def first_fix_race(log):
    port = free_port()
    fake = subprocess.Popen(["gpsfake", "-1", "-p", "-q", "-P", str(port), log], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        start = time.perf_counter()
        ours = subprocess.Popen([binary, "location", "--source", "gpsd", "--gpsd", f"127.0.0.1:{port}", "--json"],
                                env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        pipe = subprocess.Popen(["gpspipe", "-w", f"127.0.0.1:{port}"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        gpspipe_time = None
        for line in pipe.stdout:
            if '"class":"TPV"' in line and json.loads(line).get("mode", 0) >= 2:
                gpspipe_time = time.perf_counter() - start
                break
        pipe.kill()
        ours.wait()
        ours_time = time.perf_counter() - start
        if ours.returncode != 0:
            sys.exit("forecastly failed: " + ours.stderr.read().decode())
        return ours_time * 1000, gpspipe_time * 1000
    finally:
        fake.kill()
        fake.wait()
        stop_gpsd_of(fake.pid)


def stop_gpsd_of(gpsfake_pid):
    """gpsfake's gpsd outlives a killed gpsfake: stop it by its PID, found by
    the control socket gpsfake names after its own PID."""
    marker = f"/tmp/gpsfake-{gpsfake_pid}.sock".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                if marker in cmdline.read():
                    os.kill(int(entry), signal.SIGKILL)
        except (OSError, ProcessLookupError):
            pass  # gone meanwhile, or not ours to read


print(f"Time to first fix on a gpsfake replay (nd-1005.log, 3D from the start), {runs} runs:")
results = [first_fix_race(os.path.join(fixtures, "gpsd/nd-1005.log")) for _ in range(runs)]
ours = [r[0] for r in results]
theirs = [r[1] for r in results]
delta = [a - b for a, b in results]
print(f"  forecastly (start to exit) median {statistics.median(ours):8.1f} ms")
print(f"  gpspipe -w (first TPV >= 2D)  median {statistics.median(theirs):8.1f} ms")
print(f"  difference median {statistics.median(delta):6.1f} ms, max {max(delta):6.1f} ms  (goal: within 10 ms)")
gpsd_median = statistics.median(ours)

body = open(os.path.join(fixtures, "ipgeo/ipwho_is-8.8.8.8-geoip-comparison.json"), "rb").read()


server, url = serve(body, "application/json")
url += "/"
ip_env = dict(env, FORECASTLY_IPGEO_URL=url)


ip_runs = max(runs * 3, 20)
ours = sorted(wall_ms([binary, "location", "--source", "ip"], ip_env) for _ in range(ip_runs))
curl = sorted(wall_ms(["curl", "-sS", "-o", "/dev/null", url], ip_env) for _ in range(ip_runs))
server.shutdown()
print(f"IP lookup end to end against a loopback stub, {ip_runs} runs:")
print(f"  forecastly location --source ip  median {statistics.median(ours):6.2f} ms  min {ours[0]:6.2f} ms")
print(f"  curl, same URL                   median {statistics.median(curl):6.2f} ms  min {curl[0]:6.2f} ms")


def geoclue_first_fix(log, runs):
    """`forecastly location --source geoclue` start to exit, GeoClue already
    running with its agent; the NMEA feed starts when forecastly's client does."""
    import shutil, tempfile
    peer = os.path.join(fixtures, "geoclue/geoclue-test-peer.py")
    directory = tempfile.mkdtemp(prefix="forecastly-geoclue-")
    bus = f"unix:path={directory}/system_bus_socket"
    with open(f"{directory}/bus.conf", "w") as conf:
        conf.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>system</type><listen>{bus}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow user="*"/><allow own="*"/><allow send_type="method_call"/><allow send_type="signal"/>
<allow send_type="method_return"/><allow send_type="error"/><allow receive_type="method_call"/><allow receive_type="signal"/>
<allow receive_type="method_return"/><allow receive_type="error"/></policy></busconfig>""")
    with open(f"{directory}/geoclue.conf", "w") as conf:
        conf.write(f"[agent]\nwhitelist=geoclue-demo-agent\n[network-nmea]\nenable=true\nnmea-socket={directory}/nmea.sock\n"
                   "[3g]\nenable=false\n[cdma]\nenable=false\n[modem-gps]\nenable=false\n[wifi]\nenable=false\n[compass]\nenable=false\n")
    peer_env = dict(env, DBUS_SYSTEM_BUS_ADDRESS=bus)
    started = []

    def launch(command, wait_for=None):
        out = open(f"{directory}/{len(started)}.out", "w+")
        process = subprocess.Popen(command, env=peer_env, stdout=out, stderr=subprocess.DEVNULL)
        started.append(process)
        for _ in range(200):
            if wait_for is None or wait_for():
                return process
            time.sleep(0.025)
        sys.exit(f"{command[0]} did not come up")

    def said(index, word):
        with open(f"{directory}/{index}.out") as out:
            return word in out.read()

    def geoclue_up():
        answer = subprocess.run(["busctl", f"--address={bus}", "call", "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                 "org.freedesktop.DBus", "NameHasOwner", "s", "org.freedesktop.GeoClue2"],
                                capture_output=True, text=True)
        return "true" in answer.stdout

    try:
        launch(["dbus-daemon", f"--config-file={directory}/bus.conf", "--nofork"],
               lambda: os.path.exists(f"{directory}/system_bus_socket"))
        launch(["/usr/bin/python3", peer, "feed", f"{directory}/nmea.sock", log], lambda: said(1, "ready"))
        launch(["unshare", "--mount", "--net", "--propagation", "private", "sh", "-c",
                f"mount --bind {directory}/geoclue.conf /etc/geoclue/geoclue.conf && exec /usr/libexec/geoclue --timeout 0"], geoclue_up)
        launch(["/usr/bin/python3", peer, "agent", "8"], lambda: said(3, "ready"))
        return sorted(wall_ms([binary, "location", "--source", "geoclue", "--json"], peer_env) for _ in range(runs))
    finally:
        for process in reversed(started):
            process.kill()
            process.wait()
        shutil.rmtree(directory, ignore_errors=True)


def gpsd_with_a_fix(log, runs):
    """`forecastly location --source gpsd` start to exit while gpsd already
    holds a fix (gpsfake paced, one fix a second): like for like with
    GeoClue below, whose NMEA feed has a fix from its first sentence."""
    port = free_port()
    # No -1: the log plays over and over, so gpsd holds a fix throughout.
    fake = subprocess.Popen(["gpsfake", "-q", "-n", "-c", "0.1", "-P", str(port), log],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        pipe = subprocess.Popen(["gpspipe", "-w", f"127.0.0.1:{port}"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        for line in pipe.stdout:
            if '"class":"TPV"' in line and json.loads(line).get("mode", 0) >= 2:
                break
        times = sorted(wall_ms([binary, "location", "--source", "gpsd", "--gpsd", f"127.0.0.1:{port}"], env) for _ in range(runs))
        pipe.kill()
        return times
    finally:
        fake.kill()
        fake.wait()
        stop_gpsd_of(fake.pid)


if os.geteuid() != 0 or not os.path.exists("/usr/libexec/geoclue"):
    print("Time to first fix through GeoClue: skipped (needs root and geoclue-2.0).")
else:
    log = os.path.join(fixtures, "gpsd/nd-1005.log")
    count = max(runs * 3, 20)
    geoclue = geoclue_first_fix(log, count)
    gpsd = gpsd_with_a_fix(log, count)
    print(f"Time to first fix, start to exit, the receiver already with a fix (nd-1005.log), {count} runs each:")
    print(f"  through gpsd (gpsfake paced)                     median {statistics.median(gpsd):6.1f} ms  min {gpsd[0]:6.1f} ms")
    print(f"  through GeoClue (real daemon, its NMEA socket)   median {statistics.median(geoclue):6.1f} ms  min {geoclue[0]:6.1f} ms")
    print(f"  difference {statistics.median(geoclue) - statistics.median(gpsd):+6.1f} ms  (goal: within 50 ms)")
