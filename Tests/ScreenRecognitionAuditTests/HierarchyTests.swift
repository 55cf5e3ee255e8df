import Foundation
import ScreenRecognition
import Testing

@testable import ScreenRecognitionAudit

@Suite("Hierarchy parsers")
struct HierarchyTests {
    struct Expectation: Sendable, CustomStringConvertible {
        var fixture: Fixture
        var format: HierarchyFormat
        var scale: Double
        var elements: Int
        /// Labels of the accessibility elements, in tree order (nil: unlabelled).
        var firstLabels: [String?]
        var description: String { fixture.rawValue }
    }

    @Test(
        "parses the bundled trees: format, scale, containers skipped, order",
        arguments: [
            Expectation(
                fixture: .iosInbox, format: .xcuitest, scale: 2, elements: 14,
                firstLabels: ["Mark all as read", "Inbox", nil, "Anna Smith", "17/07/2020"]),
            Expectation(
                fixture: .iosAlert, format: .xcuitest, scale: 2, elements: 11,
                firstLabels: ["Back", "Inbox", nil, "Anna Smith, Lunch on Friday?", "Inbox"]),
            Expectation(
                fixture: .androidInbox, format: .uiautomator, scale: 1, elements: 9,
                firstLabels: ["Messages", "Anna Smith", "17/07/2020", "Lunch on Friday?", "Wi-Fi only"]),
        ])
    func parses(_ e: Expectation) throws {
        let h = try e.fixture.hierarchy()
        #expect(h.format == e.format)
        #expect(h.scale == e.scale)
        let elements = h.accessibilityElements
        #expect(elements.count == e.elements)
        #expect(Array(elements.prefix(e.firstLabels.count).map(\.spokenLabel)) == e.firstLabels)
        #expect(elements.allSatisfy { $0.children.isEmpty || $0.kind != nil })
    }

    @Test("XCUITest: points become pixels, lines are kept, tab bar buttons are tabs, flags are traits")
    func xcuitestDetails() throws {
        let h = try Fixture.iosInbox.hierarchy()
        let compose = try #require(h.accessibilityElements.first { $0.identifier == "composeButton" })
        #expect(compose.frame == Rect(x: 692, y: 108, width: 60, height: 60))
        #expect(compose.line == 9)
        #expect(compose.kind == .button)
        let tabs = h.accessibilityElements.filter { $0.kind == .tabButton }
        #expect(tabs.count == 4)
        let alert = try Fixture.iosAlert.hierarchy()
        #expect(alert.allNodes.contains { $0.type == "Alert" && !$0.isAccessibilityElement })
    }

    @Test("XCUITest: quotes, commas and apostrophes inside labels; Selected flag; value")
    func xcuitestFields() throws {
        let text = """
            Element subtree:
             →Application, 0x1, pid: 1, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {100.0, 200.0}}
                  Button, 0x3, {{10.0, 20.0}, {30.0, 40.0}}, label: 'Don't, stop', Selected
                  Switch, 0x4, {{10.0, 70.0}, {51.0, 31.0}}, label: 'Wi-Fi', value: 1
            """
        let h = try AccessibilityHierarchy.parse(Data(text.utf8), imageSize: ImageInfo(width: 300, height: 600))
        #expect(h.scale == 3)
        let els = h.accessibilityElements
        #expect(els.map(\.spokenLabel) == ["Don't, stop", "Wi-Fi"])
        #expect(els[0].traits.contains(.selected))
        #expect(els[0].frame == Rect(x: 30, y: 60, width: 90, height: 120))
        #expect(els[1].kind == .toggle && els[1].value == "1")
    }

    @Test("uiautomator: an actionable node with text children is one element speaking their text")
    func uiautomatorMerging() throws {
        let xml = """
            <hierarchy rotation="0"><node class="android.widget.FrameLayout" bounds="[0,0][1080,2000]">
              <node class="android.widget.LinearLayout" clickable="true" bounds="[0,100][1080,300]">
                <node class="android.widget.TextView" text="Anna" bounds="[10,110][500,150]"/>
                <node class="android.widget.TextView" text="Lunch?" bounds="[10,160][500,200]"/>
              </node>
              <node class="android.widget.CheckBox" text="Remember me" checkable="true" checked="true" clickable="true" bounds="[10,400][500,460]"/>
              <node class="android.widget.RadioButton" text="English" checkable="true" checked="false" clickable="true" bounds="[10,500][500,560]"/>
            </node></hierarchy>
            """
        let h = try AccessibilityHierarchy.parse(Data(xml.utf8), imageSize: ImageInfo(width: 1080, height: 2000))
        let els = h.accessibilityElements
        #expect(els.map(\.spokenLabel) == ["Anna, Lunch?", "Remember me", "English"])
        #expect(els[1].kind == .checkbox && els[1].value == "Checked")
        #expect(els[2].kind == .radioButton && els[2].value == "Not checked")
    }

    @Test("our analyze JSON is a hierarchy too")
    func analysisJSON() throws {
        let (analysis, _) = try Fixture.iosInbox.analysis()
        let h = try AccessibilityHierarchy.parse(analysis.jsonData(), imageSize: analysis.image)
        #expect(h.format == .analysis)
        #expect(h.scale == 1)
        #expect(h.accessibilityElements.count == analysis.elements.count)
        // Auditing a screen against its own analysis finds nothing missing or unlabelled.
        let report = Audit.run(analysis: analysis, hierarchy: h)
        #expect(!report.findings.contains { [.unexposedElement, .missingLabel, .shouldGroup, .orderMismatch].contains($0.rule) })
    }

    struct Malformed: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var format: HierarchyFormat = .auto
        var message: String
        var description: String { name }
    }

    @Test(
        "malformed hierarchies are clear invalid-input errors",
        arguments: [
            Malformed(name: "empty", text: "", message: "empty"),
            Malformed(name: "not a hierarchy", text: "hello world", message: "not recognised"),
            Malformed(
                name: "XCUITest bad frame", text: "Element subtree:\n →Application, 0x1\n    Button, 0x2, {{1.0, 2.0}, {3.0}}\n",
                message: "line 3: malformed frame"),
            Malformed(name: "XCUITest negative size", text: "Element subtree:\n    Button, 0x2, {{1.0, 2.0}, {-3.0, 4.0}}\n", message: "negative size"),
            Malformed(
                name: "XCUITest unterminated quote", text: "Element subtree:\n    Button, 0x2, {{1, 2}, {3, 4}}, label: 'Oops\n", message: "unterminated quote"),
            Malformed(name: "XCUITest no elements", text: "Element subtree:\n", format: .xcuitest, message: "no element lines"),
            Malformed(name: "XCUITest no root frame", text: "Element subtree:\n →Application, 0x1, label: 'A'\n", message: "--scale"),
            Malformed(name: "XML truncated", text: "<hierarchy><node bounds=\"[0,0][10,10]\">", message: "malformed uiautomator XML"),
            Malformed(name: "XML bounds missing", text: "<hierarchy><node text=\"a\"/></hierarchy>", message: "no bounds"),
            Malformed(name: "XML bounds reversed", text: "<hierarchy><node bounds=\"[10,10][0,0]\"/></hierarchy>", message: "malformed bounds"),
            Malformed(name: "XML no nodes", text: "<root/>", message: "not a uiautomator dump"),
            Malformed(name: "JSON wrong shape", text: "{\"elements\": 3}", message: "invalid analysis JSON"),
        ])
    func malformed(_ m: Malformed) {
        #expect {
            try AccessibilityHierarchy.parse(Data(m.text.utf8), format: m.format, imageSize: ImageInfo(width: 100, height: 200))
        } throws: { error in
            guard let e = error as? ScreenRecognitionError else { return false }
            return e.kind == .invalidInput && e.message.contains(m.message)
        }
    }
}

@Suite("Hierarchy robustness")
struct HierarchyRobustnessTests {
    @Test("every truncation of the bundled trees parses or throws a clear error, and audits never crash", arguments: Fixture.allCases)
    func truncations(_ fixture: Fixture) throws {
        let data = try Fixture.data(fixture.hierarchyFile)
        let (analysis, _) = try fixture.analysis()
        for end in stride(from: 0, to: data.count, by: 41) {
            do {
                let h = try AccessibilityHierarchy.parse(data.prefix(end), imageSize: analysis.image)
                _ = Audit.run(analysis: analysis, hierarchy: h, detections: try fixture.detections)
            } catch let e as ScreenRecognitionError {
                #expect(e.kind == .invalidInput && !e.message.isEmpty)
            }
        }
    }

    @Test(
        "spoken-text checks survive any script's digits and odd text",
        arguments: ["١٧/٠٧/٢٠٢٠", "17/07/2020١", "\"\"\"", "99/99/9999", "1.2.3.4", String(repeating: "a.B", count: 1000)])
    func oddText(_ text: String) {
        _ = SpokenText.problems(in: text)
    }
}

@Suite("Appium page source")
struct AppiumPageSourceTests {
    /// Appium UiAutomator2's `driver.getPageSource()`: nodes named by their class, uiautomator's attributes.
    static let android = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2400">
          <android.widget.FrameLayout index="0" package="com.example" class="android.widget.FrameLayout" text="" bounds="[0,0][1080,2400]" clickable="false">
            <android.widget.TextView index="0" class="android.widget.TextView" text="Inbox" content-desc="" resource-id="com.example:id/title" bounds="[48,120][400,200]" clickable="false"/>
            <android.widget.ImageButton index="1" class="android.widget.ImageButton" text="" content-desc="Share" resource-id="com.example:id/share" bounds="[960,120][1056,216]" clickable="true"/>
          </android.widget.FrameLayout>
        </hierarchy>
        """

    @Test("UiAutomator2 XML is read as a uiautomator dump, and audit DIR takes it for a tree")
    func android() throws {
        let data = Data(Self.android.utf8)
        #expect(AccessibilityHierarchy.isHierarchy(data))
        let h = try AccessibilityHierarchy.parse(data, imageSize: ImageInfo(width: 1080, height: 2400))
        #expect(h.format == .uiautomator)
        let elements = h.accessibilityElements
        #expect(elements.map(\.label) == ["Inbox", "Share"])
        #expect(elements[1].isInteractive && elements[1].type == "ImageButton" && elements[1].identifier == "com.example:id/share")
        #expect(elements[1].frame == Rect(x: 960, y: 120, width: 96, height: 96))
    }

    /// Appium XCUITest's page source: `<XCUIElementType…>` nodes with frames in points.
    static let ios = """
        <?xml version="1.0" encoding="UTF-8"?><AppiumAUT>
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Mail" label="Mail" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">
          <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0">
            <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="Inbox" name="Inbox" label="Inbox" enabled="true" visible="true" accessible="true" x="16" y="96" width="120" height="41" index="0"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="composeButton" label="" enabled="true" visible="true" accessible="true" x="345" y="52" width="30" height="30" index="1"/>
            <XCUIElementTypeTabBar type="XCUIElementTypeTabBar" enabled="true" visible="true" accessible="false" x="0" y="761" width="390" height="83" index="2">
              <XCUIElementTypeButton type="XCUIElementTypeButton" name="Inbox" label="Inbox" enabled="true" selected="true" visible="true" accessible="true" x="0" y="762" width="97" height="48" index="0"/>
            </XCUIElementTypeTabBar>
          </XCUIElementTypeWindow>
        </XCUIElementTypeApplication>
        </AppiumAUT>
        """

    @Test("Appium XCUITest XML is read as XCUITest, points scaled to the screenshot")
    func ios() throws {
        let data = Data(Self.ios.utf8)
        #expect(AccessibilityHierarchy.isHierarchy(data))
        let h = try AccessibilityHierarchy.parse(data, imageSize: ImageInfo(width: 1170, height: 2532))
        #expect(h.format == .xcuitest && h.scale == 3 && h.pixelsPerPoint == 3)
        let e = h.accessibilityElements
        #expect(e.map(\.type) == ["StaticText", "Button", "Button"])
        #expect(e[1].label == nil && e[1].identifier == "composeButton" && e[1].isInteractive)
        #expect(e[1].frame == Rect(x: 1035, y: 156, width: 90, height: 90))
        #expect(e[2].kind == .tabButton && e[2].traits.contains(.selected))
    }

    @Test("notes and transcripts are not trees")
    func notTrees() {
        #expect(!AccessibilityHierarchy.isHierarchy(Data("Back, button\nInbox, heading\n".utf8)))
        #expect(!AccessibilityHierarchy.isHierarchy(Data("{\"detections\": []}".utf8)))
    }
}
