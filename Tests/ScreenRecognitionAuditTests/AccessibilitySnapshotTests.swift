import Foundation
import ScreenRecognition
import Testing

@testable import ScreenRecognitionAudit

@Suite("AccessibilitySnapshot JSON")
struct AccessibilitySnapshotTests {
    /// Elements as AccessibilitySnapshot's `JSONEncoder` writes them: trait names, a frame shape as
    /// `[[x, y], [w, h]]` in points, the activation point as `[x, y]`; the last element in the older
    /// form, its traits the `UIAccessibilityTraits` bit mask (64 = staticText, 1 = button).
    static let flat = """
        [
          {"description": "Settings. Heading.", "label": "Settings", "traits": ["header"], "shape": {"type": "frame", "frame": [[16, 60], [200, 41]]},
           "activationPoint": [116, 80.5], "usesDefaultActivationPoint": true, "customActions": [], "customContent": [], "customRotors": [], "respondsToUserInteraction": false},
          {"description": "Wi-Fi: On. Switch Button.", "label": "Wi-Fi", "value": "1", "traits": ["button", "switchButton"], "identifier": "wifi",
           "shape": {"type": "frame", "frame": [[0, 120], [390, 44]]}, "activationPoint": [340, 142], "usesDefaultActivationPoint": false,
           "customActions": [], "customContent": [], "customRotors": [], "respondsToUserInteraction": true},
          {"description": "Search", "label": "Search", "traits": ["searchField"], "shape": {"type": "path", "pathElements": [
            {"move": {"to": [16, 180]}}, {"line": {"to": [374, 180]}}, {"line": {"to": [374, 216]}}, {"closeSubpath": {}}]},
           "activationPoint": [195, 198], "usesDefaultActivationPoint": true, "customActions": [], "customContent": [], "customRotors": [], "respondsToUserInteraction": true},
          {"description": "Done. Button.", "label": "Done", "traits": 1, "shape": {"type": "frame", "frame": [[320, 8], [54, 30]]},
           "activationPoint": [347, 23], "usesDefaultActivationPoint": true, "customActions": [], "customContent": [], "customRotors": []},
          {"description": "Version 2", "traits": 64, "shape": {"type": "frame", "frame": [[16, 800], [100, 20]]},
           "activationPoint": [66, 810], "usesDefaultActivationPoint": true, "customActions": [], "customContent": [], "customRotors": []}
        ]
        """

    @Test("a flat list of elements: detected by content, points scaled by the known iPhone size, kinds from traits")
    func flatList() throws {
        let data = Data(Self.flat.utf8)
        #expect(AccessibilityHierarchy.isHierarchy(data))
        let h = try AccessibilityHierarchy.parse(data, imageSize: ImageInfo(width: 1170, height: 2532))
        #expect(h.format == .accessibilitySnapshot && h.scale == 3 && h.pixelsPerPoint == 3)
        let e = h.accessibilityElements
        #expect(e.map(\.type) == ["StaticText", "Switch", "TextField", "Button", "StaticText"])
        #expect(e.map(\.kind) == [.text, .toggle, .textField, .button, .text])
        #expect(e.map(\.label) == ["Settings", "Wi-Fi", "Search", "Done", "Version 2"])
        #expect(e[0].traits.contains(.header) && !e[0].isInteractive)
        #expect(e[1].frame == Rect(x: 0, y: 360, width: 1170, height: 132) && e[1].value == "1" && e[1].identifier == "wifi")
        #expect(e[1].traits.contains(.toggleButton) && e[1].isInteractive)
        #expect(e[2].frame == Rect(x: 48, y: 540, width: 1074, height: 108))
        #expect(e[3].traits.contains(.button) && e[3].isInteractive)
        #expect(e[4].traits.contains(.staticText))
    }

    /// The hierarchy form: Swift's synthesised coding of `element(_, traversalIndex:)` and
    /// `container(_, children:)`, here with the children out of traversal order.
    static let tree = """
        [{"container": {"_0": {"type": {"list": {}}, "frame": [[0, 0], [375, 300]]}, "children": [
          {"element": {"_0": {"description": "Second", "label": "Second", "traits": ["staticText"], "shape": {"type": "frame", "frame": [[0, 50], [375, 44]]},
            "activationPoint": [187.5, 72], "usesDefaultActivationPoint": true, "customActions": [], "customContent": [], "customRotors": [], "respondsToUserInteraction": false}, "traversalIndex": 1}},
          {"element": {"_0": {"description": "First. Button.", "label": "First", "traits": ["button"], "shape": {"type": "frame", "frame": [[0, 0], [375, 44]]},
            "activationPoint": [187.5, 22], "usesDefaultActivationPoint": true, "customActions": [], "customContent": [], "customRotors": [], "respondsToUserInteraction": true}, "traversalIndex": 0}}
        ]}}]
        """

    @Test("a hierarchy: containers are not elements, children in traversal order, --scale for a component snapshot")
    func hierarchy() throws {
        let data = Data(Self.tree.utf8)
        #expect(AccessibilityHierarchy.isHierarchy(data))
        let h = try AccessibilityHierarchy.parse(data, imageSize: ImageInfo(width: 750, height: 600), scale: 2)
        #expect(h.format == .accessibilitySnapshot && h.scale == 2)
        #expect(h.roots.count == 1 && h.roots[0].type == "Container(list)" && !h.roots[0].isAccessibilityElement)
        #expect(h.accessibilityElements.map(\.label) == ["First", "Second"])
        #expect(h.accessibilityElements[0].frame == Rect(x: 0, y: 0, width: 750, height: 88))
    }

    struct Bad: Sendable, CustomStringConvertible {
        var name: String
        var json: String
        var size = ImageInfo(width: 1170, height: 2532)
        var message: String
        var description: String { name }
    }

    @Test(
        "bad files get errors in words",
        arguments: [
            Bad(name: "unknown image size", json: flat, size: ImageInfo(width: 750, height: 600), message: "pass --scale"),
            Bad(name: "empty list", json: "[]", message: "holds no elements"),
            Bad(name: "no shape", json: #"[{"description": "x", "label": "x"}]"#, message: "has no shape or activation point"),
            Bad(name: "infinite frame", json: #"[{"description": "x", "shape": {"type": "frame", "frame": [[0, 0], [1e309, 5]]}}]"#, message: "not valid JSON"),
            Bad(
                name: "negative size", json: #"[{"description": "x", "shape": {"type": "frame", "frame": [[0, 0], [-5, 5]]}}]"#,
                message: "not a finite rectangle"),
            Bad(
                name: "frame not a pair", json: #"[{"description": "x", "shape": {"type": "frame", "frame": [1, 2]}}]"#,
                message: "invalid AccessibilitySnapshot JSON"),
            Bad(
                name: "traits of another type", json: #"[{"description": "x", "traits": {"a": 1}, "shape": {"type": "frame", "frame": [[0, 0], [5, 5]]}}]"#,
                message: "invalid AccessibilitySnapshot JSON"),
            Bad(name: "not JSON", json: "[{", message: "invalid AccessibilitySnapshot JSON"),
        ])
    func bad(_ b: Bad) {
        #expect {
            try AccessibilityHierarchy.parse(Data(b.json.utf8), imageSize: b.size)
        } throws: { error in
            (error as? ScreenRecognitionError)?.message.contains(b.message) == true
        }
    }

    @Test("containers nested past the depth limit are refused as too deep, not as invalid JSON", arguments: [150, 220])
    func deep(levels: Int) throws {
        var node =
            #"{"element": {"_0": {"description": "OK", "label": "OK", "traits": ["button"], "shape": {"type": "frame", "frame": [[0, 0], [10, 10]]}}, "traversalIndex": 0}}"#
        for _ in 0..<levels { node = #"{"container": {"_0": {"type": {"list": {}}, "frame": [[0, 0], [390, 844]]}, "children": ["# + node + "]}}" }
        let data = Data(("[" + node + "]").utf8)
        if levels == 150 {
            let h = try AccessibilityHierarchy.parse(data, imageSize: ImageInfo(width: 1170, height: 2532))
            #expect(h.accessibilityElements.map(\.label) == ["OK"])
        } else {
            #expect {
                try AccessibilityHierarchy.parse(data, imageSize: ImageInfo(width: 1170, height: 2532))
            } throws: { error in
                (error as? ScreenRecognitionError)?.message.contains("nested more than 200 levels") == true
            }
        }
    }

    @Test("A radio button is written as UIKit has it: a button, selected when it is the choice", arguments: [("Checked", true), ("Unchecked", false)])
    func radioButton(value: String, selected: Bool) throws {
        let e = Element(order: 1, kind: .radioButton, frame: Rect(x: 0, y: 0, width: 100, height: 20), label: "English", value: value, traits: .button)
        let analysis = ScreenAnalysis(image: ImageInfo(width: 390, height: 844), elements: [e])
        let data = try AccessibilitySnapshotFormat.encode(analysis, pixelsPerPoint: 1)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let traits = try #require(json.first?["traits"] as? [String])
        #expect(traits.contains("button"))
        #expect(traits.contains("selected") == selected)
        #expect(!traits.contains("switchButton"))
    }

    @Test("our analysis written in AccessibilitySnapshot's shape reads back as the same elements")
    func roundTrip() throws {
        let (analysis, _) = try Fixture.iosInbox.analysis()
        let data = try AccessibilitySnapshotFormat.encode(analysis, pixelsPerPoint: 2)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(json.count == analysis.elements.count)
        let first = json[0]
        #expect(first["description"] as? String == analysis.elements[0].announcement)
        let shape = try #require(first["shape"] as? [String: Any])
        #expect(shape["type"] as? String == "frame")
        let frame = try #require(shape["frame"] as? [[Double]])
        let f = analysis.elements[0].frame
        #expect(frame == [[f.x / 2, f.y / 2], [f.width / 2, f.height / 2]])
        #expect(first["traits"] is [String] && first["activationPoint"] is [Double])

        let h = try AccessibilityHierarchy.parse(data, imageSize: analysis.image, scale: 2)
        #expect(h.format == .accessibilitySnapshot)
        #expect(h.accessibilityElements.map(\.label) == analysis.elements.map(\.label))
        for (read, written) in zip(h.accessibilityElements, analysis.elements) {
            #expect(abs(read.frame.x - written.frame.x) <= 0.02 && abs(read.frame.width - written.frame.width) <= 0.02)
            #expect(read.isInteractive == written.isInteractive)
            // Switches, text fields and tabs keep their kind through the private trait names.
            switch written.kind {
            case .toggle, .checkbox: #expect(read.kind == .toggle)
            case .textField: #expect(read.kind == .textField)
            case .tabButton: #expect(read.kind == .tabButton)
            default: if written.traits.contains(.button) { #expect(read.kind == .button) }
            }
        }
    }

    @Test("the traits bit mask of older versions maps to names")
    func mask() {
        #expect(SnapshotTraits.mask(1 | 1 << 16 | 1 << 53).names == ["button", "header", "switchButton"])
        #expect(SnapshotTraits.mask(0).names.isEmpty)
    }
}
