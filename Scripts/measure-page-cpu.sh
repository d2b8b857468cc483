#!/usr/bin/env bash
# The live server's CPU time per page once its sessions are at the cap (1,000 by default), where
# every new visitor evicts the least recently used session: serves with BINARY, loads 1,200
# pages to fill the cap, then reads the server's user + system time (/proc/PID/stat) around
# 3,000 more pages, on one connection, gzip accepted. Prints one line.
#
#   swift build -c release --product navdom
#   Scripts/measure-page-cpu.sh .build/release/navdom [PORT]
set -euo pipefail
PORT=${2:-8393}
"$1" serve --port "$PORT" --quiet >/dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null' EXIT
sleep 0.5
python3 - "$SERVER" "$PORT" <<'PY'
import http.client
import os
import sys

pid, port = sys.argv[1], int(sys.argv[2])


def cpu_seconds():
    fields = open(f"/proc/{pid}/stat").read().split(")")[-1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


connection = http.client.HTTPConnection("127.0.0.1", port)


def load(pages):
    for _ in range(pages):
        connection.request("GET", "/", headers={"Accept-Encoding": "gzip"})
        connection.getresponse().read()


load(1200)
before = cpu_seconds()
load(3000)
print(f"server CPU per page at the session cap: {(cpu_seconds() - before) / 3000 * 1e6:.0f} us")
PY
