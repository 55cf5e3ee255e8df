#!/usr/bin/env python3
"""Writes the generated fuzz seeds: hierarchies nested near and past the parsers' 200-level depth
limit (AccessibilityHierarchy.maxDepth) in every format, AccessibilitySnapshot JSON, Appium page
sources, and /v1/audit request bodies (query line + multipart body, boundary "b") carrying every
FuzzHierarchyParsers seed, the generated ones and those already in SEEDS/FuzzHierarchyParsers.

    python3 Fuzz/make_seeds.py SEEDS    # writes SEEDS/FuzzHierarchyParsers/gen-* and
                                        # SEEDS/FuzzAuditRequest/req-* (deterministic)

scripts/fuzz.sh runs it on out/fuzz/seeds after copying the audit tests' hierarchies there; the
output is not committed.
"""
import json, pathlib, sys

if len(sys.argv) != 2:
    sys.exit("usage: make_seeds.py SEEDS_DIR")
root = pathlib.Path(sys.argv[1])
hier, audit = root / "FuzzHierarchyParsers", root / "FuzzAuditRequest"
hier.mkdir(parents=True, exist_ok=True)
audit.mkdir(parents=True, exist_ok=True)
fixtures = hier

def uiautomator(depth):
    node = '<node class="android.widget.FrameLayout" text="" content-desc="" clickable="false" bounds="[0,0][1170,2532]">'
    leaf = '<node class="android.widget.Button" text="OK" clickable="true" bounds="[10,10][200,140]"/>'
    return "<?xml version='1.0' encoding='UTF-8'?><hierarchy rotation=\"0\">" + node * depth + leaf + "</node>" * depth + "</hierarchy>"

def uiautomator2(depth):
    # Appium's UiAutomator2 page source: nodes named by their class.
    open_ = '<android.widget.LinearLayout class="android.widget.LinearLayout" bounds="[0,0][1170,2532]" clickable="false">'
    leaf = '<android.widget.TextView class="android.widget.TextView" text="Hi" bounds="[0,0][300,60]"/>'
    return '<?xml version="1.0" encoding="UTF-8"?><hierarchy index="0" rotation="0">' + open_ * depth + leaf + "</android.widget.LinearLayout>" * depth + "</hierarchy>"

def appium_ios(depth):
    open_ = '<XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" x="0" y="0" width="390" height="844">'
    leaf = '<XCUIElementTypeButton type="XCUIElementTypeButton" label="OK" name="OK" enabled="true" x="10" y="10" width="60" height="44"/>'
    return ('<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication label="App" x="0" y="0" width="390" height="844">'
            + open_ * depth + leaf + "</XCUIElementTypeOther>" * depth + "</XCUIElementTypeApplication></AppiumAUT>")

def xcuitest(depth):
    lines = ["Attributes: Application, 0x1, pid: 1, label: 'App'", "Element subtree:",
             " →Application, 0x1, pid: 1, label: 'App'"]
    for d in range(depth):
        lines.append("  " * (d + 2) + "Other, 0x%x, {{0.0, 0.0}, {390.0, 844.0}}" % (d + 2))
    lines.append("  " * (depth + 2) + "Button, 0xffff, {{10.0, 10.0}, {60.0, 44.0}}, label: 'OK'")
    return "\r\n".join(lines) + "\r\n"

def analysis(depth):
    el = {"order": 1, "kind": "button", "frame": {"x": 10, "y": 10, "width": 60, "height": 44}, "label": "OK",
          "traits": ["button"], "activationPoint": {"x": 40, "y": 32}, "customActions": [], "announcement": "OK, Button",
          "children": [], "detections": []}
    for _ in range(depth):
        el = {"order": 1, "kind": "group", "frame": {"x": 0, "y": 0, "width": 1170, "height": 2532}, "traits": [],
              "activationPoint": {"x": 585, "y": 1266}, "customActions": [], "announcement": "", "children": [el], "detections": []}
    return json.dumps({"schemaVersion": 1, "image": {"width": 1170, "height": 2532}, "elements": [el], "diagnostics": []})

def marker(label, frame, traits):
    return {"description": label + (", Button" if "button" in traits else ""), "label": label, "traits": traits,
            "shape": {"type": "frame", "frame": [[frame[0], frame[1]], [frame[2], frame[3]]]},
            "activationPoint": [frame[0] + frame[2] / 2, frame[1] + frame[3] / 2], "usesDefaultActivationPoint": True,
            "customActions": [], "customContent": [], "customRotors": [], "respondsToUserInteraction": "button" in traits}

def snapshot_flat():
    return json.dumps([marker("Settings", [16, 60, 200, 41], ["header"]), marker("Done", [320, 8, 54, 44], ["button"]),
                       {**marker("Wi-Fi", [0, 120, 390, 44], ["button", "switchButton"]), "value": "1"},
                       {**marker("Old", [0, 170, 390, 44], []), "traits": 65}])

def snapshot_tree(depth):
    node = {"element": {"_0": marker("OK", [10, 10, 60, 44], ["button"]), "traversalIndex": 0}}
    for _ in range(depth):
        node = {"container": {"_0": {"type": {"list": {}}, "frame": [[0, 0], [390, 844]]}, "children": [node]}}
    return json.dumps([node])

seeds = {
    "gen-deep-190.uiautomator.xml": uiautomator(190), "gen-deep-260.uiautomator.xml": uiautomator(260),
    "gen-deep-190.uiautomator2.xml": uiautomator2(190), "gen-deep-190.appium-ios.xml": appium_ios(190),
    "gen-deep-260.appium-ios.xml": appium_ios(260), "gen-deep-190.xcuitest.txt": xcuitest(190),
    "gen-deep-260.xcuitest.txt": xcuitest(260), "gen-deep-190.analysis.json": analysis(190),
    "gen-deep-300.analysis.json": analysis(300), "gen-flat.accessibility-snapshot.json": snapshot_flat(),
    "gen-deep-150.accessibility-snapshot.json": snapshot_tree(150), "gen-deep-220.accessibility-snapshot.json": snapshot_tree(220),
}
for name, text in seeds.items():
    (hier / name).write_text(text, encoding="utf-8", newline="")

def request(query, tree, image_type="image/png"):
    body = ('--b\r\nContent-Disposition: form-data; name="image"; filename="s.png"\r\nContent-Type: %s\r\n\r\n' % image_type
            ).encode() + b"\x89PNG\r\n\x1a\n" + b'\r\n--b\r\nContent-Disposition: form-data; name="hierarchy"\r\n\r\n' + tree + b"\r\n--b--\r\n"
    return query.encode() + b"\n" + body

queries = {"uiautomator": "hierarchy=uiautomator", "xcuitest": "hierarchy=xcuitest&scale=3", "analysis": "format=sarif",
           "accessibility-snapshot": "hierarchy=accessibility-snapshot&scale=3"}
for path in sorted(fixtures.iterdir()):
    fmt = next((f for f in queries if f in path.name), "auto")
    q = queries.get(fmt, "") if path.name.startswith("gen-") else "ocr=false"
    (audit / ("req-" + path.name + ".txt")).write_bytes(request(q, path.read_bytes()))
