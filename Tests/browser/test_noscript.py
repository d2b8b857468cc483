"""Pages that work without script (docs/NO-SCRIPT.md), in Chromium with JavaScript off: the
demo's "Add item" sheet and its delete alert, and the example's add and delete, by posting
forms to the session (303 to the new state's URL; a cookie brings the visitor back to it).

Live only (a client-side page has no session to post to): deselected with --wasm."""

import os
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import browsers
from conftest import REPO, WAIT, launch_server, stop_server, xpath_string


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium with JavaScript off for every site."""
    driver = browsers.chromium(javascript=False)
    try:
        yield driver
    finally:
        driver.quit()


def visible_button(driver, label, within=None):
    scope = within or driver
    found = scope.find_elements(By.XPATH, f".//button[normalize-space()={xpath_string(label)}]")
    shown = [b for b in found if b.is_displayed()]
    assert len(shown) == 1, f"expected one visible button {label!r}, found {len(shown)}"
    return shown[0]


def open_dialog(driver):
    dialogs = [d for d in driver.find_elements(By.CSS_SELECTOR, "dialog[open]") if d.is_displayed()]
    return dialogs[0] if len(dialogs) == 1 else None


def wait_for(driver, condition, what):
    try:
        # A form post navigates while the condition polls: an element read just before the new
        # page replaced it is stale, which means "not yet", not a failure.
        return WebDriverWait(
            driver, WAIT, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]
        ).until(condition)
    except Exception:
        raise AssertionError(f"timed out waiting for {what} (at {driver.current_url})") from None


def press(driver, element):
    """Clicks `element` once its page has loaded. A click is aimed at where the element is when
    WebDriver looks; a page whose stylesheets are still on their way lays out again when they
    arrive (navdom.css puts a dialog's buttons in a row), and the click then lands beside the
    button and does nothing. (WebDriver's scripts run with the page's JavaScript off.)"""
    wait_for(driver, lambda d: d.execute_script("return document.readyState") == "complete", "the page to load")
    element.click()


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def assert_script_is_off(driver):
    # runtime.js opens every open dialog with showModal(); without it the dialog is only open.
    assert driver.find_elements(By.CSS_SELECTOR, "dialog[open]")
    assert not driver.find_elements(By.CSS_SELECTOR, "dialog:modal"), "script ran"


@pytest.fixture(scope="module")
def demo():
    process, base = launch_server()
    try:
        yield base
    finally:
        stop_server(process)


def test_the_demos_add_item_sheet_and_delete_alert_work_without_script(browser, demo):
    browser.delete_all_cookies()
    browser.get(demo + "/")
    press(browser, visible_button(browser, "Add item"))
    sheet = wait_for(browser, lambda d: open_dialog(d), "the New item sheet")
    assert "New item" in sheet.text
    assert_script_is_off(browser)
    sheet.find_element(By.ID, "new-item-name").send_keys("Desk lamp")
    press(browser, visible_button(browser, "Save", sheet))
    wait_for(browser, lambda d: "Desk lamp" in main_text(d) and not open_dialog(d), "Desk lamp in the list")
    assert browser.current_url == demo + "/"

    press(browser, browser.find_element(By.CSS_SELECTOR, "button[aria-label='Delete Desk lamp']"))
    alert = wait_for(browser, lambda d: open_dialog(d), "the delete alert")
    assert alert.get_attribute("role") == "alertdialog"
    assert_script_is_off(browser)
    press(browser, visible_button(browser, "Delete", alert))
    wait_for(browser, lambda d: not open_dialog(d), "the alert to go")
    assert "Desk lamp" not in main_text(browser)
    assert "Keyboard" in main_text(browser)


def test_a_pushed_page_and_its_back_button_work_without_script(browser, demo):
    browser.delete_all_cookies()
    browser.get(demo + "/")
    press(browser, browser.find_element(By.LINK_TEXT, "Keyboard"))  # a real link: the server renders it
    wait_for(browser, lambda d: d.current_url == demo + "/items/1", "the item's page")
    # With routes, Back is a link to the parent's URL: it needs no script at all.
    press(browser, browser.find_element(By.CSS_SELECTOR, "a.navigation-back"))
    wait_for(browser, lambda d: d.current_url == demo + "/", "the list again")


@pytest.fixture(scope="module")
def contacts():
    binary = Path(os.environ.get("CONTACTS_BIN", REPO / "Examples/Contacts/.build/debug/Contacts"))
    if not binary.exists():
        pytest.fail(f"no Contacts binary at {binary} (cd Examples/Contacts && swift build)")
    process, base = launch_server(binary=binary)
    try:
        yield base
    finally:
        stop_server(process)


def test_the_examples_forms_work_without_script(browser, contacts):
    browser.delete_all_cookies()
    browser.get(contacts + "/")
    press(browser, visible_button(browser, "Add contact"))
    sheet = wait_for(browser, lambda d: open_dialog(d), "the Add contact sheet")
    assert_script_is_off(browser)
    sheet.find_element(By.ID, "new-contact-name").send_keys("Katherine Johnson")
    sheet.find_element(By.ID, "new-contact-email").send_keys("kj@example.com")
    press(browser, visible_button(browser, "Save", sheet))
    wait_for(browser, lambda d: "Katherine Johnson" in main_text(d) and not open_dialog(d), "the new contact")

    press(browser, browser.find_element(By.LINK_TEXT, "Grace Hopper"))  # with routes, a real link
    wait_for(browser, lambda d: d.current_url == contacts + "/contacts/2", "Grace Hopper's page")
    press(browser, visible_button(browser, "Delete contact"))
    alert = wait_for(browser, lambda d: open_dialog(d), "the delete alert")
    press(browser, visible_button(browser, "Delete", alert))
    wait_for(browser, lambda d: d.current_url == contacts + "/", "the list again")
    assert "Grace Hopper" not in main_text(browser)
    assert "Katherine Johnson" in main_text(browser)
