#!/usr/bin/python3
"""Makes README's screenshot of the page (docs/serve-country.png) from the page as it is now,
so the picture never drifts from the program by hand: starts `gameopt serve`, opens the page
in headless Chromium with the browser tests' own tools (tests/browser/page_test.py), plays
half of the seed's Country Road loop with the pointer, asks for a hint (its cell ringed), and
saves the window. The PNG carries text chunks naming its maker and the page's tabs as they
were; test readme/claims compares those with the games the program serves, so a new game
(a new tab) makes that test ask for this script to be run again.

    scripts/readme-screenshot.py BUILD/gameopt [OUT.png]     (default docs/serve-country.png)
"""
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "browser"))
import page_test as pt  # noqa: E402  (skips, exit 77, without selenium)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


def with_text(png, chunks):
    """The PNG with tEXt chunks (keyword, text) put right after its header chunk."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    ihdr_end = 8 + 8 + struct.unpack(">I", png[8:12])[0] + 4
    extra = b""
    for key, text in chunks:
        data = key.encode("latin-1") + b"\0" + text.encode("latin-1")
        extra += struct.pack(">I", len(data)) + b"tEXt" + data + struct.pack(">I", zlib.crc32(b"tEXt" + data))
    return png[:ihdr_end] + extra + png[ihdr_end:]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    gameopt = os.path.abspath(sys.argv[1])
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "docs", "serve-country.png")
    server, port = pt.start_server(gameopt)
    d = None
    try:
        d = pt.browser()
        d.set_window_size(1200, 1000)  # then the viewport itself to 1200x990: the whole board and the footer
        w, h = d.execute_script("return [innerWidth, innerHeight];")
        d.set_window_size(1200 + 1200 - w, 1000 + 990 - h)
        d.get(f"http://127.0.0.1:{port}/#country")
        WebDriverWait(d, 20).until(lambda _: d.execute_script("return document.body.dataset.ready === 'true';"))
        pt.present(d, "tab-country").click()
        pt.loaded(d, "country")
        svg = pt.board_svg(d, "country")
        loop = pt.country_loop(gameopt, pt.COUNTRY_SEED)
        pt.stroke(d, svg, loop[:len(loop) // 2 + 1])
        d.find_element(By.ID, "country-hint").click()
        status = d.find_element(By.ID, "country-play-status")
        WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-hint"), "a hint")
        d.execute_script("window.scrollTo(0, 0);")
        tabs = [t.get_attribute("data-game") for t in d.find_elements(By.CSS_SELECTOR, "#tabs [role=tab]")]
        png = with_text(d.get_screenshot_as_png(), [("Software", "gameopt scripts/readme-screenshot.py"),
                                                    ("gameopt-tabs", " ".join(tabs))])
        with open(out, "wb") as f:
            f.write(png)
        print(f"{out}: tabs {' '.join(tabs)}")
        return 0
    finally:
        if d:
            d.quit()
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    sys.exit(main())
