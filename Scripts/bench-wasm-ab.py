#!/usr/bin/env python3
"""Two builds' browser benchmark side by side, finely interleaved: the benchmark app of BEFORE
and of AFTER (each a clone of this repository, built: `swift build -c release --product navdom`
and `Scripts/build-wasm.sh`), each served by its own navdom, loaded in turn in one headless
Chromium, alternating which goes first, ROUNDS times; each load runs create 1,000 rows,
replace them, clear, create 10,000, clear, three times over (the first load's first pass is a
warm-up). Prints the median milliseconds from the click to the DOM updated ("script") and to a
forced layout, per operation and build.

    .venv/bin/python Scripts/bench-wasm-ab.py BEFORE_DIR AFTER_DIR [--rounds 8]

bench-wasm-dom.py runs all nine operations against vanilla JavaScript; two of its runs, one
per build, minutes apart on a shared machine, differed by more than the change measured. Here
both builds see the same minute, so a few milliseconds show.
"""

import argparse
import importlib.util
import statistics
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("bench_wasm_dom", REPO / "Scripts" / "bench-wasm-dom.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

OPERATIONS = (
    "[{name: 'create1k', click: '#run', rows: 1000}, {name: 'replace1k', click: '#run', rows: 1000},"
    " {name: 'clear1k', click: '#clear', rows: 0}, {name: 'create10k', click: '#runlots', rows: 10000},"
    " {name: 'clear10k', click: '#clear', rows: 0}]")
PASSES = 3


def measure(driver, base):
    """One load of the build's page: PASSES passes of OPERATIONS, each {name: {script, layout, ...}}."""
    driver.get(f"{base}/bench/wasm.html")
    bench.WebDriverWait(driver, 15).until(lambda d: d.execute_script("return window.benchReady === true"))
    driver.execute_script("window.benchOps = " + OPERATIONS)  # benchMeasure reads it per run
    return [driver.execute_async_script(
        "const done = arguments[arguments.length - 1]; window.benchRun().then(done, (e) => done({error: String(e)}));")
        for _ in range(PASSES)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    builds = {"before": args.before.resolve(), "after": args.after.resolve()}
    servers = {}
    for name, clone in builds.items():
        binary, module = clone / ".build/release/navdom", clone / ".build-wasm/navdom-bench-app.wasm"
        if not binary.exists() or not module.exists():
            raise SystemExit(f"bench-wasm-ab: {clone} is not built ({binary.name}, {module.name})")
        servers[name] = bench.start_server(binary, module, clone / "public")
    samples = {name: {} for name in builds}
    driver = bench.browser()
    try:
        for round_number in range(args.rounds):
            order = ["before", "after"] if round_number % 2 == 0 else ["after", "before"]
            for name in order:
                for index, timings in enumerate(measure(driver, servers[name][1])):
                    if "error" in timings:
                        raise SystemExit(f"bench-wasm-ab: {name}: {timings['error']}")
                    if round_number == 0 and index == 0:
                        continue
                    for operation, figures in timings.items():
                        for kind in ("script", "layout"):
                            samples[name].setdefault((operation, kind), []).append(figures[kind])
    finally:
        driver.quit()
        for process, _ in servers.values():
            process.kill()
    for key in samples["before"]:
        before, after = (statistics.median(samples[name][key]) for name in ("before", "after"))
        print(f"{key[0]:10} {key[1]:6} before {before:7.1f} ms  after {after:7.1f} ms  "
              f"({len(samples['before'][key])} samples each)")


if __name__ == "__main__":
    main()
