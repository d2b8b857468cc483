#!/usr/bin/env python3
"""Where one browser-benchmark operation's script goes: clicks one button of the benchmark page
(public/bench/wasm.html, or plain.html) N times in headless Chromium under the DevTools
protocol's CPU profiler, and prints each function's self time per click, then the totals for
the module's functions (WebAssembly), runtime.js and the page's own script.

    NAVDOM_BIN=.build/release/navdom .venv/bin/python Scripts/profile-wasm-op.py '#run' \\
        [--clicks 30] [--page wasm] [--wasm-module .build-wasm/navdom-bench-app.names.wasm]
        [--first '#run']

Serve the module built with its name section (build-wasm's --names-output, which
Scripts/build-wasm.sh writes beside each module) to see Swift's function names. `#run` creates
1,000 rows (replacing those there after the first click), `#runlots` 10,000, `#add` appends
1,000, `#update` changes every tenth (of the rows `--first '#run'` made: that button is clicked
once before the warm-up, outside the profile); Scripts/bench-wasm-dom.py times them all.
"""

import argparse
import collections
import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
spec = importlib.util.spec_from_file_location("bench_wasm_dom", REPO / "Scripts" / "bench-wasm-dom.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

# Clicks `selector` `count` times, each after a paint and waited for until the runtime is idle
# (wasm.html's session; the vanilla page is done when its click returns).
CLICKS = """
const [selector, count, done] = arguments;
(async () => {
  const times = [];
  for (let i = 0; i < count; i++) {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const start = performance.now();
    document.querySelector(selector).click();
    if (window.benchSession) await window.benchSession.idle();
    times.push(performance.now() - start);
  }
  return times;
})().then(done, (error) => done({error: String(error)}));
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("click", help="the button to click, a CSS selector (#run, #runlots, #add, #update)")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--page", choices=("wasm", "plain"), default="wasm")
    parser.add_argument("--wasm-module", default=".build-wasm/navdom-bench-app.names.wasm")
    parser.add_argument("--public", default="public")
    parser.add_argument("--top", type=int, default=30, help="how many functions to list")
    parser.add_argument("--first", help="a button to click once before, unprofiled (rows for #update)")
    args = parser.parse_args()
    binary = bench.navdom_binary("profile-wasm-op")
    process, base = bench.start_server(binary, args.wasm_module, args.public)
    driver = bench.browser()
    try:
        driver.get(f"{base}/bench/{args.page}.html")
        bench.WebDriverWait(driver, 15).until(
            lambda d: d.execute_script("return window.benchReady === true || !!window.benchError"))
        if args.first:
            driver.execute_async_script(CLICKS, args.first, 1)
        driver.execute_async_script(CLICKS, args.click, 3)  # warm-up
        driver.execute_cdp_cmd("Profiler.enable", {})
        driver.execute_cdp_cmd("Profiler.setSamplingInterval", {"interval": 50})
        driver.execute_cdp_cmd("Profiler.start", {})
        times = driver.execute_async_script(CLICKS, args.click, args.clicks)
        profile = driver.execute_cdp_cmd("Profiler.stop", {})["profile"]
    finally:
        driver.quit()
        process.terminate()
    if isinstance(times, dict):
        raise SystemExit(f"profile-wasm-op: {times['error']}")

    nodes = {node["id"]: node for node in profile["nodes"]}
    self_time = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        frame = nodes[sample]["callFrame"]
        self_time[(frame["functionName"] or "(anonymous)", frame["url"].rsplit("/", 1)[-1])] += delta
    per_click = lambda microseconds: microseconds / 1000 / args.clicks
    times.sort()
    print(f"script per click: median {times[len(times) // 2]:.1f} ms, fastest {times[0]:.1f} ms")
    groups = collections.Counter()
    for (name, url), microseconds in self_time.items():
        if name in ("(program)", "(idle)"):
            continue
        group = "module" if ".wasm" in url else url or "browser"
        groups[group] += microseconds
    for (name, url), microseconds in self_time.most_common(args.top):
        print(f"{per_click(microseconds):8.2f} ms  {name[:90]}  {url}")
    print("per click, by where it ran: " + ", ".join(
        f"{group} {per_click(microseconds):.2f} ms" for group, microseconds in groups.most_common()))
    if args.page == "wasm" and not groups["module"]:
        raise SystemExit("profile-wasm-op: no sample ran in the module: was the operation clicked?")


if __name__ == "__main__":
    main()
