"""TodoMVC's official page object (tastejs/todomvc tests/page.js and testOperations.js, the
selenium suite's, as of its last version before it was removed in 1f2bd7f0a), ported to Python
for test_example_todomvc.py. It keeps their waits and only theirs: every `wait*` waits for an
element or a condition (3 s, or 100 ms for an element that may be absent), never a fixed time.

Class selectors only: the app uses the template's classes (page.js switched to them when
`#new-todo` is missing).
"""

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

DEFAULT_TIMEOUT = 3  # page.js: DEFAULT_TIMEOUT = 3000
REMOVED_TIMEOUT = 0.1  # page.js: REMOVED_TIMEOUT = 100
# browser.wait polls as fast as its promise chain goes; WebDriverWait's default is 0.5 s.
POLL = 0.01
# A live reply may replace an element between finding it and reading it (WebKit then says
# "stale element ... when trying to create the node handle"): a wait polls again.
REPLACED = (NoSuchElementException, StaleElementReferenceException)
REMOVE_TEXT_KEY_SEQ = (Keys.BACKSPACE + Keys.DELETE) * 50
ITEM_HIDDEN_OR_REMOVED = object()


class TodoPage:
    """page.js: selectors, element waits and the page's actions."""

    ITEM_HIDDEN_OR_REMOVED = ITEM_HIDDEN_OR_REMOVED

    def __init__(self, driver, settle):
        """`settle` waits until every event sent has had its reply applied (the suite's
        `App.idle`). It is not in page.js: a checkbox shows its new state as it is clicked,
        before the app's reply lands, and page.js assumes an app that answers at once. A visitor
        acts on what the page shows: after "Mark all" they see every row checked before they
        uncheck one. Without the wait the next click could land on a row the reply had not
        checked yet, and check it (the app sets a row's state from its checkbox, as the spec's
        own apps do)."""
        self.driver = driver
        self.settle = settle

    # CSS element selectors (page.js, with classOrId = '.')

    main_css = ".main"
    footer_css = "footer.footer"
    clear_completed_css = "button.clear-completed"
    new_input_css = "input.new-todo"
    toggle_all_css = "input.toggle-all"
    item_count_css = "span.todo-count"

    def filter_css(self, index):
        return f".filters li:nth-of-type({index + 1}) a, .filters a:nth-of-type({index + 1})"

    def selected_filter_css(self, index):
        # page.js appends ".selected" to the whole list, so only its last alternative needs the
        # class and the first matches any filter link: the wait waited for nothing. Here the
        # alternative that fits the markup gets it (`.filters a:nth-of-type(1)` matches the
        # first link of every <li>, so it fits only markup without them).
        if self.elements(".filters li"):
            return f".filters li:nth-of-type({index + 1}) a.selected"
        return f".filters a:nth-of-type({index + 1}).selected"

    def list_css(self, suffix=""):
        return "ul.todo-list" + suffix

    def list_item_css(self, index=None, suffix="", exclude_parent=False):
        suffix = ("" if index is None else f":nth-of-type({index + 1})") + suffix
        return "li" + suffix if exclude_parent else self.list_css(" li" + suffix)

    def item_toggle_css(self, index):
        return self.list_item_css(index, " input.toggle")

    def item_label_css(self, index):
        return self.list_item_css(index, " label")

    def last_item_label_css(self, index):
        return self.list_item_css(index, ":last-of-type label")

    def editing_item_input_css(self):
        return self.list_item_css(None, ".editing input.edit")

    def item_input_css(self, index):
        return self.list_item_css(index, " input.edit")

    def items_with_completed_states_css(self, states):
        parts = [self.list_item_css(i, ".completed" if done else ":not(.completed)", True) for i, done in enumerate(states)]
        return self.list_css(" " + " + ".join(parts))

    # Waiting

    def wait(self, condition, message, timeout=DEFAULT_TIMEOUT):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=POLL, ignored_exceptions=REPLACED).until(condition)
        except TimeoutException:
            raise AssertionError(message) from None

    def elements(self, css):
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def wait_for_element(self, css, message=None, timeout=DEFAULT_TIMEOUT):
        return self.wait(EC.presence_of_element_located((By.CSS_SELECTOR, css)), message or f"no element {css}", timeout)

    def element_or_none(self, css, timeout):
        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=POLL, ignored_exceptions=REPLACED).until(
                EC.presence_of_element_located((By.CSS_SELECTOR, css)))
        except TimeoutException:
            return None

    def wait_for_focused(self, css, message=None):
        return self.wait_for_element(css + ":focus", message)

    def wait_for_blurred(self, css, message=None):
        return self.wait_for_element(css + ":not(:focus)", message)

    def wait_for_list_item_count(self, count):
        def check(_):
            listing = self.wait_for_element(self.list_css())
            return len(listing.find_elements(By.CSS_SELECTOR, self.list_item_css(exclude_parent=True))) == count

        self.wait(check, f"Expected item list to contain {count} item{'' if count == 1 else 's'}")

    def wait_for_visibility(self, visible, css, message):
        if visible:
            return self.wait(EC.visibility_of_element_located((By.CSS_SELECTOR, css)), message)
        element = self.element_or_none(css, REMOVED_TIMEOUT)
        if element is None:
            return None
        return self.wait(EC.invisibility_of_element(element), message)

    def wait_for_main_section_removed_or_empty(self):
        if self.element_or_none(self.main_css, REMOVED_TIMEOUT) is None:
            return
        self.wait_for_list_item_count(0)

    def wait_for_checked_status(self, checked, message, css):
        # Found again at each poll: a live reply may replace the element (WebKit then holds a
        # stale handle, which would never turn).
        self.wait(lambda d: d.find_element(By.CSS_SELECTOR, css).is_selected() == checked, message)

    def wait_for_text_content(self, text, message, element):
        self.wait(lambda _: element.text == text, message)

    def list_items(self):
        return self.elements(self.list_item_css())

    # Navigation and actions

    def back(self):
        self.driver.back()

    def ensure_app_is_visible_and_loaded(self):
        self.wait_for_visibility(False, self.footer_css, "Footer is not hidden")
        self.wait_for_element(".new-todo, #new-todo", "Could not find new todo input field")

    def click_mark_all_completed_check_box(self):
        self.wait_for_element(self.toggle_all_css).click()
        self.settle()

    def click_clear_complete_button(self):
        self.wait_for_visibility(True, self.clear_completed_css, "Expected clear completed items button to be visible").click()

    def enter_item(self, text):
        count = len(self.list_items())
        field = self.wait_for_element(self.new_input_css)
        field.send_keys(text)

        def entered(_):
            # page.js: "Hit Enter repeatedly until the text goes away"
            field.send_keys(Keys.ENTER)
            return field.get_attribute("value") == ""

        self.wait(entered, "the new todo's field to empty")
        label = self.wait_for_element(self.last_item_label_css(count))
        self.wait_for_text_content(text.strip(), f"Expected new item label to read {text.strip()}", label)

    def toggle_item_at_index(self, index):
        self.wait_for_element(self.item_toggle_css(index)).click()
        self.settle()

    def edit_item_at_index(self, index, text):
        self.wait_for_element(self.item_input_css(index)).send_keys(REMOVE_TEXT_KEY_SEQ, text)

    def double_click_item_at_index(self, index):
        label = self.wait_for_element(self.item_label_css(index))
        # page.js: double click is sent to the element as a synthetic event.
        self.driver.execute_script(
            "var evt = document.createEvent('MouseEvents');"
            "evt.initMouseEvent('dblclick', true, true, window, 0, 0, 0, 0, 0, false, false, false, false, 0, null);"
            "arguments[0].dispatchEvent(evt);", label)

    def filter_by(self, index):
        self.wait_for_element(self.filter_css(index)).click()
        self.wait_for_element(self.selected_filter_css(index))

    def filter_by_active_items(self):
        self.filter_by(1)

    def filter_by_completed_items(self):
        self.filter_by(2)

    def filter_by_all_items(self):
        self.filter_by(0)


class TodoOperations:
    """testOperations.js: the assertions, each a wait for what it expects."""

    def __init__(self, page):
        self.page = page

    def assert_item_input_focused(self):
        self.page.wait_for_focused(self.page.editing_item_input_css(), "Expected the item input to be focused")

    def assert_new_input_focused(self):
        self.page.wait_for_focused(self.page.new_input_css)

    def assert_new_input_blurred(self):
        self.page.wait_for_blurred(self.page.new_input_css)

    def assert_item_count(self, count):
        if count == 0:
            self.page.wait_for_main_section_removed_or_empty()
        else:
            self.page.wait_for_list_item_count(count)

    def assert_clear_complete_button_text(self, text):
        button = self.page.wait_for_element(self.page.clear_completed_css)
        self.page.wait_for_text_content(text, f"Expected clear button text to be {text}", button)

    def assert_clear_complete_button_visibility(self, visible):
        message = f"Expected the clear completed items button to be {'visible' if visible else 'hidden'}"
        self.page.wait_for_visibility(visible, self.page.clear_completed_css, message)

    def assert_main_section_visibility(self, visible):
        self.page.wait_for_visibility(visible, self.page.main_css, f"Expected main section to be {'visible' if visible else 'hidden'}")

    def assert_footer_visibility(self, visible):
        self.page.wait_for_visibility(visible, self.page.footer_css, f"Expected footer to be {'visible' if visible else 'hidden'}")

    def assert_item_toggle_is_hidden(self, index):
        self.page.wait_for_visibility(False, self.page.item_toggle_css(index), "Expected the item toggle button to be hidden")

    def assert_item_label_is_hidden(self, index):
        self.page.wait_for_visibility(False, self.page.item_label_css(index), "Expected the item label to be hidden")

    def assert_new_item_input_field_text(self, text):
        field = self.page.wait_for_element(self.page.new_input_css)
        self.page.wait_for_text_content(text, f"Expected the new item input text field contents to be {text}", field)

    def assert_item_text(self, index, text):
        label = self.page.wait_for_element(self.page.item_label_css(index))
        self.page.wait_for_text_content(text, f"Expected the item label to be {text}", label)

    def assert_items(self, texts):
        # testOperations.js reads the list once, then waits for each row's text.
        items = self.page.list_items()
        if len(items) < len(texts):
            texts = [text for text in texts if text is not ITEM_HIDDEN_OR_REMOVED]
        for index, text in enumerate(texts):
            if text is ITEM_HIDDEN_OR_REMOVED:
                continue
            self.page.wait_for_text_content(text, f"Expected item text to be {text}", items[index])

    def assert_item_count_text(self, text):
        counter = self.page.wait_for_element(self.page.item_count_css)
        self.page.wait_for_text_content(text, f"Expected item count text to be {text}", counter)

    def assert_item_completed_states(self, states):
        self.page.wait_for_element(self.page.items_with_completed_states_css(states), "Item completed states were incorrect")

    def assert_filter_at_index_is_selected(self, index):
        self.page.wait_for_element(
            self.page.selected_filter_css(index), f"Expected the filter / route at index {index} to be selected")

    def assert_complete_all_checked_status(self, checked):
        self.page.wait_for_element(self.page.toggle_all_css)
        self.page.wait_for_checked_status(checked, f"Expected the mark-all-completed checkbox to be {'checked' if checked else 'unchecked'}", self.page.toggle_all_css)
