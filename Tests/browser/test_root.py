"""The root page: server-rendered (works without JavaScript), hydrated, and live."""

import urllib.error
import urllib.request
from html.parser import HTMLParser

from selenium.webdriver.common.by import By

ITEMS = ["Keyboard", "Charger", "Phone"]


class Outline(HTMLParser):
    """Collects, from raw HTML, the h1 texts, the buttons' texts and the list rows' texts."""

    def __init__(self):
        super().__init__()
        self.stack = []
        self.h1 = []
        self.buttons = []
        self.rows = []
        self.scripts = []

    def handle_starttag(self, tag, attrs):
        self.stack.append(tag)
        if tag in ("h1", "button", "li"):
            getattr(self, {"h1": "h1", "button": "buttons", "li": "rows"}[tag]).append("")
        if tag == "script":
            self.scripts.append(dict(attrs).get("src"))

    def handle_endtag(self, tag):
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, data):
        for tag, bucket in (("h1", self.h1), ("button", self.buttons), ("li", self.rows)):
            if tag in self.stack:
                bucket[-1] += data


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, response.headers, response.read().decode("utf-8")


def test_first_paint_needs_no_javascript(server):
    status, headers, html = fetch(server + "/")
    assert status == 200
    assert headers.get_content_type() == "text/html"
    assert html.startswith("<!DOCTYPE html>")
    outline = Outline()
    outline.feed(html)
    assert outline.h1 == ["Inventory"]
    assert "Add item" in outline.buttons
    for name in ITEMS:
        row = [text for text in outline.rows if text.startswith(name)]
        assert row, f"no row for {name} in the server's HTML"
    assert outline.buttons.count("Delete") == 3
    assert outline.buttons.count("Duplicate") == 3
    assert "/runtime.js" in outline.scripts
    assert '<link rel="stylesheet" href="/app.css">' in html


def test_first_paint_of_a_deep_link_needs_no_javascript(server):
    _, _, html = fetch(server + "/items/1/edit/color")
    outline = Outline()
    outline.feed(html)
    # All three pages and the root are in the document; only the top one is shown (hidden on the others).
    assert outline.h1 == ["Inventory", "Keyboard", "Edit Keyboard", "Pick a color"]
    for color in ("Red", "Green", "Blue", "Yellow"):
        assert color in outline.buttons


def test_root_page_in_the_browser(app):
    assert app.driver.title == "Inventory"
    assert app.visible_heading() == "Inventory"
    assert app.row_names() == ITEMS
    for name in ITEMS:
        row = app.row(name)
        # The name is a real link to the item's page; the actions are buttons.
        link = row.find_element(By.CSS_SELECTOR, "a.navigation-link")
        assert link.text == name and link.get_attribute("href").endswith("/items/%d" % (ITEMS.index(name) + 1))
        assert [b.text for b in row.find_elements(By.TAG_NAME, "button")] == ["Duplicate", "Delete"]
    add = app.button("Add item")
    assert add.tag_name == "button"
    # "Add item" sits above the list.
    assert add.location["y"] < app.row("Keyboard").location["y"]
    colors = {name: app.row(name).find_element(By.CSS_SELECTOR, ".color-name").text for name in ITEMS}
    assert colors == {"Keyboard": "Blue", "Charger": "Yellow", "Phone": "Green"}
    app.screenshot("01-root")


def test_every_control_is_a_real_button_or_link(app):
    clickable = app.js(
        "return Array.from(document.querySelectorAll('#app *'))"
        ".filter(e => window.getComputedStyle(e).cursor === 'pointer')"
        ".map(e => e.localName)"
    )
    assert clickable and set(clickable) <= {"button", "a"}


def test_the_page_subscribes_to_server_pushed_updates(app):
    streams = app.wait_for(
        lambda d: d.execute_script(
            "return window.__navdomProbe.streams.map(s => ({url: s.url, state: s.readyState}))"
        ),
        "an EventSource",
    )
    assert len(streams) == 1
    session = app.js("return document.getElementById('app').dataset.navdomSession")
    assert streams[0]["url"] == f"{app.base}/_navdom/stream?session={session}"
    # OPEN (1): the server accepted the session's stream and keeps it open.
    app.wait_for(
        lambda d: d.execute_script("return window.__navdomProbe.streams[0].readyState") == 1,
        "the stream to be open",
    )


def test_each_page_load_is_its_own_session(app, driver):
    first = app.js("return document.getElementById('app').dataset.navdomSession")
    app.click("Delete", within=app.row("Keyboard"))
    app.wait_for_modal("Delete Keyboard?")
    app.click("Delete")
    app.wait_for_no_dialog()
    assert app.row_names() == ["Charger", "Phone"]
    app.open("/")
    assert app.js("return document.getElementById('app').dataset.navdomSession") != first
    assert app.row_names() == ITEMS


def test_unknown_urls_are_404(server):
    for path in ("/nope", "/items/99", "/items/1/colour", "/items/abc"):
        try:
            fetch(server + path)
        except urllib.error.HTTPError as error:
            assert error.code == 404, path
        else:
            raise AssertionError(f"{path} did not answer 404")


def test_unknown_url_in_the_browser_is_a_404_page(driver, server):
    driver.get(server + "/items/1/nothing")
    status = driver.execute_script(
        "return performance.getEntriesByType('navigation')[0].responseStatus"
    )
    if status is None:
        # WebKit's navigation timing has no responseStatus: ask for the same URL again.
        status = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(location.href).then((r) => done(r.status), () => done(null));")
    assert status == 404
