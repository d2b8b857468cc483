"""Feedback while an event is in flight (docs/RUNTIME.md): the element whose event is pending
carries data-navdom-pending until its reply is applied. The delay is simulated: by runtime.js's
switch (navdom.enableLatencySim, live and client-side alike) and by `serve --latency` (live)."""

import pytest

from conftest import App, launch_server, stop_server

DELAY_MS = 800  # long enough that the check right after the click always falls inside it


def pending(app, element):
    return app.js("return arguments[0].getAttribute('data-navdom-pending')", element)


def test_a_clicked_button_is_pending_during_a_simulated_delay_and_not_after(app):
    app.js(f"navdom.enableLatencySim({DELAY_MS})")
    try:
        button = app.button("Add item")
        button.click()
        assert pending(app, button) == "click"
        app.wait_for_modal("New item")
        app.idle()
        assert pending(app, button) is None
    finally:
        app.js("navdom.disableLatencySim()")


@pytest.fixture(scope="module")
def slow_server():
    process, base = launch_server("--latency", f"{DELAY_MS}ms")
    try:
        yield base
    finally:
        stop_server(process)


def test_serve_latency_delays_each_event_and_the_button_shows_it_pending(driver, slow_server):
    app = App(driver, slow_server).open("/")
    button = app.button("Add item")
    button.click()
    assert pending(app, button) == "click"
    assert app.modal() is None, "the reply came before the simulated delay"
    app.wait_for_modal("New item")
    app.idle()
    assert pending(app, button) is None
    assert not app.errors(), app.errors()
