"""`serve --watch`: a saved change rebuilds the app, the server restarts on the same port and
the open page reloads itself at its URL; a failed build shows its errors in the page while the
old server keeps serving.

The build is a stand-in for `swift build` (`--build-command`), so the test takes seconds: a
source containing `error` fails as the compiler would, any other change "rebuilds" the app by
renaming another executable over the watched one, as a linker does. That executable is the
Contacts example's (built by Scripts/test.sh before this runs; CONTACTS_BIN names another),
so the page visibly becomes another app: Inventory before, Contacts after. Real rebuilds of the
demo and the example are timed by hand (docs/WATCH.md)."""

import os
import shutil
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import REPO, App, launch_server, stop_server

MARK = "return window.navdomWatchTest === 1"


def watched_package(tmp_path):
    """A package to watch, the executable the watcher runs, and the stand-in build."""
    navdom = Path(os.environ.get("NAVDOM_BIN", ".build/debug/navdom"))
    navdom = navdom if navdom.is_absolute() else REPO / navdom
    contacts = Path(os.environ.get("CONTACTS_BIN", REPO / "Examples/Contacts/.build/debug/Contacts"))
    if not contacts.exists():
        pytest.fail(f"no Contacts binary at {contacts} (cd Examples/Contacts && swift build)")
    package = tmp_path / "app"
    (package / "Sources" / "App").mkdir(parents=True)
    (package / "Package.swift").write_text("// swift-tools-version: 6.0\n")
    view = package / "Sources" / "App" / "View.swift"
    view.write_text('let title = "Inventory"\n')
    binaries = tmp_path / "bin"
    binaries.mkdir()
    shutil.copy(navdom, binaries / "navdom")
    build = tmp_path / "build.sh"
    build.write_text(
        "if grep -q error Sources/App/View.swift; then\n"
        "  echo \"Sources/App/View.swift:1:13: error: cannot find 'error' in scope\"; exit 1\n"
        "fi\n"
        f"cp '{contacts}' '{binaries}/next' && mv '{binaries}/next' '{binaries}/navdom'\n")
    return package, view, binaries / "navdom", build


def test_a_failed_build_shows_in_the_page_and_a_good_one_reloads_it(driver, tmp_path):
    package, view, binary, build = watched_package(tmp_path)
    process, base = launch_server(
        "--watch", "--package-path", str(package), "--build-command", f"sh '{build}'", binary=binary)
    # The watcher's log and the build's errors go to standard error: keep it drained (and
    # shown when the test fails).
    log = []
    threading.Thread(target=lambda: log.extend(process.stderr), daemon=True).start()
    try:
        app = App(driver, base).open("/")
        assert "Inventory" in driver.title
        app.js("window.navdomWatchTest = 1")

        view.write_text("let title = error\n")
        app.wait_for(
            lambda d: d.execute_script(
                "const box = document.querySelector('.navdom-build[data-state=failed]');"
                "return !!box && box.textContent.includes(\"cannot find 'error' in scope\")"),
            "the build's error to show in the page", timeout=15)
        assert app.js(MARK), "the page reloaded on a failed build"
        with urllib.request.urlopen(base + "/") as response:  # the old server still serves
            assert "Inventory" in response.read().decode()

        view.write_text('let title = "Contacts"\n')
        app.wait_for(lambda d: not d.execute_script(MARK) and "Contacts" in d.title,
                     "the page to reload itself with the rebuilt app", timeout=15)
        app.wait_for(lambda d: d.execute_script("return !!(window.navdom && window.navdom.nodeById(0))"),
                     "the reloaded page to hydrate")
        assert app.js("return location.pathname") == "/"
        assert "rebuilt" in app.js("return document.querySelector('.navdom-notice').textContent")
        assert not app.js("return document.querySelector('.navdom-build')"), "the build's box outlived the reload"
    finally:
        stop_server(process)
        print("".join(log))


def test_the_server_stops_with_its_watcher(tmp_path):
    package, _, binary, build = watched_package(tmp_path)
    process, base = launch_server(
        "--watch", "--package-path", str(package), "--build-command", f"sh '{build}'", binary=binary)
    stop_server(process)
    # The server sees its input end and stops (after closing its connections).
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(base + "/", timeout=5).close()
        except OSError:
            return
        time.sleep(0.05)
    pytest.fail("the server outlived its watcher")


@pytest.mark.parametrize("argument, status, says", [("--nonsense", 2, "unknown option --nonsense"), ("--help", 0, "--watch")])
def test_a_server_that_stops_at_once_stops_the_watcher(tmp_path, argument, status, says):
    """Bad arguments (the server says why) or --help (it prints the usage) end the watch too."""
    package, _, binary, build = watched_package(tmp_path)
    result = subprocess.run(
        [str(binary), "serve", "--watch", "--package-path", str(package), "--build-command", f"sh '{build}'",
         "--port", "0", argument],
        capture_output=True, text=True, timeout=30)
    assert result.returncode == status
    assert says in result.stdout + result.stderr
