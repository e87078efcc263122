"""WebKitGTK (Safari's engine): its MiniBrowser through WebKitWebDriver and PyPI selenium, under Xvfb.

Debian's ``webkit2gtk-driver`` ships ``WebKitWebDriver`` (classic WebDriver) and MiniBrowser. One
Xvfb display and one WebKitWebDriver serve the whole run; each tab is a WebDriver session, i.e. a
new MiniBrowser whose automation session has ephemeral storage (a fresh profile).

Classic WebDriver reports no console messages and cannot run a script before the page's own, and
ephemeral sessions print none to stdout. So WebKit is served a copy of the build with one script
first in ``<head>`` (``webkit_probe.js``, also precached: ``sw.js`` is generated again for the copy)
that records console errors, uncaught exceptions, unhandled rejections and workers' uncaught errors
in sessionStorage, and runs the tab's init scripts kept there.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import IO, Any

import urllib3
from selenium import webdriver
from selenium.common.exceptions import ElementClickInterceptedException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.options import Options

from engines.driver import VIEWPORT, ClickIntercepted, DriverError, Engine, Tab, log_tail

ROOT = Path(__file__).resolve().parents[2]
MINIBROWSER = os.environ.get("HEARTS_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
PROBE = Path(__file__).with_name("webkit_probe.js")
PROBE_NAME = "engines-probe.js"
CSP_END = 'form-action \'none\'">'  # the end of index.html's Content-Security-Policy meta: the probe comes next
# No answer from WebKitWebDriver within this long means MiniBrowser hangs: the command fails (the
# default waits for ever). Longer than the script timeout, which bounds every evaluate.
COMMAND_SECONDS = 360
SCRIPT_SECONDS = 300
# A new session (MiniBrowser started and connected) takes a few seconds, under load some more.
SESSION_SECONDS = 90
SESSION_TRIES = 3
KEYS = {"Enter": Keys.ENTER, "Escape": Keys.ESCAPE, "Tab": Keys.TAB, "ArrowRight": Keys.ARROW_RIGHT,
        "ArrowLeft": Keys.ARROW_LEFT, "ArrowUp": Keys.ARROW_UP, "ArrowDown": Keys.ARROW_DOWN}
# A page function called with its argument; its promise awaited; the result or the error handed back.
ASYNC_CALL = """const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (FUNCTION)(arguments[0])).then(
  (value) => done({value: value === undefined ? null : value}),
  (error) => done({error: String(error && error.stack || error)}));"""
TAKE_ERRORS = """() => {
  const list = JSON.parse(sessionStorage.getItem('engines.errors') ?? '[]');
  sessionStorage.removeItem('engines.errors');
  return list;
}"""
ADD_INIT = """(script) => {
  const list = JSON.parse(sessionStorage.getItem('engines.init') ?? '[]');
  sessionStorage.setItem('engines.init', JSON.stringify([...list, script]));
}"""


def instrumented_copy(dist: Path, folder: Path) -> Path:
    """A copy of the build whose page runs webkit_probe.js first; sw.js generated again so it precaches it."""
    shutil.copytree(dist, folder)
    index = folder / "index.html"
    html = index.read_text()
    assert html.count(CSP_END) == 1, "index.html's CSP meta is not where the probe goes"
    index.write_text(html.replace(CSP_END, f'{CSP_END}\n  <script src="{PROBE_NAME}"></script>'))
    shutil.copyfile(PROBE, folder / PROBE_NAME)
    subprocess.run(["node", str(ROOT / "tools" / "sw" / "generate.mjs"), str(folder)], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    return folder


class WebKitTab(Tab):
    engine = "webkit"

    def __init__(self, driver: webdriver.Remote) -> None:
        self.driver = driver
        self.loaded = False  # the probe's sessionStorage exists once a page of the game is shown

    def goto(self, url: str) -> None:
        self.driver.get(url)
        self.loaded = True

    def reload(self) -> None:
        self.driver.refresh()

    def evaluate(self, function: str, arg: Any = None) -> Any:
        answer = self.driver.execute_async_script(ASYNC_CALL.replace("FUNCTION", function), arg)
        if "error" in answer:
            raise DriverError(f"webkit: the page function failed: {answer['error']}")
        return answer["value"]

    def _click(self, selector: str) -> None:
        try:
            self.driver.find_element(By.CSS_SELECTOR, selector).click()
        except ElementClickInterceptedException as intercepted:
            raise ClickIntercepted(f"webkit: {selector}") from intercepted

    def _pointer_to(self, x: float, y: float) -> ActionBuilder:
        """W3C actions starting with a pointer move to a viewport point (whole CSS pixels)."""
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(round(x), round(y))  # type: ignore[no-untyped-call]
        return actions

    def move_to(self, x: float, y: float) -> None:
        self._pointer_to(x, y).perform()

    def press_at(self, x: float, y: float, wait_ms: int) -> None:
        actions = self._pointer_to(x, y)
        actions.pointer_action.pause(wait_ms / 1000).click()
        actions.perform()

    def press(self, key: str) -> None:
        ActionChains(self.driver).send_keys(KEYS.get(key, key)).perform()

    def fill(self, selector: str, text: str) -> None:
        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(text)

    def add_init_script(self, script: str) -> None:
        if not self.loaded:
            raise DriverError("webkit: an init script needs a page of the game's origin first")
        self.evaluate(ADD_INIT, script)

    def take_errors(self) -> list[str]:
        return [str(e) for e in self.evaluate(TAKE_ERRORS)] if self.loaded else []

    def close(self) -> None:
        self.driver.quit()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Display:
    """An Xvfb server on a free display number (MiniBrowser is a GTK program)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.process = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1600x1200x24",
                                         "-nolisten", "tcp"], pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as numbers:
            number = numbers.readline().strip()
        if not number:
            raise DriverError("webkit: Xvfb did not start")
        self.name = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        self.process.wait()


class WebKit(Engine):
    name = "webkit"
    webrtc = False  # Debian's WebKitGTK is built without WebRTC: test_engines checks it still is

    def __init__(self) -> None:
        self.copies = Path(tempfile.mkdtemp(prefix="hearts-webkit-"))
        self.display = Display()
        self.port = free_port()
        self.log: IO[bytes] = tempfile.TemporaryFile(prefix="hearts-webkit-log-")
        self.driver = subprocess.Popen(["WebKitWebDriver", f"--port={self.port}"], stdout=self.log,
                                       stderr=subprocess.STDOUT, env={**os.environ, "DISPLAY": self.display.name})
        self._wait_for_port()

    def _wait_for_port(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise DriverError("webkit: WebKitWebDriver did not listen")

    def serve(self, dist: Path) -> Path:
        folder = self.copies / "dist"
        return folder if folder.exists() else instrumented_copy(dist, folder)

    def new_tab(self) -> Tab:
        options = Options()
        options.binary_location = MINIBROWSER
        options.add_argument("--automation")
        driver = self._session(options)
        driver.set_script_timeout(SCRIPT_SECONDS)
        # The window's size, so that the page's viewport (inside MiniBrowser's window) is VIEWPORT.
        width, height = VIEWPORT
        driver.set_window_size(width, height)
        inner = driver.execute_script("return [innerWidth, innerHeight]")
        driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
        return WebKitTab(driver)

    def _session(self, options: Options) -> webdriver.Remote:
        """A new WebDriver session (a new MiniBrowser). Under load a MiniBrowser now and then never
        reports back and WebKitWebDriver never answers: that attempt is given up after SESSION_SECONDS
        and another one made (the driver answers the next), up to SESSION_TRIES."""
        for _ in range(SESSION_TRIES):
            config = ClientConfig(remote_server_addr=f"http://127.0.0.1:{self.port}", timeout=SESSION_SECONDS)
            try:
                driver = webdriver.Remote(RemoteConnection(client_config=config), options=options)
            except urllib3.exceptions.HTTPError:
                continue
            config.timeout = COMMAND_SECONDS  # read for every request: the session's commands have theirs
            return driver
        raise DriverError(f"webkit: no session in {SESSION_TRIES} tries: {log_tail(self.log)}")

    def close(self) -> None:
        self.driver.terminate()
        self.driver.wait()
        self.display.close()
        self.log.close()
        shutil.rmtree(self.copies, ignore_errors=True)
