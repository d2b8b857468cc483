"""`serve --watch` with real rebuilds: the watch fixture (Tests/watch/WatchFixture, one page,
its heading in a view's source and a line from WatchGreeting, a package it depends on by path)
runs under the watcher, and the test edits its sources as a developer does. The open page shows
each change without a reload by hand; a compile error shows in the page while the old server
keeps serving, and its fix replaces it. With NAVDOM_SERVE_ARGS=--wasm (the full tier's second
browser pass) the page runs client-side, and a save rebuilds the WebAssembly module too (the
build-wasm plugin, then the development build it recorded, run by the watcher) before the page
reloads with it.

The test works on a copy under .build/watch-fixture (Tests/watch/prepare-fixture.sh makes it and
builds it; Scripts/test.sh runs it before the browser suites, so the rebuilds here are
incremental). Chromium only (conftest.CHROMIUM_ONLY): each step is a real build of seconds, and
test_watch.py's stand-in builds cover the page's side in every engine."""

import subprocess
import threading
import urllib.request
from pathlib import Path

from conftest import REPO, WASM_MODE, App, launch_server, stop_server

MARK = "return window.navdomWatchTest === 1"
BUILD = 300  # seconds a build may take on a loaded machine (a cold wasm build is about a minute)


def prepare_fixture():
    """The fixture's copy, built (and its module, in --wasm mode)."""
    result = subprocess.run([str(REPO / "Tests/watch/prepare-fixture.sh"), *(["--wasm"] if WASM_MODE else [])],
                            capture_output=True, text=True, timeout=1200)
    assert result.returncode == 0, f"the fixture did not build:\n{result.stderr[-4000:]}"
    return Path(result.stdout.strip().splitlines()[-1])


def edit(path, old, new):
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1))


def heading(driver):
    return driver.execute_script("const h = document.querySelector('h1'); return h && h.textContent")


def reloaded_with(app, text, selector="h1"):
    """Waits for the page to reload itself (the mark gone) showing `text`, hydrated."""
    app.wait_for(
        lambda d: not d.execute_script(MARK)
        and d.execute_script(f"const e = document.querySelector('{selector}'); return !!e && e.textContent === arguments[0]", text)
        and d.execute_script("return !!(window.navdom && window.navdom.nodeById(0))"),
        f"the page to reload itself showing {text!r}", timeout=BUILD)
    assert "rebuilt" in app.js("return document.querySelector('.navdom-notice').textContent")
    assert not app.js("return document.querySelector('.navdom-build')"), "the build's box outlived the reload"
    app.js("window.navdomWatchTest = 1")


def module_tag(base):
    with urllib.request.urlopen(base + "/navdom.wasm") as response:
        return response.headers["ETag"]


def test_edits_to_a_view_and_a_path_dependency_show_in_the_open_page(driver):
    fixture = prepare_fixture()
    view = fixture / "Sources/FixtureApp/GreetingView.swift"
    greeting = fixture.parent / "WatchGreeting/Sources/WatchGreeting/Greeting.swift"
    originals = {path: path.read_text() for path in (view, greeting)}
    wasm = ["--wasm", str(fixture / ".build-wasm/WatchFixtureWasm.wasm")] if WASM_MODE else []
    process, base = launch_server(
        "--watch", "--package-path", str(fixture), *wasm, binary=fixture / ".build/debug/WatchFixture")
    log = []  # the watcher's log and the compiler's errors, shown when the test fails
    threading.Thread(target=lambda: log.extend(process.stderr), daemon=True).start()
    try:
        app = App(driver, base).open("/")
        assert heading(driver) == "Hello, watcher"
        if WASM_MODE:
            assert app.js("return document.querySelector('[data-navdom-wasm]') !== null"), "the page does not run client-side"
            tag = module_tag(base)
        app.js("window.navdomWatchTest = 1")

        edit(view, '"Hello, watcher"', '"Hello, rebuilt"')
        reloaded_with(app, "Hello, rebuilt")
        if WASM_MODE:
            # The reloaded page runs the rebuilt module: another module, so another ETag.
            assert module_tag(base) != tag, "the module was not rebuilt"
            app.click("Clicked 0 times")
            app.wait_for(lambda d: heading(d) == "Hello, rebuilt" and "Clicked 1 times" in d.page_source,
                         "the rebuilt module to answer a click")
            # The next save: the watcher runs the development build the plugin recorded
            # (rebuild.json) itself, beside the server's build, and serves what it linked.
            tag = module_tag(base)
            edit(view, '"Hello, rebuilt"', '"Hello, again"')
            reloaded_with(app, "Hello, again")
            assert module_tag(base) != tag, "the module was not rebuilt the second time"
            assert any("for the development module" in line for line in log), "".join(log)
            app.click("Clicked 0 times")
            app.wait_for(lambda d: "Clicked 1 times" in d.page_source, "the module built by the watcher to answer a click")
            return  # a wasm rebuild takes a minute here: the failure paths are the same as live

        edit(view, '"Hello, rebuilt"', "helloRebuilt")
        app.wait_for(
            lambda d: d.execute_script(
                "const box = document.querySelector('.navdom-build[data-state=failed]');"
                "return !!box && box.textContent.includes(\"cannot find 'helloRebuilt' in scope\")"),
            "the compiler's error to show in the page", timeout=BUILD)
        assert app.js(MARK), "the page reloaded on a failed build"
        assert heading(driver) == "Hello, rebuilt"
        with urllib.request.urlopen(base + "/") as response:  # the old server still serves
            assert "Hello, rebuilt" in response.read().decode()

        edit(view, "helloRebuilt", '"Hello, fixed"')
        reloaded_with(app, "Hello, fixed")

        edit(greeting, '"Greetings from a path dependency"', '"Greetings, edited next door"')
        reloaded_with(app, "Greetings, edited next door", selector=".greeting")
    finally:
        stop_server(process)
        for path, text in originals.items():
            path.write_text(text)
        print("".join(log))
