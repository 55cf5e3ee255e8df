import Foundation
import ScreenRecognition
import Testing

@testable import ScreenRecognitionAudit

/// Issue 21: hierarchies built to crash or trap the parsers and the reports.
@Suite("Hostile hierarchies")
struct HostileHierarchyTests {
    static let screen = ImageInfo(width: 1080, height: 2400)

    /// uiautomator XML with `depth` nested `<node>`s.
    static func nestedXML(_ depth: Int) -> Data {
        var s = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        s += String(repeating: "<node class=\"android.widget.FrameLayout\" bounds=\"[0,0][1080,2400]\">", count: depth)
        s += String(repeating: "</node>", count: depth)
        s += "</hierarchy>"
        return Data(s.utf8)
    }

    /// XCUITest text with `depth` lines, each indented one more space than the last.
    static func nestedXCUITest(_ depth: Int) -> Data {
        var s = "Element subtree:\n"
        for d in 0..<depth { s += String(repeating: " ", count: d + 1) + "Other, 0x1, {{0.0, 0.0}, {390.0, 844.0}}\n" }
        return Data(s.utf8)
    }

    /// `screenrec analyze` JSON with one element nested `depth` levels.
    static func nestedJSON(_ depth: Int) -> Data {
        let element = #"{"kind": "group", "frame": [0, 0, 10, 10], "traits": [], "isInteractive": false, "order": 1, "children": ["#
        let s =
            #"{"image": {"width": 1080, "height": 2400}, "elements": ["# + String(repeating: element, count: depth)
            + String(repeating: "]}", count: depth) + "]}"
        return Data(s.utf8)
    }

    struct DeepCase: Sendable, CustomStringConvertible {
        var description: String
        var data: Data
        var message: String
    }

    @Test(
        "a tree nested 10,000 levels is refused with a plain error, without a crash",
        arguments: [
            DeepCase(description: "uiautomator 10,000 levels", data: nestedXML(10_000), message: "nested more than 200 levels"),
            DeepCase(description: "uiautomator 257 levels", data: nestedXML(201), message: "nested more than 200 levels"),
            DeepCase(description: "XCUITest 3,000 levels", data: nestedXCUITest(3_000), message: "nested more than 200 levels"),
            DeepCase(description: "analysis JSON 10,000 levels", data: nestedJSON(10_000), message: "nested"),
        ])
    func tooDeep(_ c: DeepCase) {
        #expect {
            try AccessibilityHierarchy.parse(c.data, imageSize: Self.screen)
        } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .invalidInput && e.message.contains(c.message) && e.message.count < 400
        }
    }

    @Test("a tree at the depth limit parses, and walks and reports of it work", arguments: [nestedXML(200), nestedXCUITest(200)])
    func atTheLimit(_ data: Data) throws {
        let h = try AccessibilityHierarchy.parse(data, imageSize: Self.screen)
        #expect(h.allNodes.count == 200)
        #expect(ExposedElement.depth(of: h.roots) == 200)
        _ = try JSONEncoder().encode(h)
    }

    @Test("the iterative classification keeps TalkBack's rules: a clickable row speaks its texts, tab buttons inside a bar")
    func classification() throws {
        let xml = """
            <hierarchy><node class="android.widget.FrameLayout" bounds="[0,0][100,200]">
              <node class="android.widget.LinearLayout" clickable="true" bounds="[0,0][100,50]">
                <node class="android.widget.TextView" text="Alice" bounds="[0,0][50,50]"/>
                <node class="android.widget.TextView" text="Hello" bounds="[50,0][100,50]"/>
              </node>
              <node class="com.google.android.material.bottomnavigation.BottomNavigationView" bounds="[0,150][100,200]">
                <node class="android.widget.FrameLayout" clickable="true" content-desc="Home" bounds="[0,150][50,200]"/>
                <node class="android.widget.FrameLayout" clickable="true" content-desc="Mail" bounds="[50,150][100,200]"/>
              </node>
            </node></hierarchy>
            """
        let h = try AccessibilityHierarchy.parse(Data(xml.utf8), imageSize: ImageInfo(width: 100, height: 200))
        let stops = h.accessibilityElements
        #expect(stops.map(\.label) == ["Alice, Hello", "Home", "Mail"])
        #expect(stops.map(\.kind) == [.button, .tabButton, .tabButton])
    }

    struct BadNumber: Sendable, CustomStringConvertible {
        var description: String
        var text: String
        var scale: Double? = nil
        var message: String
    }

    @Test(
        "odd numbers are refused with clear errors instead of an infinite scale or a trap",
        arguments: [
            BadNumber(
                description: "root width 1e-300",
                text: "Element subtree:\n →Application, 0x1, {{0.0, 0.0}, {1e-300, 844.0}}\n    Button, 0x2, {{1, 2}, {30, 30}}, label: 'A'\n",
                message: "scale must be between"),
            BadNumber(
                description: "root width 1e6 (scale 0.001)", text: "Element subtree:\n →Application, 0x1, {{0.0, 0.0}, {1000000.0, 844.0}}\n",
                message: "scale must be between"),
            BadNumber(
                description: "uiautomator bound 1e308",
                text: "<hierarchy><node bounds=\"[0,0][1080,2400]\"><node text=\"a\" bounds=\"[0,0][1e308,10]\"/></node></hierarchy>",
                message: "within ±1000000"),
            BadNumber(
                description: "XCUITest frame overflowing once scaled",
                text: "Element subtree:\n →Application, 0x1, {{0.0, 0.0}, {390.0, 844.0}}\n    Button, 0x2, {{1e300, 2}, {30, 30}}, label: 'A'\n",
                message: "line 3"),
        ])
    func badNumbers(_ c: BadNumber) {
        #expect {
            try AccessibilityHierarchy.parse(Data(c.text.utf8), imageSize: ImageInfo(width: 1080, height: 2400), scale: c.scale)
        } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .invalidInput && e.message.contains(c.message)
        }
    }

    @Test("XCUITest dumps with CRLF or CR line endings parse like LF ones", arguments: ["\r\n", "\r"])
    func lineEndings(_ ending: String) throws {
        let lf = try Fixture.data(Fixture.iosInbox.hierarchyFile)
        let text = String(decoding: lf, as: UTF8.self).replacingOccurrences(of: "\n", with: ending)
        let (analysis, _) = try Fixture.iosInbox.analysis()
        let want = try AccessibilityHierarchy.parse(lf, imageSize: analysis.image)
        let got = try AccessibilityHierarchy.parse(Data(text.utf8), imageSize: analysis.image)
        #expect(got == want)
    }

    @Test(
        "errors quote at most 200 characters of the input",
        arguments: [
            "<hierarchy><node bounds=\"[" + String(repeating: "9", count: 400_000) + "\"/></hierarchy>",
            "Element subtree:\n    Button, 0x2, {{" + String(repeating: "1", count: 400_000) + "}}\n",
            "Element subtree:\n    button " + String(repeating: "x", count: 400_000) + "\n",
        ])
    func quotesAreCapped(_ text: String) {
        #expect {
            try AccessibilityHierarchy.parse(Data(text.utf8), imageSize: Self.screen, scale: 1)
        } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .invalidInput && e.message.count < 500 && e.message.contains("characters)")
        }
    }

    @Test(
        "malformed XML is described in words, not libxml2 error numbers",
        arguments: [
            ("<hierarchy><node bounds=\"[0,0][1,1]\" a=\"1\" a=\"2\"/></hierarchy>", "attribute given twice"),
            ("<hierarchy><node bounds=\"[0,0][1,1]\" text=\"a < b\"/></hierarchy>", "a malformed tag"),
        ])
    func xmlErrorsInWords(_ xml: String, _ words: String) {
        #expect {
            try AccessibilityHierarchy.parse(Data(xml.utf8), imageSize: ImageInfo(width: 1, height: 1))
        } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.message.contains(words) && !e.message.contains("error 1")
        }
    }

    @Test("a uiautomator dump over libxml2's 10,000,000-byte limit is refused up front in plain words")
    func hugeXML() {
        var xml = Data("<hierarchy><node bounds=\"[0,0][1,1]\" text=\"".utf8)
        xml.append(Data(repeating: 0x61, count: 10_500_000))
        xml.append(Data("\"/></hierarchy>".utf8))
        #expect {
            try AccessibilityHierarchy.parse(xml, imageSize: Self.screen)
        } throws: { error in
            (error as? ScreenRecognitionError)?.message.contains("the limit is 10000000") ?? false
        }
    }

    @Test("the text report prints any scale it is given without trapping")
    func reportNumber() {
        #expect(AuditReport.number(.infinity) == "inf")
        #expect(AuditReport.number(1e300) == "1e+300")
        #expect(AuditReport.number(2) == "2")
    }
}
