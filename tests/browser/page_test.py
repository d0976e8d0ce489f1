#!/usr/bin/python3
"""Browser test of gameopt's page: starts `gameopt serve` on an ephemeral loopback port,
opens the page in headless Chromium (Debian's chromium + chromium-driver, driven by
python3-selenium; nothing is downloaded) and acts as a person: pointer strokes and taps on
the board, keys, buttons; then checks what a person would see (status words, the solved
state, rings on the board, numbers). Each test keeps screenshots of its states as
SHOTS/<test>*.png.

    page_test.py --gameopt BUILD/gameopt --family country-play --shots BUILD/browser

Exit 0 passed, 1 failed, 77 skipped (no browser, or the family is not served yet)."""
import argparse
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"

# What each family's test pastes (our own data: data/<game>/) and checks.
COUNTRY_SEED = "https://puzz.link/p?country/10/10/aiqqtlterrenlnbb9a3btscr9ejpeir67nqo4h3g24k3g2i2g421g2h3g31g"
FLOW_SEED = "B.R..\nG..Y.\n.....\n.BYRG\n.....\n"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
FLOOD_EXAMPLE = open(os.path.join(ROOT, "data", "flood", "example.txt")).read()


def skip(why):
    print(f"SKIPPED: {why}")
    sys.exit(77)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    skip("python3-selenium is not installed (scripts/install-deps.sh installs it)")


def start_server(gameopt):
    port_file = tempfile.NamedTemporaryFile(prefix="gameopt-port-", delete=False).name
    os.unlink(port_file)
    proc = subprocess.Popen([gameopt, "serve", "--port", "0", "--port-file", port_file, "--quiet"],
                            stdout=subprocess.DEVNULL)
    for _ in range(500):
        if os.path.exists(port_file) and open(port_file).read().strip():
            port = int(open(port_file).read())
            os.unlink(port_file)
            return proc, port
        if proc.poll() is not None:
            sys.exit(f"FAILED: gameopt serve exited with {proc.returncode}")
        time.sleep(0.02)
    proc.kill()
    sys.exit("FAILED: gameopt serve did not start")


def browser():
    # Chromium leaves its singleton socket folders (org.chromium.Chromium.*) in TMPDIR after a
    # headless run; a private TMPDIR per test, removed at the end, keeps /tmp clean.
    if not os.environ.get("TMPDIR", "").startswith(os.path.join(tempfile.gettempdir(), "gameopt-browser-")):
        os.environ["TMPDIR"] = tempfile.mkdtemp(prefix="gameopt-browser-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1280,1100", "--no-first-run", "--disable-extensions"):
        opts.add_argument(a)
    d = webdriver.Chrome(service=Service(executable_path=DRIVER), options=opts)
    slow(d)
    return d


def slow(d):
    """GAMEOPT_PAGE_SLOW="cpu=8 latency=300" makes this browser a loaded machine's: the page's
    script runs 8 times slower (Chromium's CPU throttling) and every request waits 300 ms each
    way, so replies come late and keys come slowly, as under load, without loading the
    machine. Races show this way; the tests must pass so too (never in CI's default run)."""
    want = dict(w.split("=", 1) for w in os.environ.get("GAMEOPT_PAGE_SLOW", "").split() if "=" in w)
    if "cpu" in want:
        d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": float(want["cpu"])})
    if "latency" in want:
        d.execute_cdp_cmd("Network.enable", {})
        d.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": float(want["latency"]),
                                                               "downloadThroughput": -1, "uploadThroughput": -1})


# ---- acting as a person: pointer strokes and keys on the board ----

def board_svg(d, family):
    svg = d.find_element(By.CSS_SELECTOR, f"#{family}-board svg.grid-board")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", svg)
    return svg


def board_point(d, svg, r, c, corner=False):
    """Viewport coordinates of a cell's centre (or a grid corner) of the board drawn in svg."""
    left, top, width, cols = d.execute_script(
        "const b = arguments[0].getBoundingClientRect(); const v = arguments[0].viewBox.baseVal;"
        "return [b.left, b.top, b.width, (v.width - 12) / 36];", svg)
    scale = width / (cols * 36 + 12)
    off = 0 if corner else 0.5
    return int(left + (6 + (c + off) * 36) * scale), int(top + (6 + (r + off) * 36) * scale)


def stroke(d, svg, points, corner=False):
    """One pointer stroke (press, move through every point, release), as a finger draws, on
    the board scrolled into view first as a person would."""
    d.execute_script("const b = arguments[0].getBoundingClientRect();"
                     "if (b.top < 0 || b.bottom > innerHeight) arguments[0].scrollIntoView({block: 'center'});", svg)
    ab = ActionBuilder(d, duration=10)
    p = ab.pointer_action
    p.move_to_location(*board_point(d, svg, *points[0], corner=corner))
    p.pointer_down()
    for rc in points[1:]:
        p.move_to_location(*board_point(d, svg, *rc, corner=corner))
    p.pointer_up()
    ab.perform()


def tap(d, svg, r, c):
    stroke(d, svg, [(r, c)])


def present(d, element_id, timeout=30):
    """The panels are built by app.js once the games list has come, after the load event
    a fresh page's get() waits for: wait for the element, as a person waits for the page."""
    return WebDriverWait(d, timeout).until(lambda _: d.find_elements(By.ID, element_id),
                                           f"#{element_id} on the page at {d.current_url}")[0]


def wait_text(d, element_id, words, timeout=30):
    e = present(d, element_id, timeout)
    WebDriverWait(d, timeout).until(lambda _: words in e.text and not e.get_attribute("data-busy"), f"'{words}' in #{element_id}: {e.text}")
    return e.text


def wait_idle(d, element_id, timeout=30):
    e = present(d, element_id, timeout)
    WebDriverWait(d, timeout).until(lambda _: not e.get_attribute("data-busy") and e.text.strip(), f"#{element_id} answered")
    return e.text


def loaded(d, family, timeout=30):
    wait_text(d, f"{family}-open-status", "on the board", timeout)


def paste(d, box, text):
    """Pastes text into a text box as a person does (select all, paste): the browser's own
    editing puts it in, one input event. (Typing a puzzle key by key asks the page to read
    each pause's half-typed text: see type_slowly.)"""
    d.execute_script("arguments[0].focus(); arguments[0].select(); document.execCommand('insertText', false, arguments[1]);", box, text)
    expect(box.get_attribute("value") == text, f"pasted into #{box.get_attribute('id')}")


def type_slowly(d, family, lines):
    """Types a puzzle line by line, pausing after each until the page reads the half-typed
    text ("Reading the puzzle"), as a person who stops to look; the last line's keys come
    while that reading is on its way."""
    box = present(d, f"{family}-input")
    paste(d, box, "")
    status = d.find_element(By.ID, f"{family}-open-status")
    for i, line in enumerate(lines):
        box.send_keys(line)
        if i < len(lines) - 1:
            WebDriverWait(d, 30, poll_frequency=0.02).until(lambda _: "Reading the puzzle" in status.text, status.text)


def latency(d, ms):
    """Every request of the page waits ms each way from now on (Chromium's network emulation):
    a reply that comes late on a loaded machine, made to come late on any."""
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.emulateNetworkConditions", {"offline": False, "latency": ms, "downloadThroughput": -1, "uploadThroughput": -1})


def open_puzzle(d, family, text):
    """Pastes the puzzle and waits for the page to say it is on the board (the page clears
    what it said of the text before at the paste: only this text's reading answers)."""
    paste(d, present(d, f"{family}-input"), text)
    loaded(d, family)


def board_top(d, family):
    """Where the board is on the page (its top, page coordinates)."""
    return d.execute_script("return document.getElementById(arguments[0]).getBoundingClientRect().top + scrollY;", f"{family}-board")


def blank_board(d, family, sizes):
    """Setter mode, the new board's sizes typed ((field, value) pairs), New blank board."""
    d.find_element(By.ID, f"{family}-mode-edit").click()
    for i, v in sizes:
        e = d.find_element(By.ID, f"{family}-{i}")
        e.clear()
        e.send_keys(v)
    d.find_element(By.ID, f"{family}-blank").click()


def country_loop(gameopt, puzzle):
    """The loop of the puzzle's solution, cell after cell (from the command line's answer)."""
    sol = json.loads(subprocess.run([gameopt, "country", "solve", "--json", "-"], input=puzzle + "\n",
                                    check=True, capture_output=True, text=True).stdout)["solution"]
    rows = [r.split() for r in sol]
    step = {"n": (-1, 0), "s": (1, 0), "e": (0, 1), "w": (0, -1)}
    start = next((r, c) for r in range(len(rows)) for c in range(len(rows[0])) if rows[r][c] != "-")
    path, prev, cur = [start], None, start
    while True:
        nxt = [(cur[0] + step[x][0], cur[1] + step[x][1]) for x in rows[cur[0]][cur[1]]]
        prev, cur = cur, nxt[0] if nxt[0] != prev else nxt[1]
        path.append(cur)
        if cur == start:
            return path


def board_size(d, family):
    svg = d.find_element(By.CSS_SELECTOR, f"#{family}-board svg.grid-board")
    return int(svg.get_attribute("data-rows")), int(svg.get_attribute("data-cols"))


def lines_drawn(d, family="country"):
    return d.execute_script(f"return document.querySelectorAll('#{family}-board .edge[data-s=\"1\"]').length;")


def solve_box(d, family):
    box = d.find_element(By.ID, f"{family}-solve-box")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()


def solve_and_wait(d, family, timeout=60):
    solve_box(d, family)
    d.find_element(By.ID, f"{family}-solve").click()
    status = d.find_element(By.ID, f"{family}-status")
    WebDriverWait(d, timeout).until(lambda _: "busy" not in status.get_attribute("class") and status.text.strip() not in ("", "Done."))
    WebDriverWait(d, 10).until(
        lambda _: d.execute_script(f"const i = document.querySelector('#{family}-results img.answer');"
                                   "return i && i.complete && i.naturalWidth > 0;"))
    return status.text


def flagged(d, family, kind):
    """The cells (x, y) = (column, row) the board's rings of a kind (hint, mistake) cover."""
    rects = d.execute_script(
        "const S = window.gameoptGrid.S; return [...document.querySelectorAll(`#${arguments[0]}-board .flag.${arguments[1]}`)].map((r) =>"
        " ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a))).map((v, i) => Math.round((i < 2 ? v - 2 : v + 4) / S)));",
        family, kind)
    return {(x + i, y + j) for x, y, w, h in rects for i in range(w) for j in range(h)}


def hint_cells(status):
    """The cells of the hint the page shows (its data-cell: a cell [x, y] or an edge)."""
    where = json.loads(status.get_attribute("data-cell"))
    return {tuple(where)} if isinstance(where[0], int) else {tuple(p) for p in where}


def fact(d, family, key):
    return d.find_element(By.CSS_SELECTOR, f"#{family}-results dd[data-key='{key}']").text


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


# ---- the tests ----

def test_country(t):
    d = t.d
    open_puzzle(d, "country", COUNTRY_SEED)
    expect(board_size(d, "country") == (10, 10), "a 10x10 board drawn")
    status = solve_and_wait(d, "country")
    expect("solved" in status and "unique" in status, f"status should say solved and unique: {status}")
    expect(fact(d, "country", "loop_cells") == "76", f"loop_cells {fact(d, 'country', 'loop_cells')}, want 76")
    expect(fact(d, "country", "solutions") == "1", "one solution")
    # the answer put on the board: the checker agrees
    d.find_element(By.ID, "country-show-answer").click()
    wait_text(d, "country-play-status", "Solved!")
    expect(lines_drawn(d) == 76, f"76 lines on the board: {lines_drawn(d)}")


def test_country_play(t):
    """Draw the whole loop with the pointer: solved; undo, redo; the keyboard draws too."""
    d = t.d
    loaded(d, "country")  # the example opens by itself on a first visit
    svg = board_svg(d, "country")
    loop = country_loop(t.gameopt, COUNTRY_SEED)
    half = len(loop) // 2
    stroke(d, svg, loop[:half + 1])
    expect(lines_drawn(d) == half, f"{half} lines after the first stroke: {lines_drawn(d)}")
    t.shot("country-play-half")
    stroke(d, svg, loop[half:])
    text = wait_text(d, "country-play-status", "Solved!")
    expect(d.find_element(By.ID, "panel-country").get_attribute("data-solved") == "true", "solved state")
    expect("country check" in text, f"the checker said so: {text}")
    t.shot("country-play-solved")
    # Undo takes the second stroke back (one stroke, one step); redo restores it: solved again.
    d.find_element(By.ID, "country-undo").click()
    expect(lines_drawn(d) == half, f"undo: {lines_drawn(d)} lines")
    expect(d.find_element(By.ID, "panel-country").get_attribute("data-solved") == "false", "not solved after undo")
    d.find_element(By.ID, "country-redo").click()
    wait_text(d, "country-play-status", "Solved!")
    # The keyboard: Ctrl+Z on the board, arrows, Shift+arrow draws, x marks unused.
    svg.send_keys(Keys.CONTROL, "z")
    expect(lines_drawn(d) == half, "Ctrl+Z undoes")
    svg.send_keys(Keys.CONTROL, "y")
    wait_text(d, "country-play-status", "Solved!")
    d.find_element(By.ID, "country-clear").click()
    expect(lines_drawn(d) == 0, "cleared")
    svg.click()
    actions = ActionChains(d)
    actions.key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).send_keys(Keys.ARROW_DOWN).key_up(Keys.SHIFT).send_keys("x").perform()
    expect(lines_drawn(d) == 2, f"two lines by Shift+arrows: {lines_drawn(d)}")
    expect(d.execute_script("return document.querySelectorAll('#country-board .mark[data-s=\"2\"]').length") == 1, "one cell marked unused by x")
    t.shot("country-play-keys")


def test_country_hint(t):
    """A hint on the current position: its cell or side ringed, its rule named; then mistakes."""
    d = t.d
    loaded(d, "country")
    d.find_element(By.ID, "country-hint").click()
    status = d.find_element(By.ID, "country-play-status")
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-hint"), f"a hint: {status.text}")
    rule = status.get_attribute("data-rule")
    expect(rule and rule in status.text, f"the rule is named: {status.text}")
    expect(flagged(d, "country", "hint") == hint_cells(status), f"the hint's place is ringed on the board: {flagged(d, 'country', 'hint')}, the hint at {hint_cells(status)}")
    print("hint:", status.text, hint_cells(status))
    t.shot("country-hint-ringed")
    # Apply it, then a wrong line: mistakes finds it.
    d.find_element(By.ID, "country-apply-hint").click()
    loop = country_loop(t.gameopt, COUNTRY_SEED)
    svg = board_svg(d, "country")
    # a line between two loop cells that the loop does not join: the cell after the first, sideways
    (r, c), wrong = next((loop[i], (loop[i][0] + dr, loop[i][1] + dc)) for i in range(1, len(loop) - 1)
                         for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                         if 0 <= loop[i][0] + dr < 10 and 0 <= loop[i][1] + dc < 10
                         and (loop[i][0] + dr, loop[i][1] + dc) not in (loop[i - 1], loop[i + 1]))
    stroke(d, svg, [(r, c), wrong])
    d.find_element(By.ID, "country-mistakes").click()
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-mistakes") not in (None, ""), status.text)
    expect(status.get_attribute("data-mistakes") != "0" and "mistake" in status.text.lower(), f"the wrong line found: {status.text}")
    wrong_line = {(c, r), (wrong[1], wrong[0])}
    expect(flagged(d, "country", "mistake") == wrong_line, f"the wrong line ringed on the board: {flagged(d, 'country', 'mistake')}, drawn {wrong_line}")
    t.shot("country-mistakes")


def test_country_set(t):
    """Draw a new puzzle (rooms by strokes along grid lines, numbers by keys): unique."""
    d = t.d
    loaded(d, "country")
    d.find_element(By.ID, "country-mode-edit").click()
    top = board_top(d, "country")
    for i, v in (("country-new-rows", "4"), ("country-new-cols", "4")):
        e = d.find_element(By.ID, i)
        e.clear()
        e.send_keys(v)
    d.find_element(By.ID, "country-blank").click()
    assist = d.find_element(By.ID, "country-assist")
    WebDriverWait(d, 30).until(lambda _: assist.get_attribute("data-unique") == "no" and not assist.get_attribute("data-busy"), assist.text)
    expect("Not unique" in assist.text, f"one room: not unique: {assist.text}")
    not_unique_shown(t, "country", 16)
    # The verdict and its pictures (hundreds of pixels) came while the setter may be drawing:
    # the board stays where it was (it moved down under the next stroke when the assistant
    # stood above it: strokes landed on other lines, or outside the window, under load).
    expect(board_top(d, "country") == top, f"the board stays put when the verdict comes: {top} -> {board_top(d, 'country')}")
    t.shot("country-set-blank")
    # country generate --size 4x4 --seed 1: rooms AABB AABB CCDD EEFF, B=2 C=2 F=1
    svg = board_svg(d, "country")
    stroke(d, svg, [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2)], corner=True)
    stroke(d, svg, [(2, 0), (2, 1), (2, 2), (2, 3), (2, 4)], corner=True)
    stroke(d, svg, [(3, 0), (3, 1), (3, 2), (3, 3), (3, 4)], corner=True)
    d.find_element(By.ID, "country-tool-number").click()
    for (r, c), n in (((0, 2), "2"), ((2, 0), "2"), ((3, 2), "1")):
        tap(d, svg, r, c)
        svg.send_keys(n)
    WebDriverWait(d, 30).until(lambda _: assist.get_attribute("data-unique") == "yes" and not assist.get_attribute("data-busy"), assist.text)
    expect("Unique" in assist.text, assist.text)
    text = d.find_element(By.ID, "country-input").get_attribute("value")
    out = subprocess.run([t.gameopt, "country", "solve", "--count", "2", "--json", "-"], input=text, capture_output=True, text=True)
    expect(json.loads(out.stdout)["solutions"] == 1, f"the command line agrees: unique: {out.stdout}")
    t.shot("country-set-unique")
    # Then play it: the board keeps the new puzzle.
    d.find_element(By.ID, "country-mode-play").click()
    expect(board_size(d, "country") == (4, 4), "the 4x4 to play")
    # A puzzle with two solutions opened while setting (back in Set mode): its six open cells greyed.
    d.find_element(By.ID, "country-mode-edit").click()
    open_puzzle(d, "country", open(os.path.join(ROOT, "tests", "golden", "country", "files", "two-6x5.txt")).read())
    WebDriverWait(d, 30).until(lambda _: assist.get_attribute("data-unique") == "no" and not assist.get_attribute("data-busy"), assist.text)
    not_unique_shown(t, "country", 30)
    expect(len(d.find_elements(By.CSS_SELECTOR, "#country-board rect.open")) == 6, "two-6x5: 6 open cells")
    t.shot("country-set-open-cells", board_svg(d, "country"))


def draws_pictures(gameopt, family, verb):
    """Whether the C side draws that verb's picture (its --help offers --output)."""
    out = subprocess.run([gameopt, family, verb, "--help"], capture_output=True, text=True).stdout
    return "--output" in out


def picture_fills(d, img):
    """The fill colours of the SVG picture an img shows (the C side's drawing), counted."""
    # (the page's CSP lets no script fetch the blob: the browser hands over what it loaded)
    frame = d.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]["id"]
    got = d.execute_cdp_cmd("Page.getResourceContent", {"frameId": frame, "url": img.get_attribute("src")})
    svg = base64.b64decode(got["content"]).decode() if got.get("base64Encoded") else got["content"]
    fills = {}
    for f in re.findall(r'<(?:path|rect)[^>]*fill="#([0-9a-fA-F]{6})"', svg):
        fills[f.lower()] = fills.get(f.lower(), 0) + 1
    return fills


def shaded_red(fills):
    """Cells shaded light red (the C side's mark for a cell where two solutions differ)."""
    return sum(n for f, n in fills.items() if int(f[0:2], 16) >= 0xf0 and f[2:4] == f[4:6] and 0xa0 <= int(f[2:4], 16) <= int(f[0:2], 16) - 0x20)


def shaded_grey(fills):
    """Cells shaded mid grey (open cells; the lighter cell ground and the dark marks are not)."""
    return sum(n for f, n in fills.items() if f[0:2] == f[2:4] == f[4:6] and 0x90 <= int(f[0:2], 16) <= 0xe8)


def not_unique_shown(t, family, cells):
    """What a setter sees of a puzzle with two solutions (issue 31): the cells the two
    solutions differ in hatched on the board (as many as the words say), the open cells
    greyed (as many as the decided verb says), and the two solutions side by side with those
    cells shaded in both, as the C side draws them; the decided picture greys the open cells."""
    d = t.d
    decided = WebDriverWait(d, 30).until(lambda _: d.find_elements(By.ID, f"{family}-decided"), "the decided cells told")[0]
    grey = d.find_elements(By.CSS_SELECTOR, f"#{family}-board rect.open")
    m = [int(w) for w in decided.text.split() if w.isdigit()]
    print("decided:", decided.text, f"({len(grey)} greyed)")
    expect(len(m) == 2 and m[0] + m[1] <= cells and m[1] == len(grey) > 0, f"greyed open cells on the board: {decided.text}, {len(grey)}")
    words = d.find_element(By.ID, f"{family}-assist").text
    differ = int(re.search(r"differ in (\d+) cells", words).group(1))
    hatched = len(d.find_elements(By.CSS_SELECTOR, f"#{family}-board rect.differ"))
    expect(differ > 0 and hatched == differ, f"the {differ} cells the two solutions differ in hatched on the board: {hatched}")
    if draws_pictures(t.gameopt, family, "unique"):
        img = d.find_element(By.CSS_SELECTOR, f"#{family}-two-solutions img")
        WebDriverWait(d, 10).until(lambda _: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", img))
        expect("differ" in img.get_attribute("alt"), "the two solutions' picture says what it marks")
        fills = picture_fills(d, img)
        expect(shaded_red(fills) == 2 * differ, f"the two solutions shade the {differ} differing cells in both: {fills}")
        t.shot(f"{family}-set-two-solutions", img)
    else:
        print(f"({family} unique draws no picture yet: the page shows it once the C side does)")
    if draws_pictures(t.gameopt, family, "decided"):
        img = d.find_element(By.CSS_SELECTOR, f"#{family}-decided-picture img")
        WebDriverWait(d, 10).until(lambda _: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", img))
        expect(f"the {m[1]} open cells grey" in img.get_attribute("alt"), f"decided's picture says what it greys: {img.get_attribute('alt')}")
        fills = picture_fills(d, img)
        expect(shaded_grey(fills) == m[1], f"decided's picture greys the {m[1]} open cells: {fills}")


def test_country_share(t):
    """Progress in the address: a fresh browser opens the link and finds puzzle and progress;
    export to a puzz.link URL that the command line reads back."""
    d = t.d
    loaded(d, "country")
    svg = board_svg(d, "country")
    loop = country_loop(t.gameopt, COUNTRY_SEED)
    stroke(d, svg, loop[:11])
    tap(d, svg, 9, 9)  # a cell marked unused
    d.find_element(By.CSS_SELECTOR, "#country-share-box summary").click()
    d.find_element(By.ID, "country-share-progress").click()
    d.find_element(By.ID, "country-copy-link").click()
    link = d.find_element(By.ID, "country-share-link")
    WebDriverWait(d, 10).until(lambda _: "s=" in link.get_attribute("value"), "a link with progress")
    url = link.get_attribute("value")
    print("link:", url)
    # export: a puzz.link URL, read back by the command line
    Select(d.find_element(By.ID, "country-export-to")).select_by_value("url")
    d.find_element(By.ID, "country-export").click()
    out = d.find_element(By.ID, "country-export-text")
    WebDriverWait(d, 20).until(lambda _: out.is_displayed() and out.get_attribute("value").strip(), "the exported URL")
    exported = out.get_attribute("value").strip()
    expect(exported.startswith("https://puzz.link/p?country/10/10/"), f"a puzz.link URL: {exported}")
    solved = json.loads(subprocess.run([t.gameopt, "country", "solve", "--count", "2", "--json", exported],
                                       check=True, capture_output=True, text=True).stdout)
    expect(solved["status"] == "solved" and solved["solutions"] == 1 and solved["loop_cells"] == 76, f"read back: {solved}")
    t.shot("country-share-exported")
    # A fresh browser (no state shared) opens the link.
    e = browser()
    try:
        e.get(url)
        WebDriverWait(e, 20).until(lambda _: e.execute_script("return document.body.dataset.ready === 'true';"))
        loaded(e, "country")
        WebDriverWait(e, 10).until(lambda _: lines_drawn(e) == 10, f"the 10 lines came back: {lines_drawn(e)}")
        expect(e.execute_script("return document.querySelectorAll('#country-board .mark[data-s=\"2\"]').length") == 1, "the mark came back")
        expect(board_size(e, "country") == (10, 10), "the puzzle came back")
        e.save_screenshot(os.path.join(t.shots, "country-share-opened.png"))
    finally:
        e.quit()


FLOW_ANSWER = "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGG\n"


def flow_paths(puzzle, answer):
    """Each colour's path, endpoint to endpoint, read from a solved board."""
    ends = puzzle.split("\n")
    ans = answer.split("\n")
    R, C = len(ans) - 1, len(ans[0])
    out = []
    for col in sorted({ch for row in ends for ch in row if ch.isalnum()}):
        e = [(r, c) for r in range(R) for c in range(C) if ends[r][c] == col]
        path, seen = [e[0]], {e[0]}
        while path[-1] != e[1]:
            r, c = path[-1]
            n = next((r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                     if 0 <= r + dr < R and 0 <= c + dc < C and ans[r + dr][c + dc] == col and (r + dr, c + dc) not in seen)
            path.append(n)
            seen.add(n)
        out.append(path)
    return out


def test_flow(t):
    d = t.d
    open_puzzle(d, "flow", FLOW_SEED)
    status = solve_and_wait(d, "flow")
    expect("solved" in status, f"status: {status}")
    expect(fact(d, "flow", "status") == "solved", "status fact")


def test_routes(t):
    """The example 18xx map state (1889, phase D) solved through the verb panel: the total,
    proven, and the map drawn with the routes (the family has no board of its own to play on)."""
    d = t.d
    box = d.find_element(By.ID, "routes-questions")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    d.find_element(By.ID, "routes-example").click()
    expect("game 1889" in d.find_element(By.ID, "routes-input").get_attribute("value"), "the example is in the box")
    d.find_element(By.ID, "routes-solve").click()
    status = d.find_element(By.ID, "routes-status")
    WebDriverWait(d, 60).until(lambda _: "busy" not in status.get_attribute("class") and status.text.strip() not in ("", "Done."))
    expect("done" in status.text, f"status: {status.text}")
    WebDriverWait(d, 10).until(
        lambda _: d.execute_script("const i = document.querySelector('#routes-results img.answer');"
                                   "return i && i.complete && i.naturalWidth > 0;"))
    expect(fact(d, "routes", "total") == "1060", f"total {fact(d, 'routes', 'total')}, want 1060")
    expect(fact(d, "routes", "optimal") == "true", "proven optimal")
    t.shot("routes-solved")


def test_flow_play(t):
    """Draw every path with the pointer: solved; undo, redo; a path cut by another."""
    d = t.d
    open_puzzle(d, "flow", FLOW_SEED)
    svg = board_svg(d, "flow")
    paths = flow_paths(FLOW_SEED, FLOW_ANSWER)
    for p in paths[:-1]:
        stroke(d, svg, p)
    t.shot("flow-play-partial")
    stroke(d, svg, paths[-1])
    wait_text(d, "flow-play-status", "Solved!")
    t.shot("flow-play-solved")
    d.find_element(By.ID, "flow-undo").click()
    expect(d.find_element(By.ID, "panel-flow").get_attribute("data-solved") == "false", "undo: not solved")
    d.find_element(By.ID, "flow-redo").click()
    wait_text(d, "flow-play-status", "Solved!")
    # the keyboard: from endpoint B at r1c1, Shift+Right then Shift+Down grow B's path
    d.find_element(By.ID, "flow-clear").click()
    svg = board_svg(d, "flow")
    d.execute_script("arguments[0].focus();", svg)
    ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).send_keys(Keys.ARROW_DOWN).key_up(Keys.SHIFT).perform()
    links = lambda e: e.execute_script("return [...document.querySelectorAll('#flow-board line.path')].map(x => x.dataset.label + x.dataset.link);")
    expect(links(d) == ["B0-1", "B1-6"], f"B grows by keys: {links(d)}")
    # progress in the address: a new page from the link finds the same paths
    d.find_element(By.CSS_SELECTOR, "#flow-share-box summary").click()
    d.find_element(By.ID, "flow-share-progress").click()
    d.find_element(By.ID, "flow-copy-link").click()
    link = d.find_element(By.ID, "flow-share-link")
    WebDriverWait(d, 30).until(lambda _: "s=" in link.get_attribute("value"))
    e = browser()
    try:
        e.get(link.get_attribute("value"))
        loaded(e, "flow")
        WebDriverWait(e, 30).until(lambda _: links(e) == ["B0-1", "B1-6"], "the paths came back")
    finally:
        e.quit()
    # a hint from a fresh start names its rule
    d.find_element(By.ID, "flow-clear").click()
    d.find_element(By.ID, "flow-hint").click()
    status = d.find_element(By.ID, "flow-play-status")
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-hint"), status.text)
    expect(status.get_attribute("data-rule") and status.get_attribute("data-rule") in status.text, f"the hint's rule named: {status.text}")
    expect(flagged(d, "flow", "hint") == hint_cells(status), f"the hint's cells ringed: {flagged(d, 'flow', 'hint')}, the hint at {hint_cells(status)}")
    print("hint:", status.text, hint_cells(status))
    t.shot("flow-hint")
    # a mistake: G drawn from its endpoint at r2c1 into r2c2, which is B's in the solution
    stroke(d, board_svg(d, "flow"), [(1, 0), (1, 1)])
    d.find_element(By.ID, "flow-mistakes").click()
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-mistakes") not in (None, ""), status.text)
    expect(status.get_attribute("data-mistakes") != "0" and "r2c2" in status.text, f"the wrong cell named: {status.text}")
    expect(flagged(d, "flow", "mistake") == {(1, 1)}, f"the wrong cell ringed on the board: {flagged(d, 'flow', 'mistake')}")
    t.shot("flow-mistakes", board_svg(d, "flow"))


def test_flow_set(t):
    """Draw a new board: endpoints by taps; the assistant says whether it is unique."""
    d = t.d
    loaded(d, "flow")
    d.find_element(By.ID, "flow-mode-edit").click()
    top = board_top(d, "flow")
    blank_board(d, "flow", (("new-rows", "3"), ("new-cols", "3")))
    # A down the left, B from the top right corner to the cell below it: A.B / ..B / A.. (each
    # tap redraws the board), unique: B winds through the middle. (The board was A.B / ... /
    # A.B, which parity makes unsolvable: the test passed only when it read the verdict on an
    # earlier board, before the page dropped a verdict at each edit, and failed when the
    # taps came slower than the assistant's 300 ms pause, as on a loaded machine.)
    for rc in ((0, 0), (2, 0), (0, 2), (1, 2)):
        tap(d, board_svg(d, "flow"), *rc)
    assist = d.find_element(By.ID, "flow-assist")
    WebDriverWait(d, 30).until(lambda _: assist.get_attribute("data-unique") and not assist.get_attribute("data-busy"), assist.text)
    print("assistant:", assist.text)
    board_text = d.find_element(By.ID, "flow-input").get_attribute("value")
    expect(board_text == "A.B\n..B\nA..\n", f"the board in letters: {board_text!r}")
    expect(assist.get_attribute("data-unique") == "yes", f"{assist.text} on {board_text!r}")
    t.shot("flow-set")
    # walls drawn along the grid line right of the first column's top two cells: a drawing now
    d.find_element(By.ID, "flow-tool-wall").click()
    d.execute_script("arguments[0].removeAttribute('data-unique');", assist)
    stroke(d, board_svg(d, "flow"), [(0, 1), (1, 1), (2, 1)], corner=True)
    text = d.find_element(By.ID, "flow-input").get_attribute("value")
    expect(text == "STANDARD\nA .-B\n| | |\n. .-B\n| | |\nA-.-.\n", f"the board as a samgoldman drawing: {text!r}")
    WebDriverWait(d, 30).until(lambda _: assist.get_attribute("data-unique") and not assist.get_attribute("data-busy"), assist.text)
    expect(assist.get_attribute("data-unique") == "yes", f"the C side reads the drawing: {assist.text}")
    print("with the wall:", assist.text)
    t.shot("flow-set-wall")
    # A board with two solutions: its open cells greyed, the two solutions shown.
    d.execute_script("arguments[0].removeAttribute('data-unique');", assist)
    open_puzzle(d, "flow", "A...A\n.....\n.....\nB...B\n")
    WebDriverWait(d, 30).until(lambda _: assist.get_attribute("data-unique") == "no" and not assist.get_attribute("data-busy"), assist.text)
    not_unique_shown(t, "flow", 20)
    expect(len(d.find_elements(By.CSS_SELECTOR, "#flow-board rect.open")) == 10, "the middle rows open")
    expect(board_top(d, "flow") == top, f"the board stays put when the verdict comes: {top} -> {board_top(d, 'flow')}")
    t.shot("flow-set-open-cells", board_svg(d, "flow"))


def flood_area(grid, move):
    """The flooded area after the first move (grid is changed to the position)."""
    def area():
        seen, todo = {(0, 0)}, [(0, 0)]
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= n[0] < len(grid) and 0 <= n[1] < len(grid[0]) and n not in seen and grid[n[0]][n[1]] == grid[0][0]:
                    seen.add(n)
                    todo.append(n)
        return seen
    for r, c in area():
        grid[r][c] = move
    return area()


def test_flood(t):
    """Play Flood-It: the par, a hint, 'still optimal?', a cell clicked, undo, the solution hidden until asked."""
    d = t.d
    open_puzzle(d, "flood", FLOOD_EXAMPLE)
    labels = d.execute_script("return [...document.querySelectorAll('#flood-board .flabel')].map(e => e.textContent);")
    expect(len(labels) == 144 and all(x in "012345" and x for x in labels), "each of the 144 cells is labelled with its colour")
    wait_text(d, "flood-par", "Par 16")
    solution = d.find_element(By.ID, "flood-solution")
    expect(not solution.is_displayed(), "the solution is hidden")
    status = d.find_element(By.ID, "flood-play-status")
    d.find_element(By.ID, "flood-hint").click()
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-hint"), f"a hint: {status.text}")
    move = status.get_attribute("data-hint")
    expect("16 more moves" in status.text, f"hint text: {status.text}")
    d.find_element(By.CSS_SELECTOR, f"#flood-palette button[data-colour='{move}']").click()
    wait_text(d, "flood-play-status", "still optimal")
    t.shot("flood-optimal")
    # a wasted move (a colour that touches the flooded area nowhere) is never optimal: a cell of it
    grid = [list(l) for l in FLOOD_EXAMPLE.split("\n") if l and not l.startswith("#")]
    area = flood_area(grid, move)
    near = {grid[r + dr][c + dc] for r, c in area for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < 12 and 0 <= c + dc < 12 and (r + dr, c + dc) not in area}
    waste = next((r, c) for r in range(12) for c in range(12) if (r, c) not in area and grid[r][c] not in near | {move})
    tap(d, board_svg(d, "flood"), *waste)
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-optimal") == "false" and not status.get_attribute("data-busy"), status.text)
    expect("no longer optimal" in status.text, status.text)
    t.shot("flood-not-optimal")
    d.find_element(By.ID, "flood-undo").click()
    wait_text(d, "flood-play-status", "still optimal")
    expect(d.find_element(By.ID, "panel-flood").get_attribute("data-moves") == "1", "one move after undo")
    d.find_element(By.ID, "flood-show-solution").click()
    expect(solution.is_displayed() and "(16 moves)" in solution.text, f"the solution when asked: {solution.text}")


def paint_4x4(d):
    """On a blank 4x4 board of 3 colours: colour 1 down the last column, colour 2 bottom left."""
    d.find_element(By.CSS_SELECTOR, "#flood-paint button[data-colour='1']").click()
    stroke(d, board_svg(d, "flood"), [(0, 3), (1, 3), (2, 3), (3, 3)])
    d.find_element(By.CSS_SELECTOR, "#flood-paint button[data-colour='2']").click()
    tap(d, board_svg(d, "flood"), 3, 0)
    expect(d.find_element(By.ID, "flood-input").get_attribute("value") == "0001\n0001\n0001\n2001\n", "the painted board")


def test_flood_tatham(t):
    """A Tatham game ID pasted: its par and move limit; a board drawn by hand gets its par."""
    d = t.d
    ident = next(l.split()[0] for l in open(os.path.join(ROOT, "data", "flood", "ids.txt")) if l[0].isdigit())
    open_puzzle(d, "flood", ident)
    wait_text(d, "flood-par", "Par 18")
    expect("move limit is 24" in d.find_element(By.ID, "flood-par").text, "the ID's move limit")
    blank_board(d, "flood", (("new-cols", "4"), ("new-rows", "4"), ("new-colours", "3")))
    paint_4x4(d)
    wait_text(d, "flood-par", "Par 2")
    t.shot("flood-drawn")
    # as a Tatham ID (the move limit from the C lookahead)
    d.find_element(By.CSS_SELECTOR, "#flood-share-box summary").click()
    Select(d.find_element(By.ID, "flood-export-to")).select_by_value("tatham")
    d.find_element(By.ID, "flood-export").click()
    out = d.find_element(By.ID, "flood-export-text")
    WebDriverWait(d, 20).until(lambda _: out.get_attribute("value").strip(), "the ID")
    expect(out.get_attribute("value").strip() == "4x4c3m5:0001000100012001,7", out.get_attribute("value"))


# ---- export in every format through `convert` (issue 30, item 3) ----

def convert_choices(d, family):
    """The formats the family's `convert --to` takes, from the games list the page reads
    (the server's /api/games, or the worker's in the static build)."""
    return d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "gameopt.games().then((g) => { const v = g.games.find((x) => x.name === arguments[0]).verbs.find((x) => x.name === 'convert');"
        "done(v.options.find((o) => o.name === 'to').choices); });", family)


def export_as(d, family, to):
    """Share and export: choose the format, press Export, wait for the text or the error."""
    box = d.find_element(By.ID, f"{family}-share-box")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    Select(d.find_element(By.ID, f"{family}-export-to")).select_by_value(to)
    out, status = d.find_element(By.ID, f"{family}-export-text"), d.find_element(By.ID, f"{family}-share-status")
    d.execute_script("arguments[0].value = ''; arguments[1].textContent = '';", out, status)
    d.find_element(By.ID, f"{family}-export").click()
    # the export's last word: copied (or ready to copy) after the text, or the refusal; never
    # "Done." in between, so no reply of an earlier export is read as this one's
    WebDriverWait(d, 60).until(lambda _: "bad" in status.get_attribute("class").split()
                               or "Copied." in status.text or "Ready to copy." in status.text,
                               f"{family} export to {to}: {status.text}")
    return out.get_attribute("value") if "bad" not in status.get_attribute("class").split() else None, status.text


def read_back(t, family, fmt, text, to):
    """The exported text read by the command line in its format and written as `to`."""
    r = subprocess.run([t.gameopt, family, "convert", "--format", fmt, "--to", to, "-"], input=text,
                       capture_output=True, text=True)
    expect(r.returncode == 0, f"{family} {fmt} not read back: {r.stderr}\n{text}")
    return r.stdout


def export_every_format(t, family, back_to, expected, cut=lambda text: text):
    """Every format of the family's convert is offered; each export, read back by the command
    line and written as back_to (cut to what compares), is the expected board."""
    d = t.d
    offered = [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, f"#{family}-export-to option")]
    choices = convert_choices(d, family)
    expect(set(choices) <= set(offered), f"every format of {family} convert offered: {choices} in {offered}")
    for fmt in choices:
        text, words = export_as(d, family, fmt)
        expect(text, f"{family} export to {fmt}: {words}")
        expect(cut(read_back(t, family, fmt, text, back_to)) == expected, f"{fmt} holds the board:\n{text}")
        print(f"{family} {fmt}: {text!r}")


def test_flow_export(t):
    """A board drawn in setter mode exported in every format `flow convert` writes, each read
    back by the command line as the same board; a wall makes the rectangle formats refuse it,
    with the verb's reason on the page."""
    d = t.d
    loaded(d, "flow")
    blank_board(d, "flow", (("new-rows", "3"), ("new-cols", "4")))
    for rc in ((0, 0), (2, 0), (0, 3), (2, 2)):
        tap(d, board_svg(d, "flow"), *rc)
    expect(d.find_element(By.ID, "flow-input").get_attribute("value") == "A..B\n....\nA.B.\n", "the drawn board")
    export_every_format(t, "flow", "flow_solver", "A..B\n....\nA.B.\n")
    export_as(d, "flow", "json")
    t.shot("flow-export-json", d.find_element(By.ID, "flow-export-text"))
    # a wall: letter rows and the other rectangles cannot hold it; the verb says why
    d.find_element(By.ID, "flow-tool-wall").click()
    stroke(d, board_svg(d, "flow"), [(0, 1), (1, 1)], corner=True)
    expect(d.find_element(By.ID, "flow-input").get_attribute("value").startswith("STANDARD"), "a drawing now")
    text, words = export_as(d, "flow", "json")
    expect(text is None and "cannot hold" in words and "walls" in words, f"json refuses the wall: {words}")
    t.shot("flow-export-refused", d.find_element(By.ID, "flow-share-status"))
    text, words = export_as(d, "flow", "samgoldman")
    expect(text and read_back(t, "flow", "samgoldman", text, "samgoldman") == text, f"the drawing keeps the wall: {text}")


def test_flood_export(t):
    """A board painted in setter mode exported in every format `flood convert` writes, each read
    back by the command line as the same board; a board that is not square is refused as
    compact, with the verb's reason on the page."""
    d = t.d
    wait_text(d, "flood-open-status", "on the board")
    blank_board(d, "flood", (("new-cols", "4"), ("new-rows", "4"), ("new-colours", "3")))
    paint_4x4(d)
    # (formats number colours their own way: compared as Tatham's cells, renumbered by rank)
    export_every_format(t, "flood", "tatham", "0001000100012001", lambda text: text.split(":")[1].split(",")[0].strip())
    text, _ = export_as(d, "flood", "tatham")
    expect(text.strip() == "4x4c3m5:0001000100012001,7", f"a Tatham ID with the lookahead's move limit: {text}")
    t.shot("flood-export-tatham", d.find_element(By.ID, "flood-export-text"))
    blank_board(d, "flood", (("new-cols", "5"), ("new-rows", "3")))
    text, words = export_as(d, "flood", "compact")
    expect(text is None and "compact boards are square" in words, f"compact refuses 5x3: {words}")
    t.shot("flood-export-refused", d.find_element(By.ID, "flood-share-status"))


def run_example(d, family):
    box = d.find_element(By.ID, f"{family}-questions")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    d.find_element(By.ID, f"{family}-example").click()
    d.find_element(By.ID, f"{family}-solve").click()
    status = d.find_element(By.ID, f"{family}-status")
    WebDriverWait(d, 60).until(lambda _: "busy" not in status.get_attribute("class") and status.text.strip() not in ("", "Done."))
    expect("done" in status.text, f"status: {status.text}")
    return d.find_element(By.CSS_SELECTOR, f"#{family}-results pre.json").get_attribute("textContent")


def test_tokens(t):
    answer = run_example(t.d, "tokens")
    expect('"feasible_rotations":[0,1,3,4]' in answer, f"feasible rotations 0,1,3,4: {answer[:300]}")


def drag_to(d, source, target):
    """Press on source, move in small steps onto target's centre, release (a finger's drag)."""
    x0, y0 = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", source)
    x1, y1 = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", target)
    ab = ActionBuilder(d, duration=10)
    p = ab.pointer_action
    p.move_to_location(int(x0), int(y0))
    p.pointer_down()
    for k in range(1, 9):
        p.move_to_location(int(x0 + (x1 - x0) * k / 8), int(y0 + (y1 - y0) * k / 8))
    p.pointer_up()
    ab.perform()


def test_tokens_play(t):
    """Tiles picked and dropped, tokens dragged into cities, the legal rotations on the tile."""
    d = t.d
    d.set_window_size(1280, 1700)  # the tray and both hexes in view at once, as on a desktop
    status = d.find_element(By.ID, "tokens-play-status")
    legal = lambda: status.get_attribute("data-legal")
    WebDriverWait(d, 20).until(lambda _: legal() == "0,1,3,4", f"the seed's Montreal question: {status.text}")
    d.find_element(By.ID, "tokens-clear-tokens").click()
    expect(not d.find_elements(By.CSS_SELECTOR, "#tokens-old .token"), "no tokens on the tile")
    # a new tile on the map: L12 dragged from the tray onto the map hex
    drag_to(d, d.find_element(By.CSS_SELECTOR, "#tokens-tray [data-tile='637']"), d.find_element(By.ID, "tokens-new"))
    WebDriverWait(d, 20).until(lambda _: "637" in d.find_element(By.ID, "tokens-new").text and not status.get_attribute("data-busy"))
    drag_to(d, d.find_element(By.CSS_SELECTOR, "#tokens-tray [data-tile='L12']"), d.find_element(By.ID, "tokens-old"))
    drag_to(d, d.find_element(By.CSS_SELECTOR, "#tokens-tray [data-tile='X2']"), d.find_element(By.ID, "tokens-new"))
    WebDriverWait(d, 20).until(lambda _: "X2" in d.find_element(By.ID, "tokens-new").text)
    # tokens: LPS dragged into city 0, QLS picked by keyboard and dropped on city 1
    drag_to(d, d.find_element(By.CSS_SELECTOR, "#tokens-chips [data-token='LPS']"), d.find_element(By.CSS_SELECTOR, "#tokens-old .city[data-city='0'] .slotring"))
    expect(d.find_elements(By.CSS_SELECTOR, "#tokens-old .city[data-city='0'] [data-token='LPS']"), "LPS in city 0")
    chip = d.find_element(By.CSS_SELECTOR, "#tokens-chips [data-token='QLS']")
    d.execute_script("arguments[0].focus();", chip)
    ActionChains(d).send_keys(Keys.ENTER).perform()
    city = d.find_element(By.CSS_SELECTOR, "#tokens-old .city[data-city='1']")
    d.execute_script("arguments[0].focus();", city)
    ActionChains(d).send_keys(Keys.ENTER).perform()
    WebDriverWait(d, 20).until(lambda _: legal() == "0,1,3,4" and not status.get_attribute("data-busy"), status.text)
    rots = {b.get_attribute("data-rotation"): b for b in d.find_elements(By.CSS_SELECTOR, "#tokens-rotations .rot")}
    expect(sorted(k for k, b in rots.items() if "legal" in b.get_attribute("class").split()) == ["0", "1", "3", "4"], "legal rotations marked on the tiles")
    rots["2"].click()
    caption = d.find_element(By.ID, "tokens-new").text
    expect("not legal" in caption and "need 2 slots" in caption, f"rotation 2, with the reason: {caption}")
    t.shot("tokens-play-illegal")
    d.find_element(By.CSS_SELECTOR, "#tokens-rotations .rot[data-rotation='1']").click()
    expect("✔ legal" in d.find_element(By.ID, "tokens-new").text, "rotation 1 legal")
    # which tiles may replace it: the candidates framed in the tray
    d.find_element(By.ID, "tokens-which").click()
    WebDriverWait(d, 20).until(lambda _: "May replace it" in status.text, status.text)
    expect(d.find_elements(By.CSS_SELECTOR, "#tokens-tray .candidate[data-tile='X2']"), "X2 is a candidate")


def test_taxis(t):
    d = t.d
    answer = run_example(d, "taxis")
    expect('"heuristic":"md"' in answer and '"seed":3' in answer, f"the game played: {answer[:300]}")
    expect(int(fact(d, "taxis", "length")) > 0, "a path of positive length")


def wait_attr(d, element, name, timeout=30):
    WebDriverWait(d, timeout).until(lambda _: element.get_attribute(name), f"{name} on {element.get_attribute('id')}")
    return element.get_attribute(name)
def test_taxis_play(t):
    d, gameopt = t.d, t.gameopt
    # A game against pp on the board map, seed 3: the server's `taxis turn` decides every move.
    d.find_element(By.ID, "taxis-play-seed").send_keys("3")
    d.find_element(By.ID, "taxis-play-start").click()
    info = d.find_element(By.ID, "taxis-play-status")
    legal = wait_attr(d, info, "data-legal")
    expect(sorted(legal.split()) == ["Ingolstadt@start", "Lodz@start", "Munchen@start", "Nurnberg@start",
                                     "Passau@start", "Wurzburg@start"], f"the opening display: {legal}")
    # Every city is drawn with its name (22 on the bundled map), and the face-up ones are marked.
    expect(len(d.find_elements(By.CSS_SELECTOR, "#taxis-board svg .city text.name")) == 22, "22 named cities")
    expect(len(d.find_elements(By.CSS_SELECTOR, "#taxis-board svg .city.face-up rect.card")) == 6, "6 face-up cards marked")
    # A city that is not face up: the server refuses it with its own words, nothing is played.
    d.find_element(By.CSS_SELECTOR, "#taxis-board .city[data-node='Basel']").click()
    WebDriverWait(d, 20).until(lambda _: info.get_attribute("data-refused") == "Basel", "Basel refused")
    expect("'Basel' is not face up" in info.text, f"the refusal: {info.text}")
    expect(info.get_attribute("data-length") == "0", "nothing played")
    # The keyboard: Tab-reachable city, Enter takes it.
    munchen = d.find_element(By.CSS_SELECTOR, "#taxis-board .city[data-node='Munchen']")
    d.execute_script("arguments[0].focus();", munchen)
    d.switch_to.active_element.send_keys(Keys.ENTER)
    WebDriverWait(d, 20).until(lambda _: info.get_attribute("data-length") == "1", "Munchen taken by keyboard")
    moves = ["Munchen"]
    # Then always the first legal move, by mouse on the map (the end asked when both fit).
    while info.get_attribute("data-finished") != "true":
        first = info.get_attribute("data-legal").split()[0]
        node, end = first.split("@")
        n = len(moves)
        d.find_element(By.CSS_SELECTOR, f"#taxis-board .city[data-node='{node}']").click()
        if d.find_element(By.ID, "taxis-end-choice").is_displayed():
            d.find_element(By.CSS_SELECTOR, f"#taxis-end-choice button[data-end='{end}']").click()
            moves.append(f"{node}@{end}")
        else:
            moves.append(node)
        WebDriverWait(d, 20).until(lambda _: info.get_attribute("data-length") == str(n + 1), f"move {n + 1}")
    ideal = wait_attr(d, info, "data-ideal")
    mine = int(info.get_attribute("data-length"))
    # The command line replays the same moves to the same end.
    cli = json.loads(subprocess.run([gameopt, "taxis", "turn", "--seed", "3", "--json", *moves], check=True,
                                    capture_output=True, text=True).stdout)
    expect(cli["finished"] and cli["length"] == mine, f"CLI replay: {cli}")
    expect(ideal == "6" and info.get_attribute("data-heuristic") == "6", f"ideal 6 and pp 6 (seed 3): {info.text}")
    expect(f"You: {mine}" in info.text and "ideal: 6" in info.text and "pp: 6" in info.text, f"the lengths: {info.text}")
    # The paths side by side, each with its length, colour, pattern and words.
    figs = {f.get_attribute("data-path"): f for f in d.find_elements(By.CSS_SELECTOR, "#taxis-compare figure")}
    expect(sorted(figs) == ["heuristic", "ideal", "you"], f"three maps: {sorted(figs)}")
    expect(figs["you"].get_attribute("data-length") == str(mine) and figs["ideal"].get_attribute("data-length") == "6", "lengths")
    dash = figs["ideal"].find_element(By.CSS_SELECTOR, "polyline.path-ideal").get_attribute("stroke-dasharray")
    expect(dash, "the ideal path is dashed as well as coloured")
    expect("Ideal path: 6 cities" in figs["ideal"].text, f"caption: {figs['ideal'].text}")
    d.execute_script("document.getElementById('taxis-compare').scrollIntoView();")


def generate_and_solve(d, family, options):
    """New puzzle with the generate verb's typed options: on the board, then Solve answers solved."""
    d.find_element(By.CSS_SELECTOR, f"#{family}-open-box details summary").click()
    for k, v in options.items():
        box = d.find_element(By.ID, f"{family}-generate-opt-{k}")
        box.clear()
        box.send_keys(v)
    d.find_element(By.ID, f"{family}-generate").click()
    status = d.find_element(By.ID, f"{family}-open-status")
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-seed"), "a new puzzle")
    expect("A new puzzle (seed" in status.text, f"generate status: {status.text}")
    expect(d.find_element(By.ID, f"{family}-input").get_attribute("value").strip(), "the puzzle is in the box")
    expect(d.find_elements(By.CSS_SELECTOR, f"#{family}-board svg.grid-board"), "on the board")
    text = solve_and_wait(d, family)
    expect("solved" in text, f"the new puzzle is solvable: {text}")
    return text


def tools(d, family):
    box = d.find_element(By.ID, f"{family}-tools")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()


def check(d, family, puzzle, answer=None):
    tools(d, family)
    paste(d, d.find_element(By.ID, f"{family}-input"), puzzle)
    if answer is not None:
        paste(d, d.find_element(By.ID, f"{family}-answer"), answer)
    status = d.find_element(By.ID, f"{family}-tools-status")
    d.execute_script("arguments[0].removeAttribute('data-check');", status)
    d.find_element(By.ID, f"{family}-check").click()
    WebDriverWait(d, 60).until(lambda _: status.get_attribute("data-check") or (
        "bad" in status.get_attribute("class") and not status.get_attribute("data-busy")), "a check answer")
    return status.get_attribute("data-check") or "error", status.text


def test_country_verbs(t):
    d, gameopt = t.d, t.gameopt
    generate_and_solve(d, "country", {"size": "6x6"})
    # Check: the seed solved by the command line (pzprv3 with its loop) is ok; one loop edge
    # changed is wrong with the checker's reason; a broken file is the located error.
    solved = subprocess.run([gameopt, "country", "solve", "--print", "pzprv3", "data/country/seed-10x10.txt"],
                            check=True, capture_output=True, text=True).stdout
    kind, text = check(d, "country", solved)
    expect(kind == "ok" and "stdin: ok" in text, f"the solved seed checks ok: {text}")
    lines = solved.splitlines()
    lines[25] = ("0" if lines[25][0] == "1" else "1") + lines[25][1:]  # the first line state of row 1
    kind, text = check(d, "country", "\n".join(lines) + "\n")
    expect(kind == "wrong" and "stdin: wrong: " in text, f"a changed loop is wrong: {text}")
    kind, text = check(d, "country", "pzprv3\ncountry\n2\nx\n")
    expect(kind == "error" and "gameopt: -:" in text, f"a located error: {text}")
    # A broken puzzle pasted: the located error where the puzzle is opened.
    wait_text(d, "country-open-status", "gameopt: -:")
    # Convert: the seed's URL as pzprv3, as the command line writes it.
    open_puzzle(d, "country", COUNTRY_SEED)
    Select(d.find_element(By.ID, "country-convert-to")).select_by_value("pzprv3")
    d.find_element(By.ID, "country-convert").click()
    out = d.find_element(By.ID, "country-converted")
    WebDriverWait(d, 20).until(lambda _: out.is_displayed() and out.text.strip(), "the converted puzzle")
    want = subprocess.run([gameopt, "country", "convert", "--to", "pzprv3", "-"], input=COUNTRY_SEED + "\n",
                          check=True, capture_output=True, text=True).stdout
    expect(out.get_attribute("textContent") == want, f"convert as the CLI: {out.text[:80]!r}")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", out)
    # The assistant on the text opened: the seed's first deduction with its rule; a loop edge
    # added to the solved seed is the mistake, named; the pictures the C side draws for them.
    text = ask(t, "country", "hint")
    expect("stdin: r1c1 used (the room at r1c1 uses exactly 4 cells)" in text, f"the hint with its rule: {text}")
    parts = solved.splitlines()
    first = parts[25].split()
    first[first.index("0")] = "1"
    parts[25] = " ".join(first) + " "
    open_puzzle(d, "country", "\n".join(parts) + "\n")
    text = ask(t, "country", "mistakes")
    expect("stdin: wrong: r1c2-r1c3 on the loop" in text, f"the wrong mark named: {text}")
    open_puzzle(d, "country", open(os.path.join(ROOT, "tests", "golden", "country", "files", "two-6x5.txt")).read())
    text = ask(t, "country", "decided")
    expect("24 cells decided, 6 open" in text, f"decided: {text}")
    # Solve with print url: the URL as the command line writes it, and the warning that it
    # holds no loop shown with it (issue 30 item 3).
    open_puzzle(d, "country", COUNTRY_SEED)
    solve_box(d, "country")
    own = d.find_element(By.CSS_SELECTOR, "#country-solve-box details")
    if not own.get_attribute("open"):
        own.find_element(By.TAG_NAME, "summary").click()
    Select(d.find_element(By.ID, "country-solve-opt-print")).select_by_value("url")
    d.find_element(By.ID, "country-solve").click()
    printed = WebDriverWait(d, 60).until(lambda _: d.find_elements(By.ID, "country-printed"), "the printed puzzle")[0]
    want = subprocess.run([gameopt, "country", "solve", "--print", "url", "-"], input=COUNTRY_SEED + "\n",
                          check=True, capture_output=True, text=True).stdout
    expect(printed.get_attribute("textContent") == want, f"the URL as the CLI writes it: {printed.text[:80]!r}")
    warn = d.find_element(By.CSS_SELECTOR, "#country-results [data-warning]").text
    expect("a puzz.link URL cannot hold the loop" in warn, f"the warning shown: {warn}")
    t.shot("country-print-url", printed)


def ask(t, family, verb):
    """Asks the assistant about the puzzle opened (the tools box's buttons); its words, and
    the picture the C side draws for that verb, when it draws one."""
    d = t.d
    tools(d, family)
    status = d.find_element(By.ID, f"{family}-ask-status")
    d.find_element(By.ID, f"{family}-ask-{verb}").click()
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-ask") == verb or (
        "bad" in status.get_attribute("class") and not status.get_attribute("data-busy")), f"the {verb} answer")
    if draws_pictures(t.gameopt, family, verb):
        img = d.find_element(By.CSS_SELECTOR, f"#{family}-ask-results img")
        WebDriverWait(d, 10).until(lambda _: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", img))
        t.shot(f"{family}-ask-{verb}", img)
    else:
        expect(not d.find_elements(By.CSS_SELECTOR, f"#{family}-ask-results img"), f"no picture from {verb}")
        t.shot(f"{family}-ask-{verb}", status)
    return status.text


def test_flow_verbs(t):
    d = t.d
    generate_and_solve(d, "flow", {"size": "6x6"})
    # Issue 35 item 5: New puzzle makes a puzzle for people, unique by default.
    text = ask(t, "flow", "unique")
    expect("unique" in text and "not unique" not in text, f"the new puzzle is unique: {text}")
    kind, text = check(d, "flow", FLOW_SEED, FLOW_ANSWER)
    expect(kind == "ok" and "stdin: ok" in text, f"the seed's answer is ok: {text}")
    kind, text = check(d, "flow", FLOW_SEED, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGB\n")
    expect(kind == "wrong" and "the endpoint at row 4, column 5 has 0 path links" in text, f"wrong, with the reason: {text}")
    kind, text = check(d, "flow", FLOW_SEED, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGG\n")
    expect(kind == "error" and "gameopt: answer:5:5: row 5 is shorter than the board" in text, f"located: {text}")
    # The assistant: a board with two solutions, typed line by line with pauses (each pause
    # reads the half-typed board; those readings' replies come 200 ms late): the page says
    # "on the board" for the whole board only, never for a half-typed one whose reading
    # came back after the last key.
    latency(d, 200)
    type_slowly(d, "flow", ["A...A\n", ".....\n", ".....\n", "B...B\n"])
    loaded(d, "flow")
    expect(board_size(d, "flow") == (4, 5), f"the whole board read: {board_size(d, 'flow')}")
    latency(d, 0)
    text = ask(t, "flow", "unique")
    expect("stdin: not unique: two solutions" in text, f"unique: {text}")
    text = ask(t, "flow", "decided")
    expect("10 cells decided, 10 open" in text, f"decided: {text}")
    expect("null" not in d.find_element(By.ID, "flow-tools").text, "no stray words in the tools")


def test_flood_verbs(t):
    d = t.d
    text = generate_and_solve(d, "flood", {"size": "8x8", "colours": "4"})
    expect("optimal" in text, f"a proven optimum: {text}")
    moves = fact(d, "flood", "moves")
    par = d.find_element(By.ID, "flood-par")
    WebDriverWait(d, 30).until(lambda _: par.get_attribute("data-par") == str(len(moves)), f"the par: {par.text}")
    info = d.find_element(By.ID, "flood-play-status")
    # One move, checked by the server: not flooded yet; then the solver's moves: flooded.
    d.find_element(By.CSS_SELECTOR, f"#flood-palette button[data-colour='{moves[0]}']").click()
    d.find_element(By.ID, "flood-check-moves").click()
    WebDriverWait(d, 20).until(lambda _: info.get_attribute("data-check") == "wrong", f"not flooded: {info.text}")
    expect("not flooded yet" in info.text, info.text)
    # The last move while "still optimal?" of the move before is on its way (made to come
    # 1 s late): its reply must not replace what the last move said ("Done." did, under load).
    # (Four colours on the board: at least three moves.)
    latency(d, 1000)
    for m in moves[1:-1]:
        d.find_element(By.CSS_SELECTOR, f"#flood-palette button[data-colour='{m}']").click()
    WebDriverWait(d, 30, poll_frequency=0.05).until(lambda _: info.get_attribute("data-busy") and "Still optimal?" in info.text, info.text)
    d.find_element(By.CSS_SELECTOR, f"#flood-palette button[data-colour='{moves[-1]}']").click()
    wait_text(d, "flood-play-status", "perfect")
    latency(d, 0)
    d.find_element(By.ID, "flood-check-moves").click()
    WebDriverWait(d, 20).until(lambda _: info.get_attribute("data-check") == "ok", f"flooded: {info.text}")
    expect(f"your {len(moves)} moves flood the board" in info.text, info.text)


def test_flood_fails(t):
    """Issue 35 item 3: a request that fails ends in an error shown where it was asked, never
    in 'par: computing...' for good. The server stops; the page says so."""
    d = t.d
    loaded(d, "flood")
    wait_text(d, "flood-par", "Par")
    t.stop_server()
    d.find_element(By.ID, "flood-hint").click()
    text = wait_idle(d, "flood-play-status")
    expect("no answer from gameopt" in text, f"the failure is told: {text}")
    # a new board: opening it fails the same way
    paste(d, d.find_element(By.ID, "flood-input"), "0120\n1201\n")
    wait_text(d, "flood-open-status", "no answer from gameopt")


def test_flood_limit(t):
    """Long work: the par's proof runs with its time so far, a live progress line (the bounds
    proven so far, from GET api/progress while the request runs) and a Stop button, which
    stops it; a time limit that ends a proof shows the bounds proven."""
    d = t.d
    board = subprocess.run([t.gameopt, "flood", "generate", "--size", "30x30", "--colours", "8", "--seed", "5"],
                           check=True, capture_output=True, text=True).stdout
    open_puzzle(d, "flood", board)
    par = d.find_element(By.ID, "flood-par")
    stop = WebDriverWait(d, 10).until(lambda _: par.find_elements(By.CSS_SELECTOR, "button.stop"), "a Stop button beside the proof")[0]
    # what a person sees while the proof runs: the time so far and the bounds proven so far
    WebDriverWait(d, 60).until(lambda _: "at least" in par.text and "at most" in par.text, f"the bounds as they are proven: {par.text}")
    expect("proving the optimum" in par.text and " s" in par.text, f"the time so far: {par.text}")
    print(f"progress: '{par.text}'")
    t.shot("flood-limit-running")
    stop.click()
    wait_text(d, "flood-par", "Stopped after")
    solve_box(d, "flood")
    box = d.find_element(By.ID, "flood-time")
    box.clear()
    box.send_keys("1")
    d.find_element(By.ID, "flood-solve").click()
    status = d.find_element(By.ID, "flood-status")
    WebDriverWait(d, 30).until(lambda _: "unknown" in status.text and not status.get_attribute("data-busy"), status.text)
    expect("proven: at least" in status.text and "at most" in status.text, f"the bounds: {status.text}")
    t.shot("flood-limit-bounds")
    # With the box empty, Solve gives up after gameopt serve's 30 s, served or standing alone,
    # and says so: the server applies its own limit; the static page (no server) asks for it.
    expect(box.get_attribute("placeholder") == "30", f"the limit shown: {box.get_attribute('placeholder')}")
    expect("Gives up after 30 s" in d.find_element(By.ID, "flood-time-help").text, d.find_element(By.ID, "flood-time-help").text)
    alone = d.execute_script("return window.gameoptBackend && window.gameoptBackend.then((b) => !!b);")
    open_puzzle(d, "flood", FLOOD_EXAMPLE)
    d.execute_script("const call = gameopt.call; window.solveAsked = null;"
                     "gameopt.call = (req, o) => { if (req.verb === 'solve' && req.picture) window.solveAsked = req.options; return call(req, o); };")
    box.clear()
    answer = solve_and_wait(d, "flood")
    asked = d.execute_script("return window.solveAsked;")
    expect("16 moves" in answer and asked is not None and asked.get("time-limit") == (30 if alone else None),
           f"{'the page' if alone else 'the server'} limits Solve to 30 s: asked {asked}; {answer}")


# ---- what the page's fonts draw ----

def www_characters():
    """Every character beyond ASCII in the page's own files (data/www: JavaScript strings and
    \\u escapes, CSS content and its \\hex escapes, HTML), with the file it is in."""
    www = os.path.join(ROOT, "data", "www")
    chars = {}
    for name in sorted(os.listdir(www)):
        if not name.endswith((".js", ".css", ".html")):
            continue
        text = open(os.path.join(www, name), encoding="utf-8").read()
        found = [c for c in text if ord(c) > 127]
        found += [chr(int(h, 16)) for h in re.findall(r"\\u\{?([0-9A-Fa-f]{4,6})\}?", text)]
        if name.endswith(".css"):
            found += [chr(int(h, 16)) for h in re.findall(r"\\([0-9A-Fa-f]{4,6})", text)]
        for c in found:
            chars.setdefault(c, name)
    return chars


def test_glyphs(t):
    """The page uses no character its fonts cannot draw: each character of data/www, drawn on
    a canvas in the page's own font list, differs from the missing-glyph box (what an
    unassigned code point gets). The busy line's hourglass emoji was that box in headless
    Chromium with no emoji font; the busy mark is CSS now."""
    d = t.d
    loaded(d, "country")
    chars = www_characters()
    drawn = d.execute_script("""
      const fam = getComputedStyle(document.body).fontFamily;
      const img = (ch) => { const c = document.createElement('canvas'); c.width = c.height = 64; const x = c.getContext('2d');
        x.font = `40px ${fam}`; x.fillText(ch, 8, 48); const d = x.getImageData(0, 0, 64, 64).data; let h = 0;
        for (let i = 3; i < d.length; i += 4) h = (h * 31 + d[i]) >>> 0; return h; };
      const missing = img('\\u0378');
      return [fam, img('\\u23F3') === missing, arguments[0].filter((ch) => img(ch) === missing)];""", sorted(chars))
    family, hourglass_missing, missing = drawn
    print(f"{len(chars)} characters beyond ASCII in data/www ({''.join(sorted(chars))}), font list {family}")
    expect(hourglass_missing, "the probe tells a missing glyph: the hourglass emoji is one here")
    expect(not missing, "characters no font of the page draws: " + ", ".join(f"U+{ord(c):04X} in {chars[c]}" for c in missing))
    # the busy mark: drawn by CSS (a ring), with no character to draw
    mark = d.execute_script("const s = document.createElement('div'); s.className = 'status busy'; document.body.append(s);"
                            "const b = getComputedStyle(s, '::before'); const r = [b.content, b.borderTopStyle, b.width]; s.remove(); return r;")
    expect(mark[0] in ('""', "''") and mark[1] == "solid", f"the busy mark is a CSS ring: {mark}")


# ---- phones and accessibility ----

def test_phone(t):
    """At 390x844 every tab is usable: no element wider than the view, no horizontal scroll."""
    d = t.d
    d.set_window_size(390, 844)
    wide_js = ("const w = document.documentElement.clientWidth; return [document.documentElement.scrollWidth,"
               " [...document.querySelectorAll('body *')].filter(e => { const r = e.getBoundingClientRect();"
               " return r.width > 0 && (r.right > w + 0.5 || r.left < -0.5) && !e.closest('.sr-only'); })"
               ".slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))];")
    width = d.execute_script("return document.documentElement.clientWidth;")
    for tab in ("country", "flow", "flood", "tokens", "taxis"):
        d.find_element(By.ID, f"tab-{tab}").click()
        if tab in ("country", "flow", "flood"):
            loaded(d, tab)
        for summary in d.find_elements(By.CSS_SELECTOR, f"#panel-{tab} details:not([open]) > summary"):
            if summary.is_displayed():
                d.execute_script("arguments[0].click();", summary)
        if tab == "taxis":
            d.find_element(By.ID, "taxis-play-seed").send_keys("3")
            d.find_element(By.ID, "taxis-play-start").click()
            WebDriverWait(d, 20).until(lambda _: d.find_element(By.ID, "taxis-play-status").get_attribute("data-legal"))
        if tab == "tokens":
            run_example(d, "tokens")
        scroll, wide = d.execute_script(wide_js)
        expect(scroll <= width and not wide, f"{tab}: page {scroll} px for a {width} px view; too wide: {wide}")
        d.execute_script("window.scrollTo(0, 0);")
        d.save_screenshot(os.path.join(t.shots, f"phone-{tab}.png"))
    # The status of an action is in view where it was taken: a hint on the country board.
    d.find_element(By.ID, "tab-country").click()
    hint = d.find_element(By.ID, "country-hint")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", hint)
    hint.click()
    status = d.find_element(By.ID, "country-play-status")
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-hint"))
    top, bottom = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom];", status)
    expect(0 <= top and bottom <= 844, f"the hint's words are in view ({top}..{bottom})")
    t.shot("phone-country-hint")


def test_a11y(t):
    """Chromium's accessibility tree names the main controls with their roles; the keyboard
    reaches every one of them (Tab), and plays on the board."""
    d = t.d
    loaded(d, "country")
    tree = d.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    named = {}
    for n in tree:
        if n.get("ignored"):
            continue
        role = (n.get("role") or {}).get("value")
        name = (n.get("name") or {}).get("value", "")
        named.setdefault(role, set()).add(name)
    want = {"tab": {"country", "flow", "flood", "taxis", "tokens"},
            "button": {"▶ Play", "✎ Set a puzzle", "↶ Undo", "↷ Redo", "✔ Check", "Hint", "⚠ Mistakes?", "Line", "× Mark", "Clear"},
            "application": {next(x for x in named.get("application", {""}) if x.startswith("Country Road board"))}}
    for role, names in want.items():
        missing = names - named.get(role, set())
        expect(not missing, f"accessibility tree: {role} {sorted(missing)} missing (has {sorted(named.get(role, set()))[:20]})")
    expect(any("status" == r for r in named), "live status regions")
    # Tab through the page: the main controls are reached in order, each shows its focus.
    seen = []
    body = d.find_element(By.TAG_NAME, "body")
    body.click()
    for _ in range(60):
        ActionChains(d).send_keys(Keys.TAB).perform()
        e = d.switch_to.active_element
        seen.append(e.get_attribute("id") or e.get_attribute("aria-label") or e.text)
    for control in ("country-mode-play", "country-tool-line", "country-check-loop", "country-hint", "country-input", "country-example"):
        expect(control in seen, f"{control} reached by Tab: {seen}")
    expect(any(s and s.startswith("Country Road board") for s in seen), f"the board reached by Tab: {seen}")
    # On the board: arrows, Shift+arrows draw, Enter marks.
    board = d.find_element(By.CSS_SELECTOR, "#country-board svg")
    d.execute_script("arguments[0].focus();", board)
    ActionChains(d).key_down(Keys.SHIFT).send_keys(Keys.ARROW_DOWN).key_up(Keys.SHIFT).perform()
    expect(lines_drawn(d) == 1, "Shift+arrow draws a line")
    ActionChains(d).send_keys(Keys.ENTER).perform()
    expect(d.execute_script("return document.querySelectorAll('#country-board .mark[data-s=\"2\"]').length") == 1, "Enter marks the cell")
    expect("r2c1" in d.find_element(By.ID, "country-announce").text, "the cursor's cell is told")
    t.shot("a11y-keys")
TESTS = {"country": test_country, "country-play": test_country_play, "country-hint": test_country_hint,
         "country-set": test_country_set, "country-share": test_country_share, "country-verbs": test_country_verbs,
         "routes": test_routes, "flow": test_flow, "flow-play": test_flow_play, "flow-set": test_flow_set, "flow-verbs": test_flow_verbs,
         "flood": test_flood, "flood-tatham": test_flood_tatham, "flood-verbs": test_flood_verbs, "flood-fails": test_flood_fails, "flood-limit": test_flood_limit,
         "flow-export": test_flow_export, "flood-export": test_flood_export,
         "glyphs": test_glyphs, "tokens": test_tokens, "tokens-play": test_tokens_play, "taxis": test_taxis, "taxis-play": test_taxis_play, "phone": test_phone, "a11y": test_a11y}


class Session:
    """What a test works with: the browser, the command line, the server, its screenshots."""
    def __init__(self, d, gameopt, shots, name, server):
        self.d, self.gameopt, self.shots, self.name, self.server = d, gameopt, shots, name, server

    def shot(self, state, element=None):
        if element is not None:  # the state shown is there: in view
            self.d.execute_script("arguments[0].scrollIntoView({block: 'center'});", element)
        path = os.path.join(self.shots, f"{state}.png")
        self.d.save_screenshot(path)
        print(f"screenshot {path}")

    def stop_server(self):
        self.server.terminate()
        self.server.wait(timeout=20)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gameopt", required=True)
    ap.add_argument("--family", required=True)
    ap.add_argument("--shots", required=True)
    args = ap.parse_args()
    for path, what in ((CHROMIUM, "chromium"), (DRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            skip(f"{what} is not installed (scripts/install-deps.sh installs it)")
    os.makedirs(args.shots, exist_ok=True)
    server, port = start_server(args.gameopt)
    d = None
    try:
        d = browser()
        d.set_page_load_timeout(30)
        d.get(f"http://127.0.0.1:{port}/#{args.family.split('-')[0]}")
        WebDriverWait(d, 20).until(lambda _: d.execute_script("return document.body.dataset.ready === 'true';"))
        # The stylesheet arrives inside the page (allowed by the answer's CSP nonce) and applies.
        expect(d.execute_script("return getComputedStyle(document.getElementById('tabs')).display;") == "flex",
               "the page's styles apply under its Content-Security-Policy")
        paint = d.execute_script("return performance.getEntriesByType('paint').map(e => e.name + ' ' + e.startTime.toFixed(1) + ' ms');")
        print("paint:", "; ".join(paint))
        tab = args.family.split("-")[0]  # taxis-play: a second test of the taxis tab
        if tab in ("phone", "a11y", "glyphs"):
            tab = "country"
        if not d.find_elements(By.ID, f"tab-{tab}"):
            skip(f"{tab} is not in GET /api/games yet (its game table is not filled)")
        d.find_element(By.ID, f"tab-{tab}").click()
        TESTS[args.family](Session(d, args.gameopt, args.shots, args.family, server))
        shot = os.path.join(args.shots, f"{args.family}.png")
        d.save_screenshot(shot)
        print(f"passed; screenshot {shot}")
        return 0
    except Exception as e:  # a failed check or a wait that timed out: keep the picture
        if d:
            d.save_screenshot(os.path.join(args.shots, f"{args.family}-failed.png"))
            print("browser console:", d.get_log("browser") if hasattr(d, "get_log") else "")
        traceback.print_exc()  # where in the test it failed
        print(f"FAILED: {type(e).__name__}: {e}")
        return 1
    finally:
        if d:
            d.quit()
        if os.environ.get("TMPDIR", "").startswith(os.path.join(tempfile.gettempdir(), "gameopt-browser-")):
            shutil.rmtree(os.environ["TMPDIR"], ignore_errors=True)
        if server.poll() is None:
            server.terminate()
        try:
            code = server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            code = "killed"
        if code != 0:
            print(f"FAILED: gameopt serve stopped with {code}")
            sys.exit(1)


if __name__ == "__main__":
    sys.exit(main())
