"""Disk faults at random: runs forecastly's write paths under Debian's libfiu
(fiu-run with its POSIX preload library), each run with a random fault
schedule, and checks after every run that nothing the user saved was
damaged or lost and that the run ended as a run should.

Each run: one command that writes (a fetched forecast into the store, a
note with or without weather, the stored place, the permission decision,
an SVG chart, an imported place index, clearing the cache), one failure
point (write, pwrite, fsync, fdatasync, rename, ftruncate) failing
with an errno that call can really return on a file, at a random
probability. Network commands are spared write() (NIO writes its sockets
with it); no socket call is failed.

open() is refused by the file system itself instead: a directory the run
writes to (configuration, data or the working directory) made read-only,
by its permissions in a user namespace (EACCES, even for root) or by a
read-only bind mount (EROFS). libfiu's open fault would also fail the Swift
runtime's own reads of /proc (libdispatch's thread-pool monitor), and
libdispatch stops the process on purpose when it cannot read them: not a
finding of forecastly's, as SwiftNIO's stop on EBADF is not. Swift's
backtracer is off under libfiu (it inherits the faults and cannot read the
binary); a trap shows as the signal the run ended by.

Checked after each run: it exited 0, 73, 74 or 75 (78 when the faulted
open was the configuration file's), never by a signal, with no trap or
backtrace; a failure's stderr ends with one line naming a file (or saying
that the output itself could not be written, when write() failed); every note
saved so far is still there, the decision and the stored place are as last
set, and the store opens.

usage: faults.py FORECASTLY_BINARY FIXTURES_DIR [SECONDS] [SEED]
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

from benchmark_stub import serve

binary, fixtures = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 60
seed = int(sys.argv[4]) if len(sys.argv) > 4 else int(time.time())
rng = random.Random(seed)

ERRNO = {"ENOSPC": 28, "EIO": 5, "EACCES": 13, "EROFS": 30, "EDQUOT": 122}
# What each call can really return on a file.
POINTS = {
    "posix/io/rw/write": ["ENOSPC", "EIO", "EDQUOT"],
    "posix/io/rw/pwrite": ["ENOSPC", "EIO", "EDQUOT"],
    "posix/io/sync/fsync": ["EIO", "ENOSPC"],
    "posix/io/sync/fdatasync": ["EIO", "ENOSPC"],
    "posix/io/dir/rename": ["ENOSPC", "EIO", "EACCES", "EROFS"],
    "posix/io/rw/ftruncate": ["EIO", "EROFS"],
}

forecast = open(os.path.join(fixtures, "open-meteo/forecast_current_hourly_daily_zagreb.json"), "rb").read()
server, base = serve({"/v1/forecast": forecast})
home = tempfile.mkdtemp(prefix="forecastly-faults-")
work = os.path.join(home, "work")
os.makedirs(work)
env = dict(os.environ, HOME=home, NO_COLOR="1", LANG="C.UTF-8", FORECASTLY_OPEN_METEO_URL=base,
           FORECASTLY_MET_NORWAY_URL="http://127.0.0.1:9", FORECASTLY_IPGEO_URL="http://127.0.0.1:9/")
for variable in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_CONFIG_HOME"):
    env.pop(variable, None)
os.makedirs(os.path.join(home, ".config", "forecastly"))
with open(os.path.join(home, ".config", "forecastly", "config.toml"), "w") as config:
    config.write("nowcast = false\nair-quality = false\nalerts = false\n")
places = os.path.join(work, "places.txt")
shutil.copy(os.path.join(fixtures, "geonames", "cities-sample.txt"), places)


# Directories a run writes to, for open() refused by the file system.
DIRECTORIES = {"config": os.path.join(home, ".config", "forecastly"), "data": os.path.join(home, ".local", "share", "forecastly"),
               "work": work}
# One bind-mounted read-only directory, then the command, in a private mount namespace.
READ_ONLY = 'mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" "$0" && shift && exec "$@"'


def run(arguments, fault=None):
    command, environment, refused = [binary] + arguments, env, None
    if fault and fault[0] == "refused":
        _, how, directory = fault
        refused = DIRECTORIES[directory]
        os.makedirs(refused, exist_ok=True)
        if how == "EACCES":
            os.chmod(refused, 0o555)
            command = ["unshare", "--user"] + command
        else:
            command = ["unshare", "--mount", "--propagation", "private", "sh", "-c", READ_ONLY, refused, "-"] + command
    elif fault:
        point, errno_name, probability = fault
        command = ["fiu-run", "-x", "-f", "", "-c", f"enable_random name={point},probability={probability},failinfo={ERRNO[errno_name]}"] + command
        environment = dict(env, SWIFT_BACKTRACE="enable=no")
    try:
        result = subprocess.run(command, env=environment, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    except subprocess.TimeoutExpired as expired:
        # subprocess.run kills it by its PID; a run that hangs is a finding. Under fiu-run, look
        # at its stacks first (gdb -p): libfiu's preload can deadlock by itself, its lock
        # against the dynamic loader's (DiskFaultTests.run says how), now and then on a busy machine.
        return -1000, "", "HUNG for 60 s: " + (expired.stderr or b"").decode(errors="replace")[-300:]
    finally:
        if refused:
            os.chmod(refused, 0o755)
    return result.returncode, result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")


def saved():
    """What the user has saved, as forecastly reads it without faults."""
    status, notes, error = run(["notes", "export"])
    texts = sorted(note["text"] for note in json.loads(notes)) if status == 0 else None
    _, status_text, _ = run(["location", "status"])
    decision = next((line for line in status_text.splitlines() if line.startswith("Permission")), status_text)
    _, place, _ = run(["location", "show", "--source", "manual"])
    return texts, decision, place


# What the user saved before any fault.
assert run(["notes", "add", "--without-weather", "the first note"])[0] == 0
assert run(["location", "allow"])[0] == 0
assert run(["location", "set", "--lat", "45.59", "--lon", "17.22"])[0] == 0
expected_notes, expected_decision, expected_place = saved()

commands = [
    ("forecast", lambda n: ["--lat", "45.59", "--lon", "17.22", "--refresh", "--oneline"], True),
    ("note with weather", lambda n: ["notes", "add", "--lat", "45.59", "--lon", "17.22", f"note {n}"], True),
    ("note alone", lambda n: ["notes", "add", "--without-weather", f"note {n}"], False),
    ("stored place", lambda n: ["location", "set", "--lat", "45.59", "--lon", str(17 + n % 50 / 100)], False),
    ("decision", lambda n: ["location", "allow" if n % 2 else "deny"], False),
    ("chart", lambda n: ["chart", "--lat", "45.59", "--lon", "17.22", "--svg", "chart.svg"], True),
    ("place index", lambda n: ["cities", "import", places], False),
    ("cache clear", lambda n: ["cache", "clear"], False),
]
counts, problems, outcomes = {}, [], {}
deadline = time.monotonic() + seconds
n = 0
while time.monotonic() < deadline:
    n += 1
    name, arguments, network = rng.choice(commands)
    if rng.random() < 0.2:
        fault = ("refused", rng.choice(["EACCES", "EROFS"]), rng.choice(sorted(DIRECTORIES)))
    else:
        point = rng.choice([p for p in POINTS if not (network and p == "posix/io/rw/write")])
        fault = (point, rng.choice(POINTS[point]), rng.choice([0.02, 0.1, 0.3, 1.0]))
    status, out, err = run(arguments(n), fault)
    point = fault[0]
    counts[name] = counts.get(name, 0) + 1
    outcomes[status] = outcomes.get(status, 0) + 1
    lines = [line for line in err.splitlines() if line.strip()]
    what = f"run {n} ({name}, {' '.join(map(str, fault))}): exit {status}"
    # A faulted write() can hit stderr itself: then the line is lost with it.
    if not lines and point == "posix/io/rw/write":
        lines = ["(stderr failed too) /"]
    if status == -1000:
        problems.append(f"{what}: {err}")
    elif status < 0 or status >= 128 or "Fatal error" in err or "Backtrace" in err or "Crash" in err:
        problems.append(f"{what}: killed or trapped: {err[-400:]}")
    elif status not in (0, 73, 74, 75):
        problems.append(f"{what}: not 0/73/74/75: {err.strip()[-300:]}")
    elif status != 0 and (not lines or ("/" not in lines[-1] and "“" not in lines[-1]
                                        and not (point == "posix/io/rw/write" and "The output could not be written" in lines[-1]))):
        problems.append(f"{what}: the last line names no file: {err.strip()[-300:]}")
    # What the run was asked to save, if it says it did.
    if status == 0 and name.startswith("note"):
        expected_notes = sorted(expected_notes + [arguments(n)[-1]])
    notes, decision, place = saved()
    if status == 0 and name == "decision":
        expected_decision = decision
    if status == 0 and name == "stored place":
        expected_place = place
    if notes is None:
        problems.append(f"{what}: the notes cannot be read afterwards")
    elif notes != expected_notes:
        # A failed run may still have saved its note whole; nothing else may change.
        extra = [text for text in notes if text not in expected_notes]
        missing = [text for text in expected_notes if text not in notes]
        if missing or (extra and not (name.startswith("note") and extra == [arguments(n)[-1]])):
            problems.append(f"{what}: notes changed: missing {missing}, extra {extra}")
        expected_notes = notes
    if decision != expected_decision and name != "decision":
        problems.append(f"{what}: the decision changed: {decision.strip()[:200]}")
    expected_decision = decision
    if place != expected_place and name != "stored place":
        problems.append(f"{what}: the stored place changed: {place.strip()[:200]}")
    expected_place = place
    if run(["cache", "status"])[0] != 0:
        problems.append(f"{what}: the store does not open afterwards: {run(['cache', 'status'])[2].strip()[:200]}")
    if len(problems) >= 20:
        break
server.shutdown()
shutil.rmtree(home, ignore_errors=True)

print(f"Disk faults: {n} runs in {seconds:.0f} s (seed {seed}), each one command under one random fault"
      " (a libfiu schedule, or a directory that refuses writing).")
print("  commands: " + ", ".join(f"{name} {count}" for name, count in sorted(counts.items())))
print("  exits:    " + ", ".join(f"{status}: {count}" for status, count in sorted(outcomes.items())))
if problems:
    print(f"  {len(problems)} problem(s):")
    for problem in problems:
        print("   - " + problem)
    sys.exit(1)
print("  no note, decision or stored place was damaged or lost; the store opened after every run.")
