#!/usr/bin/python3
"""Browser test of gameopt's page: starts `gameopt serve` on an ephemeral loopback port,
opens the page in headless Chromium (Debian's chromium + chromium-driver, driven by
python3-selenium; nothing is downloaded), pastes one family's puzzle, presses Solve and
checks what a person would see: the status words, the answer's numbers and a drawn
picture. The screenshot is saved as SHOTS/<family>.png.

    page_test.py --gameopt BUILD/gameopt --family country --shots BUILD/browser

Exit 0 passed, 1 failed, 77 skipped (no browser, or the family is not served yet)."""
import argparse
import json
import os
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
FLOOD_EXAMPLE = open(os.path.join(os.path.dirname(__file__), "..", "..", "data", "flood", "example.txt")).read()


def skip(why):
    print(f"SKIPPED: {why}")
    sys.exit(77)


try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
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
    os.environ["TMPDIR"] = tempfile.mkdtemp(prefix="gameopt-browser-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1280,1100", "--no-first-run", "--disable-extensions"):
        opts.add_argument(a)
    return webdriver.Chrome(service=Service(executable_path=DRIVER), options=opts)


def paste(driver, family, text):
    box = driver.find_element(By.ID, f"{family}-input")
    box.clear()
    box.send_keys(text)


def solve_and_wait(driver, family, timeout=60):
    driver.find_element(By.ID, f"{family}-solve").click()
    status = driver.find_element(By.ID, f"{family}-status")
    WebDriverWait(driver, timeout).until(
        lambda d: "busy" not in status.get_attribute("class") and status.text.strip() and "Solving" not in status.text)
    WebDriverWait(driver, 10).until(
        lambda d: d.execute_script(f"const i = document.querySelector('#{family}-results img.answer');"
                                   "return i && i.complete && i.naturalWidth > 0;"))
    return status.text


def fact(driver, family, key):
    return driver.find_element(By.CSS_SELECTOR, f"#{family}-results dd[data-key='{key}']").text


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def test_country(d):
    paste(d, "country", COUNTRY_SEED)
    # The puzzle is drawn before it is solved.
    WebDriverWait(d, 20).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#country-picture img")))
    status = solve_and_wait(d, "country")
    expect(status.startswith("✔") or "solved" in status, f"status: {status}")
    expect("solved" in status and "unique" in status, f"status should say solved and unique: {status}")
    expect(fact(d, "country", "loop_cells") == "76", f"loop_cells {fact(d, 'country', 'loop_cells')}, want 76")
    expect(fact(d, "country", "solutions") == "1", "one solution")


def test_flow(d):
    paste(d, "flow", FLOW_SEED)
    status = solve_and_wait(d, "flow")
    expect("solved" in status, f"status: {status}")
    expect(fact(d, "flow", "status") == "solved", "status fact")
    expect(fact(d, "flow", "method") != "", "the method is shown")


def test_flood(d):
    paste(d, "flood", FLOOD_EXAMPLE)
    status = solve_and_wait(d, "flood")
    expect("solved" in status and "optimal" in status and "16 moves" in status, f"status: {status}")
    expect(fact(d, "flood", "length") == "16", "length 16")
    # Colour-blind safe: every cell of the board to play shows its colour's character too.
    cells = d.find_elements(By.CSS_SELECTOR, "#flood-board span")
    expect(len(cells) == 144 and all(c.text.strip() in "012345" and c.text.strip() for c in cells),
           "each of the 144 cells is labelled with its colour")
    # Play: the par comes from the server, a hint names a move, playing it counts a move.
    info = d.find_element(By.ID, "flood-play-status")
    WebDriverWait(d, 30).until(lambda _: "par 16" in info.text, f"the par: {info.text}")
    d.find_element(By.ID, "flood-hint").click()
    WebDriverWait(d, 30).until(lambda _: info.get_attribute("data-hint"), f"a hint: {info.text}")
    move = info.get_attribute("data-hint")
    expect("16 more moves" in info.text, f"hint text: {info.text}")
    d.find_element(By.CSS_SELECTOR, f"#flood-palette button[data-colour='{move}']").click()
    expect(info.get_attribute("data-moves") == "1", "one move played")


def run_example(d, family):
    d.find_element(By.ID, f"{family}-example").click()
    status = solve_and_wait(d, family)
    expect("done" in status, f"status: {status}")
    return d.find_element(By.CSS_SELECTOR, f"#{family}-results pre.json").get_attribute("textContent")


def test_tokens(d):
    # The seed's Montreal question: yellow L12 with LPS and QLS -> green X2; the rotations drawn.
    answer = run_example(d, "tokens")
    expect('"feasible_rotations":[0,1,3,4]' in answer, f"feasible rotations 0,1,3,4: {answer[:300]}")


def test_taxis(d):
    # A game played by the md heuristic on the bundled Thurn & Taxis map, drawn.
    answer = run_example(d, "taxis")
    expect('"heuristic":"md"' in answer and '"seed":3' in answer, f"the game played: {answer[:300]}")
    expect(int(fact(d, "taxis", "length")) > 0, "a path of positive length")


def wait_attr(d, element, name, timeout=30):
    WebDriverWait(d, timeout).until(lambda _: element.get_attribute(name), f"{name} on {element.get_attribute('id')}")
    return element.get_attribute(name)


def test_taxis_play(d, gameopt):
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
    """New puzzle with the generate verb's typed options: drawn, then Solve answers solved."""
    d.find_element(By.CSS_SELECTOR, "#panel-%s .more details summary" % family).click()
    for k, v in options.items():
        box = d.find_element(By.ID, f"{family}-generate-opt-{k}")
        box.clear()
        box.send_keys(v)
    d.find_element(By.ID, f"{family}-generate").click()
    status = d.find_element(By.ID, f"{family}-status")
    WebDriverWait(d, 30).until(lambda _: status.get_attribute("data-seed"), "a new puzzle")
    expect("A new puzzle (seed" in status.text, f"generate status: {status.text}")
    expect(d.find_element(By.ID, f"{family}-input").get_attribute("value").strip(), "the puzzle is in the box")
    WebDriverWait(d, 10).until(lambda _: d.execute_script(
        f"const i = document.querySelector('#{family}-picture img'); return i && i.complete && i.naturalWidth > 0;"), "drawn")
    text = solve_and_wait(d, family)
    expect("solved" in text, f"the new puzzle is solvable: {text}")
    return text


def check(d, family, puzzle, answer=None, options=None):
    details = d.find_element(By.ID, f"{family}-check-box")
    if not details.get_attribute("open"):
        details.find_element(By.TAG_NAME, "summary").click()
    paste(d, family, puzzle)
    if answer is not None:
        box = d.find_element(By.ID, f"{family}-answer")
        box.clear()
        box.send_keys(answer)
    for k, v in (options or {}).items():
        box = d.find_element(By.ID, f"{family}-check-opt-{k}")
        box.clear()
        box.send_keys(v)
    status = d.find_element(By.ID, f"{family}-status")
    d.execute_script("arguments[0].removeAttribute('data-check');", status)
    d.find_element(By.ID, f"{family}-check").click()
    WebDriverWait(d, 20).until(lambda _: status.get_attribute("data-check"), "a check answer")
    return status.get_attribute("data-check"), status.text


def test_country_verbs(d, gameopt):
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
    # Convert: the seed's URL as pzprv3, as the command line writes it.
    paste(d, "country", COUNTRY_SEED)
    d.find_element(By.CSS_SELECTOR, "#country-convert-box summary").click()
    Select(d.find_element(By.ID, "country-convert-to")).select_by_value("pzprv3")
    d.find_element(By.ID, "country-convert").click()
    out = d.find_element(By.ID, "country-converted")
    WebDriverWait(d, 20).until(lambda _: out.is_displayed() and out.text.strip(), "the converted puzzle")
    want = subprocess.run([gameopt, "country", "convert", "--to", "pzprv3", "-"], input=COUNTRY_SEED + "\n",
                          check=True, capture_output=True, text=True).stdout
    expect(out.get_attribute("textContent") == want, f"convert as the CLI: {out.text[:80]!r}")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", out)


def test_flow_verbs(d, gameopt):
    generate_and_solve(d, "flow", {"size": "6x6"})
    kind, text = check(d, "flow", FLOW_SEED, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGG\n")
    expect(kind == "ok" and "stdin: ok" in text, f"the seed's answer is ok: {text}")
    kind, text = check(d, "flow", FLOW_SEED, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGGB\n")
    expect(kind == "wrong" and "the endpoint at row 4, column 5 has 0 path links" in text, f"wrong, with the reason: {text}")
    kind, text = check(d, "flow", FLOW_SEED, "BBRRR\nGBYYR\nGBYRR\nGBYRG\nGGGG\n")
    expect(kind == "error" and "gameopt: answer:5:5: row 5 is shorter than the board" in text, f"located: {text}")


def test_flood_verbs(d, gameopt):
    text = generate_and_solve(d, "flood", {"size": "8x8", "colours": "4"})
    expect("optimal" in text, f"a proven optimum: {text}")
    moves = fact(d, "flood", "moves")
    info = d.find_element(By.ID, "flood-play-status")
    WebDriverWait(d, 30).until(lambda _: "par " in info.text and "computing" not in info.text, f"the par: {info.text}")
    # The hint (the server solves the position) names a move of an optimal sequence.
    d.find_element(By.ID, "flood-hint").click()
    WebDriverWait(d, 30).until(lambda _: info.get_attribute("data-hint"), f"a hint: {info.text}")
    expect(f"{len(moves)} more moves are optimal" in info.text, f"hint: {info.text}")
    # One move, checked by the server: not flooded yet; then the solver's moves: flooded.
    d.find_element(By.CSS_SELECTOR, f"#flood-palette button[data-colour='{moves[0]}']").click()
    d.find_element(By.ID, "flood-check-moves").click()
    WebDriverWait(d, 20).until(lambda _: info.get_attribute("data-check") == "wrong", f"not flooded: {info.text}")
    expect("not flooded yet" in info.text, info.text)
    for m in moves[1:]:
        d.find_element(By.CSS_SELECTOR, f"#flood-palette button[data-colour='{m}']").click()
    d.find_element(By.ID, "flood-check-moves").click()
    WebDriverWait(d, 20).until(lambda _: info.get_attribute("data-check") == "ok", f"flooded: {info.text}")
    expect(f"your {len(moves)} moves flood the board" in info.text, info.text)


TESTS = {"country-verbs": test_country_verbs, "flow-verbs": test_flow_verbs, "flood-verbs": test_flood_verbs,
         "country": test_country, "flow": test_flow, "flood": test_flood, "tokens": test_tokens, "taxis": test_taxis,
         "taxis-play": test_taxis_play}


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
        if not d.find_elements(By.ID, f"tab-{tab}"):
            skip(f"{tab} is not in GET /api/games yet (its game table is not filled)")
        d.find_element(By.ID, f"tab-{tab}").click()
        test = TESTS[args.family]
        test(d, args.gameopt) if test.__code__.co_argcount == 2 else test(d)
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
