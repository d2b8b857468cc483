"""A page outlives its server: stopped and started again under a live page, the server no
longer has the page's session, and the next click brings the page back at the same URL in a
new session, with no manual reload."""

from conftest import App, free_port, launch_server, stop_server


def test_a_restarted_server_renews_the_session_at_the_same_url(driver):
    port = str(free_port())
    process, base = launch_server("--port", port)
    try:
        app = App(driver, base).open("/items/1/edit")
        old_session = app.js("return document.querySelector('[data-navdom-session]').dataset.navdomSession")
    finally:
        stop_server(process)

    process, _ = launch_server("--port", port)
    try:
        app.button("Color").click()  # the new server has never heard of this page's session
        app.wait_for(
            lambda d: d.execute_script("return !!document.querySelector('.navdom-notice')"),
            "the page to reload in a new session and say so")
        app.wait_for(
            lambda d: d.execute_script("return !!(window.navdom && window.navdom.nodeById(0))"),
            "the reloaded page to hydrate")
        assert app.js("return location.pathname") == "/items/1/edit"
        new_session = app.js("return document.querySelector('[data-navdom-session]').dataset.navdomSession")
        assert new_session and new_session != old_session
        assert "new session" in app.js("return document.querySelector('.navdom-notice').textContent")

        app.button("Color").click()  # and the renewed session works
        app.idle()
        assert app.js("return location.pathname") == "/items/1/edit/color"
        errors = [e for e in app.errors() if "410" not in e]
        assert not errors, f"console errors: {errors}"
    finally:
        stop_server(process)
