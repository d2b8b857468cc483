"""Form input survives a server restart (issue 29): a visitor types into the Contacts example's
edit page (/contacts/2/edit), or the demo's "Add item" sheet (/new), the server restarts, they
type on; the page reloads at the same URL in a new session, the sheet is open again, and what
they typed is still in the fields and in the app (Save keeps it). A password is never kept
(docs/RUNTIME.md, "Form recovery")."""

import os
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, App, free_port, launch_server, stop_server

CONTACTS = Path(os.environ.get("CONTACTS_BIN", REPO / "Examples/Contacts/.build/debug/Contacts"))


def wait_for_renewed_page(app):
    """Waits for the page to reload in a new session (saying so) and hydrate again."""
    app.wait_for(
        lambda d: d.execute_script("return !!document.querySelector('.navdom-notice')"),
        "the page to reload in a new session and say so")
    app.wait_for(
        lambda d: d.execute_script("return !!(window.navdom && window.navdom.nodeById(0))"),
        "the reloaded page to hydrate")
    app.idle()


def test_typed_text_survives_a_server_restart(driver):
    if not CONTACTS.exists():
        pytest.fail(f"no Contacts binary at {CONTACTS} (cd Examples/Contacts && swift build)")
    port = str(free_port())
    process, base = launch_server("--port", port, binary=CONTACTS)
    try:
        app = App(driver, base).open("/contacts/2/edit")
        name = driver.find_element(By.ID, "edit-contact-name")
        name.send_keys(" Jr")
        email = driver.find_element(By.ID, "edit-contact-email")
        email.clear()
        email.send_keys("grace@navy.mil")
        app.idle()
        # (WebKit's WebDriver replaces a field's text where Chromium's appends: read what is there.)
        typed = name.get_property("value")
        assert typed.endswith(" Jr")
    finally:
        stop_server(process)

    process, _ = launch_server("--port", port, binary=CONTACTS)
    try:
        name.send_keys(".")  # the new server has never heard of this session: 410, reload
        wait_for_renewed_page(app)
        assert app.path() == "/contacts/2/edit"
        assert driver.find_element(By.ID, "edit-contact-name").get_attribute("value") == typed + "."
        assert driver.find_element(By.ID, "edit-contact-email").get_attribute("value") == "grace@navy.mil"
        # The new session heard the values: Save stores them.
        app.click("Save")
        app.wait_for(lambda d: app.path() == "/contacts/2", "the contact's page after Save")
        app.wait_for(lambda d: typed + "." in d.find_element(By.TAG_NAME, "main").text,
                     "the saved name on the contact's page")
        errors = [e for e in app.errors() if "410" not in e]
        assert not errors, f"console errors: {errors}"
    finally:
        stop_server(process)


def test_text_typed_into_the_demos_add_item_sheet_survives_a_server_restart(driver):
    port = str(free_port())
    process, base = launch_server("--port", port)
    try:
        app = App(driver, base).open("/")
        app.click("Add item")
        app.wait_for(lambda d: app.path() == "/new", f"the sheet's URL /new (now {app.path()})")
        name = driver.find_element(By.ID, "new-item-name")
        name.send_keys("Desk lamp")
        app.idle()
        typed = name.get_property("value")
        assert typed.endswith("Desk lamp")
    finally:
        stop_server(process)

    process, _ = launch_server("--port", port)
    try:
        name.send_keys("s")  # the new server has never heard of this session: 410, reload at /new
        wait_for_renewed_page(app)
        assert app.path() == "/new"
        assert driver.find_element(By.ID, "new-item-name").get_attribute("value") == typed + "s"
        app.click("Save")
        app.wait_for(lambda d: app.path() == "/", "the list after Save")
        app.wait_for(lambda d: typed + "s" in app.row_names(), "the new item in the list")
        errors = [e for e in app.errors() if "410" not in e]
        assert not errors, f"console errors: {errors}"
    finally:
        stop_server(process)
