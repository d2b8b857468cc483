"""axe-core in the browser: the copy inside the PyPI wheel axe-playwright-python (only its
axe.min.js is used), injected with execute_script, since the page's Content-Security-Policy
refuses a <script> tag that is not its own."""

import importlib.util
from pathlib import Path

import pytest

_source = None


def axe_source():
    global _source
    if _source is None:
        spec = importlib.util.find_spec("axe_playwright_python")
        if spec is None or not spec.submodule_search_locations:
            pytest.fail("no axe-playwright-python (pip install axe-playwright-python)")
        _source = (Path(list(spec.submodule_search_locations)[0]) / "axe.min.js").read_text()
    return _source


def serious_violations(app):
    """axe's serious and critical violations on the page as it is now: "rule: target" lines."""
    if not app.js("return !!window.axe"):
        app.js(axe_source() + "\n;window.axe = window.axe || axe;")
    return app.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.axe.run(document, { resultTypes: ['violations'] }).then("
        "  (result) => done(result.violations"
        "    .filter((v) => v.impact === 'serious' || v.impact === 'critical')"
        "    .map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', '))),"
        "  (error) => done(['axe failed: ' + error]));"
    )


def assert_accessible(app, state):
    violations = serious_violations(app)
    assert not violations, f"{state}: {violations}"
