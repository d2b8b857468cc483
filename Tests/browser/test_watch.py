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


def test_a_server_that_crashes_is_started_again_at_once(tmp_path):
    """A server that dies (here SIGKILL, as a crash) is back without waiting for a save."""
    package, _, binary, build = watched_package(tmp_path)
    process, base = launch_server(
        "--watch", "--package-path", str(package), "--build-command", f"sh '{build}'", binary=binary)
    log = []
    threading.Thread(target=lambda: log.extend(process.stderr), daemon=True).start()
    try:
        children = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
        assert len(children) == 1, f"the watcher runs one server: {children}"
        time.sleep(1.2)  # past a stop "at once", which the watcher would not repeat forever
        os.kill(int(children[0]), 9)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            restarted = Path(f"/proc/{process.pid}/task/{process.pid}/children").read_text().split()
            if restarted and restarted != children:
                try:
                    with urllib.request.urlopen(base + "/", timeout=5) as response:
                        assert "Inventory" in response.read().decode()
                    break
                except OSError:
                    pass
            time.sleep(0.05)
        else:
            pytest.fail("the crashed server was not started again")
        assert any("killed by signal 9; starting it again" in line for line in log), "".join(log)
    finally:
        stop_server(process)


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


def test_a_module_that_cannot_be_rebuilt_is_said_in_the_terminal_and_the_pages(tmp_path, monkeypatch):
    """With --wasm the module is rebuilt after the server's build, by the build-wasm plugin; one
    that fails (here: a toolchain without Embedded Swift for wasm32, as the plugin says it) is
    shown as a failed build, and the old server keeps serving. `swift` is a stand-in on the PATH
    that fails the plugin the way it fails there."""
    package, view, binary, _ = watched_package(tmp_path)
    module = tmp_path / "app.wasm"
    module.write_bytes(b"\0asm\1\0\0\0")  # what the server checks of a module
    fake = tmp_path / "fake-swift"
    fake.mkdir()
    (fake / "swift").write_text(
        "#!/bin/sh\n"
        'case "$*" in *build-wasm*--product\\ AppWasm*)\n'
        "  echo 'error: build-wasm: /opt/swift/lib/swift/embedded/wasm32-unknown-none-wasm is missing: "
        "this toolchain has no Embedded Swift for wasm32 (Swift 6.3 or later has it)' >&2; exit 1;;\n"
        "esac\n"
        "echo 'error: not a package here' >&2; exit 1\n")
    (fake / "swift").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    process, base = launch_server(
        "--watch", "--package-path", str(package), "--build-command", "true",
        "--wasm", str(module), "--wasm-product", "AppWasm", binary=binary)
    log = []
    threading.Thread(target=lambda: log.extend(process.stderr), daemon=True).start()
    try:
        view.write_text('let title = "Changed"\n')
        deadline = time.monotonic() + 30
        state = ""
        while "failed" not in state and time.monotonic() < deadline:
            state = last_build_state(base)
        assert "no Embedded Swift for wasm32" in state, state
        assert "swift package build-wasm --product AppWasm --development failed" in state
        # The pages may hear of the failure before the terminal's line is read from the pipe.
        while not any("no Embedded Swift for wasm32" in line for line in log) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any("no Embedded Swift for wasm32" in line for line in log), "".join(log)
        with urllib.request.urlopen(base + "/") as response:  # the old server still serves
            assert "Inventory" in response.read().decode()
    finally:
        stop_server(process)


def test_a_package_whose_products_cannot_be_listed_is_said_with_the_reason(tmp_path, monkeypatch):
    """With --wasm and no --wasm-product, the watcher asks `swift package describe` for the
    product that builds the module; when that fails, the terminal says why (it used to say only
    that no product was found), and the server still starts with the module as it is."""
    package, _, binary, _ = watched_package(tmp_path)
    module = tmp_path / "app.wasm"
    module.write_bytes(b"\0asm\1\0\0\0")  # what the server checks of a module
    fake = tmp_path / "fake-swift"
    fake.mkdir()
    (fake / "swift").write_text("#!/bin/sh\necho 'error: the manifest does not compile' >&2; exit 1\n")
    (fake / "swift").chmod(0o755)
    monkeypatch.setenv("PATH", f"{fake}:{os.environ['PATH']}")
    process, base = launch_server(
        "--watch", "--package-path", str(package), "--build-command", "true", "--wasm", str(module), binary=binary)
    log = []
    threading.Thread(target=lambda: log.extend(process.stderr), daemon=True).start()
    try:
        said = "cannot list the package's products to find the one that builds the module: error: the manifest does not compile"
        deadline = time.monotonic() + 30
        while not any(said in line for line in log) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert any(said in line for line in log), "".join(log)
        with urllib.request.urlopen(base + "/") as response:  # the server serves the module as it is
            assert response.status == 200
    finally:
        stop_server(process)


def last_build_state(base):
    """The last `build` event the watch stream gives a page that opens it now ("" if none yet)."""
    state = ""
    try:
        with urllib.request.urlopen(base + "/_navdom/watch", timeout=1) as stream:
            event = None
            for raw in stream:
                line = raw.decode().rstrip("\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event == "build":
                    state = line[6:]
                    return state
    except OSError:
        pass  # the stream stays open: a read times out after the events it had
    return state
