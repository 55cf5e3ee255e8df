import Foundation
import ScreenRecognition

/// The formats an app's own accessibility tree can be given in.
public enum HierarchyFormat: String, Codable, Sendable, CaseIterable {
    /// Guess from the content: `<` starts uiautomator XML, `{` our JSON, `Element subtree:` or a
    /// `{{x, y}, {w, h}}` frame XCUITest text.
    case auto
    /// iOS XCUITest's `XCUIApplication().debugDescription`, or Appium's XCUITest page source XML
    /// (`<XCUIElementType…>` nodes); frames in points.
    case xcuitest
    /// Android's `uiautomator dump` XML, or Appium's UiAutomator2 page source (bounds in pixels).
    case uiautomator
    /// `screenrec analyze`'s JSON (frames in image pixels).
    case analysis
}

/// One node of an app's accessibility tree, with its frame mapped to image pixels.
public struct ExposedElement: Codable, Sendable, Hashable {
    /// The platform's element type: `Button`, `StaticText` (XCUITest), `android.widget.TextView`,
    /// or an ``ElementKind`` name for our own JSON.
    public var type: String
    /// What the element is, as far as the tree says (``ElementKind``); `nil` for layout nodes.
    public var kind: ElementKind?
    /// The frame in image pixels.
    public var frame: Rect
    /// What a screen reader speaks as the name (XCUITest `label`, Android `content-desc` or `text`).
    public var label: String?
    public var value: String?
    /// A developer-facing id (XCUITest `identifier`, Android `resource-id`), to find the view in code.
    public var identifier: String?
    /// Traits the tree states (`selected`, `button`, `toggleButton`, `tabBar` for tab buttons, …).
    public var traits: Traits
    /// Whether a tap does something (Android `clickable`; XCUITest buttons, switches, links, cells…).
    public var isInteractive: Bool
    /// Whether a screen reader stops on it: leaves that are not layout, and Android's focusable
    /// nodes that merge their children. Containers are not accessibility elements.
    public var isAccessibilityElement: Bool
    /// 1-based line of the node in the hierarchy file (for SARIF locations), when known.
    public var line: Int?
    public var children: [ExposedElement]

    public init(type: String, kind: ElementKind?, frame: Rect, label: String? = nil, value: String? = nil,
                identifier: String? = nil, traits: Traits = [], isInteractive: Bool = false,
                isAccessibilityElement: Bool = true, line: Int? = nil, children: [ExposedElement] = []) {
        self.type = type
        self.kind = kind
        self.frame = frame
        self.label = label
        self.value = value
        self.identifier = identifier
        self.traits = traits
        self.isInteractive = isInteractive
        self.isAccessibilityElement = isAccessibilityElement
        self.line = line
        self.children = children
    }

    /// The label when it is not empty.
    public var spokenLabel: String? {
        guard let l = label?.trimmingCharacters(in: .whitespacesAndNewlines), !l.isEmpty else { return nil }
        return l
    }

    /// How a report names the element: its type and label or identifier.
    public var reference: String {
        if let l = spokenLabel { return "\(type) “\(l)”" }
        if let i = identifier, !i.isEmpty { return "\(type) #\(i)" }
        return type
    }
}

/// An app's accessibility tree, as parsed from XCUITest text, uiautomator XML or our own JSON,
/// with frames in image pixels.
public struct AccessibilityHierarchy: Codable, Sendable, Hashable {
    /// The format it was read from (never `.auto`).
    public var format: HierarchyFormat
    /// Image pixels per hierarchy unit (points on iOS; 1 for uiautomator pixels and our JSON).
    public var scale: Double
    /// Image pixels per touch-target unit: per point on iOS, per dp on Android.
    public var pixelsPerPoint: Double
    /// The top-level nodes.
    public var roots: [ExposedElement]

    public init(format: HierarchyFormat, scale: Double, pixelsPerPoint: Double, roots: [ExposedElement]) {
        self.format = format
        self.scale = scale
        self.pixelsPerPoint = pixelsPerPoint
        self.roots = roots
    }

    /// The accessibility elements in the order a screen reader visits them (depth-first, tree order):
    /// containers — nodes whose children are exposed — are skipped, as VoiceOver and TalkBack do.
    public var accessibilityElements: [ExposedElement] {
        func walk(_ e: ExposedElement) -> [ExposedElement] {
            e.isAccessibilityElement ? [e] : e.children.flatMap(walk)
        }
        return roots.flatMap(walk)
    }

    /// Every node, depth-first.
    public var allNodes: [ExposedElement] {
        func walk(_ e: ExposedElement) -> [ExposedElement] { [e] + e.children.flatMap(walk) }
        return roots.flatMap(walk)
    }

    /// The largest input accepted (a uiautomator dump of a busy screen is ~200 KB).
    public static let maxBytes = 16 * 1024 * 1024

    /// Parses a hierarchy and maps its frames to the pixels of an `imageSize` screenshot.
    ///
    /// - Parameters:
    ///   - scale: image pixels per hierarchy unit; `nil` infers it from the root frame's width
    ///     (iOS: 2 for a 390-point-wide window in a 780-pixel screenshot; Android and our JSON: 1
    ///     unless the screenshot was resized).
    ///   - pointScale: image pixels per point (iOS) or dp (Android) for touch-target sizes; `nil`
    ///     uses `scale` on iOS, and on Android the image width over 411 dp (see ``androidDefaultWidthDP``).
    /// - Throws: ``ScreenRecognitionError`` `.invalidInput` naming the line and what is wrong.
    public static func parse(_ data: Data, format: HierarchyFormat = .auto, imageSize: ImageInfo,
                             scale: Double? = nil, pointScale: Double? = nil) throws -> AccessibilityHierarchy {
        guard !data.isEmpty else { throw ScreenRecognitionError(.invalidInput, "hierarchy file is empty") }
        guard data.count <= maxBytes else {
            throw ScreenRecognitionError(.invalidInput, "hierarchy file is \(data.count) bytes; the limit is \(maxBytes)")
        }
        if let scale, !(scale.isFinite && scale > 0 && scale <= 10) {
            throw ScreenRecognitionError(.invalidInput, "scale \(scale) is not between 0 and 10")
        }
        let resolved = format == .auto ? try detectFormat(data) : format
        var roots: [ExposedElement]
        switch resolved {
        case .xcuitest:
            // Appium's page source is XML; XCUITest's own debugDescription is text.
            let xml = String(decoding: data.prefix(256), as: UTF8.self).drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<")
            roots = try xml ? AppiumXCUITestParser.parse(data) : XCUITestParser.parse(data)
        case .uiautomator: roots = try UIAutomatorParser.parse(data)
        case .analysis: roots = try AnalysisHierarchyParser.parse(data)
        case .auto: fatalError("unreachable: detectFormat never returns .auto")
        }
        guard !roots.isEmpty else { throw ScreenRecognitionError(.invalidInput, "hierarchy holds no elements") }

        // Points → pixels: the root's width spans the screenshot (XCUITest's window; a uiautomator root).
        var s = scale ?? 1
        if scale == nil {
            let rootWidth = roots.map(\.frame.width).max() ?? 0
            if rootWidth > 0 { s = Double(imageSize.width) / rootWidth }
            else if resolved == .xcuitest {
                throw ScreenRecognitionError(.invalidInput, "the hierarchy has no root frame to infer the screen scale from; pass --scale")
            }
        }
        if s != 1 { roots = roots.map { scaled($0, by: s) } }
        let ppp: Double
        if let pointScale {
            ppp = pointScale
        } else if resolved == .uiautomator {
            ppp = Double(imageSize.width) / androidDefaultWidthDP
        } else {
            ppp = resolved == .xcuitest ? s : Double(imageSize.width) / iosDefaultWidthPoints
        }
        return AccessibilityHierarchy(format: resolved, scale: s, pixelsPerPoint: ppp, roots: roots)
    }

    /// The width in dp of a common Android phone (Pixel 4–8: 411–412 dp), used to turn pixels into
    /// dp for the touch-target rule when no density is given. Pass the real density to be exact.
    public static let androidDefaultWidthDP = 411.0
    /// The width in points of a common iPhone (13/14/15: 390 pt), for our JSON, which has no points.
    public static let iosDefaultWidthPoints = 390.0

    static func scaled(_ e: ExposedElement, by s: Double) -> ExposedElement {
        var e = e
        e.frame = Rect(x: e.frame.x * s, y: e.frame.y * s, width: e.frame.width * s, height: e.frame.height * s)
        e.children = e.children.map { scaled($0, by: s) }
        return e
    }

    /// Whether `data` looks like a tree in one of the formats read here (by content, not name): a
    /// uiautomator dump (`<hierarchy`, `<node`), XCUITest text, or analysis JSON (`"elements"`).
    /// `audit DIR` uses it to skip notes and transcripts lying beside the screenshots.
    public static func isHierarchy(_ data: Data) -> Bool {
        guard let format = try? detectFormat(data) else { return false }
        let head = String(decoding: data.prefix(65536), as: UTF8.self)
        switch format {
        case .uiautomator: return head.contains("<hierarchy") || head.contains("<node")
        case .analysis: return head.contains("\"elements\"")
        case .xcuitest: return head.contains("Element subtree:") || head.contains("<XCUIElementType") || head.range(of: #"\{\{-?[0-9.]+, -?[0-9.]+\}, \{[0-9.]+, [0-9.]+\}\}"#, options: .regularExpression) != nil
        case .auto: return false
        }
    }

    /// Guesses the format from the first non-blank characters.
    static func detectFormat(_ data: Data) throws -> HierarchyFormat {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let trimmed = head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if trimmed.hasPrefix("<") { return head.contains("<XCUIElementType") ? .xcuitest : .uiautomator }
        if trimmed.hasPrefix("{") { return .analysis }
        if head.contains("Element subtree:") || head.contains("}, {") { return .xcuitest }
        throw ScreenRecognitionError(.invalidInput,
            "hierarchy format not recognised: expected XCUITest debugDescription text, uiautomator XML or screenrec analyze JSON")
    }
}
