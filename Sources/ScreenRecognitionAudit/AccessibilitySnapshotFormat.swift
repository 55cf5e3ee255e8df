import Foundation
import ScreenRecognition

/// AccessibilitySnapshot's Codable model as JSON — the iOS snapshot-testing library
/// (github.com/cashapp/AccessibilitySnapshot) makes its parsed elements `Codable`, so iOS teams can
/// keep what VoiceOver exposes as JSON. We read that JSON as an audit tree and write our analysis in
/// the same shape, so the two can be diffed.
///
/// The shape, as the library's Swift types encode it with `JSONEncoder`:
/// - an element ("marker"): `description` (what VoiceOver speaks), optional `label`, `value`, `hint`,
///   `identifier`, `traits` (an array of trait names such as `"button"`, `"header"`, `"switchButton"`;
///   older versions wrote the `UIAccessibilityTraits` bit mask as one number), `shape`
///   (`{"type": "frame", "frame": [[x, y], [width, height]]}`, or `{"type": "path", …}`),
///   `activationPoint` `[x, y]`, `usesDefaultActivationPoint`, `customActions`, `customContent`,
///   `customRotors`, `respondsToUserInteraction`; coordinates in points, in the snapshotted view;
/// - the file: an array of elements in VoiceOver order, or of hierarchy nodes —
///   `{"element": {"_0": ELEMENT, "traversalIndex": N}}` and
///   `{"container": {"_0": {"type": …, "frame": [[x, y], [w, h]]}, "children": [NODE…]}}` (Swift's
///   synthesised coding of an enum with associated values).
public enum AccessibilitySnapshotFormat {
    // MARK: Traits

    /// `UIAccessibilityTraits` bits by name: the public ones from UIKit's `UIAccessibilityConstants.h`
    /// and the private AXRuntime ones AccessibilitySnapshot names (text entry, switch, tab bar item…).
    static let traitBits: [(name: String, bit: Int)] = [
        ("button", 0), ("link", 1), ("image", 2), ("selected", 3), ("playsSound", 4), ("keyboardKey", 5),
        ("staticText", 6), ("summaryElement", 7), ("notEnabled", 8), ("updatesFrequently", 9),
        ("searchField", 10), ("startsMediaSession", 11), ("adjustable", 12), ("allowsDirectInteraction", 13),
        ("causesPageTurn", 14), ("tabBar", 15), ("header", 16), ("textEntry", 18), ("isEditing", 21),
        ("secureTextField", 24), ("backButton", 27), ("tabBarItem", 28), ("textArea", 47), ("switchButton", 53),
    ]

    /// Our traits with the same meaning under the same name (the rest are mapped by kind).
    static let sharedTraits: [(name: String, trait: Traits)] = [
        ("button", .button), ("link", .link), ("image", .image), ("selected", .selected),
        ("keyboardKey", .keyboardKey), ("staticText", .staticText), ("summaryElement", .summaryElement),
        ("notEnabled", .notEnabled), ("updatesFrequently", .updatesFrequently), ("searchField", .searchField),
        ("adjustable", .adjustable), ("allowsDirectInteraction", .allowsDirectInteraction), ("header", .header),
    ]

    // MARK: Reading

    /// Whether `data` looks like AccessibilitySnapshot JSON: a top-level array whose first object
    /// holds an element's `shape` and `description`, or a hierarchy node.
    static func looksLike(_ head: Substring) -> Bool {
        guard head.hasPrefix("[") else { return false }
        return (head.contains("\"shape\"") && head.contains("\"description\""))
            || head.contains("\"traversalIndex\"") || head.contains("\"container\"") || head.hasPrefix("[]")
            || head.dropFirst().drop(while: \.isWhitespace).hasPrefix("]")
    }

    /// The elements of an AccessibilitySnapshot JSON file, frames still in points.
    static func parse(_ data: Data) throws -> [ExposedElement] {
        // A container level costs three JSON containers (the node, its payload, its children), and
        // Foundation's reader stops at 512 with only "not valid JSON": say what is wrong first.
        let nesting = JSONErrors.nestingDepth(data)
        if nesting > min(3 * AccessibilityHierarchy.maxDepth + 2, JSONErrors.maxNesting) {
            throw AccessibilityHierarchy.tooDeep((nesting - 1) / 3)
        }
        let nodes: [SnapshotNode]
        do {
            nodes = try JSONDecoder().decode([SnapshotNode].self, from: data)
        } catch let e as DecodingError {
            throw ScreenRecognitionError(.invalidInput, "invalid AccessibilitySnapshot JSON: " + JSONErrors.describe(e))
        }
        guard !nodes.isEmpty else { throw ScreenRecognitionError(.invalidInput, "the AccessibilitySnapshot JSON holds no elements") }
        return try convert(nodes)
    }

    /// Nodes → exposed elements, bottom-up without recursion; siblings in VoiceOver's traversal order.
    static func convert(_ roots: [SnapshotNode]) throws -> [ExposedElement] {
        struct Frame {
            var node: SnapshotNode
            var next = 0
            var done: [(order: Int, element: ExposedElement)] = []
        }
        var out: [(order: Int, element: ExposedElement)] = []
        for (i, root) in roots.enumerated() {
            var stack = [Frame(node: root)]
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].node.children.count {
                    let child = stack[top].node.children[stack[top].next]
                    stack[top].next += 1
                    stack.append(Frame(node: child))
                } else {
                    let f = stack.removeLast()
                    // A flat list has no traversal index: its order is the file's.
                    let childOrder = f.done.map(\.order).min() ?? .max
                    let order = f.node.traversalIndex ?? (f.node.container == nil ? i : childOrder)
                    var e = try exposed(f.node)
                    e.children = f.done.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.element)
                    if stack.isEmpty { out.append((order, e)) } else { stack[stack.count - 1].done.append((order, e)) }
                }
            }
        }
        return out.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }.map(\.element.element)
    }

    static func exposed(_ node: SnapshotNode) throws -> ExposedElement {
        if let c = node.container {
            return ExposedElement(
                type: "Container(\(c.typeName))", kind: nil, frame: try c.frame.rect("a container's frame"),
                label: c.label, value: c.value, identifier: c.identifier,
                traits: c.typeName == "tabBar" ? .tabBar : [], isAccessibilityElement: false)
        }
        guard let m = node.element else {
            throw ScreenRecognitionError(.invalidInput, "invalid AccessibilitySnapshot JSON: a node is neither an element nor a container")
        }
        let names = Set(m.traitNames)
        let kind: ElementKind?
        if names.contains("switchButton") {
            kind = .toggle
        } else if names.contains("adjustable") {
            kind = .slider
        } else if !names.isDisjoint(with: ["textEntry", "searchField", "secureTextField", "textArea"]) {
            kind = .textField
        } else if names.contains("tabBarItem") {
            kind = .tabButton
        } else if !names.isDisjoint(with: ["button", "backButton", "link", "keyboardKey"]) {
            kind = .button
        } else if names.contains("image") {
            kind = .picture
        } else {
            kind = .text
        }
        var traits: Traits = []
        for (name, t) in sharedTraits where names.contains(name) { traits.insert(t) }
        if kind == .toggle { traits.insert(.toggleButton) }
        if kind == .tabButton { traits.insert(.tabBar) }
        if names.contains("backButton") { traits.insert(.button) }
        let type: String =
            switch kind {
            case .toggle: "Switch"
            case .slider: "Slider"
            case .textField: "TextField"
            case .tabButton: "Tab"
            case .button: names.contains("link") ? "Link" : "Button"
            case .picture: "Image"
            default: "StaticText"
            }
        let interactive = m.respondsToUserInteraction ?? ([.toggle, .slider, .textField, .tabButton, .button] as [ElementKind?]).contains(kind)
        let label = m.label.flatMap { $0.isEmpty ? nil : $0 } ?? (m.label == nil && !m.description.isEmpty ? m.description : nil)
        return ExposedElement(
            type: type, kind: kind, frame: try m.frame(), label: label,
            value: m.value.flatMap { $0.isEmpty ? nil : $0 }, identifier: m.identifier,
            traits: traits, isInteractive: interactive, isAccessibilityElement: true)
    }

    // MARK: Writing

    /// Our analysis as AccessibilitySnapshot elements in VoiceOver order (the top-level elements;
    /// a group speaks for its children), with frames in points: image pixels / `pixelsPerPoint`.
    public static func encode(_ analysis: ScreenAnalysis, pixelsPerPoint: Double) throws -> Data {
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else {
            throw ScreenRecognitionError(.invalidInput, "pixels per point \(pixelsPerPoint) must be above 0")
        }
        func pt(_ v: Double) -> Double { (v / pixelsPerPoint * 100).rounded() / 100 }
        let markers = analysis.elements.sorted { $0.order < $1.order }.map { e -> Marker in
            var names = sharedTraits.filter { e.traits.contains($0.trait) }.map(\.name)
            switch e.kind {
            case .toggle, .checkbox: names.append("switchButton")
            // UIKit has no radio button: a choice is a button, selected when chosen.
            case .radioButton where e.value == "Checked": names.append("selected")
            case .textField:
                names.append(e.traits.contains(.searchField) ? "searchField" : Metadata.isSecureField(e.label) ? "secureTextField" : "textEntry")
            case .tabButton: names.append("tabBarItem")
            default: break
            }
            if e.traits.contains(.toggleButton), !names.contains("switchButton") { names.append("switchButton") }
            let order = Dictionary(uniqueKeysWithValues: traitBits.enumerated().map { ($0.element.name, $0.offset) })
            names = Array(Set(names)).sorted { order[$0, default: .max] < order[$1, default: .max] }
            let f = e.frame
            return Marker(
                description: e.announcement, label: e.label, value: e.value, traits: .names(names),
                identifier: nil, hint: e.hint,
                shape: Shape(type: "frame", frame: SnapshotRect(x: pt(f.x), y: pt(f.y), width: pt(f.width), height: pt(f.height))),
                activationPoint: [pt(e.activationPoint.x), pt(e.activationPoint.y)],
                usesDefaultActivationPoint: e.activationPoint == f.center,
                customActions: e.customActions.map(\.name), customContent: [], customRotors: [],
                respondsToUserInteraction: e.isInteractive)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(markers)
    }
}

// MARK: - Wire types (AccessibilitySnapshot's JSON, written from its documented shape)

/// `[[x, y], [width, height]]`, as CoreGraphics' `CGRect` encodes.
struct SnapshotRect: Codable {
    var x, y, width, height: Double

    init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        var origin = try c.nestedUnkeyedContainer()
        x = try origin.decode(Double.self)
        y = try origin.decode(Double.self)
        var size = try c.nestedUnkeyedContainer()
        width = try size.decode(Double.self)
        height = try size.decode(Double.self)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode([x, y])
        try c.encode([width, height])
    }

    /// The rect, refused when not finite or negative in size (a hostile file).
    func rect(_ what: String) throws -> Rect {
        guard [x, y, width, height].allSatisfy(\.isFinite), width >= 0, height >= 0 else {
            throw ScreenRecognitionError(
                .invalidInput, "invalid AccessibilitySnapshot JSON: \(what) [[\(x), \(y)], [\(width), \(height)]] is not a finite rectangle")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }
}

/// An element's `shape`: a frame, or a path (its points' bounding box is used; a path archived as
/// `pathData` by older versions cannot be read without UIKit, so the activation point stands in).
struct Shape: Codable {
    var type: String
    var frame: SnapshotRect?
    var pathElements: [[String: [String: [Double]]]]?

    init(type: String, frame: SnapshotRect) {
        self.type = type
        self.frame = frame
    }

    /// Every point of the path (`{"move": {"to": [x, y]}}`, `{"curve": {"to": …, "control1": …}}`, …).
    var pathPoints: [(Double, Double)] {
        (pathElements ?? []).flatMap { $0.values.flatMap { $0.values.compactMap { $0.count == 2 ? ($0[0], $0[1]) : nil } } }
    }
}

/// A trait set: names (current versions) or the `UIAccessibilityTraits` bit mask (older ones).
enum SnapshotTraits: Codable {
    case names([String])
    case mask(UInt64)

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let mask = try? c.decode(UInt64.self) { self = .mask(mask) } else { self = .names(try c.decode([String].self)) }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .names(let n): try c.encode(n)
        case .mask(let m): try c.encode(m)
        }
    }

    var names: [String] {
        switch self {
        case .names(let n): return n
        case .mask(let m): return AccessibilitySnapshotFormat.traitBits.filter { m & (1 << UInt64($0.bit)) != 0 }.map(\.name)
        }
    }
}

/// One AccessibilitySnapshot element ("marker").
struct Marker: Codable {
    var description: String
    var label: String?
    var value: String?
    var traits: SnapshotTraits?
    var identifier: String?
    var hint: String?
    var shape: Shape?
    var activationPoint: [Double]?
    var usesDefaultActivationPoint: Bool?
    var customActions: [String]?
    var customContent: [[String: String]]?
    var customRotors: [[String: String]]?
    var respondsToUserInteraction: Bool?

    init(
        description: String, label: String?, value: String?, traits: SnapshotTraits, identifier: String?, hint: String?,
        shape: Shape, activationPoint: [Double], usesDefaultActivationPoint: Bool, customActions: [String],
        customContent: [[String: String]], customRotors: [[String: String]], respondsToUserInteraction: Bool
    ) {
        self.description = description
        self.label = label
        self.value = value
        self.traits = traits
        self.identifier = identifier
        self.hint = hint
        self.shape = shape
        self.activationPoint = activationPoint
        self.usesDefaultActivationPoint = usesDefaultActivationPoint
        self.customActions = customActions
        self.customContent = customContent
        self.customRotors = customRotors
        self.respondsToUserInteraction = respondsToUserInteraction
    }

    // Custom actions, content and rotors are not read (older versions encode them differently).
    enum CodingKeys: String, CodingKey {
        case description, label, value, traits, identifier, hint, shape, activationPoint, usesDefaultActivationPoint
        case customActions, customContent, customRotors, respondsToUserInteraction
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        label = try c.decodeIfPresent(String.self, forKey: .label)
        value = try c.decodeIfPresent(String.self, forKey: .value)
        traits = try c.decodeIfPresent(SnapshotTraits.self, forKey: .traits)
        identifier = try c.decodeIfPresent(String.self, forKey: .identifier)
        hint = try c.decodeIfPresent(String.self, forKey: .hint)
        shape = try c.decodeIfPresent(Shape.self, forKey: .shape)
        activationPoint = try c.decodeIfPresent([Double].self, forKey: .activationPoint)
        usesDefaultActivationPoint = try c.decodeIfPresent(Bool.self, forKey: .usesDefaultActivationPoint)
        respondsToUserInteraction = try c.decodeIfPresent(Bool.self, forKey: .respondsToUserInteraction)
    }

    var traitNames: [String] { traits?.names ?? [] }

    /// The element's frame in points: the shape's frame, a path's bounding box, else an empty
    /// rectangle at the activation point.
    func frame() throws -> Rect {
        let what = "the frame of " + ScreenRecognitionError.quote(label ?? description)
        if let f = shape?.frame { return try f.rect(what) }
        let points = shape?.pathPoints ?? []
        if !points.isEmpty {
            let xs = points.map(\.0)
            let ys = points.map(\.1)
            return try SnapshotRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!).rect(what)
        }
        if let p = activationPoint, p.count == 2 { return try SnapshotRect(x: p[0], y: p[1], width: 0, height: 0).rect(what) }
        throw ScreenRecognitionError(.invalidInput, "invalid AccessibilitySnapshot JSON: \(what) has no shape or activation point")
    }
}

/// A container's payload: its type (`{"list": {}}`, `{"semanticGroup": {"label": …}}`, …) and frame.
struct SnapshotContainer: Decodable {
    var typeName: String
    var label: String?
    var value: String?
    var identifier: String?
    var frame: SnapshotRect

    enum CodingKeys: String, CodingKey { case type, frame }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        frame = try c.decode(SnapshotRect.self, forKey: .frame)
        let type = try c.decodeIfPresent([String: [String: JSONScalar]].self, forKey: .type) ?? [:]
        typeName = type.keys.sorted().first ?? "container"
        let fields = type.values.first ?? [:]
        label = fields["label"]?.string
        value = fields["value"]?.string
        identifier = fields["identifier"]?.string
    }
}

/// A string, number, bool or null inside a container type's payload.
struct JSONScalar: Decodable {
    var string: String?
    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        string = try? c.decode(String.self)
    }
}

/// A file entry: an element (flat list), or a hierarchy node (`element` / `container`).
struct SnapshotNode: Decodable {
    var element: Marker?
    var traversalIndex: Int?
    var container: SnapshotContainer?
    var children: [SnapshotNode] = []

    enum NodeKeys: String, CodingKey { case element, container }
    enum PayloadKeys: String, CodingKey { case payload = "_0", traversalIndex, children }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: NodeKeys.self)
        if c.contains(.element) {
            let p = try c.nestedContainer(keyedBy: PayloadKeys.self, forKey: .element)
            element = try p.decode(Marker.self, forKey: .payload)
            traversalIndex = try p.decodeIfPresent(Int.self, forKey: .traversalIndex)
        } else if c.contains(.container) {
            let p = try c.nestedContainer(keyedBy: PayloadKeys.self, forKey: .container)
            container = try p.decode(SnapshotContainer.self, forKey: .payload)
            children = try p.decodeIfPresent([SnapshotNode].self, forKey: .children) ?? []
        } else {
            element = try Marker(from: decoder)
        }
    }
}
