"""Pages that survive what real browsers do to them (issue 29): an extension or a translator
changes the DOM before runtime.js starts (an icon in a row, <font> wrappers around link text,
text added to the heading, a removed row), or removes a node the next patch names; the page
notices, rebuilds itself from the session, and delete, add and push still work.

The change is made engine-agnostically: the page's HTML is fetched and written into a blank
page with its runtime script marked `data-navdom-manual`, the change is made, and only then
does the test call `navdom.autoStart(document)`: the order a content script that runs at
document start, or a translator that runs before the deferred script, gives.
"""

from selenium.webdriver.common.by import By

from conftest import App
from test_dialogs import name_field

FOREIGN = {
    "icon in a row": (
        "const row = document.querySelector('ul.items > li');"
        "const icon = document.createElement('span'); icon.className = 'pm-icon';"
        "row.insertBefore(icon, row.querySelector('a'));"),
    "font wrappers": (
        "document.querySelectorAll('ul.items a').forEach((a) => {"
        "  const outer = document.createElement('font'), inner = document.createElement('font');"
        "  outer.appendChild(inner); inner.appendChild(a.firstChild); a.appendChild(outer); });"),
    "text added to the heading": "document.querySelector('h1').appendChild(document.createTextNode(' (translated)'));",
    "removed row": "document.querySelector('ul.items > li:last-child').remove();",
}


def open_changed(driver, base, path, change):
    """Opens `path` with `change` (JavaScript) made to the server's DOM before the runtime starts."""
    app = App(driver, base)
    driver.get(base + "/no-such-file.txt")  # a blank document of the same origin
    driver.execute_async_script(
        "const [path, done] = arguments;"
        "history.replaceState(null, '', path);"
        "fetch(path).then((r) => r.text()).then((html) => {"
        "  html = html.replace('<script type=\"module\" src=\"/runtime.js\"', '<script type=\"module\" src=\"/runtime.js\" data-navdom-manual');"
        "  document.open(); document.write(html); document.close(); done();"
        "});", path)
    app.wait_for(lambda d: d.execute_script("return !!window.navdom && document.readyState === 'complete'"),
                 "the page and its (manual) runtime to load")
    assert app.js("return window.navdom.nodeById(0) === undefined"), "the runtime started too early"
    app.js(change)
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.navdom.autoStart(document).then(() => window.navdom.idle()).then(() => done(), () => done());")
    app.idle()
    return app


def assert_works(app):
    """Delete a row, add one, push a page: the page is alive."""
    app.click("Delete", within=app.row("Keyboard"))
    app.wait_for_modal("Delete Keyboard?")
    app.click("Delete")
    app.wait_for_no_dialog()
    app.wait_for(lambda d: "Keyboard" not in app.row_names(), "Keyboard to be deleted")

    app.click("Add item")
    dialog = app.wait_for_modal("New item")
    name_field(app, dialog).send_keys("Desk lamp")
    app.idle()
    app.click("Save")
    app.wait_for_no_dialog()
    app.wait_for(lambda d: "Desk lamp" in " ".join(app.row_names()), "the new row")

    app.driver.find_element(By.XPATH, "//ul[contains(@class,'items')]//a[contains(normalize-space(), 'Charger')]").click()
    app.wait_for(lambda d: app.path() == "/items/2", "the item page to be pushed")
    app.idle()


def check_case(driver, server, name):
    app = open_changed(driver, server, "/", FOREIGN[name])
    assert app.path() == "/", "the URL is kept"
    # Rebuilt from the session: the app's own DOM again (translators and extensions redo
    # their work on the new nodes, which is tolerated as any change after hydration is).
    assert app.js("return document.querySelector('#app').dataset.navdomCheck") is not None
    assert not app.js("return !!document.querySelector('#app font, #app .pm-icon')"), "\n".join(e["message"] for e in app.driver.get_log("browser")) if app.chromium else ""
    assert app.visible_heading() == "Inventory"
    assert_works(app)
    if app.chromium:
        logs = app.driver.get_log("browser")
        warnings = [e["message"] for e in logs if "rebuilt the page" in e["message"]]
        assert len(warnings) == 1, f"one warning naming the first difference, got {logs}"
        assert "first difference: main > " in warnings[0]
        errors = [e["message"] for e in logs if e["level"] == "SEVERE" and "no-such-file" not in e["message"]]
        assert not errors, f"console errors: {errors}"


def test_an_icon_inserted_into_a_row_before_hydration(driver, server):
    check_case(driver, server, "icon in a row")


def test_link_text_wrapped_in_font_before_hydration(driver, server):
    check_case(driver, server, "font wrappers")


def test_text_appended_to_the_heading_before_hydration(driver, server):
    check_case(driver, server, "text added to the heading")


def test_a_row_removed_before_hydration(driver, server):
    check_case(driver, server, "removed row")


def test_an_unchanged_page_is_not_rebuilt(driver, server):
    app = open_changed(driver, server, "/", "")
    assert app.js("return window.navdom.nodeById(1) === document.querySelector('#app').firstChild")
    if app.chromium:
        assert not [e for e in app.driver.get_log("browser") if "rebuilt" in e["message"]]
    assert_works(app)


def test_a_patch_that_fails_on_a_removed_node_resyncs_and_the_page_works(app):
    # While the Delete alert is open, an extension removes the Phone row behind the runtime's
    # back; confirming makes the app remove that <li>, a patch the runtime cannot apply: it
    # rebuilds the page from the session instead of leaving it dead.
    app.click("Delete", within=app.row("Phone"))
    app.wait_for_modal("Delete Phone?")
    app.js("document.querySelectorAll('ul.items > li')[2].remove()")
    app.click("Delete")
    app.idle()
    app.wait_for_no_dialog()
    assert app.row_names() == ["Keyboard", "Charger"]
    if app.chromium:
        logs = app.driver.get_log("browser")
        assert [e for e in logs if "rebuilt the page" in e["message"]], logs
        assert not [e for e in logs if e["level"] == "SEVERE"], logs
    assert_works(app)


def test_the_same_changes_after_hydration_are_tolerated_without_a_rebuild(app):
    for name in ("icon in a row", "font wrappers", "text added to the heading"):
        app.js(FOREIGN[name])
    assert_works(app)
    if app.chromium:
        assert not [e for e in app.driver.get_log("browser") if "rebuilt" in e["message"]]
