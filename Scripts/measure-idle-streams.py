#!/usr/bin/env python3
"""An idle live server's CPU time with N pages listening on their update streams: serves with
BINARY, opens N pages and a Server-Sent Events stream for each (as runtime.js does), waits a
second, then reads the server's user + system time (/proc/PID/stat) over 10 idle seconds.
Prints one line.

    swift build -c release --product navdom
    python3 Scripts/measure-idle-streams.py .build/release/navdom [N] [PORT]
"""
import http.client
import os
import re
import socket
import subprocess
import sys
import time

binary = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 500
port = int(sys.argv[3]) if len(sys.argv) > 3 else 8396


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().split(")")[-1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


server = subprocess.Popen([binary, "serve", "--port", str(port), "--quiet"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
try:
    time.sleep(0.5)
    pages = http.client.HTTPConnection("127.0.0.1", port)
    streams = []
    for _ in range(count):
        pages.request("GET", "/")
        session = re.search(r'data-navdom-session="([^"]+)"', pages.getresponse().read().decode()).group(1)
        stream = socket.create_connection(("127.0.0.1", port))
        stream.sendall(f"GET /_navdom/stream?session={session} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                       "Accept: text/event-stream\r\n\r\n".encode())
        streams.append(stream)
    time.sleep(1)
    before = cpu_seconds(server.pid)
    time.sleep(10)
    used = cpu_seconds(server.pid) - before
    print(f"{count} open streams, idle for 10 s: server CPU {used / 10 * 100:.1f}% of a core")
finally:
    server.terminate()
    server.wait()
