#!/usr/bin/env python3
"""A browser benchmark like js-framework-benchmark's, in headless Chromium: navdom's client
side (js-framework-benchmark's table as an app in a WebAssembly module, public/bench/wasm.html,
through runtime.js) against a hand-written vanilla JavaScript page doing the same DOM work
(public/bench/plain.html), in the same run.

    Scripts/build-wasm.sh && swift build -c release --product navdom
    NAVDOM_BIN=.build/release/navdom .venv/bin/python Scripts/bench-wasm-dom.py [--rounds 15]
        [--warmups 2] [--wasm-module PATH] [--public DIR]

Each round loads both pages (alternating which goes first) and runs js-framework-benchmark's
nine operations in its order (create 1,000 rows, replace them, update every 10th, select one,
swap two, remove one, create 10,000, append 1,000 to them, clear), each a click timed to the
next paint (public/bench/common.js also records the time to the DOM update and to a forced
layout). The first --warmups rounds are discarded. Prints one JSON line per operation (medians,
the ratio wasm / vanilla of the medians, and `paired_ratio_*`, the median of each round's
ratio), then `{"weighted_geomean": R, "weighted_geomean_paired": P}`: the geometric mean of the nine
ratios to the next paint with js-framework-benchmark's published weights (its results table,
webdriver-ts-results/src/Common.ts), and the same over the forced-layout times, which leave out
the wait for the frame clock (up to one 16.7 ms frame, added to both pages alike).
"""

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[1]
# js-framework-benchmark's CPU benchmarks in its order, with the weights of its weighted
# geometric mean, and the rows (and highlighted rows) each leaves: the row selected stays so
# until a create replaces the rows.
OPS = [
    ("create1k", 0.64280248137063, 1000, 0),
    ("replace1k", 0.5607178150466176, 1000, 0),
    ("update10th", 0.5643800750716564, 1000, 0),
    ("select", 0.1925635870170522, 1000, 1),
    ("swap", 0.13200612879341714, 1000, 1),
    ("remove", 0.5277091212292658, 999, 1),
    ("create10k", 0.5644449600965534, 10000, 0),
    ("append1k", 0.5508359820582848, 11000, 0),
    ("clear", 0.4225836631419211, 0, 0),
]
KINDS = ("script", "layout", "paint")


# performance.now()'s resolution in a page that is not cross-origin isolated (Chromium: 0.1 ms).
CLOCK_RESOLUTION_MS = 0.1


def start_server(binary, module, public):
    command = [str(binary), "serve", "--port", "0", "--quiet", "--public", str(public), "--wasm", str(module)]
    process = subprocess.Popen(
        command,
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = []
    reader = threading.Thread(target=lambda: line.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=15)
    match = re.search(r"http://([\d.]+):(\d+)/", line[0] if line else "")
    if not match:
        process.kill()
        sys.exit(f"bench-wasm-dom: navdom serve --wasm did not start: {process.stderr.read()}")
    threading.Thread(target=lambda: process.stdout.read(), daemon=True).start()
    return process, f"http://{match.group(1)}:{match.group(2)}"


def browser():
    options = webdriver.ChromeOptions()
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            options.binary_location = shutil.which(name)
            break
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,800"):
        options.add_argument(argument)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver_path), options=options)


def run_page(driver, url):
    driver.get(url)
    WebDriverWait(driver, 15, poll_frequency=0.02).until(
        lambda d: d.execute_script("return window.benchReady === true || !!window.benchError"))
    error = driver.execute_script("return window.benchError || null")
    if error:
        sys.exit(f"bench-wasm-dom: {url}: {error}")
    timings = driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; window.benchRun().then(done, (e) => done({error: String(e)}));")
    if "error" in timings:
        sys.exit(f"bench-wasm-dom: {url}: {timings['error']}")
    for name, _, rows, selected in OPS:
        if timings[name]["rows"] != rows or timings[name]["selected"] != selected:
            sys.exit(f"bench-wasm-dom: {url}: {name} left {timings[name]['rows']} rows "
                     f"({timings[name]['selected']} highlighted), expected {rows} ({selected})")
    return timings


def weighted_geomean(ratios):
    total = sum(weight for _, weight, _, _ in OPS)
    return math.exp(sum(weight * math.log(ratios[name]) for name, weight, _, _ in OPS) / total)


def navdom_binary(tool):
    """The server to run: $NAVDOM_BIN (relative to the repository) or the release build; exits
    with `tool`'s name when it is missing."""
    binary = Path(os.environ.get("NAVDOM_BIN", ".build/release/navdom"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        sys.exit(f"{tool}: no navdom at {binary} (swift build -c release --product navdom, or set NAVDOM_BIN)")
    return binary


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--warmups", type=int, default=2, help="rounds run first and discarded")
    parser.add_argument("--wasm-module", default=".build-wasm/navdom-bench-app.wasm",
                        help="the benchmark app's module (Scripts/build-wasm.sh builds it)")
    # A copy of public/ with another runtime.js, to compare two versions of it.
    parser.add_argument("--public", default="public", help="the static files to serve (default: public)")
    args = parser.parse_args()
    binary = navdom_binary("bench-wasm-dom")
    module = Path(args.wasm_module)
    if not (REPO / module).exists():
        sys.exit(f"bench-wasm-dom: no module at {module} (Scripts/build-wasm.sh builds it)")
    process, base = start_server(binary, module, args.public)
    driver = browser()
    samples = {page: {name: {kind: [] for kind in KINDS} for name, _, _, _ in OPS} for page in ("plain", "wasm")}
    try:
        for round_number in range(args.warmups + args.rounds):
            pages = ["plain", "wasm"] if round_number % 2 == 0 else ["wasm", "plain"]
            for page in pages:
                timings = run_page(driver, f"{base}/bench/{page}.html")
                if round_number < args.warmups:
                    continue
                for name, _, _, _ in OPS:
                    for kind in KINDS:
                        samples[page][name][kind].append(timings[name][kind])
    finally:
        driver.quit()
        process.terminate()
        process.wait(timeout=10)

    medians = {page: {name: {kind: statistics.median(values) for kind, values in kinds.items()}
                      for name, kinds in ops.items()} for page, ops in samples.items()}
    # A median of 0 ms is under the page clock's resolution (browsers coarsen performance.now()
    # to 0.1 ms or more): compare such timings as that resolution, not as a division by zero.
    def timing(page, name, kind):
        return max(medians[page][name][kind], CLOCK_RESOLUTION_MS)

    ratios = {kind: {name: timing("wasm", name, kind) / timing("plain", name, kind) for name, _, _, _ in OPS}
              for kind in KINDS}
    paired = {kind: {name: paired_ratio(samples, name, kind) for name, _, _, _ in OPS} for kind in KINDS}
    for name, weight, _, _ in OPS:
        line = {"operation": name, "weight": round(weight, 3), "rounds": args.rounds}
        for kind in KINDS:
            line[f"vanilla_{kind}_ms"] = round(medians["plain"][name][kind], 3)
            line[f"wasm_{kind}_ms"] = round(medians["wasm"][name][kind], 3)
            line[f"ratio_{kind}"] = round(ratios[kind][name], 3)
            line[f"paired_ratio_{kind}"] = round(paired[kind][name], 3)
        print(json.dumps(line))
    print(json.dumps({"weighted_geomean_layout": round(weighted_geomean(ratios["layout"]), 3),
                      "weighted_geomean_layout_paired": round(weighted_geomean(paired["layout"]), 3)}))
    print(json.dumps({"weighted_geomean": round(weighted_geomean(ratios["paint"]), 3),
                      "weighted_geomean_paired": round(weighted_geomean(paired["paint"]), 3)}))


def paired_ratio(samples, name, kind):
    """The median over rounds of each round's wasm / vanilla ratio. A round loads the two pages
    one right after the other, so its ratio compares them at one pace of the VM, which moves by
    30% from minute to minute; the ratio of the two medians can pair a fast minute of one page
    with a slow minute of the other."""
    pairs = zip(samples["wasm"][name][kind], samples["plain"][name][kind])
    return statistics.median(max(w, CLOCK_RESOLUTION_MS) / max(p, CLOCK_RESOLUTION_MS) for w, p in pairs)


if __name__ == "__main__":
    main()
