#!/usr/bin/env python3
"""Drives the web explorer in a real headless Chromium over the DevTools protocol (through
--remote-debugging-pipe, so nothing beyond the Python standard library is needed): loads the page,
uploads a screenshot through its file input, reads the element list, moves with the keyboard like a
VoiceOver user and records what the live region announces. Prints one JSON object on stdout.

Used by Tests/ScreenRecognitionServerTests/ExplorerBrowserTests.swift and, with --screenshot, to
take docs/explorer.png (scripts/explorer-screenshot.sh).

    explorer_cdp.py --url http://127.0.0.1:8080/ --image Examples/clock.png [--screenshot out.png]
"""
import argparse, base64, json, os, shutil, subprocess, sys, tempfile, time


class Browser:
    def __init__(self, chromium, width, height):
        self.profile = tempfile.mkdtemp(prefix="screenrec-cdp-")
        to_child_r, self.to_child_w = os.pipe()
        self.from_child_r, from_child_w = os.pipe()

        def wire():  # the child reads commands on fd 3 and writes replies on fd 4
            # Through high numbers first, in case a pipe end already is fd 3 or 4; dup2 clears close-on-exec.
            a, b = os.dup2(to_child_r, 100), os.dup2(from_child_w, 101)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-dev-shm-usage", "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "about:blank"],
            # close_fds would close fds 3 and 4 after `wire` made them; the pipes' own ends are
            # close-on-exec (os.pipe), so nothing else leaks into the browser.
            preexec_fn=wire, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, session=True, timeout=30):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.to_child_w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            while b"\0" not in self.buffer:
                if time.time() > deadline:
                    raise TimeoutError(f"no reply to {method}")
                chunk = os.read(self.from_child_r, 1 << 16)
                if not chunk:
                    raise RuntimeError("chromium closed the DevTools pipe")
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def evaluate(self, expression):
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait_for(self, expression, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            value = self.evaluate(expression)
            if value:
                return value
            time.sleep(0.1)
        raise TimeoutError(f"waited {timeout} s for {expression}")

    KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "ArrowDown": 40, "ArrowUp": 38, "Home": 36, "End": 35,
            "Enter": 13, " ": 32, "Tab": 9}

    def press(self, key):
        code = "Space" if key == " " else key
        params = {"key": key, "code": code, "windowsVirtualKeyCode": self.KEYS[key], "nativeVirtualKeyCode": self.KEYS[key]}
        text = {"Enter": "\r", " ": " "}.get(key)
        down = dict(params, type="keyDown", **({"text": text} if text else {}))
        self.send("Input.dispatchKeyEvent", down)
        self.send("Input.dispatchKeyEvent", dict(params, type="keyUp"))

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", required=True)
    ap.add_argument("--image", required=True)
    ap.add_argument("--screenshot")
    ap.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=900)
    ap.add_argument("--steps", type=int, default=2, help="elements to move forward before the screenshot")
    args = ap.parse_args()

    b = Browser(args.chromium, args.width, args.height)
    out = {}
    try:
        target = b.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        b.session = b.send("Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        b.send("Page.enable")
        b.send("Runtime.enable")
        b.send("Emulation.setDeviceMetricsOverride", {"width": args.width, "height": args.height, "deviceScaleFactor": 1, "mobile": False})
        b.send("Page.navigate", {"url": args.url})
        b.wait_for("document.readyState === 'complete' && !!document.getElementById('file')", 30)
        out["title"] = b.evaluate("document.title")
        # Every form control has an accessible name (a label, aria-label or text).
        out["unlabelledControls"] = b.evaluate("""[...document.querySelectorAll('input,button,[tabindex]')].filter(e =>
            !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby')
            && !e.textContent.trim()).map(e => e.id || e.tagName)""")

        root = b.send("DOM.getDocument")["root"]["nodeId"]
        node = b.send("DOM.querySelector", {"nodeId": root, "selector": "#file"})["nodeId"]
        b.send("DOM.setFileInputFiles", {"files": [os.path.abspath(args.image)], "nodeId": node})
        b.wait_for("document.querySelectorAll('#transcript li').length > 0 || document.getElementById('error').textContent", args.timeout)
        out["error"] = b.evaluate("document.getElementById('error').textContent")
        out["items"] = b.evaluate("[...document.querySelectorAll('#transcript li')].map(li => li.textContent)")
        out["boxes"] = b.evaluate("document.querySelectorAll('#screen .box').length")
        out["json"] = b.evaluate("JSON.parse(document.getElementById('json').textContent).elements.length")
        said = lambda: b.evaluate("document.getElementById('announcement').textContent")
        out["afterLoad"] = said()

        # Keyboard only: Tab from the page start reaches the screen; then VoiceOver-style moves.
        b.evaluate("document.getElementById('screen').focus()")
        out["focused"] = b.evaluate("document.activeElement.id")
        moves = []
        for key in ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "Enter"]:
            b.press(key)
            moves.append({"key": key, "said": said(),
                          "current": b.evaluate("[...document.querySelectorAll('#transcript li')].findIndex(li => li.classList.contains('current'))")})
        out["moves"] = moves
        out["tapVisible"] = b.evaluate("getComputedStyle(document.getElementById('tap')).display !== 'none'")

        # The screen curtain, toggled from the keyboard.
        b.evaluate("document.getElementById('curtain').focus()")
        b.press("Enter")
        out["curtain"] = {"pressed": b.evaluate("document.getElementById('curtain').getAttribute('aria-pressed')"),
                          "imageVisible": b.evaluate("getComputedStyle(document.getElementById('shot')).visibility"),
                          "said": said()}
        b.press("Enter")
        out["curtainOff"] = b.evaluate("getComputedStyle(document.getElementById('shot')).visibility")

        if args.screenshot:
            b.evaluate("document.getElementById('screen').focus()")
            b.press("Home")
            for _ in range(args.steps):
                b.press("ArrowRight")
            time.sleep(0.3)
            shot = b.send("Page.captureScreenshot", {"format": "png"})
            with open(args.screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            out["screenshot"] = args.screenshot
    finally:
        b.close()
    json.dump(out, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
