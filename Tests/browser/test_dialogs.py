"""The dialogs: "Add item" (sheet), "Import items", the Delete alert and the Duplicate confirmation."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ITEMS = ["Keyboard", "Charger", "Phone"]


def open_add_item(app):
    app.click("Add item")
    return app.wait_for_modal("New item")


def name_field(app, dialog):
    """The text field labelled "Name", found through its <label>."""
    labels = [l for l in dialog.find_elements(By.TAG_NAME, "label") if l.text == "Name"]
    assert len(labels) == 1, "no <label> Name in the dialog"
    field = app.js("return arguments[0].control", labels[0])
    assert field is not None, "the Name label labels no control"
    assert field.tag_name == "input" and field.get_attribute("type") == "text"
    return field


def press_escape(app):
    app.driver.switch_to.active_element.send_keys(Keys.ESCAPE)


def assert_modal(app, dialog):
    assert app.js("return arguments[0].open", dialog) is True
    assert app.js("return document.querySelector('dialog:modal') === arguments[0]", dialog)
    assert len(app.dialogs()) == 1, "more than one dialog in the DOM"


# --- Add item ------------------------------------------------------------------------------


def test_add_item_opens_a_modal_sheet(app):
    dialog = open_add_item(app)
    assert_modal(app, dialog)
    assert dialog.find_element(By.TAG_NAME, "h2").text == "New item"
    name_field(app, dialog)
    assert [b.text for b in dialog.find_elements(By.TAG_NAME, "button")] == ["Save", "Cancel", "Import instead"]
    # Modal: the page behind is inert, so a click on a row's name reaches the dialog's backdrop.
    hit = app.js(
        "const r = document.querySelector('.items .navigation-link').getBoundingClientRect();"
        "return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).localName")
    assert hit == "dialog"
    app.screenshot("02-dialog-new-item")


def test_save_adds_the_item_and_closes(app):
    dialog = open_add_item(app)
    field = name_field(app, dialog)
    field.send_keys("Mouse")
    app.click("Save")
    app.wait_for_no_dialog()
    assert app.row_names() == ITEMS + ["Mouse"]


def test_cancel_closes_and_adds_nothing(app):
    dialog = open_add_item(app)
    name_field(app, dialog).send_keys("Never")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.idle()
    assert app.row_names() == ITEMS


def test_escape_closes_and_adds_nothing(app):
    dialog = open_add_item(app)
    name_field(app, dialog).send_keys("Never")
    press_escape(app)
    app.wait_for_no_dialog()
    app.idle()
    assert app.row_names() == ITEMS
    assert app.modal() is None


def test_import_instead_switches_to_one_import_dialog(app):
    open_add_item(app)
    app.click("Import instead")
    dialog = app.wait_for_modal("Import items")
    assert_modal(app, dialog)
    assert dialog.find_element(By.TAG_NAME, "h2").text == "Import items"
    # The switch is one state change: "New item" is gone, never two dialogs at once.
    headings = app.js("return Array.from(document.querySelectorAll('dialog h2'), h => h.textContent)")
    assert headings == ["Import items"]
    app.screenshot("03-dialog-import-items")
    app.click("Cancel")
    app.wait_for_no_dialog()
    assert app.row_names() == ITEMS


def test_only_one_dialog_is_ever_in_the_dom(app):
    # Watches every DOM mutation while switching dialogs: never two <dialog> elements at once.
    app.js(
        "window.__maxDialogs = 0;"
        "new MutationObserver(() => { window.__maxDialogs = Math.max(window.__maxDialogs,"
        " document.querySelectorAll('dialog').length); })"
        ".observe(document.body, {childList: true, subtree: true});"
    )
    open_add_item(app)
    app.click("Import instead")
    app.wait_for_modal("Import items")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.click("Delete", within=app.row("Phone"))
    app.wait_for_modal("Delete Phone?")
    press_escape(app)
    app.wait_for_no_dialog()
    assert app.js("return window.__maxDialogs") == 1


# --- Delete (alert) ------------------------------------------------------------------------


def open_delete(app, name="Keyboard"):
    app.click("Delete", within=app.row(name))
    return app.wait_for_modal(f"Delete {name}?")


def test_delete_opens_an_alert(app):
    dialog = open_delete(app)
    assert_modal(app, dialog)
    assert dialog.get_attribute("role") == "alertdialog"
    assert dialog.find_element(By.TAG_NAME, "h2").text == "Delete Keyboard?"
    described = app.js(
        "const id = arguments[0].getAttribute('aria-describedby');"
        "return id && document.getElementById(id).textContent", dialog)
    assert described == "This cannot be undone."
    assert "This cannot be undone." in dialog.text
    buttons = dialog.find_elements(By.TAG_NAME, "button")
    assert [b.text for b in buttons] == ["Delete", "Cancel"]
    assert buttons[0].get_attribute("data-role") == "destructive"
    assert buttons[1].get_attribute("data-role") == "cancel"
    app.screenshot("04-alert-delete")


def test_delete_removes_the_row(app):
    open_delete(app)
    app.click("Delete")
    app.wait_for_no_dialog()
    assert app.row_names() == ["Charger", "Phone"]


def test_delete_cancel_keeps_the_row(app):
    open_delete(app)
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.idle()
    assert app.row_names() == ITEMS


def test_delete_escape_keeps_the_row(app):
    open_delete(app)
    press_escape(app)
    app.wait_for_no_dialog()
    app.idle()
    assert app.row_names() == ITEMS


def test_delete_names_the_row(app):
    open_delete(app, "Charger")
    app.click("Delete")
    app.wait_for_no_dialog()
    assert app.row_names() == ["Keyboard", "Phone"]


# --- Duplicate (confirmation dialog) -------------------------------------------------------


def test_duplicate_asks_then_adds_a_copy(app):
    app.click("Duplicate", within=app.row("Keyboard"))
    dialog = app.wait_for_modal("Duplicate Keyboard?")
    assert_modal(app, dialog)
    assert dialog.find_element(By.TAG_NAME, "h2").text == "Duplicate Keyboard?"
    assert [b.text for b in dialog.find_elements(By.TAG_NAME, "button")] == ["Duplicate", "Cancel"]
    app.screenshot("05-confirmation-duplicate")
    app.click("Duplicate")
    app.wait_for_no_dialog()
    assert app.row_names() == ITEMS + ["Keyboard copy"]
    copy = app.row("Keyboard copy").find_element(By.CSS_SELECTOR, ".color-name").text
    assert copy == "Blue"


def test_duplicate_cancel_adds_nothing(app):
    app.click("Duplicate", within=app.row("Keyboard"))
    app.wait_for_modal("Duplicate Keyboard?")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.idle()
    assert app.row_names() == ITEMS


# --- Focus ---------------------------------------------------------------------------------


def focus_is_inside(app, dialog):
    return app.js("return arguments[0].contains(document.activeElement)", dialog)


def test_focus_moves_into_the_sheet_and_back_to_add_item(app):
    dialog = open_add_item(app)
    app.wait_for(lambda d: focus_is_inside(app, dialog), "focus inside the dialog")
    assert app.active() == "input:new-item-name"  # the autofocus field
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.wait_for(lambda d: app.active() == "button:Add item", f"focus back on Add item (is {app.active()})")


def test_focus_returns_after_save_and_escape(app):
    dialog = open_add_item(app)
    name_field(app, dialog).send_keys("Lamp")
    app.click("Save")
    app.wait_for_no_dialog()
    app.wait_for(lambda d: app.active() == "button:Add item", f"focus back on Add item after Save (is {app.active()})")
    open_add_item(app)
    press_escape(app)
    app.wait_for_no_dialog()
    app.wait_for(lambda d: app.active() == "button:Add item", f"focus back on Add item after Escape (is {app.active()})")


def test_focus_returns_to_add_item_from_the_import_dialog(app):
    open_add_item(app)
    app.click("Import instead")
    dialog = app.wait_for_modal("Import items")
    app.wait_for(lambda d: focus_is_inside(app, dialog), "focus inside the import dialog")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.wait_for(lambda d: app.active() == "button:Add item", f"focus back on Add item (is {app.active()})")


def test_focus_moves_into_the_alert_and_back_to_its_delete_button(app):
    trigger = app.row("Phone").find_element(By.XPATH, ".//button[normalize-space()='Delete']")
    dialog = open_delete(app, "Phone")
    app.wait_for(lambda d: focus_is_inside(app, dialog), "focus inside the alert")
    press_escape(app)
    app.wait_for_no_dialog()
    app.wait_for(
        lambda d: d.execute_script("return document.activeElement === arguments[0]", trigger),
        f"focus back on Phone's Delete button (is {app.active()})",
    )


def test_focus_moves_into_the_confirmation_and_back_to_its_duplicate_button(app):
    trigger = app.row("Charger").find_element(By.XPATH, ".//button[normalize-space()='Duplicate']")
    trigger.click()
    dialog = app.wait_for_modal("Duplicate Charger?")
    app.wait_for(lambda d: focus_is_inside(app, dialog), "focus inside the confirmation dialog")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.wait_for(
        lambda d: d.execute_script("return document.activeElement === arguments[0]", trigger),
        f"focus back on Charger's Duplicate button (is {app.active()})",
    )
