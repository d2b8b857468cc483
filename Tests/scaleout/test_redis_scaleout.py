"""Scale-out on Redis: two `navdom serve --demo likes --redis URL` processes with no folder in
common, behind nginx (nginx.conf.template, sticky by visitor), on a redis-server started here
on a free port (Scripts/test.sh installs Debian's redis-server; missing, the tests fail).

    NAVDOM_BIN=.build/debug/navdom .venv/bin/python -m pytest -q -s Tests/scaleout/test_redis_scaleout.py

- a like clicked in a browser on one process reaches a browser's page on the other; the
  delivery time's median and 99th percentile are printed;
- Redis killed (SIGKILL) and restarted while both processes take likes: both live on, both
  reconnect, the shared count converges to one value and is exact (every like counted once);
  the time from the restart to agreement is printed;
- two processes each taking 1,000 likes at once end at exactly 2,000;
- a process killed: its visitors reload onto the other and find their own count there.
"""

import json
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))
import test_nginx_scaleout as nginx_test  # noqa: E402  (its helpers, not its tests)

REPO = nginx_test.REPO
free_port = nginx_test.free_port
wait_for_port = nginx_test.wait_for_port
stop = nginx_test.stop


class Redis:
    """A redis-server on a free port, appending every write to its file before answering
    (appendfsync always), so that a SIGKILL loses nothing it acknowledged."""

    def __init__(self, work):
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        if not Path(binary).exists():
            pytest.fail("no redis-server (Scripts/test.sh installs Debian's redis-server)")
        self.binary = binary
        self.port = free_port()
        self.folder = work / "redis"
        self.folder.mkdir()
        self.process = None
        self.start()

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}"

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--save", "", "--appendonly", "yes", "--appendfsync", "always"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        wait_for_port(self.port, self.process, "redis-server")

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)


def start_likes(port, redis, work):
    # Its standard error in a file: a pipe nobody reads could fill and stop it.
    log = open(work / f"navdom-{port}.log", "w")
    process = subprocess.Popen(
        [str(nginx_test.navdom_binary()), "serve", "--demo", "likes", "--port", str(port), "--quiet",
         "--public", "public", "--redis", redis.url],
        cwd=REPO, stdout=subprocess.DEVNULL, stderr=log, text=True)
    log.close()
    wait_for_port(port, process, f"navdom serve on {port}")
    return process


@pytest.fixture()
def cluster():
    """Redis, two likes processes on it and nginx in front; yields a dict of them."""
    work = Path(tempfile.mkdtemp(prefix="navdom-redis-"))
    redis = Redis(work)
    ports = {"A": free_port(), "B": free_port()}
    processes = {name: start_likes(port, redis, work) for name, port in ports.items()}
    proxy = None
    try:
        proxy, base = nginx_test.start_nginx(work, ports)
        yield {"base": base, "ports": ports, "processes": processes, "redis": redis}
    finally:
        if proxy:
            stop(proxy)
        for process in processes.values():
            stop(process)
        if redis.process.poll() is None:
            redis.kill()
        shutil.rmtree(work, ignore_errors=True)


def counts(html):
    everyone = int(re.search(r"Everyone: (\d+)", html).group(1))
    yours = int(re.search(r"Yours: (\d+)", html).group(1))
    served_by = re.search(r"Served by process (\d+)", html).group(1)
    return everyone, yours, served_by


class Liker(nginx_test.Visitor):
    """A visitor of the likes page (plain HTTP), named by its ?visitor=."""

    def __init__(self, base, name):
        super().__init__(base)
        self.name = name

    def load(self):
        return counts(self.open(f"/?visitor={self.name}"))

    def like(self):
        return self.send(self.clickable[0], "click")


def everyone_on(port):
    """The shared count as the process on `port` has it (a fresh page there)."""
    return counts(Liker(f"http://127.0.0.1:{port}", "probe").open("/?visitor=probe"))[0]


def test_a_like_in_a_browser_on_one_process_reaches_a_browser_on_the_other(cluster):
    import browsers

    base = cluster["base"]
    first, second = browsers.chromium(), browsers.chromium()
    try:
        def open_page(browser, visitor):
            browser.get(f"{base}/?visitor={visitor}")
            browsers_wait(browser, "return !!(window.navdom && window.navdom.nodeById(0))")
            return browser.find_element("css selector", ".served-by").text

        served_first = open_page(first, "first")
        served_second = open_page(second, "second")
        for attempt in range(40):  # a new nginx visitor cookie until the two differ
            if served_second != served_first:
                break
            second.delete_all_cookies()
            served_second = open_page(second, f"second{attempt}")
        assert served_first != served_second, "nginx put both browsers on one process"

        second.execute_script(
            "window.seen = {};"
            "new MutationObserver(() => {"
            "  const text = document.querySelector('.everyone').textContent;"
            "  if (!(text in window.seen)) window.seen[text] = Date.now();"
            "}).observe(document.body, {childList: true, characterData: true, subtree: true});")
        delays = []
        for _ in range(100):
            before = int(first.find_element("css selector", ".everyone").text.split(": ")[1])
            clicked = first.execute_script(
                "const t = Date.now(); document.querySelector('.likes button').click(); return t;")
            text = f"Everyone: {before + 1}"
            seen = wait_in_page(second, f"window.seen[{json.dumps(text)}]")
            wait_in_page(first, f"document.querySelector('.everyone').textContent === {json.dumps(text)}")
            delays.append(seen - clicked)
        delays.sort()
        p99 = delays[min(len(delays) - 1, int(round(0.99 * (len(delays) - 1))))]
        print(f"\ncross-process delivery, browser to browser through nginx and Redis ({len(delays)} likes): "
              f"median {statistics.median(delays):.1f} ms, p99 {p99:.1f} ms, max {delays[-1]:.1f} ms")
    finally:
        first.quit()
        second.quit()


def browsers_wait(browser, script, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = browser.execute_script(script)
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for: {script}")


def wait_in_page(browser, expression, timeout=10):
    """The value of `expression` once it is truthy, checked in the page every frame (not by
    round trips from here, which would take the CPU the processes need)."""
    browser.set_script_timeout(timeout)
    value = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"const check = () => {{ const v = ({expression}); if (v) done(v); else requestAnimationFrame(check); }};"
        "check();")
    assert value, f"timed out waiting for: {expression}"
    return value


def like_on_both(ports, per_process, outcomes, enough=None):
    """Each process's likes from `per_process` // 2 visitors at once per process (fewer once
    `enough` is set)."""
    def run(port, name):
        liker = Liker(f"http://127.0.0.1:{port}", name)
        liker.load()
        for _ in range(per_process // 2):
            if enough is not None and enough.is_set():
                return
            status, _ = liker.like()
            outcomes.append(status)
    threads = [threading.Thread(target=run, args=(port, f"{name}{i}")) for name, port in ports.items() for i in range(2)]
    for thread in threads:
        thread.start()
    return threads


def test_two_processes_each_taking_a_thousand_likes_end_at_exactly_two_thousand(cluster):
    outcomes = []
    started = time.monotonic()
    for thread in like_on_both(cluster["ports"], 1000, outcomes):
        thread.join()
    assert outcomes.count(200) == 2000, outcomes
    values = {name: everyone_on(port) for name, port in cluster["ports"].items()}
    print(f"\ncounter: 2 processes x 1000 likes at once -> {values} in {time.monotonic() - started:.1f} s")
    assert values == {"A": 2000, "B": 2000}


def test_redis_killed_and_restarted_while_both_take_likes(cluster):
    redis, ports = cluster["redis"], cluster["ports"]
    outcomes = []
    enough = threading.Event()
    threads = like_on_both(ports, 100_000, outcomes, enough)
    time.sleep(1)
    redis.kill()
    time.sleep(1)  # likes go on meanwhile: each waits for Redis (SharedState.update retries)
    redis.start()
    restarted = time.monotonic()
    enough.set()  # the likes in flight finish; no more start
    for thread in threads:
        thread.join(timeout=60)
    assert all(status in (200, 503) for status in outcomes), outcomes  # 503: answered late, over its stream
    total = len(outcomes)
    for name, process in cluster["processes"].items():
        assert process.poll() is None, f"process {name} exited"
    agreed = None
    while time.monotonic() - restarted < 30:
        values = {name: everyone_on(port) for name, port in ports.items()}
        if values["A"] == values["B"] == total:
            agreed = time.monotonic() - restarted
            break
        time.sleep(0.02)
    print(f"\nRedis killed for 1 s during {total} likes ({outcomes.count(200)} answered at once, "
          f"{outcomes.count(503)} late): both processes at {values} "
          + (f"{agreed:.2f} s after the restart" if agreed is not None else "never agreed"))
    assert agreed is not None, f"the processes did not converge on the {total} likes given: {values}"
    # And after: a like on one process reaches the other.
    liker = Liker(f"http://127.0.0.1:{ports['A']}", "after")
    liker.load()
    assert liker.like()[0] == 200
    deadline = time.monotonic() + 10
    while everyone_on(ports["B"]) != total + 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert everyone_on(ports["B"]) == total + 1


def test_a_killed_process_visitors_reload_onto_the_other_with_their_own_likes(cluster):
    likers = [Liker(cluster["base"], f"visitor{i}") for i in range(12)]
    served = {}
    for number, liker in enumerate(likers):
        liker.load()
        for _ in range(number % 4 + 1):
            assert liker.like()[0] == 200
        served[liker.name] = liker.load()[2]
    pids = {str(process.pid): name for name, process in cluster["processes"].items()}
    victim = next(iter(set(served.values())))
    assert len(set(served.values())) == 2, "every visitor on one process"
    cluster["processes"][pids[victim]].send_signal(signal.SIGKILL)
    cluster["processes"][pids[victim]].wait(timeout=10)
    moved = 0
    for number, liker in enumerate(likers):
        status, reply = liker.like()
        if served[liker.name] == victim:
            assert status == 410 and "reload the page" in reply["error"], (status, reply)
            everyone, yours, now_served = liker.load()  # what runtime.js does on 410
            assert now_served != victim
            assert yours == number % 4 + 1, f"{liker.name} had {number % 4 + 1} likes, finds {yours}"
            moved += 1
        else:
            assert status == 200
    print(f"\nafter SIGKILL of one process: {moved} visitors reloaded onto the other with their own likes")
    assert moved > 0
