"""The time from a save to the updated page under `serve --watch`, with real `swift build`
rebuilds (docs/WATCH.md): starts `BINARY serve --watch --port 0` in PACKAGE_DIR, opens "/" in
headless Chromium, then replaces the string literal "OLD" with "NEW" in SOURCE (and back, ROUNDS
times each way), timing each save until the page shows the new text, hydrated. SOURCE is restored
at the end. SOURCE may be a file of a path dependency (relative to PACKAGE_DIR), and arguments
after ROUNDS go to `serve` (`--wasm`: the module is rebuilt too). Each round also prints the CPU
time of the builds (the watcher's finished children, /proc/PID/stat), which the machine's load
does not inflate as it does the wall time.

usage: .venv/bin/python Scripts/measure-watch.py BINARY PACKAGE_DIR SOURCE OLD NEW [ROUNDS [SERVE_ARGS...]]"""
import os, re, subprocess, sys, threading, time
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

binary, package, source, old, new = sys.argv[1:6]
rounds = int(sys.argv[6]) if len(sys.argv) > 6 else 3
process = subprocess.Popen([binary, "serve", "--watch", "--port", "0", "--quiet", *sys.argv[7:]], cwd=package,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
line = process.stdout.readline()
base = re.search(r"(http://[\d.]+:\d+)/", line).group(1)
threading.Thread(target=lambda: process.stdout.read(), daemon=True).start()
log = []
threading.Thread(target=lambda: [log.append((time.time(), l)) for l in process.stderr], daemon=True).start()
o = webdriver.ChromeOptions(); o.binary_location = "/usr/bin/chromium"
for a in ("--headless=new", "--no-sandbox", "--disable-gpu"): o.add_argument(a)
d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
path = os.path.join(package, source)


def children_cpu():
    """User + system seconds of the watcher's children that have ended (its builds)."""
    fields = open(f"/proc/{process.pid}/stat").read().split(")")[-1].split()
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")


original = open(path).read()
try:
    d.get(base + "/")
    time.sleep(1)
    texts = [new, old]
    for r in range(rounds * 2):
        want, have = texts[r % 2], texts[(r + 1) % 2]
        content = open(path).read()
        assert f'"{have}"' in content
        saved = time.time()
        cpu_before = children_cpu()
        open(path, "w").write(content.replace(f'"{have}"', f'"{want}"', 1))
        while time.time() - saved < 600:
            time.sleep(0.05)
            try:
                if want in d.execute_script("return document.body.innerText") and \
                   d.execute_script("return !!(window.navdom && window.navdom.nodeById(0))"):
                    break
            except Exception:
                pass
        total = time.time() - saved
        built = [l.split("watch: ")[-1].strip() for t, l in log if "built in" in l and t >= saved]
        cpu = children_cpu() - cpu_before
        print(f"round {r + 1}: '{have}' -> '{want}': page updated {total:.1f} s after the save, builds' CPU {cpu:.1f} s "
              f"({'; '.join(built) or 'no build line'})", flush=True)
finally:
    open(path, "w").write(original)
    d.quit(); process.terminate(); process.wait()
