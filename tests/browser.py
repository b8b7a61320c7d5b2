"""Headless Chromium for the page tests, driven over the DevTools protocol on a pipe (no driver, no
websocket library): open a file, set the window width, press keys, click, read the DOM, screenshot.

`Browser.find()` is None when no Chromium is installed; the tests then skip.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path


class Browser:
    def __init__(self, executable: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="hhtool-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def fds() -> None:  # the protocol pipe is fd 3 (commands in) and fd 4 (answers out) in Chromium
            read, write = os.dup(to_chrome_r), os.dup(from_chrome_w)  # never 3 or 4: those are taken
            os.dup2(read, 3)
            os.dup2(write, 4)

        self.process = subprocess.Popen(
            [executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--hide-scrollbars", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--disable-quic", f"--user-data-dir={self.profile}", "about:blank"],
            preexec_fn=fds, close_fds=False,  # noqa: PLW1509 - the tests start it before any thread
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict] = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]
        self.call("Page.enable", session=True)
        self.call("Runtime.enable", session=True)

    @staticmethod
    def find() -> str | None:
        for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
            path = shutil.which(name)
            if path:
                return path
        return None

    # -- protocol --------------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")

    def _receive(self, deadline: float) -> dict:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer")
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the protocol pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def call(self, method: str, session: bool = False, timeout: float = 30, **params) -> dict:
        self._next += 1
        message = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self._send(message)
        deadline = time.monotonic() + timeout
        while True:
            answer = self._receive(deadline)
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def wait_event(self, method: str, timeout: float = 30) -> dict:
        deadline = time.monotonic() + timeout
        for i, event in enumerate(self.events):
            if event.get("method") == method:
                return self.events.pop(i)
        while True:
            event = self._receive(deadline)
            if event.get("method") == method:
                return event
            self.events.append(event)

    # -- what a test does ------------------------------------------------------------------------
    def size(self, width: int, height: int = 900, mobile: bool = False) -> None:
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)

    def open(self, path: str | Path, fragment: str = "") -> None:
        """Load the file afresh (from a blank page: a change of the fragment alone would not reload it)."""
        for url in ("about:blank", Path(path).resolve().as_uri() + fragment):
            self.events.clear()
            self.call("Page.navigate", session=True, url=url)
            self.wait_event("Page.loadEventFired")

    def js(self, expression: str):
        result = self.call("Runtime.evaluate", session=True, expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script error: {result['exceptionDetails']}")
        return result["result"].get("value")

    def errors(self) -> list[dict]:
        """Uncaught script errors reported so far."""
        return [e for e in self.events if e.get("method") == "Runtime.exceptionThrown"]

    def key(self, key: str, code: int) -> None:
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", session=True, type=kind, key=key, code=key,
                      windowsVirtualKeyCode=code)

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the element (scrolled into view first)."""
        box = self.js(f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.scrollIntoView(); "
                      "const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", session=True, type=kind, x=box[0], y=box[1], button="left",
                      clickCount=1)

    def screenshot(self, path: str | Path, full: bool = True) -> Path:
        result = self.call("Page.captureScreenshot", session=True, format="png", captureBeyondViewport=full)
        Path(path).write_bytes(base64.b64decode(result["data"]))
        return Path(path)

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_chrome)
        os.close(self._from_chrome)
        shutil.rmtree(self.profile, ignore_errors=True)
