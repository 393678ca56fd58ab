#!/usr/bin/env python3
"""Checks the showcase's web page in headless Chromium, through the DevTools protocol.

Usage: web_check.py URL OUT_DIR

Starts Chromium headless with software WebGL2 (SwiftShader through ANGLE), opens URL at
1280x720 and fails (exit 1, naming the check) unless:
  1. the page starts and draws: OUT_DIR/showcase.png passes check_screenshot.py
     --selected (not blank, the egui panel, idle, colliding and selected outlines) and
     shows the SAT explainer's window with its red overlap, as the native check does;
  2. the canvas has the keyboard: after load it is the focused element, and F1 hides
     the panel (hidden.png), F1 again shows it;
  3. the Right arrow key steps the SAT explainer through its axes: each press redraws
     the table's marker and the figure (step_1.png, step_through.png), far more pixels
     than change by themselves;
  4. a drag moves a shape: the pill, dragged 130 px left, leaves its old place to the
     background and covers the new one (dragged.png);
  5. the canvas follows the page's size: at 1024x640 the canvas is 1024x640 and the
     panel and the shapes are still drawn (resized.png).

Needs Debian's `chromium` and `python3-websocket` (scripts/web-check.sh installs them).
"""

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

import websocket

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, SCRIPTS)
sys.dont_write_bytecode = True
from check_screenshot import BACKGROUND, PANEL_WIDTH, near, read_png  # noqa: E402

CHECK_SCREENSHOT = os.path.join(SCRIPTS, "check_screenshot.py")
WIDTH, HEIGHT = 1280, 720
# The pill (examples/showcase.rs, world (-198, -110)) on screen at 1280x720: the camera
# puts the world origin at the middle of the area right of the panel.
PILL = (WIDTH // 2 + PANEL_WIDTH // 2 - 198, HEIGHT // 2 + 110)
DROP = (PILL[0] - 130, PILL[1])


class Browser:
    """A headless Chromium and one DevTools session on its page."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="web-check-chromium-")
        flags = [
            "--headless=new",
            "--use-angle=swiftshader",
            "--enable-unsafe-swiftshader",
            "--use-gl=angle",
            "--ignore-gpu-blocklist",
            f"--window-size={WIDTH},{HEIGHT}",
            "--remote-debugging-port=0",
            f"--user-data-dir={self.profile}",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-extensions",
            "--hide-scrollbars",
            "--mute-audio",
            # Frames keep coming while nobody looks at the page.
            "--disable-background-timer-throttling",
            "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows",
        ]
        if os.geteuid() == 0:
            flags.append("--no-sandbox")  # Chromium refuses to run as root otherwise
        self.log = open(os.path.join(self.profile, "chromium.log"), "w")
        self.process = subprocess.Popen(
            ["chromium", *flags, "about:blank"], stdout=self.log, stderr=self.log
        )
        port = self._devtools_port()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as response:
            pages = [t for t in json.load(response) if t["type"] == "page"]
        self.socket = websocket.create_connection(
            pages[0]["webSocketDebuggerUrl"], timeout=120, suppress_origin=True
        )
        self.next_id = 0
        self.events = []

    def _devtools_port(self):
        active = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(600):
            if self.process.poll() is not None:
                sys.exit(f"FAIL: chromium exited at start (log: {self.log.name})")
            if os.path.exists(active):
                with open(active) as file:
                    line = file.readline().strip()
                if line:
                    return int(line)
            time.sleep(0.1)
        sys.exit("FAIL: chromium did not open its DevTools port in 60 s")

    def call(self, method, **params):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    sys.exit(f"FAIL: {method}: {message['error']}")
                return message["result"]
            self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            sys.exit(f"FAIL: {expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))
        return path

    def mouse(self, kind, point, buttons):
        self.call(
            "Input.dispatchMouseEvent",
            type=kind,
            x=point[0],
            y=point[1],
            button="left",
            buttons=buttons,
            clickCount=1 if kind != "mouseMoved" else 0,
        )

    def key(self, key, code, key_code):
        for kind in ("rawKeyDown", "keyUp"):
            self.call(
                "Input.dispatchKeyEvent",
                type=kind,
                key=key,
                code=code,
                windowsVirtualKeyCode=key_code,
            )
            time.sleep(0.3)

    def console(self):
        """The page's console messages and exceptions so far, one a line."""
        lines = []
        for event in self.events:
            params = event.get("params", {})
            if event.get("method") == "Runtime.consoleAPICalled":
                text = " ".join(
                    str(arg.get("value", arg.get("description", ""))) for arg in params["args"]
                )
                lines.append(f"console.{params['type']}: {text}")
            elif event.get("method") == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                description = details.get("exception", {}).get("description", details["text"])
                lines.append(f"exception: {description}")
            elif event.get("method") == "Log.entryAdded":
                entry = params["entry"]
                lines.append(f"log.{entry['level']}: {entry['text']}")
        return "\n".join(lines)

    def close(self):
        self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)


def check_screenshot(path, *args):
    """check_screenshot.py's verdict on `path`: (passed, its output)."""
    run = subprocess.run(
        [sys.executable, CHECK_SCREENSHOT, path, *args], capture_output=True, text=True
    )
    return run.returncode == 0, (run.stdout + run.stderr).strip()


def changed_pixels(rows, other):
    """How many pixels right of the panel differ between two screenshots."""
    return sum(
        not near(pixel, other[y][x], 12)
        for y, row in enumerate(rows)
        for x, pixel in enumerate(row)
        if x > PANEL_WIDTH + 4
    )


def patch_is_background(rows, point, radius=3):
    """Whether the pixels around `point` all show the world background."""
    x0, y0 = point
    return all(
        near(rows[y][x], BACKGROUND, 6)
        for y in range(y0 - radius, y0 + radius + 1)
        for x in range(x0 - radius, x0 + radius + 1)
    )


def wait_for_start(browser):
    """Waits until the wasm module has started (the page removes its status line)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        state = browser.evaluate(
            "document.getElementById('status')?.textContent ?? 'started'"
        )
        if state == "started":
            return
        if state.startswith("The showcase failed") or state.startswith("This page needs"):
            break
        time.sleep(0.5)
    sys.exit(f"FAIL: the page did not start: {state!r}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    url, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    browser = Browser()
    try:
        run_checks(browser, url, out)
    except SystemExit:
        print("-- page console:")
        print(browser.console())
        raise
    finally:
        browser.close()
    print("web check passed")


def run_checks(browser, url, out):
    for domain in ("Page", "Runtime", "Log"):
        browser.call(f"{domain}.enable")
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        width=WIDTH,
        height=HEIGHT,
        deviceScaleFactor=1,
        mobile=False,
    )
    renderer = browser.evaluate(
        "(() => { const gl = document.createElement('canvas').getContext('webgl2');"
        " if (!gl) return 'no WebGL2';"
        " const info = gl.getExtension('WEBGL_debug_renderer_info');"
        " return gl.getParameter(gl.VERSION) + ' / ' +"
        " (info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : '?'); })()"
    )
    print(f"WebGL2: {renderer}")
    if renderer == "no WebGL2":
        sys.exit("FAIL: headless Chromium offers no WebGL2 context")

    started = time.monotonic()
    browser.call("Page.navigate", url=url)
    wait_for_start(browser)
    print(f"started in {time.monotonic() - started:.1f} s")

    # 1. The first frames: retry while the first frames come (shader compiles on
    # SwiftShader take a while).
    shot = os.path.join(out, "showcase.png")
    for attempt in range(30):
        time.sleep(2)
        browser.screenshot(shot)
        passed, report = check_screenshot(shot, "--selected", "--explainer")
        if passed:
            break
    print(report)
    if not passed:
        sys.exit(f"FAIL: {shot} does not show the showcase")
    print(f"drawn {time.monotonic() - started:.1f} s after navigating")
    width, height, rows = read_png(shot)
    if (width, height) != (WIDTH, HEIGHT):
        sys.exit(f"FAIL: screenshot is {width}x{height}, not {WIDTH}x{HEIGHT}")

    # 2. Keyboard focus: F1 hides the overlay's panel, F1 shows it again.
    focused = browser.evaluate("document.activeElement && document.activeElement.id")
    if focused != "bevy":
        sys.exit(f"FAIL: the focused element is {focused!r}, not the canvas")
    browser.key("F1", "F1", 112)
    time.sleep(1)
    hidden = browser.screenshot(os.path.join(out, "hidden.png"))
    passed, report = check_screenshot(hidden)
    if passed or "no egui panel" not in report:
        print(report)
        sys.exit("FAIL: F1 on the focused canvas did not hide the panel")
    browser.key("F1", "F1", 112)
    time.sleep(1)
    passed, report = check_screenshot(browser.screenshot(os.path.join(out, "shown.png")))
    if not passed:
        print(report)
        sys.exit("FAIL: F1 again did not bring the panel back")
    print("keyboard: the canvas has focus; F1 hides and shows the panel")

    # 3. Step-through: the Right arrow key walks the explainer's axes (of the crates, which
    # overlap on every axis) one at a time, so each press redraws its table row marker
    # and its figure beside the pair.
    # Two shots with no key pressed first: what changes by itself is the baseline.
    still = read_png(browser.screenshot(os.path.join(out, "before_steps.png")))[2]
    time.sleep(1)
    before = read_png(browser.screenshot(os.path.join(out, "before_steps.png")))[2]
    baseline = changed_pixels(still, before)
    browser.key("ArrowRight", "ArrowRight", 39)
    time.sleep(1)
    first = read_png(browser.screenshot(os.path.join(out, "step_1.png")))[2]
    browser.key("ArrowRight", "ArrowRight", 39)
    time.sleep(1)
    second = read_png(browser.screenshot(os.path.join(out, "step_through.png")))[2]
    changed = [changed_pixels(before, first), changed_pixels(first, second)]
    print(
        f"step-through: each Right press changed {changed[0]} and {changed[1]} px "
        f"({baseline} px change by themselves in a second)"
    )
    if min(changed) < baseline + 200:
        sys.exit("FAIL: the Right arrow key did not step the explainer through its axes")

    # 4. One drag: the pill, 130 px to the left.
    if patch_is_background(rows, PILL) or not patch_is_background(rows, DROP):
        sys.exit(f"FAIL: the pill is not at {PILL} with free space at {DROP} before the drag")
    browser.mouse("mouseMoved", PILL, 0)
    time.sleep(0.3)
    browser.mouse("mousePressed", PILL, 1)
    time.sleep(0.5)
    for step in range(1, 11):
        point = (PILL[0] + (DROP[0] - PILL[0]) * step // 10, PILL[1])
        browser.mouse("mouseMoved", point, 1)
        time.sleep(0.1)
    time.sleep(0.5)
    browser.mouse("mouseReleased", DROP, 0)
    time.sleep(1)
    _, _, rows = read_png(browser.screenshot(os.path.join(out, "dragged.png")))
    left = patch_is_background(rows, PILL)
    arrived = not patch_is_background(rows, DROP)
    print(f"drag {PILL} -> {DROP}: old place background {left}, new place covered {arrived}")
    if not (left and arrived):
        sys.exit("FAIL: the dragged pill did not move")

    # 5. Resizing: the canvas follows the page.
    browser.call(
        "Emulation.setDeviceMetricsOverride",
        width=1024,
        height=640,
        deviceScaleFactor=1,
        mobile=False,
    )
    time.sleep(2)
    size = browser.evaluate(
        "(() => { const c = document.getElementById('bevy'); return [c.width, c.height]; })()"
    )
    resized = browser.screenshot(os.path.join(out, "resized.png"))
    passed, report = check_screenshot(resized, "--selected")
    print(report)
    if size != [1024, 640]:
        sys.exit(f"FAIL: after resizing the page to 1024x640 the canvas is {size}")
    if not passed:
        sys.exit("FAIL: after resizing, the showcase is not drawn right")
    print("resize: the canvas follows the page (1024x640)")


if __name__ == "__main__":
    main()
