#!/usr/bin/python3
"""First paint of gameopt's page from a local server (issue 17's target: < 200 ms), measured
by Chromium itself (the Paint Timing API: first-contentful-paint, from the navigation's
start), in headless Debian chromium driven by python3-selenium.

    bench/serve_paint.py [--gameopt build/gameopt] [--loads 7] [--cold 5]

Three series, medians and ranges printed:
  warm   the same browser loads the page again and again (a person reloading, a new tab);
  cold   a fresh browser process for each load (the very first navigation after start);
  blank  the same cold browser loading a one-line page from the same server first, then ours:
         what Chromium's first navigation costs whatever the page is.
Wall-clock on a shared machine: run it when the machine is quiet, and read it with `uptime`.
Not a test (no timing assertions in tests)."""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

FCP = "return (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || null;"
NAV = ("const n = performance.getEntriesByType('navigation')[0];"
       "return [n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd];")


def server(gameopt):
    port_file = tempfile.mktemp(prefix="gameopt-port-")
    proc = subprocess.Popen([gameopt, "serve", "--port", "0", "--port-file", port_file, "--quiet"], stdout=subprocess.DEVNULL)
    for _ in range(500):
        if os.path.exists(port_file) and open(port_file).read().strip():
            port = int(open(port_file).read())
            os.unlink(port_file)
            return proc, port
        time.sleep(0.02)
    sys.exit("gameopt serve did not start")


def browser():
    opts = webdriver.ChromeOptions()
    opts.binary_location = "/usr/bin/chromium"
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
              "--no-first-run", "--disable-extensions"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=opts)


def load(d, url):
    d.get(url)
    for _ in range(200):  # the entry is queued a frame after the paint
        v = d.execute_script(FCP)
        if v is not None:
            return v, d.execute_script(NAV)
        time.sleep(0.01)
    return None, None


def show(name, xs):
    xs = [x for x in xs if x is not None]
    if xs:
        print(f"{name:6} median {statistics.median(xs):6.1f} ms  range {min(xs):.1f}-{max(xs):.1f} ms  ({len(xs)} loads)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gameopt", default="build/gameopt")
    ap.add_argument("--loads", type=int, default=7)
    ap.add_argument("--cold", type=int, default=5)
    ap.add_argument("--data", help="a data folder to serve the page from (GAMEOPT_DATA), to compare variants")
    args = ap.parse_args()
    os.environ["TMPDIR"] = tempfile.mkdtemp(prefix="gameopt-paint-")
    if args.data:
        os.environ["GAMEOPT_DATA"] = args.data
    proc, port = server(args.gameopt)
    page, blank = f"http://127.0.0.1:{port}/", f"http://127.0.0.1:{port}/favicon.svg"
    warm, cold, after_blank, blank_fcp = [], [], [], []
    try:
        for _ in range(args.cold):
            d = browser()
            cold.append(load(d, page)[0])
            d.quit()
        for _ in range(args.cold):
            d = browser()
            # favicon.svg is an image document: the cheapest thing this server can paint
            blank_fcp.append(load(d, blank)[0])
            after_blank.append(load(d, page)[0])
            d.quit()
        d = browser()
        load(d, page)
        nav = None
        for _ in range(args.loads):
            v, nav = load(d, page + f"?{len(warm)}")
            warm.append(v)
        d.quit()
        print(f"load average: {open('/proc/loadavg').read().split()[0]} (2 cores)")
        show("warm", warm)
        show("cold", cold)
        show("blank", blank_fcp)
        show("2nd", after_blank)
        if nav:
            print(f"last warm load: response end {nav[0]:.1f} ms, DOMContentLoaded {nav[1]:.1f} ms, load {nav[2]:.1f} ms")
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(os.environ["TMPDIR"], ignore_errors=True)


if __name__ == "__main__":
    main()
