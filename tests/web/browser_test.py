#!/usr/bin/python3
"""The page standing alone (issue 29): make web's build/web served by a plain static file
server (python3 -m http.server on 127.0.0.1; no gameopt process), opened in headless Chromium
(Debian's chromium + chromium-driver through python3-selenium, as tests/browser does). The
page finds no server API and answers with its Web Worker running gameopt in WebAssembly.

Each family's test of tests/browser/page_test.py runs unchanged against it (what a person sees:
the answer, the picture, the board), and a few of this back end's own:
  first-answer  the seed's Country Road solved and drawn from a fresh page; prints the time
  stop          a long flood proof shows the bounds proven so far while it runs (the worker's
                progress); Stop ends it (the page says Stopped; the time is printed, not
                asserted), and the page answers again at once
  memory        an allocation the module cannot get: the page says "out of memory" clearly

    browser_test.py --web build/web --gameopt build/gameopt --family country --shots DIR

Exit 0 passed, 1 failed, 77 skipped (no browser, or make web has not run)."""
import argparse
import functools
import http.server
import os
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "browser"))
import page_test as pt  # noqa: E402  (skips with 77 itself when selenium is missing)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

# A flood board whose optimal proof takes minutes (30x30, 8 colours: far beyond a second).
LONG_FLOOD_SEED = 7


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


def static_server(root):
    Quiet.extensions_map = {**Quiet.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=root))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


def status_of(d, family):
    return d.find_element(By.ID, f"{family}-status")


def test_first_answer(t):
    """The seed's Country Road: from the page opened to the answer drawn (prints the time)."""
    d = t.d
    # as a page that asks at once: the request the page sends, from the navigation's start to
    # the reply with its picture (module compiled, worker started, solved, drawn as SVG)
    first = d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "gameopt.call({game: 'country', verb: 'solve', input: arguments[0], options: {count: 2}, picture: 'svg'})"
        ".then((r) => { const img = new Image(); img.onload = () => done([performance.now(), r.status, img.naturalWidth]);"
        "img.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(gameopt.picture(r)))); });",
        pt.COUNTRY_SEED)
    pt.expect(first[1] == "solved" and first[2] > 0, f"solved and drawn: {first}")
    print(f"first answer: {first[0]:.0f} ms from opening the page to the seed solved and its picture drawn")
    pt.open_puzzle(d, "country", pt.COUNTRY_SEED)
    start = d.execute_script("return performance.now();")
    status = pt.solve_and_wait(d, "country")
    took = d.execute_script("return performance.now();") - start
    pt.expect("solved" in status and "unique" in status, status)
    print(f"then on the page: Solve clicked to the answer drawn {took:.0f} ms")


def test_stop(t):
    """Stop ends a long flood proof; the page solves again straight after."""
    d = t.d
    pt.open_puzzle(d, "flood", t.long_flood)
    pt.solve_box(d, "flood")
    d.find_element(By.ID, "flood-solve").click()
    status = status_of(d, "flood")
    WebDriverWait(d, 10).until(lambda _: "busy" in status.get_attribute("class"))
    # the proof's progress, posted by the worker while the call runs: what a person sees
    WebDriverWait(d, 60).until(lambda _: "at least" in status.text and "at most" in status.text, status.text)
    pt.expect("busy" in status.get_attribute("class"), f"still proving while the bounds show: {status.text}")
    print(f"progress: '{status.text}'")
    t.shot("web-stop-running")
    stop = status.find_element(By.CSS_SELECTOR, "button.stop")
    t0 = time.monotonic()
    stop.click()
    # a generous wait, not a timing assertion (the machine may be loaded): what is asserted is
    # that the page says Stopped, not solved, so the proof really ended; the time is printed
    WebDriverWait(d, 30).until(lambda _: "busy" not in status.get_attribute("class"))
    took = time.monotonic() - t0
    pt.expect("Stopped" in status.text, status.text)
    print(f"stop: the page said '{status.text}' {took * 1000:.0f} ms after the click")
    # usable at once: a fresh worker solves the small example
    pt.open_puzzle(d, "flood", pt.FLOOD_EXAMPLE)
    answer = pt.solve_and_wait(d, "flood")
    pt.expect("solved" in answer and "16 moves" in answer, answer)


def test_memory(t):
    """A job the module cannot get the memory for ends with a message that says so."""
    d = t.d
    pt.open_puzzle(d, "country", pt.COUNTRY_SEED)
    pt.solve_box(d, "country")
    d.find_element(By.ID, "country-solve").click()
    status = status_of(d, "country")
    WebDriverWait(d, 60).until(lambda _: "busy" not in status.get_attribute("class"))
    pt.expect("out of memory" in status.text and "more memory than the browser gives" in status.text, status.text)
    # and the next job runs on a fresh module
    d.get(d.current_url.split("?")[0] + "#country")
    WebDriverWait(d, 20).until(lambda _: d.execute_script("return document.body.dataset.ready === 'true';"))
    pt.open_puzzle(d, "country", pt.COUNTRY_SEED)
    pt.expect("solved" in pt.solve_and_wait(d, "country"), "solved after a reload")


OWN = {"first-answer": test_first_answer, "stop": test_stop, "memory": test_memory}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--web", required=True)
    ap.add_argument("--gameopt", required=True)
    ap.add_argument("--family", required=True)
    ap.add_argument("--shots", required=True)
    args = ap.parse_args()
    for path, what in ((pt.CHROMIUM, "chromium"), (pt.DRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            pt.skip(f"{what} is not installed (scripts/install-deps.sh installs it)")
    if not os.path.exists(os.path.join(args.web, "gameopt.wasm")):
        pt.skip(f"{args.web} has no gameopt.wasm: run make web")
    os.makedirs(args.shots, exist_ok=True)
    httpd = static_server(args.web)
    port = httpd.server_address[1]
    name = f"web-{args.family}"
    d = None
    try:
        d = pt.browser()
        d.set_page_load_timeout(30)
        query = "?wasm-fail-alloc-over=100000" if args.family == "memory" else ""
        tab = "flood" if args.family == "stop" else "country" if args.family in OWN else args.family.split("-")[0]
        d.get(f"http://127.0.0.1:{port}/{query}#{tab}")
        WebDriverWait(d, 30).until(lambda _: d.execute_script("return document.body.dataset.ready === 'true';"))
        kind = d.execute_script("return window.gameoptBackend.then((b) => b && b.kind);")
        pt.expect(kind == "worker", f"the page stands alone on its worker: {kind}")
        d.find_element(By.ID, f"tab-{tab}").click()
        session = pt.Session(d, args.gameopt, args.shots, name, None)
        if args.family == "stop":
            session.long_flood = __import__("subprocess").run(
                [args.gameopt, "flood", "generate", "--size", "30x30", "--colours", "8", "--seed", str(LONG_FLOOD_SEED)],
                check=True, capture_output=True, text=True).stdout
        (OWN.get(args.family) or pt.TESTS[args.family])(session)
        shot = os.path.join(args.shots, f"{name}.png")
        d.save_screenshot(shot)
        print(f"passed; screenshot {shot}")
        return 0
    except Exception as e:
        if d:
            d.save_screenshot(os.path.join(args.shots, f"{name}-failed.png"))
            print("browser console:", d.get_log("browser") if hasattr(d, "get_log") else "")
        traceback.print_exc()
        print(f"FAILED: {type(e).__name__}: {e}")
        return 1
    finally:
        if d:
            d.quit()
        httpd.shutdown()


if __name__ == "__main__":
    sys.exit(main())
