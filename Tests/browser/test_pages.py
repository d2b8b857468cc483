"""The navigation stack: item page, editor, color picker; the URL, back and forward; deep links."""

from selenium.webdriver.common.by import By


def visible_pages(app):
    """The headings of the stack's pages that are shown (the others are hidden)."""
    return app.js(
        "return Array.from(document.querySelectorAll('.navigation-stack > section'))"
        ".filter(s => !s.hidden && s.getClientRects().length)"
        ".map(s => s.querySelector('h1').textContent)"
    )


def hidden_pages(app):
    return app.js(
        "return Array.from(document.querySelectorAll('.navigation-stack > section'))"
        ".filter(s => s.hidden).map(s => s.querySelector('h1').textContent)"
    )


def shown_color(app):
    details = [e.text for e in app.driver.find_elements(By.CSS_SELECTOR, ".detail") if e.is_displayed()]
    assert len(details) == 1, details
    return details[0]


def history_length(app):
    return app.js("return history.length")


def drill_down(app):
    app.click("Keyboard")
    app.wait_for_page("Keyboard", "/items/1")
    app.click("Edit")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    app.click("Color")
    app.wait_for_page("Pick a color", "/items/1/edit/color")


def test_item_edit_and_color_pages_are_pushed(app):
    start = history_length(app)

    app.click("Keyboard")
    app.wait_for_page("Keyboard", "/items/1")
    assert shown_color(app) == "Color: Blue"
    assert visible_pages(app) == ["Keyboard"]
    assert hidden_pages(app) == ["Inventory"]
    app.screenshot("06-page-item")

    app.click("Edit")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    assert shown_color(app) == "Color: Blue"
    app.screenshot("07-page-edit")

    app.click("Color")
    app.wait_for_page("Pick a color", "/items/1/edit/color")
    assert [b.text for b in app.driver.find_elements(By.CSS_SELECTOR, ".color-choices button")] == [
        "Red", "Green", "Blue", "Yellow"]
    assert visible_pages(app) == ["Pick a color"]
    assert hidden_pages(app) == ["Inventory", "Keyboard", "Edit Keyboard"]
    app.screenshot("08-page-pick-a-color")
    assert history_length(app) == start + 3


def test_choosing_a_color_pops_back_to_the_editor(app):
    drill_down(app)
    app.click("Red")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    assert shown_color(app) == "Color: Red"
    assert visible_pages(app) == ["Edit Keyboard"]
    assert hidden_pages(app) == ["Inventory", "Keyboard"]
    app.screenshot("09-page-edit-after-red")


def test_browser_back_and_forward_move_through_the_stack(app):
    drill_down(app)
    # Back through the stack: the URL and the page follow.
    app.driver.back()
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    app.driver.back()
    app.wait_for_page("Keyboard", "/items/1")
    app.driver.back()
    app.wait_for_page("Inventory", "/")
    assert app.row_names() == ["Keyboard", "Charger", "Phone"]
    # And forward again, three levels.
    app.driver.forward()
    app.wait_for_page("Keyboard", "/items/1")
    app.driver.forward()
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    app.driver.forward()
    app.wait_for_page("Pick a color", "/items/1/edit/color")
    # The page reached by forward is live.
    app.click("Yellow")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    assert shown_color(app) == "Color: Yellow"


def test_browser_back_after_choosing_a_color_goes_to_the_item_page(app):
    # The stack after "Red" is [Keyboard, Edit Keyboard]: one back is the item page, not the
    # color picker that was popped.
    drill_down(app)
    app.click("Red")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    app.driver.back()
    app.wait_for_page("Keyboard", "/items/1")
    assert shown_color(app) == "Color: Red"
    app.driver.back()
    app.wait_for_page("Inventory", "/")
    assert app.row("Keyboard").find_element(By.CSS_SELECTOR, ".color-name").text == "Red"
    app.driver.forward()
    app.wait_for_page("Keyboard", "/items/1")


def test_back_buttons_on_the_pages_pop_the_stack(app):
    app.click("Charger")
    app.wait_for_page("Charger", "/items/2")
    assert shown_color(app) == "Color: Yellow"
    app.click("Edit")
    app.wait_for_page("Edit Charger", "/items/2/edit")
    app.click("Back")
    app.wait_for_page("Charger", "/items/2")
    app.click("Back")
    app.wait_for_page("Inventory", "/")


def test_the_session_keeps_working_after_browser_back(app):
    app.click("Phone")
    app.wait_for_page("Phone", "/items/3")
    app.driver.back()
    app.wait_for_page("Inventory", "/")
    # The session still answers after a popstate: a dialog opens and closes.
    app.click("Add item")
    app.wait_for_modal("New item")
    app.click("Cancel")
    app.wait_for_no_dialog()


def test_deep_link_three_levels(app):
    app.open("/items/1/edit/color")
    assert app.visible_heading() == "Pick a color"
    assert visible_pages(app) == ["Pick a color"]
    assert hidden_pages(app) == ["Inventory", "Keyboard", "Edit Keyboard"]
    app.screenshot("10-deep-link-pick-a-color")
    # The deep link is live: choosing a color pops to the editor.
    app.click("Green")
    app.wait_for_page("Edit Keyboard", "/items/1/edit")
    assert shown_color(app) == "Color: Green"


def test_deep_link_to_an_item(app):
    app.open("/items/2")
    assert app.visible_heading() == "Charger"
    assert shown_color(app) == "Color: Yellow"
    assert hidden_pages(app) == ["Inventory"]
    app.screenshot("11-deep-link-charger")


def test_a_deep_link_is_live_and_back_returns_to_it(app):
    app.open("/")
    app.open("/items/1/edit")
    assert app.visible_heading() == "Edit Keyboard"
    app.click("Color")
    app.wait_for_page("Pick a color", "/items/1/edit/color")
    app.driver.back()
    app.wait_for_page("Edit Keyboard", "/items/1/edit")


def test_item_names_are_links_that_push_in_the_page(app):
    app.js("window.__samePage = true")
    link = app.row("Keyboard").find_element(By.CSS_SELECTOR, "a.navigation-link")
    assert link.get_attribute("href").endswith("/items/1")
    link.click()
    app.idle()
    assert app.js("return location.pathname") == "/items/1"
    assert visible_pages(app) == ["Keyboard"]
    assert app.js("return window.__samePage === true"), "a plain click must not load the page again"


def test_a_modified_click_on_a_link_opens_a_new_tab_and_leaves_this_page(app):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    before = set(app.driver.window_handles)
    link = app.row("Charger").find_element(By.CSS_SELECTOR, "a.navigation-link")
    ActionChains(app.driver).key_down(Keys.CONTROL).click(link).key_up(Keys.CONTROL).perform()
    app.wait_for(lambda d: len(d.window_handles) == len(before) + 1, "a new tab")
    app.idle()
    assert app.js("return location.pathname") == "/", "this page did not push"
    assert app.visible_heading() == "Inventory"
    original = app.driver.current_window_handle
    (opened,) = set(app.driver.window_handles) - before
    app.driver.switch_to.window(opened)
    app.wait_for(lambda d: d.execute_script("return location.pathname") == "/items/2", "the new tab at /items/2")
    app.driver.close()
    app.driver.switch_to.window(original)
