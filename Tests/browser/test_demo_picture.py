"""README's picture of the demo, taken here in headless Chromium so it shows the demo as it is:
the inventory's list, live. Writes docs/demo.png."""

import pathlib
import struct

PICTURE = pathlib.Path(__file__).resolve().parents[2] / "docs" / "demo.png"


def test_the_readme_picture_is_the_demo_as_it_is_now(app):
    app.driver.set_window_size(960, 640)
    app.open("/")
    app.wait_for_page("Inventory", "/")
    png = app.driver.get_screenshot_as_png()
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "a PNG"
    width, height = struct.unpack(">II", png[16:24])
    assert width >= 600 and height >= 400, (width, height)
    PICTURE.write_bytes(png)
