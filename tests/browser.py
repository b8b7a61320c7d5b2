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


def artefacts(tmp_path: Path) -> Path:
    """Where a browser test writes its screenshots: the folder named by HHTOOL_SCREENSHOTS (made if need
    be; never the repository) or the test's own tmp_path."""
    folder = os.environ.get("HHTOOL_SCREENSHOTS")
    if not folder:
        return tmp_path
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


# What a page looks like to its reader, measured in the page: every chart shown (its title, whether it
# fits the window), the smallest text size of the charts shown (font size times the scale the chart is
# drawn at), the chart texts that stick out of their chart, and the narrowest table cell in font sizes.
MEASURE = """(() => {
  const shown = e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const charts = [], out = [];
  let smallest = 1e9;
  for (const svg of document.querySelectorAll('svg.chart')) {
    if (!shown(svg)) continue;
    const box = svg.getBoundingClientRect(), scale = box.width / svg.viewBox.baseVal.width;
    charts.push([svg.querySelector('title').textContent, box.left >= 0 && box.right <= innerWidth + 0.5,
                 Math.round(box.width), Math.round(scale * 1000) / 1000]);
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      smallest = Math.min(smallest, parseFloat(getComputedStyle(t).fontSize) * scale);
      const r = t.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        out.push(t.textContent);
    }
  }
  let narrowest = [1e9, ''];
  for (const c of document.querySelectorAll('td, th')) {
    if (!shown(c)) continue;
    const st = getComputedStyle(c), r = c.getBoundingClientRect();
    const w = (r.width - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight)) / parseFloat(st.fontSize);
    if (w < narrowest[0]) narrowest = [w, c.textContent.slice(0, 40)];
  }
  return {charts, smallest, out, narrowest, page: [document.documentElement.scrollWidth, innerWidth]};
})()"""


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
            [
                executable,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--remote-debugging-pipe",
                "--no-first-run",
                "--hide-scrollbars",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
                f"--user-data-dir={self.profile}",
                "about:blank",
            ],
            preexec_fn=fds,  # noqa: PLW1509 (the DevTools pipe descriptors must be set up in the child)
            close_fds=False,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
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
        self.call(
            "Emulation.setDeviceMetricsOverride",
            session=True,
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )

    def open(self, path: str | Path, fragment: str = "") -> None:
        """Load the file afresh (from a blank page: a change of the fragment alone would not reload it)."""
        for url in ("about:blank", Path(path).resolve().as_uri() + fragment):
            self.events.clear()
            self.call("Page.navigate", session=True, url=url)
            self.wait_event("Page.loadEventFired")

    def js(self, expression: str):
        result = self.call(
            "Runtime.evaluate", session=True, expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise RuntimeError(f"script error: {result['exceptionDetails']}")
        return result["result"].get("value")

    def errors(self) -> list[dict]:
        """Uncaught script errors reported so far."""
        return [e for e in self.events if e.get("method") == "Runtime.exceptionThrown"]

    def key(self, key: str, code: int) -> None:
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", session=True, type=kind, key=key, code=key, windowsVirtualKeyCode=code)

    def click(self, selector: str) -> None:
        """A real mouse click in the middle of the element (scrolled into view first)."""
        box = self.js(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)}); e.scrollIntoView(); "
            "const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
        )
        for kind in ("mousePressed", "mouseReleased"):
            self.call(
                "Input.dispatchMouseEvent", session=True, type=kind, x=box[0], y=box[1], button="left", clickCount=1
            )

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
