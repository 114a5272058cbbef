#!/usr/bin/python3
"""The peers a GeoClue test needs around the real daemon, on the private
system bus named by DBUS_SYSTEM_BUS_ADDRESS. Run with Debian's
/usr/bin/python3 (python3-dbus, python3-gi).

  agent LEVEL   a desktop's location agent for this user, allowing accuracy
                LEVEL (0 = the Location Services switch off); SIGUSR1 turns
                the switch off while it runs. Prints "ready" once registered.
  client        a plain D-Bus client: the first fix GeoClue reports, printed
                as "LATITUDE LONGITUDE ACCURACY", for comparison.
  feed SOCKET LOG
                an NMEA source on the unix stream socket SOCKET, as GeoClue's
                network-nmea source reads it: the log's sentences, one every
                20 ms, to every connection.
"""
import os
import signal
import socket
import sys
import threading
import time

AGENT_PATH = "/org/freedesktop/GeoClue2/Agent"


def end_with_parent():
    """A test stops its peers by PID; if the test process itself is killed
    first, the peers end on their own instead of lingering."""
    parent = os.getppid()

    def watch():
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


def agent(level):
    import dbus
    import dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib

    DBusGMainLoop(set_as_default=True)
    bus = dbus.SystemBus()

    class Agent(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, AGENT_PATH)
            self.level = dbus.UInt32(level)

        @dbus.service.method("org.freedesktop.GeoClue2.Agent", in_signature="su", out_signature="bu")
        def AuthorizeApp(self, desktop_id, accuracy):
            return True, min(accuracy, self.level)

        @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
        def Get(self, interface, name):
            return self.GetAll(interface)[name]

        @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
        def GetAll(self, interface):
            return {"MaxAccuracyLevel": self.level}

        @dbus.service.signal(dbus.PROPERTIES_IFACE, signature="sa{sv}as")
        def PropertiesChanged(self, interface, changed, invalidated):
            pass

        def switch_off(self):
            self.level = dbus.UInt32(0)
            self.PropertiesChanged("org.freedesktop.GeoClue2.Agent", {"MaxAccuracyLevel": self.level}, [])
            return False

    served = Agent()
    manager = bus.get_object("org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Manager")
    # Asynchronously: GeoClue reads this agent's properties before it replies.
    manager.AddAgent("geoclue-demo-agent", dbus_interface="org.freedesktop.GeoClue2.Manager",
                     reply_handler=lambda: print("ready", flush=True),
                     error_handler=lambda error: (print(f"error {error}", flush=True), sys.exit(1)))
    # The test runner blocks signals, and children inherit its mask.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGUSR1})
    # GLib's own handler: a Python one would not run while the main loop blocks.
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, lambda: served.switch_off() or True)
    GLib.MainLoop().run()


def client():
    import dbus
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib

    DBusGMainLoop(set_as_default=True)
    bus = dbus.SystemBus()
    manager = bus.get_object("org.freedesktop.GeoClue2", "/org/freedesktop/GeoClue2/Manager")
    path = manager.GetClient(dbus_interface="org.freedesktop.GeoClue2.Manager")
    proxy = bus.get_object("org.freedesktop.GeoClue2", path)
    properties = dbus.Interface(proxy, dbus.PROPERTIES_IFACE)
    loop = GLib.MainLoop()

    def updated(old, new):
        location = bus.get_object("org.freedesktop.GeoClue2", new)
        values = location.GetAll("org.freedesktop.GeoClue2.Location", dbus_interface=dbus.PROPERTIES_IFACE)
        print(f"{float(values['Latitude']):.9f} {float(values['Longitude']):.9f} {float(values['Accuracy'])}", flush=True)
        loop.quit()

    bus.add_signal_receiver(updated, "LocationUpdated", "org.freedesktop.GeoClue2.Client", path=path)
    properties.Set("org.freedesktop.GeoClue2.Client", "DesktopId", "plain-client")
    properties.Set("org.freedesktop.GeoClue2.Client", "RequestedAccuracyLevel", dbus.UInt32(8))
    proxy.Start(dbus_interface="org.freedesktop.GeoClue2.Client")
    GLib.timeout_add_seconds(10, lambda: (print("timeout", flush=True), loop.quit()))
    loop.run()


def feed(path, log):
    sentences = [line.strip() for line in open(log, encoding="ascii", errors="replace")
                 if line.startswith("$")]
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(4)

    def serve(connection):
        try:
            for sentence in sentences:
                connection.sendall((sentence + "\r\n").encode("ascii"))
                time.sleep(0.02)
            while True:  # keep the source connected, as a receiver would
                time.sleep(1)
                connection.sendall(b"")
        except OSError:
            pass

    print("ready", flush=True)
    while True:
        connection, _ = server.accept()
        # GeoClue connects when a client starts its NMEA source: a test
        # counts these lines to prove no client was started.
        print("connected", flush=True)
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


if __name__ == "__main__":
    end_with_parent()
    command = sys.argv[1]
    if command == "agent":
        agent(int(sys.argv[2]))
    elif command == "client":
        client()
    elif command == "feed":
        feed(sys.argv[2], sys.argv[3])
    else:
        sys.exit(f"unknown command {command}")
