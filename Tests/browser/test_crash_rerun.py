"""The suites' crash rerun (conftest.py, BrowserDied): a test reruns once when its browser died
under a WebDriver command, in any phase, and never when the browser still answers. Run in a
pytest session of its own (pytester) with fake sessions: no browser is started."""

from pathlib import Path

pytest_plugins = ["pytester"]

HERE = Path(__file__).parent

FAKE_BROWSER_TESTS = '''
import pytest
import browsers
from selenium.common.exceptions import WebDriverException


class Session:
    def __init__(self, alive):
        self.alive = alive

    @property
    def title(self):
        if not self.alive:
            raise WebDriverException("gone")
        return "page"


@pytest.fixture(scope="module")
def driver(request):
    browser = object.__new__(browsers.Relaunching)
    browser._engine = request.param
    browser._session = Session(alive=False)
    browser.relaunch_if_dead = lambda: None
    yield browser


attempts = {"setup": 0, "teardown": 0}


@pytest.fixture
def dies_in_setup_once(driver):
    attempts["setup"] += 1
    if attempts["setup"] == 1:
        raise WebDriverException("")  # WebKitWebDriver's empty answer
    driver._session = Session(alive=True)


@pytest.fixture
def dies_in_teardown_once(driver):
    yield
    attempts["teardown"] += 1
    if attempts["teardown"] == 1:
        driver._session = Session(alive=False)
        raise WebDriverException("Could not parse script result")
    driver._session = Session(alive=True)


def test_dead_in_setup(dies_in_setup_once):
    pass


def test_dead_in_teardown(dies_in_teardown_once):
    pass


def test_failing_on_a_live_browser(driver):
    driver._session = Session(alive=True)
    raise WebDriverException("Could not parse script result")
'''


def test_a_browser_that_died_reruns_the_test_and_a_live_ones_error_is_final(pytester, monkeypatch):
    monkeypatch.setenv("NAVDOM_BROWSERS", "chromium")
    pytester.makeconftest((HERE / "conftest.py").read_text())
    pytester.syspathinsert(HERE)
    pytester.makepyfile(test_fake_browser=FAKE_BROWSER_TESTS)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    # The deaths in setup and in teardown each rerun once and then pass (no error is left);
    # the live browser's error fails at once.
    assert outcomes.get("rerun") == 2
    assert outcomes.get("failed") == 1
    assert "errors" not in outcomes and "error" not in outcomes
    result.stdout.fnmatch_lines(["FAILED *test_failing_on_a_live_browser*"])
