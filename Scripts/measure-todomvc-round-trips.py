#!/usr/bin/env python3
"""Round trips a TodoMVC visitor's typing costs live: the event requests (POSTs to the live
server) the page sends while a person types a todo and presses Enter, and while they edit a todo
as TodoMVC's official "remove the item if an empty text string was entered" case does (50 times
Backspace and Delete, then Enter: 101 key presses).

    (cd Examples/TodoMVC && swift build)
    xvfb-run -a .venv/bin/python Scripts/measure-todomvc-round-trips.py [--wasm MODULE]

Starts `Examples/TodoMVC/.build/debug/TodoMVC serve` (TODOMVC_BIN names another), drives headless
Chromium with the browser suites' probe (Tests/browser/browsers.py), which counts every fetch()
the page makes, and prints one line per action: the requests, the events they carried, and the
time from the last key to the page showing the result. With --wasm the app runs client-side and
the same actions should send nothing.
"""

import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "Tests/browser"))

import browsers  # noqa: E402
from conftest import launch_server, stop_server  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

EXAMPLE = REPO / "Examples/TodoMVC"


def wait(driver, condition, timeout=10):
    return WebDriverWait(driver, timeout, poll_frequency=0.005).until(condition)


def sent_events(driver):
    """The events of the POSTs since the last call, and the requests still in flight."""
    bodies = driver.execute_script(
        "const p = window.__navdomProbe; const sent = p.sent.slice(); p.sent.length = 0; return sent;")
    return [body for body in bodies if body]


def settle(driver):
    wait(driver, lambda d: d.execute_script("return window.__navdomProbe.pending === 0"))


def event_names(bodies):
    import json

    counts = {}
    for body in bodies:
        event = json.loads(body).get("event", "?")
        counts[event] = counts.get(event, 0) + 1
    return ", ".join(f"{name} x{count}" for name, count in sorted(counts.items())) or "none"


def measure(driver, base):
    driver.get(base + "/")
    wait(driver, lambda d: d.execute_script("return !!(window.navdom && window.navdom.nodeById(0))"))
    settle(driver)
    sent_events(driver)
    field = driver.find_element(By.CSS_SELECTOR, "input.new-todo")
    field.send_keys("buy some cheese" + Keys.ENTER)
    typed = time.monotonic()
    wait(driver, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, ".todo-list li label")] == ["buy some cheese"])
    shown = time.monotonic() - typed
    settle(driver)
    bodies = sent_events(driver)
    print(f"type \"buy some cheese\" + Enter (16 keys): {len(bodies)} requests ({event_names(bodies)}); "
          f"the todo shown {shown * 1000:.0f} ms after the last key")

    field.send_keys("feed the cat" + Keys.ENTER)
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".todo-list li label")) == 2)
    settle(driver)
    sent_events(driver)
    label = driver.find_elements(By.CSS_SELECTOR, ".todo-list li label")[1]
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('dblclick', {bubbles: true}))", label)
    edit = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".todo-list li.editing input.edit"))
    settle(driver)
    sent_events(driver)
    edit.send_keys((Keys.BACKSPACE + Keys.DELETE) * 50, Keys.ENTER)
    typed = time.monotonic()
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, ".todo-list li")) == 1)
    shown = time.monotonic() - typed
    settle(driver)
    bodies = sent_events(driver)
    print(f"edit: 50 x (Backspace, Delete) + Enter (101 keys): {len(bodies)} requests ({event_names(bodies)}); "
          f"the todo removed {shown * 1000:.0f} ms after the last key")


def main():
    arguments = sys.argv[1:]
    binary = Path(os.environ.get("TODOMVC_BIN", EXAMPLE / ".build/debug/TodoMVC"))
    if not binary.exists():
        sys.exit(f"no TodoMVC binary at {binary} (cd Examples/TodoMVC && swift build)")
    extra = ["--public", str(EXAMPLE / "public")]
    if arguments[:1] == ["--wasm"] and len(arguments) == 2:
        extra += ["--wasm", arguments[1]]
    elif arguments:
        sys.exit("usage: Scripts/measure-todomvc-round-trips.py [--wasm MODULE]")
    process, base = launch_server(*extra, binary=binary)
    driver = browsers.launch("chromium")
    try:
        print(f"TodoMVC {'from WebAssembly' if len(extra) > 2 else 'live'} at {base}, headless Chromium")
        measure(driver, base)
    finally:
        driver.quit()
        stop_server(process)


if __name__ == "__main__":
    main()
