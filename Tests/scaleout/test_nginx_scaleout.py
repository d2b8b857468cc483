"""Scale-out behind nginx: two `navdom serve` processes behind Debian's nginx, sticky by a
visitor cookie (Tests/scaleout/nginx.conf.template). Every session's page, events and stream
reach the process that holds it, and get the right patches; when a process stops, its
visitors get a 410 with a reason from the other one, whose next page load starts a new
session there.

    NAVDOM_BIN=.build/debug/navdom .venv/bin/python -m pytest -q Tests/scaleout

Scripts/test.sh installs nginx and runs it. Everything listens on loopback ports picked here.
"""

import grp
import http.client
import http.cookiejar
import json
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
VISITORS = 16


# Ports handed out in this run: the probe's socket is closed before the port is used, so two
# calls in a row could get the same port (seen: both likes processes on one port, and the second
# exited when it could not listen).
_GIVEN_PORTS = set()


def free_port():
    """A free port on 127.0.0.1 that no earlier call in this run returned."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port not in _GIVEN_PORTS:
            _GIVEN_PORTS.add(port)
            return port


def wait_for_port(port, process, what):
    for _ in range(200):
        if process.poll() is not None:
            raise AssertionError(f"{what} exited: {process.stderr.read() if process.stderr else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"{what} did not listen on {port}")


def navdom_binary():
    binary = Path(os.environ.get("NAVDOM_BIN", ".build/debug/navdom"))
    return binary if binary.is_absolute() else REPO / binary


def start_navdom(port):
    process = subprocess.Popen(
        [str(navdom_binary()), "serve", "--port", str(port), "--quiet", "--public", "public"],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wait_for_port(port, process, f"navdom serve on {port}")
    return process


def stop(process):
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def start_nginx(work, ports):
    """nginx in front of the processes on `ports` ({"A": port, "B": port}), serving the static
    files from its own copy of public/ in `work`; returns (its process, its base URL)."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.fail("no nginx (Scripts/test.sh installs Debian's nginx)")
    front = free_port()
    # nginx serves the static files: the app's public folder, and the runtime's bundle written
    # into it as a deployment does (`navdom runtime --output`, docs/DEPLOYMENT.md).
    public = work / "public"
    shutil.copytree(REPO / "public", public)
    subprocess.run([str(navdom_binary()), "runtime", "--output", str(public / "runtime.js")], check=True)
    config = (REPO / "Tests/scaleout/nginx.conf.template").read_text()
    for key, value in {"WORK": work, "PORT_A": ports["A"], "PORT_B": ports["B"], "PORT": front,
                       "PUBLIC": public, "USER": pwd.getpwuid(os.getuid()).pw_name,
                       "GROUP": grp.getgrgid(os.getgid()).gr_name}.items():
        config = config.replace(f"@{key}@", str(value))
    (work / "nginx.conf").write_text(config)
    proxy = subprocess.Popen([nginx, "-c", str(work / "nginx.conf"), "-p", str(work)],
                             stderr=subprocess.PIPE, text=True)
    wait_for_port(front, proxy, "nginx")
    return proxy, f"http://127.0.0.1:{front}"


@pytest.fixture()
def cluster():
    """Two navdom processes and nginx in front; yields (nginx base URL, {port: process})."""
    ports = {"A": free_port(), "B": free_port()}
    processes = {name: start_navdom(port) for name, port in ports.items()}
    work = Path(tempfile.mkdtemp(prefix="navdom-nginx-"))
    proxy = None
    try:
        proxy, base = start_nginx(work, ports)
        yield base, processes
    finally:
        if proxy:
            stop(proxy)
        for process in processes.values():
            stop(process)
        shutil.rmtree(work, ignore_errors=True)


class Visitor:
    """A browser-like client: its own cookies, the page's session and the ids it listens on."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.session = None
        self.clickable = []

    def open(self, path="/"):
        with self.opener.open(self.base + path, timeout=10) as response:
            html = response.read().decode()
        self.session = re.search(r'data-navdom-session="([0-9a-f]+)"', html).group(1)
        patches = re.search(r"data-navdom-patches='([^']*)'", html) or re.search(
            r'data-navdom-patches="([^"]*)"', html)
        listen = json.loads(patches.group(1).replace("&quot;", '"').replace("&amp;", "&"))
        self.clickable = [p["id"] for p in listen if p["op"] == "listen" and p["event"] == "click"]
        return html

    def send(self, node, event):
        body = json.dumps({"session": self.session, "id": node, "event": event}).encode()
        request = urllib.request.Request(
            self.base + "/_navdom/event", data=body, headers={"Content-Type": "application/json"})
        try:
            with self.opener.open(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"{}")

    def cookie_header(self):
        jar = None
        for handler in self.opener.handlers:
            if isinstance(handler, urllib.request.HTTPCookieProcessor):
                jar = handler.cookiejar
        return "; ".join(f"{c.name}={c.value}" for c in jar)


def open_and_cancel_the_sheet(visitor):
    """Add item, then Escape on its dialog: the reply inserts the sheet, the next removes it."""
    status, reply = visitor.send(visitor.clickable[0], "click")
    assert status == 200, reply
    dialog = next(p["node"] for p in reply["patches"] if p["op"] == "insert")
    assert dialog["tag"] == "dialog" and '"addItem"' in json.dumps(dialog), reply
    status, reply = visitor.send(dialog["id"], "cancel")
    assert status == 200, reply
    assert [p["op"] for p in reply["patches"]] == ["remove"], reply


def test_sessions_stay_on_their_process_and_a_stopped_process_sends_its_visitors_to_renew(cluster):
    base, processes = cluster
    visitors = [Visitor(base) for _ in range(VISITORS)]
    for visitor in visitors:
        visitor.open("/")
        for _ in range(3):
            open_and_cancel_the_sheet(visitor)

    # The stream goes through nginx to the same process: it opens (200, event-stream).
    host, port = base.replace("http://", "").split(":")
    stream = http.client.HTTPConnection(host, int(port), timeout=5)
    stream.request("GET", f"/_navdom/stream?session={visitors[0].session}",
                   headers={"Cookie": visitors[0].cookie_header()})
    response = stream.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type").startswith("text/event-stream")
    stream.close()

    # Static files come from nginx itself (no navdom Server header).
    with urllib.request.urlopen(base + "/runtime.js", timeout=5) as response:
        assert response.headers.get("Server", "").startswith("nginx")
        assert response.headers.get("Content-Type", "").startswith("text/javascript")

    stop(processes["A"])
    outcomes = []
    for visitor in visitors:
        status, reply = visitor.send(visitor.clickable[0], "click")
        outcomes.append(status)
        assert status in (200, 410), (status, reply)
        if status == 410:
            assert "reload the page" in reply["error"]
            visitor.open("/")  # what runtime.js does: load the URL again, in a new session
            open_and_cancel_the_sheet(visitor)
    print(f"after stopping one process: {outcomes.count(200)} sessions went on, {outcomes.count(410)} were renewed")
    assert 410 in outcomes, "no visitor had a session on the stopped process"
    assert 200 in outcomes, "no visitor had a session on the process that kept running"
