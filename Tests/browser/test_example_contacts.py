"""The example app (Examples/Contacts), a user's app built only on the library's public
products, served by its own executable (`Contacts serve`, AppCommandLine) and driven in the
browser: runtime.js comes with the library, the flows work as the demo's do.

Scripts/test.sh builds the example (its `swift test`) before this runs; CONTACTS_BIN names
another binary."""

import os
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from conftest import REPO, App, launch_server, stop_server


@pytest.fixture()
def contacts(driver):
    binary = Path(os.environ.get("CONTACTS_BIN", REPO / "Examples/Contacts/.build/debug/Contacts"))
    if not binary.exists():
        pytest.fail(f"no Contacts binary at {binary} (cd Examples/Contacts && swift build)")
    process, base = launch_server(binary=binary)
    try:
        yield App(driver, base)
    finally:
        stop_server(process)


def test_the_contacts_example_adds_opens_edits_and_deletes_a_contact(contacts):
    app = contacts.open("/")
    assert app.visible_heading() == "Contacts"

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
