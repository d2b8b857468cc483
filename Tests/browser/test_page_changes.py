"""Every page change reaches keyboard and screen-reader users (issue 26), in every engine, live
and --wasm: focus moves to a pushed page's heading and back to the link that pushed it on a pop,
a polite live region announces the new page's title, document.title follows the top-most page
(deep links included), filter edits replace the history entry, and axe-core finds no serious
or critical violation in any state of the demo."""

from selenium.webdriver.common.by import By

from accessibility import assert_accessible


def announced(app):
    return app.js("const r = document.querySelector('.navdom-announcer'); return r ? r.textContent : null")


def test_a_push_focuses_the_new_pages_heading_titles_and_announces_it(app):
    assert announced(app) == "", "nothing is announced on the first load"
    assert app.driver.title == "Inventory"
    app.click("Keyboard")
    app.wait_for_page("Keyboard", "/items/1")
    app.wait_for(lambda d: app.active() == "h1:stack-page-1-title", f"focus on the heading (now {app.active()})")
    assert app.driver.title == "Keyboard"
    assert announced(app) == "Keyboard"


def test_a_pop_returns_focus_to_the_link_that_pushed_the_page(app):
    app.click("Keyboard")
    app.wait_for_page("Keyboard", "/items/1")
    app.click("Edit")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    assert app.driver.title == "Edit Keyboard"
    app.click("Back")
    app.wait_for_page("Keyboard", "/items/1")
    app.wait_for(lambda d: app.active() == "a:Edit", f"focus back on Edit (now {app.active()})")
    assert app.driver.title == "Keyboard"
    assert announced(app) == "Keyboard"
    app.driver.back()  # the browser's Back pops too
    app.wait_for_page("Inventory", "/")
    app.wait_for(lambda d: app.active() == "a:Keyboard", f"focus back on Keyboard (now {app.active()})")
    assert app.driver.title == "Inventory"
    assert announced(app) == "Inventory"


def test_a_deep_link_carries_its_title(app):
    app.open("/items/1/edit/color")
    assert app.driver.title == "Pick a color for Keyboard"
    assert announced(app) == ""


def test_closing_a_dialog_returns_focus_to_its_opener(app):
    app.click("Add item")
    app.wait_for_modal("New item")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.wait_for(lambda d: app.active() == "button:Add item", f"focus back on Add item (now {app.active()})")


def test_typing_in_the_filter_replaces_the_history_entry(app):
    before = app.js("return history.length")
    field = app.driver.find_element(By.ID, "item-filter")
    field.send_keys("cha")
    app.idle()
    app.wait_for(lambda d: app.path() == "/?q=cha", f"the URL /?q=cha (now {app.path()})")
    assert app.js("return history.length") == before, "each keystroke replaced the entry"
    assert app.row_names() == ["Charger"]
    app.click("Charger")
    app.wait_for_page("Charger", "/items/2?q=cha")
    # A page pushes: Back returns to the filtered list. (history.length cannot say so when an
    # earlier test in this tab left a forward entry, which the push replaces.)
    app.js("history.back()")
    app.wait_for(lambda d: app.path() == "/?q=cha", f"Back to /?q=cha (now {app.path()})")


def test_the_demo_has_no_serious_accessibility_violation_in_any_state(app):
    assert_accessible(app, "root")
    for opener, heading in (("Add item", "New item"),):
        app.click(opener)
        app.wait_for_modal(heading)
        assert_accessible(app, f"{heading} sheet")
        app.click("Import instead")
        app.wait_for_modal("Import items")
        assert_accessible(app, "Import items sheet")
        app.click("Cancel")
        app.wait_for_no_dialog()
    app.click("Delete", within=app.row("Phone"))
    app.wait_for(lambda d: app.modal() is not None, "the delete alert")
    assert_accessible(app, "delete alert")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.click("Duplicate", within=app.row("Phone"))
    app.wait_for(lambda d: app.modal() is not None, "the duplicate dialog")
    assert_accessible(app, "duplicate dialog")
    app.click("Cancel")
    app.wait_for_no_dialog()
    app.click("Keyboard")
    app.wait_for_page("Keyboard", "/items/1")
    assert_accessible(app, "a pushed page")
    app.open("/items/1/edit/color")
    assert_accessible(app, "a deep link three levels down")
