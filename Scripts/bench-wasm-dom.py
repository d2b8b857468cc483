#!/usr/bin/env python3
"""DOM benchmark in headless Chromium: the benchmark app running client-side from the
WebAssembly module (public/bench/wasm.html, through runtime.js) against a hand-written
plain-JavaScript page doing the same DOM work (public/bench/plain.html), in the same run.

    Scripts/build-wasm.sh && swift build -c release --product navdom
    NAVDOM_BIN=.build/release/navdom .venv/bin/python Scripts/bench-wasm-dom.py [--rounds 15]
        [--wasm-module PATH] [--public DIR]

Each round loads both pages (alternating which goes first) and times create 1,000 rows,
update every 10th row, swap two rows and clear, each from the click to the DOM being updated
("script": the wasm reply applied / the plain handler returned) and to the layout after it
("layout"). The first round is a warm-up. Prints one JSON object per line: the median per page
and operation, then the ratio wasm / plain per operation.
"""

import argparse
import json
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
OPS = ["create", "update", "swap", "clear"]


def start_server(binary, module, public):
    command = [str(binary), "serve", "--port", "0", "--quiet", "--public", str(public), "--wasm"]
    if module:
        command += ["--wasm-module", str(module)]
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
    expected = {"create": 1000, "update": 1000, "swap": 1000, "clear": 0}
    for op, rows in expected.items():
        if timings[op]["rows"] != rows:
            sys.exit(f"bench-wasm-dom: {url}: {op} left {timings[op]['rows']} rows, expected {rows}")
    return timings


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    # A copy of the module, so a rebuild of .build-wasm/ during a run does not change what is timed.
    parser.add_argument("--wasm-module", help="the module to serve (default: navdom serve's, .build-wasm/navdom.wasm)")
    # A copy of public/ with another runtime.js, to compare two versions of it.
    parser.add_argument("--public", default="public", help="the static files to serve (default: public)")
    args = parser.parse_args()
    binary = Path(os.environ.get("NAVDOM_BIN", ".build/release/navdom"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        sys.exit(f"bench-wasm-dom: no navdom at {binary} (swift build -c release --product navdom, or set NAVDOM_BIN)")
    process, base = start_server(binary, args.wasm_module, args.public)
    driver = browser()
    samples = {page: {op: {"script": [], "layout": []} for op in OPS} for page in ("plain", "wasm")}
    try:
        for round_number in range(args.rounds + 1):
            pages = ["plain", "wasm"] if round_number % 2 == 0 else ["wasm", "plain"]
            for page in pages:
                timings = run_page(driver, f"{base}/bench/{page}.html")
                if round_number == 0:
                    continue  # warm-up
                for op in OPS:
                    for kind in ("script", "layout"):
                        samples[page][op][kind].append(timings[op][kind])
    finally:
        driver.quit()
        process.terminate()
        process.wait(timeout=10)

    medians = {page: {op: {kind: statistics.median(values) for kind, values in kinds.items()}
                      for op, kinds in ops.items()} for page, ops in samples.items()}
    for page in ("plain", "wasm"):
        for op in OPS:
            print(json.dumps({"page": page, "operation": op, "rounds": args.rounds,
                              "median_ms": round(medians[page][op]["script"], 3),
                              "median_with_layout_ms": round(medians[page][op]["layout"], 3)}))
    for op in OPS:
        plain, wasm = medians["plain"][op], medians["wasm"][op]
        print(json.dumps({"operation": op, "ratio_wasm_over_plain": round(wasm["script"] / plain["script"], 2),
                          "ratio_with_layout": round(wasm["layout"] / plain["layout"], 2)}))
    total_plain = sum(medians["plain"][op]["layout"] for op in OPS)
    total_wasm = sum(medians["wasm"][op]["layout"] for op in OPS)
    print(json.dumps({"operation": "all four, with layout", "plain_ms": round(total_plain, 3),
                      "wasm_ms": round(total_wasm, 3), "ratio": round(total_wasm / total_plain, 2)}))


if __name__ == "__main__":
    main()
