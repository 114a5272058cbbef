#!/usr/bin/python3
# A client of the location portal as a Flatpak app's code is written against
# it (xdg-desktop-portal's org.freedesktop.portal.Location, through Gio):
# CreateSession, Start, then the Request's Response and LocationUpdated.
# Prints one line per event, "response N", "location LAT LON ACCURACY",
# "closed", and ends after COUNT locations, a refusal, a close, or SECONDS.
#   portal-client.py COUNT SECONDS [ACCURACY]
import sys
from gi.repository import Gio, GLib

count, seconds = int(sys.argv[1]), int(sys.argv[2])
accuracy = int(sys.argv[3]) if len(sys.argv) > 3 else 5
bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
sender = bus.get_unique_name()[1:].replace(".", "_")
loop = GLib.MainLoop()
seen = []

def say(line):
    print(line, flush=True)

def on_response(connection, sender_name, path, interface, signal, parameters):
    code = parameters.unpack()[0]
    say("response %d" % code)
    if code != 0:
        loop.quit()

def on_location(connection, sender_name, path, interface, signal, parameters):
    session, location = parameters.unpack()
    say("location %.6f %.6f %.1f" % (location["Latitude"], location["Longitude"], location["Accuracy"]))
    seen.append(location)
    if len(seen) >= count:
        loop.quit()

def on_closed(connection, sender_name, path, interface, signal, parameters):
    say("closed")
    loop.quit()

request = "/org/freedesktop/portal/desktop/request/%s/forecastly_test" % sender
bus.signal_subscribe(None, "org.freedesktop.portal.Request", "Response", request, None, Gio.DBusSignalFlags.NONE, on_response)
bus.signal_subscribe(None, "org.freedesktop.portal.Location", "LocationUpdated", "/org/freedesktop/portal/desktop", None,
                     Gio.DBusSignalFlags.NONE, on_location)
portal = Gio.DBusProxy.new_sync(bus, Gio.DBusProxyFlags.NONE, None, "org.freedesktop.portal.Desktop",
                                "/org/freedesktop/portal/desktop", "org.freedesktop.portal.Location", None)
options = {"session_handle_token": GLib.Variant("s", "forecastly_test"), "accuracy": GLib.Variant("u", accuracy)}
session = portal.call_sync("CreateSession", GLib.Variant("(a{sv})", (options,)), Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
bus.signal_subscribe(None, "org.freedesktop.portal.Session", "Closed", session, None, Gio.DBusSignalFlags.NONE, on_closed)
start = {"handle_token": GLib.Variant("s", "forecastly_test")}
handle = portal.call_sync("Start", GLib.Variant("(osa{sv})", (session, "", start)), Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
say("request " + handle)
GLib.timeout_add_seconds(seconds, loop.quit)
loop.run()
