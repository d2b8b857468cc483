"""The example app (Examples/Contacts), a user's app built only on the library's public
products, served by its own executable (`Contacts serve`, AppCommandLine) and driven in the
browser: runtime.js comes with the library, the flows work as the demo's do.

With NAVDOM_SERVE_ARGS=--wasm the same flow runs client-side: `Contacts serve --wasm MODULE`,
the module built from the example's ContactsWasm product by navdom's build-wasm plugin.

Scripts/test.sh builds the example (its `swift test`) and its module before this runs;
CONTACTS_BIN and CONTACTS_WASM name others."""

import pytest
from selenium.webdriver.common.by import By

from conftest import WASM_MODE, App, launch_example, stop_server


@pytest.fixture()
def contacts(driver):
    process, base = launch_example("Contacts")
    try:
        yield App(driver, base)
    finally:
        stop_server(process)


def runs_client_side(app):
    """Whether the page runs from the WebAssembly module (no live session)."""
    return app.js("return !!document.querySelector('[data-navdom-wasm]') && !document.querySelector('[data-navdom-session]')")


def test_the_contacts_example_adds_opens_edits_and_deletes_a_contact(contacts):
    app = contacts.open("/")
    assert app.visible_heading() == "Contacts"
    assert runs_client_side(app) == WASM_MODE

    app.click("Add contact")
    sheet = app.wait_for_modal("Add contact")
    name = sheet.find_element(By.CSS_SELECTOR, "input[type=text]")
    name.send_keys("Katherine Johnson")
    app.idle()
    app.click("Save")
    app.wait_for_no_dialog()
    app.wait_for(
        lambda d: "Katherine Johnson" in d.find_element(By.TAG_NAME, "main").text, "the new contact in the list")

    app.click("Grace Hopper")
    app.wait_for_page("Grace Hopper", "/contacts/2")
    app.click("Edit")
    app.wait_for(lambda d: app.path() == "/contacts/2/edit", "the edit page's URL")
    app.driver.back()  # the browser's Back pops the editor
    app.wait_for_page("Grace Hopper", "/contacts/2")

    app.click("Delete contact")
    app.wait_for(lambda d: app.modal() is not None, "the delete alert")
    app.click("Delete")
    app.wait_for_no_dialog()
    app.wait_for(lambda d: app.path() == "/", "the list again")
    assert "Grace Hopper" not in app.driver.find_element(By.TAG_NAME, "main").text
    assert not app.errors(), app.errors()


def test_the_contacts_example_opens_a_deep_link_and_shares_from_a_dialog(contacts):
    # A deep link to the drill-down: the edit page over the contact's page, from the first paint.
    app = contacts.open("/contacts/2/edit")
    assert app.visible_heading() == "Edit Grace Hopper"
    assert runs_client_side(app) == WASM_MODE
    app.click("Cancel")  # pops the edit page, never pushes
    app.wait_for_page("Grace Hopper", "/contacts/2")

    app.click("Share…")
    app.wait_for(lambda d: app.modal() is not None, "the share dialog")
    app.click("Message")
    app.wait_for_no_dialog()
    app.wait_for(
        lambda d: "Shared Grace Hopper by message." in d.find_element(By.TAG_NAME, "main").text, "the share's note")
    assert app.path() == "/contacts/2"
    assert not app.errors(), app.errors()


def test_the_contacts_examples_links_are_real_links_and_its_pages_are_titled(contacts):
    app = contacts.open("/")
    link = app.button("Grace Hopper")
    assert link.tag_name == "a" and link.get_attribute("href").endswith("/contacts/2")
    assert app.driver.title == "Contacts"
    app.click("Add contact")
    app.wait_for_modal("Add contact")
    app.wait_for(lambda d: app.path() == "/add", "the sheet's own URL")
    assert app.driver.title == "Add contact"
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.click("Grace Hopper")
    app.wait_for_page("Grace Hopper", "/contacts/2")
    assert app.driver.title == "Grace Hopper"
    app.wait_for(lambda d: app.active() == "h1:" + app.js(
        "return document.querySelector('section.navigation-page:not([hidden]) h1').id"), "focus on the heading")
    back = app.button("Back")
    assert back.tag_name == "a" and back.get_attribute("href").endswith("/")
    back.click()
    app.wait_for_page("Contacts", "/")
    app.wait_for(lambda d: app.active() == "a:Grace Hopper", f"focus back on the link (now {app.active()})")
    app.open("/contacts/2/edit")
    assert app.driver.title == "Edit Grace Hopper"
    assert not app.errors(), app.errors()


def test_the_contacts_example_has_no_serious_accessibility_violation_in_any_state(contacts):
    from accessibility import assert_accessible

    app = contacts.open("/")
    assert_accessible(app, "list")
    app.click("Add contact")
    app.wait_for_modal("Add contact")
    assert_accessible(app, "add sheet")
    app.click("Cancel")
    app.wait_for_no_dialog()
    row = app.driver.find_element(By.XPATH, "//li[contains(@class,'contact')][.//a[normalize-space()='Ada Lovelace']]")
    app.click("Delete", within=row)
    app.wait_for(lambda d: app.modal() is not None, "the delete alert")
    assert_accessible(app, "delete alert")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.click("Grace Hopper")
    app.wait_for_page("Grace Hopper", "/contacts/2")
    assert_accessible(app, "a contact's page")
    app.click("Share…")
    app.wait_for(lambda d: app.modal() is not None, "the share dialog")
    assert_accessible(app, "share dialog")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.open("/contacts/2/edit")
    assert_accessible(app, "a deep link to the edit page")
