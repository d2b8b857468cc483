"""Nested dialogs and a stack inside a sheet, in real engines (issue 31): one Escape closes exactly
the top dialog with or without a prior user activation, focus stays in the top modal across a
push and a pop inside its stack, and a dismissal after a deep link never leaves the app.

The pages are static fixtures (Tests/browser/fixtures) served by `navdom serve --public` with
the library's own /runtime.js; Tests/browser/fixtures/fixture-app.js stands in for the app and
answers each event with the patches the Swift runtime sends for the same composition (the Swift
side of these compositions is tested in Tests/NavigationCoreTests/CompositionTests.swift). Each
flow runs with an immediate reply (as the WebAssembly module answers) and a delayed one (a live
server's round trip). Pages are loaded straight at their URL, and only keys are pressed before
the Escape, so the page has no user activation when it arrives (Escape itself gives none).
The last test runs the demo itself (live, or its WebAssembly module with NAVDOM_SERVE_ARGS=--wasm).
"""

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import App, launch_server, stop_server

DELAYS = [0, 150]


@pytest.fixture(scope="module")
def fixtures():
    process, base = launch_server("--public", "Tests/browser/fixtures")
    try:
        yield base
    finally:
        stop_server(process)


@pytest.fixture
def page(driver, fixtures):
    application = App(driver, fixtures)
    yield application
    errors = application.errors()
    assert not errors, f"console errors: {errors}"
    fixture_errors = application.js("return window.fixture ? window.fixture.errors : []")
    assert not fixture_errors, f"the stand-in app saw: {fixture_errors}"


def escape(page):
    ActionChains(page.driver).send_keys(Keys.ESCAPE).perform()


def state(page):
    """The dialogs in the page as [id, open, modal], and the id of the dialog focus is in."""
    return page.js(
        "const modal = (d) => { try { return d.matches(':modal'); } catch (_) { return d.open; } };"
        "const dialogs = Array.from(document.querySelectorAll('dialog'));"
        "const active = document.activeElement;"
        "return {"
        "  dialogs: dialogs.map((d) => [d.id, d.open, modal(d)]),"
        "  focusIn: active && active.closest('dialog') ? active.closest('dialog').id : null,"
        "};"
    )


def events(page):
    """The events sent so far, as 'event #id'."""
    return page.js("return window.fixture.log.map((e) => e.event + ' #' + e.id)")


def dialog_ids(page):
    return page.js("return Array.from(document.querySelectorAll('dialog')).map((d) => navdom.nodeId(d))")


def wait_for_dialogs(page, expected, what):
    """Waits until the page holds exactly the dialogs `expected` (ids), every one open and
    modal, and focus is in no covered dialog (in the top one, or nowhere: a page loaded
    without a user activation may not have focus at all in WebKit)."""

    def settled(_):
        found = state(page)
        return (
            [d[0] for d in found["dialogs"]] == expected
            and all(d[1] and d[2] for d in found["dialogs"])
            and found["focusIn"] in (None, expected[-1] if expected else None)
        )

    page.wait_for(settled, f"{what} (now {state(page)})")
    page.driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.fixture.idle().then(() => requestAnimationFrame(() => setTimeout(done, 0)));"
    )


@pytest.mark.parametrize("delay", DELAYS)
def test_one_escape_after_a_deep_link_closes_only_the_top_of_three_dialogs(page, delay):
    page.open(f"/nested.html?delay={delay}")
    team, invite, confirm = dialog_ids(page)
    wait_for_dialogs(page, ["team", "team-invite", "team-invite-confirm"], "the three dialogs to open")

    escape(page)
    wait_for_dialogs(page, ["team", "team-invite"], "the alert alone to close")
    assert events(page) == [f"cancel #{confirm}"]

    escape(page)
    wait_for_dialogs(page, ["team"], "the invite sheet alone to close")
    assert events(page) == [f"cancel #{confirm}", f"cancel #{invite}"]


@pytest.mark.parametrize("delay", DELAYS)
def test_a_refused_escape_keeps_every_dialog_open_in_order(page, delay):
    page.open(f"/nested.html?delay={delay}&refuse")
    confirm = dialog_ids(page)[2]
    wait_for_dialogs(page, ["team", "team-invite", "team-invite-confirm"], "the three dialogs to open")

    escape(page)
    page.idle()
    wait_for_dialogs(page, ["team", "team-invite", "team-invite-confirm"], "all three to stay open, the alert on top")
    assert events(page) == [f"cancel #{confirm}"]


@pytest.mark.parametrize("delay", DELAYS)
def test_focus_stays_in_the_sheet_across_a_push_and_a_pop_in_its_stack(page, delay):
    page.open(f"/wizard.html?delay={delay}")
    wait_for_dialogs(page, ["wizard"], "the wizard sheet to open")

    page.click("Next")
    page.wait_for(
        lambda _: page.active() == "h2:wizard-page-1-title",
        f"step 2's heading to take focus (focus on {page.active()})",
    )
    assert page.js("return document.activeElement.getAttribute('tabindex')") == "-1"

    page.click("Back")
    page.wait_for(
        lambda _: page.active() == "h2:wizard-title",
        f"the first step's heading to take focus (focus on {page.active()})",
    )
    wait_for_dialogs(page, ["wizard"], "the sheet to stay open")


def test_dismissing_after_a_deep_link_replaces_the_entry_and_back_stays_in_the_app(page):
    page.open("/nested.html?at=projects")  # the app's own entry
    page.open("/nested.html?at=confirm")  # a deep link to three nested dialogs
    wait_for_dialogs(page, ["team", "team-invite", "team-invite-confirm"], "the three dialogs to open")
    length = page.js("return history.length")

    escape(page)
    wait_for_dialogs(page, ["team", "team-invite"], "the alert alone to close")
    page.wait_for(lambda _: page.path() == "/nested.html?at=invite", f"the URL to follow (now {page.path()})")
    assert page.js("return history.length") == length  # replaced, neither pushed nor gone back

    page.driver.back()
    page.wait_for(lambda _: page.path() == "/nested.html?at=projects", f"Back to the app's entry (now {page.path()})")


def test_the_demo_closes_a_sheet_opened_without_user_activation_with_one_escape(app):
    """The demo itself, live or from its WebAssembly module: a sheet opened by a script's click
    (no user activation, as after a deep link), then Escape. Chromium will not let the cancel be
    prevented there; the app hears it once and nothing else (no stale `close`, which a live
    server refuses with a 409 and the module with an error)."""
    app.js("document.querySelector('button.primary').click()")  # a synthetic click: no activation
    dialog = app.wait_for_modal("New item")
    app.wait_for(lambda _: app.js("return document.activeElement.id") == "new-item-name", "focus in the sheet")
    escape(app)
    app.wait_for_no_dialog()
    app.idle()
    assert app.modal() is None
    assert app.row_names() == ["Keyboard", "Charger", "Phone"]
    assert not app.errors()
